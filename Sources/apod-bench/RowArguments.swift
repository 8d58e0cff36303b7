import Foundation

/// The private command line by which the bench runs one row in a child process.
enum RowArguments {
    static let flag = "--row"

    static func arguments(for settings: RowProcess.Settings) -> [String] {
        [
            flag, settings.kind.rawValue, "--flavour", settings.flavour.rawValue, "--base",
            settings.base.absoluteString,
            "--count", String(settings.count), "--width", String(settings.width), "--cache",
            settings.cacheDirectory.path,
        ]
    }

    /// A child's command line read as `FLAG VALUE` followed by `--name VALUE` pairs, by name;
    /// nil unless it starts with `flag` and every name has its value. Every row kind uses it.
    static func pairs(_ arguments: [String], startingWith flag: String) -> [String: String]? {
        guard arguments.first == flag, arguments.count % 2 == 0 else { return nil }
        var values: [String: String] = [:]
        for index in stride(from: 0, to: arguments.count, by: 2) { values[arguments[index]] = arguments[index + 1] }
        return values
    }

    /// The settings when `arguments` (without the program name) start with `--row`.
    static func parse(_ arguments: [String]) -> RowProcess.Settings? {
        guard let values = RowArguments.pairs(arguments, startingWith: flag) else { return nil }
        guard let kind = values[flag].flatMap(RowKind.init(rawValue:)),
            let flavour = values["--flavour"].flatMap(Flavour.init(rawValue:)),
            let base = values["--base"].flatMap(URL.init(string:)),
            let count = values["--count"].flatMap(Int.init),
            let width = values["--width"].flatMap(Int.init),
            let cache = values["--cache"]
        else { return nil }
        return RowProcess.Settings(
            kind: kind, flavour: flavour, base: base, count: count, width: width,
            cacheDirectory: URL(fileURLWithPath: cache, isDirectory: true))
    }
}

/// The private command line by which the bench runs one grid row (the viewer) in a child process.
enum GridRowArguments {
    static let flag = "--grid-row"

    static func arguments(for settings: ViewerGridRow.Settings) -> [String] {
        [
            flag, settings.api.absoluteString, "--resizes", settings.resizes ? "yes" : "no", "--count",
            String(settings.count),
            "--cache", settings.cacheDirectory.path, "--deadline", String(settings.deadline),
        ]
    }

    /// The settings when `arguments` (without the program name) start with `--grid-row`.
    static func parse(_ arguments: [String]) -> ViewerGridRow.Settings? {
        guard let values = RowArguments.pairs(arguments, startingWith: flag) else { return nil }
        guard let api = values[flag].flatMap(URL.init(string:)),
            let resizes = values["--resizes"].map({ $0 == "yes" }),
            let count = values["--count"].flatMap(Int.init),
            let cache = values["--cache"],
            let deadline = values["--deadline"].flatMap(Double.init)
        else { return nil }
        return ViewerGridRow.Settings(
            api: api, resizes: resizes, count: count,
            cacheDirectory: URL(fileURLWithPath: cache, isDirectory: true), deadline: deadline)
    }
}
