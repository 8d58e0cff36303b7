import APODCore
import Foundation

/// The picture as a file other applications can take: the bytes as the service sent them,
/// written once under the entry's file name in the cache (`<cache>/pictures`), with what the
/// properties panel says about them. The disk cache keeps pictures framed with a checksum, so
/// it cannot hand out its own files.
struct PictureFile: Sendable, Equatable {
    let url: URL
    let byteCount: Int
    let format: ImageFormat?

    /// Writes (or finds, when an earlier copy has the same size) the file for `source`.
    /// Runs off the main thread: it may download and always touches the disk.
    static func prepare(
        _ source: URL, purpose: ImagePurpose, named name: String, in folder: URL,
        pictures: PictureLoader
    ) async throws -> PictureFile {
        let data = try await pictures.data(from: source, for: purpose)
        try Task.checkCancellation()
        let file = folder.appendingPathComponent(name)
        let existing = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        if existing != data.count {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            } catch {
                throw APODError.cannotSave(path: file.path, reason: tr("the folder does not exist or is not writable"))
            }
        }
        return PictureFile(url: file, byteCount: data.count, format: ImageValidation.format(of: data))
    }
}

extension ViewerEnvironment {
    /// Where pictures handed to other applications (copied, dragged, opened with) are written.
    var handOffDirectory: URL {
        wallpaperDirectory.deletingLastPathComponent().appendingPathComponent("pictures", isDirectory: true)
    }
}
