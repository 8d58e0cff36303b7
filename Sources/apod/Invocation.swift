import APODCore

/// What the user asked `apod` to do, parsed from the arguments left after the shared flags.
enum Invocation: Equatable {
    /// `language` nil: as Preferences → Explanations says, English when unset.
    case show(APODDay?, json: Bool, language: ExplanationLanguage?)
    case random(count: Int, json: Bool)
    case range(APODDay, APODDay, json: Bool)
    case download(APODDay?, hd: Bool, output: String?, force: Bool)
    case today(WallpaperRequest)
    case randomWallpaper(WallpaperRequest, favorites: Bool)
    case archive(ArchiveCommand)
    case help
    case version

    static let maxRandom = 100

    /// A search reads the index and nothing else, so a write-protected one is enough.
    var onlyReadsTheIndex: Bool {
        if case .archive(.search) = self { return true }
        return false
    }
    static let maxRangeDays = 366

    /// The help text; built when read so that it comes out in the user's language.
    static var usage: String {
        [
            tr("Usage: apod [OPTIONS] COMMAND"),
            "",
            tr("Commands:"),
            "  show [YYYY-MM-DD] [--json] [--lang en|zh-TW]",
            "                                          "
                + tr("one entry; no date = latest published; zh-TW adds the Chinese mirror's text"),
            "  random [--count N] [--json]             " + tr("N random entries, 1…100, default 8"),
            "  random --wallpaper PATH [--favorites] [WALLPAPER OPTIONS]",
            "                                          "
                + tr("write a random picture (from the favourites) to PATH for a background"),
            "  range START END [--json]                " + tr("every entry from START to END inclusive (≤ 366 days)"),
            "  download [YYYY-MM-DD] [--hd] [-o PATH] [--force]",
            "                                          "
                + tr("save the picture (default ./apod-DATE.EXT); PATH may be"),
            "                                          "
                + tr("a file, a folder (DIR/) or - for standard output; --force"),
            "                                          " + tr("replaces an existing file"),
            "  today --wallpaper PATH [WALLPAPER OPTIONS]",
            "                                          "
                + tr("write the latest picture to PATH for a background; exit 3 when PATH already has it"),
            "  " + tr("WALLPAPER OPTIONS:"),
            "    --width W [--height H]                "
                + tr("the screen's size in pixels; with --height the picture is fitted to it"),
            "    --fit fill|whole|auto                 "
                + tr("crop to fill, show whole over a blurred copy, or choose by shape (default auto)"),
            "    --caption[=sentence]                  "
                + tr("draw the title, date and credit (and the explanation's first sentence)"),
            "    --scale S                             "
                + tr("the monitor's scale factor, 1…4: the caption's size (default 1)"),
            ArchiveCommand.usageLines.joined(separator: "\n"),
            "",
            tr("Options:"),
            SourceConfiguration.flagsHelp,
            DataFolder.flagHelp,
            CommonArguments.closingHelp,
        ].joined(separator: "\n")
    }

    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    static func parse(_ arguments: [String]) throws -> Invocation {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        if arguments.contains("--version") { return .version }
        guard let command = arguments.first else { throw APODError.invalidArgument(tr("No command given.")) }
        try rejectOptions([command])
        var rest = Array(arguments.dropFirst())
        let json = take("--json", from: &rest)
        switch command {
        case "show":
            let language = try value(of: "--lang", in: &rest).map(parseLanguage)
            try rejectOptions(rest)
            let day = try rest.isEmpty ? nil : day(rest.removeFirst())
            try expectNothing(rest)
            return .show(day, json: json, language: language)
        case "random" where rest.contains(where: { $0 == "--wallpaper" || $0.hasPrefix("--wallpaper=") }):
            if json { throw APODError.invalidArgument(tr("random --wallpaper does not take --json.")) }
            var favorites = false
            let request = try WallpaperRequest.parse(
                rest, command: "random", allowsFavorites: true, favorites: &favorites)
            return .randomWallpaper(request, favorites: favorites)
        case "random":
            let count = try value(of: "--count", in: &rest).map(parseCount) ?? 8
            try rejectOptions(rest)
            try expectNothing(rest)
            return .random(count: count, json: json)
        case "range":
            try rejectOptions(rest)
            guard rest.count >= 2 else { throw APODError.invalidArgument(tr("range needs a START and an END date.")) }
            let start = try day(rest.removeFirst())
            let end = try day(rest.removeFirst())
            try expectNothing(rest)
            guard start <= end else {
                throw APODError.invalidArgument(
                    tr("START ({start}) is after END ({end}).", ["start": start.description, "end": end.description]))
            }
            guard end.ordinal - start.ordinal < maxRangeDays else {
                throw APODError.invalidArgument(
                    tr("A range may cover at most {days} days.", ["days": String(maxRangeDays)]))
            }
            return .range(start, end, json: json)
        case "download":
            if json { throw APODError.invalidArgument(tr("download does not take --json.")) }
            let hd = take("--hd", from: &rest)
            let force = take("--force", from: &rest)
            let output = try value(of: "-o", in: &rest) ?? value(of: "--output", in: &rest)
            try rejectOptions(rest)
            let day = try rest.isEmpty ? nil : day(rest.removeFirst())
            try expectNothing(rest)
            return .download(day, hd: hd, output: output, force: force)
        case "today":
            if json { throw APODError.invalidArgument(tr("today does not take --json.")) }
            var favorites = false
            return .today(
                try WallpaperRequest.parse(rest, command: "today", allowsFavorites: false, favorites: &favorites))
        default:
            if let archive = try ArchiveCommand.parse(command, &rest, json: json) { return .archive(archive) }
            throw APODError.invalidArgument(tr("Unknown command \"{command}\".", ["command": command]))
        }
    }

    static func day(_ text: String) throws -> APODDay {
        guard let day = APODDay(text) else {
            throw APODError.invalidArgument(
                tr("\"{text}\" is not a date: use YYYY-MM-DD, e.g. 2020-12-17.", ["text": text]))
        }
        return day
    }

    /// `en` or `zh-TW` (any case, `_` for `-`; `zh` alone is Traditional Chinese too).
    private static func parseLanguage(_ text: String) throws -> ExplanationLanguage {
        switch text.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "en", "english": return .english
        case "zh-tw", "zh", "zh-hant": return .chinese
        default:
            throw APODError.invalidArgument(tr("--lang takes en or zh-TW, not \"{text}\".", ["text": text]))
        }
    }

    private static func parseCount(_ text: String) throws -> Int {
        guard let count = Int(text), (1...maxRandom).contains(count) else {
            throw APODError.invalidArgument(
                tr("--count must be a whole number from 1 to {max}.", ["max": String(maxRandom)]))
        }
        return count
    }

    private static func take(_ flag: String, from arguments: inout [String]) -> Bool {
        guard let index = arguments.firstIndex(of: flag) else { return false }
        arguments.remove(at: index)
        return true
    }

    /// Removes `flag VALUE` or `flag=VALUE` and returns the value.
    /// - Throws: when the flag has no value, or is given twice (`--limit 5 --limit 7`: which
    ///   one was meant cannot be known, and the other must not be taken for a word).
    static func value(of flag: String, in arguments: inout [String]) throws -> String? {
        let value: String
        if let index = arguments.firstIndex(where: { $0.hasPrefix(flag + "=") }) {
            value = String(arguments.remove(at: index).dropFirst(flag.count + 1))
        } else if let index = arguments.firstIndex(of: flag) {
            guard index + 1 < arguments.count else {
                throw APODError.invalidArgument(tr("{flag} needs a value.", ["flag": flag]))
            }
            value = arguments[index + 1]
            arguments.removeSubrange(index...(index + 1))
        } else {
            return nil
        }
        if arguments.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) {
            throw APODError.invalidArgument(tr("{flag} is given more than once.", ["flag": flag]))
        }
        return value
    }

    /// What is left once a command took its own options holds only dates: anything that
    /// looks like an option (`--jsn`, `-x`) is a mistyped one.
    static func rejectOptions(_ arguments: [String]) throws {
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw APODError.invalidArgument(tr("Unknown option \"{option}\".", ["option": option]))
        }
    }

    static func expectNothing(_ arguments: [String]) throws {
        if let extra = arguments.first {
            throw APODError.invalidArgument(tr("Unexpected argument \"{argument}\".", ["argument": extra]))
        }
    }
}
