import APODCore
import Foundation

/// `apod download`: saves an entry's picture, named after its date and real format.
struct PictureDownload {
    let images: any ImageFetching

    /// - Parameter output: a file path, or an existing folder to save into; by default
    ///   `./apod-YYYY-MM-DD.EXT`.
    /// - Returns: where the picture was saved.
    func save(_ entry: APODEntry, hd: Bool, output: String?) async throws -> URL {
        let candidates = hd ? [entry.hdImageURL, entry.imageURL] : [entry.imageURL, entry.hdImageURL]
        guard entry.mediaType != .video, let url = candidates.compactMap({ $0 }).first else {
            throw APODError.noImage(entry.date)
        }
        let data = try await images.imageData(from: url, for: hd ? .hd : .display)
        let name = "apod-\(entry.date).\(Self.fileExtension(of: data))"
        let destination: URL
        var isFolder: ObjCBool = false
        if let output {
            let given = URL(fileURLWithPath: output)
            let exists = FileManager.default.fileExists(atPath: given.path, isDirectory: &isFolder)
            destination = exists && isFolder.boolValue ? given.appendingPathComponent(name) : given
        } else {
            destination = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name)
        }
        do {
            try AtomicFile.write(data, to: destination)
        } catch {
            throw APODError.cannotSave(path: destination.path, reason: error.localizedDescription)
        }
        return destination
    }

    /// The extension matching the picture's first bytes.
    static func fileExtension(of data: Data) -> String {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: [0x47, 0x49, 0x46, 0x38]) { return "gif" }
        if bytes.count >= 12, bytes.starts(with: [0x52, 0x49, 0x46, 0x46]), bytes[8...11] == [0x57, 0x45, 0x42, 0x50] {
            return "webp"
        }
        return "jpg"
    }
}
