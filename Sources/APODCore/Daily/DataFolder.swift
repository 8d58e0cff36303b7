import Foundation

/// The app's data folder: files the user would miss if they vanished, unlike the cache, which
/// "Clear Cache" empties. `APOD_DATA_DIR` when set, else `$XDG_DATA_HOME/apod-viewer` (when
/// absolute), else `~/.local/share/apod-viewer`.
public struct DataFolder: Sendable, Equatable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let given = environment["APOD_DATA_DIR"], !given.trimmingCharacters(in: .whitespaces).isEmpty {
            self.init(root: URL(fileURLWithPath: given, isDirectory: true))
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            self.init(root: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("apod-viewer", isDirectory: true))
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            self.init(root: URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share/apod-viewer", isDirectory: true))
        }
    }

    /// A file or folder inside the data folder.
    public func url(_ name: String) -> URL {
        root.appendingPathComponent(name)
    }
}
