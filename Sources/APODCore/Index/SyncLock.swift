import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive claim on filling one index, shared by every process on the computer: a
/// `flock` on `<index>.sync-lock`. The system drops it when its holder dies, so a killed
/// sync never leaves the index locked. A symbolic link put in the lock file's place is not
/// followed: opening it with create would make (or truncate the mode of) whatever it names.
final class SyncLock {
    private let descriptor: Int32

    /// - Throws: `APODError.syncInProgress` when another sync holds it, `.cannotWriteFile`
    ///   when the lock file cannot be made or is a symbolic link.
    init(for index: URL) throws {
        let path = index.path + ".sync-lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw APODError.cannotWriteFile(path: path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw APODError.syncInProgress
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
