import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file writes that readers never see half-done: the bytes go to a temporary file in the
/// same directory, which is then renamed over the target (rename is atomic on one file system).
public enum AtomicFile {
    /// - Parameter permissions: the file's mode, set on the temporary file before any byte is
    ///   written (so a secret is never readable by others, even briefly); default 0644 via umask.
    public static func write(_ data: Data, to file: URL, permissions: Int? = nil) throws {
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let attributes: [FileAttributeKey: Any]? = permissions.map { [.posixPermissions: $0] }
        guard manager.createFile(atPath: temporary.path, contents: nil, attributes: attributes) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            guard rename(temporary.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }
}
