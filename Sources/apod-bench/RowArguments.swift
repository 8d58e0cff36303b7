import Foundation

/// The private command line by which the bench runs one row in a child process.
enum RowArguments {
    static let flag = "--row"

    static func arguments(for settings: RowProcess.Settings) -> [String] {
        [flag, settings.kind.rawValue, "--flavour", settings.flavour.rawValue, "--base", settings.base.absoluteString,
         "--count", String(settings.count), "--width", String(settings.width), "--cache", settings.cacheDirectory.path]
    }

    /// The settings when `arguments` (without the program name) start with `--row`.
    static func parse(_ arguments: [String]) -> RowProcess.Settings? {
        guard arguments.first == flag, arguments.count % 2 == 0 else { return nil }
        var values: [String: String] = [:]
        for index in stride(from: 0, to: arguments.count, by: 2) { values[arguments[index]] = arguments[index + 1] }
        guard let kind = values[flag].flatMap(RowKind.init(rawValue:)),
              let flavour = values["--flavour"].flatMap(Flavour.init(rawValue:)),
              let base = values["--base"].flatMap(URL.init(string:)),
              let count = values["--count"].flatMap(Int.init),
              let width = values["--width"].flatMap(Int.init),
              let cache = values["--cache"] else { return nil }
        return RowProcess.Settings(kind: kind, flavour: flavour, base: base, count: count, width: width,
                                   cacheDirectory: URL(fileURLWithPath: cache, isDirectory: true))
    }
}
