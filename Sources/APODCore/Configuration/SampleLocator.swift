import Foundation

/// Finds the bundled offline sample: `entries.json` and the pictures beside it.
///
/// Looked for, in order: `APOD_SAMPLE_DIR`; `share/apod-viewer/sample` next to the program's
/// `bin/` (what `make install` lays out); the `XDG_DATA_DIRS` and `~/.local/share` copies; a
/// `data/sample` above the program (a build inside the package); and the package this file was
/// compiled from (a build in any scratch folder on the developer's machine).
enum SampleLocator {
    static let entriesFile = "entries.json"

    static func find(environment: [String: String]) -> URL? {
        if let given = environment["APOD_SAMPLE_DIR"], !given.isEmpty {
            return URL(fileURLWithPath: given, isDirectory: true)
        }
        return candidates(environment: environment).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(entriesFile).path)
        }
    }

    private static func candidates(environment: [String: String]) -> [URL] {
        var folders = XDGFolders.installed("apod-viewer/sample", environment: environment)
        if var folder = XDGFolders.programFolder {
            for _ in 0..<5 {
                folders.append(folder.appendingPathComponent("data/sample", isDirectory: true))
                folder = folder.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent("data/sample", isDirectory: true))
        return folders
    }
}
