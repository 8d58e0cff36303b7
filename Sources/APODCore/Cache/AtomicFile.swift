import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file writes that readers never see half-done: the bytes go to a temporary file in the
/// same directory, which is then renamed over the target (rename is atomic on one file system).
public enum AtomicFile {
    public static func write(_ data: Data, to file: URL) throws {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
