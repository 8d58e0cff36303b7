import Foundation

/// The folders of the XDG Base Directory spec, read one way for every file the app keeps or
/// ships: the user's data, configuration, cache and state homes, and where installed data is looked
/// for (the offline sample, the metainfo).
enum XDGFolders {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    static func dataHome(environment: [String: String]) -> URL {
        home("XDG_DATA_HOME", else: ".local/share", environment: environment)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    static func configHome(environment: [String: String]) -> URL {
        home("XDG_CONFIG_HOME", else: ".config", environment: environment)
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    static func cacheHome(environment: [String: String]) -> URL {
        home("XDG_CACHE_HOME", else: ".cache", environment: environment)
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    static func stateHome(environment: [String: String]) -> URL {
        home("XDG_STATE_HOME", else: ".local/state", environment: environment)
    }

    /// `$XDG_DATA_DIRS`, else the spec's `/usr/local/share:/usr/share`.
    static func dataDirectories(environment: [String: String]) -> [URL] {
        let list = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return list.split(separator: ":").map { URL(fileURLWithPath: String($0), isDirectory: true) }
    }

    /// The folder of the running program, links resolved.
    static var programFolder: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `relativePath` (e.g. `metainfo/NAME`) where an installed copy may be, in the order to
    /// search: the `share` beside the program's `bin/` (what `make install` and the package lay
    /// out), the user's data home, then each of `XDG_DATA_DIRS`.
    static func installed(_ relativePath: String, environment: [String: String]) -> [URL] {
        let beside = programFolder.map {
            $0.deletingLastPathComponent().appendingPathComponent("share", isDirectory: true)
        }
        let bases =
            (beside.map { [$0] } ?? []) + [dataHome(environment: environment)]
            + dataDirectories(environment: environment)
        return bases.map { $0.appendingPathComponent(relativePath) }
    }

    /// The variable when it holds an absolute path (the spec ignores a relative one), else
    /// `fallback` in the home folder.
    private static func home(_ variable: String, else fallback: String, environment: [String: String]) -> URL {
        if let path = environment[variable], path.hasPrefix("/") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
    }
}
