import Foundation

/// The real 2019 sample (`shared/apod-sample`, outside the repository): the first one in the
/// package's folder or above it, so both the main checkout and a worktree find it. Nil when
/// absent (a clean clone): the tests that use it skip.
public enum SampleFolder {
    public static func locate(from file: String = #filePath) -> URL? {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/apod-sample")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("apod-2019.json").path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// A picture of the sample by its `url`'s last two parts (`1901/X.jpg` for …/image/1901/X.jpg).
    public static func picture(_ relativePath: String, in folder: URL) -> Data? {
        try? Data(contentsOf: folder.appendingPathComponent("image/" + relativePath))
    }
}
