import Foundation

/// The app's cache directory as a whole (entries under `metadata/`, pictures under `images/`,
/// APOD's own videos under `videos/`, the video days' remembered stills under `video-stills/`),
/// for the preferences window: how much it holds, and emptying it.
///
/// Only those sub-folders are counted or removed, never the directory itself: a
/// `--cache-dir` may point at a folder that holds other things too.
public struct CacheFolder: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    private var parts: [URL] {
        [
            root.appendingPathComponent("metadata", isDirectory: true), ImageDiskCache.directory(inCache: root),
            VideoCache.directory(inCache: root), VideoStills.directory(inCache: root),
        ]
    }

    /// Bytes in every file of the parts; reads the disk, so call it off the main thread.
    public func bytesUsed() -> Int64 {
        var total: Int64 = 0
        for part in parts {
            guard
                let files = FileManager.default.enumerator(
                    at: part, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
            else { continue }
            for case let file as URL in files {
                guard let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
                    values.isRegularFile == true
                else { continue }
                total += Int64(values.fileSize ?? 0)
            }
        }
        return total
    }

    /// Deletes every cached entry, picture and video. A live `ImageDiskCache` keeps its in-memory
    /// index, so make a new one (a new loader) afterwards.
    /// - Throws: `APODError.cannotWriteFile` when a part cannot be removed.
    public func clear() throws {
        for part in parts where FileManager.default.fileExists(atPath: part.path) {
            do {
                try FileManager.default.removeItem(at: part)
            } catch {
                throw APODError.cannotWriteFile(path: part.path)
            }
        }
    }
}
