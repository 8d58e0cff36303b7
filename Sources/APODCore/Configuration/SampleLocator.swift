import Foundation

/// Finds the bundled offline sample: `data/sample/entries.json` and the pictures beside it.
///
/// `APOD_SAMPLE_DIR` wins; otherwise the folders above the running program are searched, which
/// finds the package's `data/sample` from any `.build/<triple>/<config>/` product.
enum SampleLocator {
    static let entriesFile = "entries.json"

    static func find(environment: [String: String]) -> URL? {
        if let given = environment["APOD_SAMPLE_DIR"], !given.isEmpty {
            return URL(fileURLWithPath: given, isDirectory: true)
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var folder = executable.deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent("data/sample", isDirectory: true))
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(URL(fileURLWithPath: "/usr/share/apod-viewer/sample", isDirectory: true))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(entriesFile).path)
        }
    }
}
