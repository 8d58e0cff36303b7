import Foundation

/// Reads the app's own files (settings, caches, records, indexes) only when they are regular
/// files. A FIFO put where the settings file belongs blocked every `apod` command and the viewer
/// for ever in `open`; a device or a folder is no better. Files are opened with `O_NONBLOCK`, so
/// even a FIFO swapped in between the check and the open cannot block, and checked with `fstat`
/// on the descriptor actually read.
public enum RegularFile {
    /// The file's first `maxBytes` bytes (one more when it is longer, so a caller can tell); nil
    /// when nothing is there or it cannot be opened.
    /// - Throws: `APODError.notARegularFile` for a FIFO, socket, device or folder.
    public static func read(_ url: URL, maxBytes: Int = Int.max) throws -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw APODError.notARegularFile(path: url.path) }
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else { throw APODError.notARegularFile(path: url.path) }
        let limit = maxBytes == Int.max ? Int.max : maxBytes + 1
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count < limit {
            let room = min(chunk.count, limit - data.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, room) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }

    /// The file as UTF-8 text (invalid bytes replaced); nil when absent.
    public static func text(_ url: URL, maxBytes: Int = Int.max) throws -> String? {
        try read(url, maxBytes: maxBytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Throws when something that is not a regular file is at `url` (a missing file is fine: it
    /// will be created). For files opened by a library (SQLite) that would block on a FIFO.
    /// - Throws: `APODError.notARegularFile`.
    public static func requireRegularOrAbsent(_ url: URL) throws {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else { throw APODError.notARegularFile(path: url.path) }
    }
}
