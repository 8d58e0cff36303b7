import Foundation

/// The real 2019 sample (`shared/apod-sample`, outside the repository; NASA's text and 360 px
/// pictures): the folder `APOD_REAL_SAMPLE_DIR` names, else the first `shared/apod-sample` in
/// the package's folder or above it, so both the main checkout and a worktree find it. Nil when
/// absent (a clean clone, CI): the tests that use it skip. Nothing of it is ever committed.
public enum SampleFolder {
    public static func locate(from file: String = #filePath) -> URL? {
        if let given = ProcessInfo.processInfo.environment["APOD_REAL_SAMPLE_DIR"], !given.isEmpty {
            let folder = URL(fileURLWithPath: given, isDirectory: true)
            return hasEntries(folder) ? folder : nil
        }
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/apod-sample")
            if hasEntries(candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// `apod-2019.json`: the year as NASA's v1 API returned it.
    public static func entriesFile(in folder: URL) -> URL {
        folder.appendingPathComponent("apod-2019.json")
    }

    /// A picture of the sample by its `url`'s last two parts (`1901/X.jpg` for …/image/1901/X.jpg).
    public static func picture(_ relativePath: String, in folder: URL) -> Data? {
        try? Data(contentsOf: folder.appendingPathComponent("image/" + relativePath))
    }

    private static func hasEntries(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: entriesFile(in: folder).path)
    }
}
