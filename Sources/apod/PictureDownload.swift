import APODCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `apod download`: saves an entry's picture, named after its date and real format.
struct PictureDownload {
    let images: any ImageFetching

    /// - Parameters:
    ///   - output: `-o`'s value (see `DownloadTarget`); by default `./apod-YYYY-MM-DD.EXT`.
    ///   - force: replace an existing regular file.
    /// - Returns: where the picture was saved; nil when it went to standard output.
    func save(_ entry: APODEntry, hd: Bool, output: String?, force: Bool) async throws -> URL? {
        let candidates = hd ? [entry.hdImageURL, entry.imageURL] : [entry.imageURL, entry.hdImageURL]
        guard entry.mediaType != .video, let url = candidates.compactMap({ $0 }).first else {
            throw APODError.noImage(entry.date)
        }
        let target = try DownloadTarget(
            output: output, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let partial = try Self.reserve(for: target, stem: "apod-\(entry.date)", force: force)
        defer { partial?.discard() }

        let data = try await images.imageData(from: url, for: hd ? .hd : .display)
        guard let format = ImageValidation.format(of: data) else { throw APODError.notAnImage }
        guard let destination = target.file(named: "apod-\(entry.date).\(format.fileExtension)") else {
            guard FileDescriptorWriter.write(data, to: STDOUT_FILENO) else {
                throw APODError.cannotSave(path: "-", reason: String(cString: strerror(errno)))
            }
            return nil
        }
        try FilePlacement(of: destination, force: force).write(data, partial: partial, replacing: force)
        return destination
    }

    /// The temporary file, made before the transfer wherever one will be needed: in a folder,
    /// or beside a path that is missing or a regular file (which needs `force`: checked here,
    /// before anything is downloaded).
    private static func reserve(for target: DownloadTarget, stem: String, force: Bool) throws -> PartialFile? {
        switch target {
        case .standardOutput:
            return nil
        case .folder(let folder):
            return try PartialFile(in: folder, stem: stem, destination: folder.path)
        case .path(let file):
            return try FilePlacement(of: file, force: force).reserve()
        }
    }
}

extension ImageFormat {
    fileprivate var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
