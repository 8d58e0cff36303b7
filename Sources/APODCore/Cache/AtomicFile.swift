import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file writes that readers never see half-done: the bytes go to a temporary file in the
/// same directory, which is then renamed over the target (rename is atomic on one file system).
/// The file is flushed to disk before the rename and the directory after it, so a power cut
/// leaves the old file or the new one, never an empty one.
public enum AtomicFile {
    /// - Parameter permissions: the file's mode, set on the temporary file before any byte is
    ///   written (so a secret is never readable by others, even briefly); default 0644 via umask.
    public static func write(_ data: Data, to file: URL, permissions: Int? = nil) throws {
        try write(data, to: file, permissions: permissions, durability: .disk)
    }

    /// The two flushes, replaceable so a test can see that they happen and in which order.
    struct Durability {
        var syncFile: (FileHandle) throws -> Void
        var syncDirectory: (URL) -> Void

        static var disk: Durability {
            Durability(
                syncFile: { handle in
                    StartupTrace.mark(.diskSync)
                    try handle.synchronize()
                }, syncDirectory: AtomicFile.syncDirectory)
        }
    }

    static func write(_ data: Data, to file: URL, permissions: Int?, durability: Durability) throws {
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
            try durability.syncFile(handle)
            guard rename(temporary.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            durability.syncDirectory(folder)
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }

    /// Makes the rename itself durable. Best effort: some file systems refuse fsync on a directory.
    private static func syncDirectory(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
