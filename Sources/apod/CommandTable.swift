import APODCore
import Foundation

/// Every command of `apod`, declared once. The parser (`CommandParser`), `--help`
/// (`UsageText`), the bash completion (`CompletionScript`) and the man page's headings
/// (`ManualHeadings`, checked by a test) are all read from here: a new command or option is one
/// declaration in this file.
enum CommandTable {
    // MARK: options more than one form takes

    static let json = OptionDeclaration("--json")
    static let wallpaper = OptionDeclaration("--wallpaper", value: .required("PATH"), completion: .files)

    static let wallpaperOptions = OptionGroup(
        name: { tr("WALLPAPER OPTIONS") }, heading: { tr("WALLPAPER OPTIONS:") }, manualName: "WALLPAPER OPTIONS",
        options: [
            WallpaperRequest.width, WallpaperRequest.height, WallpaperRequest.fit, WallpaperRequest.caption,
            WallpaperRequest.scale, WallpaperRequest.monitors, WallpaperRequest.samePicture,
        ])

    // MARK: the commands, in the order help lists them

    static let forms: [CommandForm] = [
        CommandForm(
            words: ["show"], arguments: [ArgumentDeclaration(name: "YYYY-MM-DD", optional: true)],
            options: [json, Invocation.language],
            help: { [tr("one entry; no date = latest published; zh-TW adds the Chinese mirror's text")] },
            make: { parsed in
                .show(
                    try parsed.arguments.first.map(Invocation.day), json: parsed.has(json),
                    language: try parsed.value(Invocation.language).map(Invocation.parseLanguage))
            }),
        CommandForm(
            words: ["today"], options: [json],
            help: { [tr("the latest published entry, as show prints it")] },
            make: { parsed in
                .show(nil, json: parsed.has(json), language: nil)
            }),
        CommandForm(
            words: ["today"], selector: wallpaper, groups: [wallpaperOptions],
            help: {
                [tr("write the latest picture to PATH for a background; exit 3 when PATH already has it")]
            },
            make: { parsed in
                .today(try WallpaperRequest(parsed))
            }),
        CommandForm(
            words: ["random"], options: [Invocation.count, json],
            help: { [tr("N random entries, 1…100, default 8")] },
            make: { parsed in
                .random(
                    count: try parsed.value(Invocation.count).map(Invocation.parseCount) ?? Invocation.defaultRandom,
                    json: parsed.has(json))
            }),
        CommandForm(
            words: ["random"], selector: wallpaper, options: [Invocation.favorites], groups: [wallpaperOptions],
            help: { [tr("write a random picture (from the favourites) to PATH for a background")] },
            make: { parsed in
                .randomWallpaper(
                    try WallpaperRequest(parsed), favorites: parsed.has(Invocation.favorites))
            }),
        CommandForm(
            words: ["range"], arguments: [ArgumentDeclaration(name: "START"), ArgumentDeclaration(name: "END")],
            options: [json], missingArguments: { tr("range needs a START and an END date.") },
            help: { [tr("every entry from START to END inclusive (≤ 366 days)")] },
            make: { parsed in
                try Invocation.range(parsed.arguments[0], parsed.arguments[1], json: parsed.has(json))
            }),
        CommandForm(
            words: ["download"], arguments: [ArgumentDeclaration(name: "YYYY-MM-DD", optional: true)],
            options: [Invocation.hd, Invocation.output, Invocation.force],
            help: {
                [
                    tr("save the picture (default ./apod-DATE.EXT); PATH may be"),
                    tr("a file, a folder (DIR/) or - for standard output; --force"),
                    tr("replaces an existing file"),
                ]
            },
            make: { parsed in
                .download(
                    try parsed.arguments.first.map(Invocation.day), hd: parsed.has(Invocation.hd),
                    output: parsed.value(Invocation.output), force: parsed.has(Invocation.force))
            }),
        CommandForm(
            words: ["sync"], options: [ArchiveCommand.translations],
            help: {
                [
                    tr("download the archive's index (resumes where it stopped);"),
                    tr("--translations: the Chinese mirror's texts too, two at a time"),
                ]
            },
            make: { parsed in
                .archive(.sync(translations: parsed.has(ArchiveCommand.translations)))
            }),
        CommandForm(
            words: ["status"], options: [json],
            help: { [tr("pictures in the index, days the service has no entry for, failed days, last sync")] },
            make: { parsed in
                .archive(.status(json: parsed.has(json)))
            }),
        CommandForm(
            words: ["search"], arguments: [ArgumentDeclaration(name: "QUERY", repeats: true)],
            options: [ArchiveCommand.limit, json],
            missingArguments: { tr("search needs a QUERY, e.g. apod search eclipse.") },
            help: { [tr("best matches first, N from 1 to 500, default 20; words after -- may start with -")] },
            make: { parsed in
                try ArchiveCommand.search(parsed, json: parsed.has(json))
            }),
        CommandForm(
            words: ["favorites"], aliases: ["favourites"], options: [json],
            help: { [tr("favourite pictures, oldest first")] },
            make: { parsed in
                .archive(.favorites(json: parsed.has(json)))
            }),
        CommandForm(
            words: ["favorites", "add"], aliases: ["favourites"], arguments: [ArgumentDeclaration(name: "DATE")],
            missingArguments: { tr("favorites {action} needs a DATE.", ["action": "add"]) },
            help: { [tr("mark a day as a favourite")] },
            make: { parsed in
                .archive(.addFavorite(try Invocation.day(parsed.arguments[0])))
            }),
        CommandForm(
            words: ["favorites", "remove"], aliases: ["favourites"], arguments: [ArgumentDeclaration(name: "DATE")],
            missingArguments: { tr("favorites {action} needs a DATE.", ["action": "remove"]) },
            help: { [tr("unmark a day as a favourite")] },
            make: { parsed in
                .archive(.removeFavorite(try Invocation.day(parsed.arguments[0])))
            }),
        CommandForm(
            words: ["on-this-day"], arguments: [ArgumentDeclaration(name: "MM-DD", optional: true)], options: [json],
            help: { [tr("that month and day in every year, oldest first")] },
            make: { parsed in
                try ArchiveCommand.onThisDay(parsed.arguments.first, json: parsed.has(json))
            }),
        CommandForm(
            words: ["objects"], arguments: [ArgumentDeclaration(name: "QUERY", optional: true, repeats: true)],
            options: [json],
            help: {
                [
                    tr("sky objects of the pictures with their counts; an object's"),
                    tr("name or designation (M31, \"orion nebula\") lists its pictures"),
                ]
            },
            make: { parsed in
                let query = parsed.arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
                return .archive(.objects(query.isEmpty ? nil : query, json: parsed.has(json)))
            }),
    ]

    /// The commands' names, in the order of `forms`.
    static var commands: [String] {
        forms.map(\.command).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }

    static func forms(of command: String) -> [CommandForm] {
        forms.filter { $0.command == command || $0.aliases.contains(command) }
    }

    /// The options `apod` reads before its command, shared with the viewer, then its own.
    static var sharedOptions: [OptionDeclaration] {
        CommonArguments.options + [CommonArguments.helpOption, CommonArguments.versionOption]
    }
}
