import APODCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary file a download is written to before it is renamed into place:
/// `.STEM.apod-PID.tmp` in the destination's folder (the `apod-` marks it as ours, so the
/// clean-up never touches another program's temporary files).
///
/// It is created before the transfer starts (a folder that cannot be written fails before any
/// download), removed when SIGINT or SIGTERM arrive meanwhile, and, when a run that was killed
/// outright left one behind, removed by the next run in that folder (its process is gone).
final class PartialFile {
    let url: URL

    /// - Throws: `APODError.cannotSave` naming `destination` when the folder is not writable.
    init(in folder: URL, stem: String, destination: String) throws {
        Self.removeAbandoned(in: folder)
        url = folder.appendingPathComponent(".\(stem).\(Self.marker)\(getpid())\(Self.suffix)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw APODError.cannotSave(
                path: destination, reason: errno == ENOENT ? tr("there is no such folder.") : Self.systemReason())
        }
        close(descriptor)
        InterruptCleanup.remove(onSignal: url.path)
    }

    /// Writes `data`, flushes it to disk, and renames it to `destination`; without `replacing`,
    /// an existing file there is left alone (checked atomically with a hard link where the file
    /// system has them).
    func commit(_ data: Data, to destination: URL, replacing: Bool) throws {
        defer { discard() }
        let descriptor = open(url.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw APODError.cannotSave(path: destination.path, reason: Self.systemReason()) }
        let written = FileDescriptorWriter.write(data, to: descriptor) && fsync(descriptor) == 0
        let reason = Self.systemReason()
        close(descriptor)
        guard written else { throw APODError.cannotSave(path: destination.path, reason: reason) }
        if replacing {
            guard rename(url.path, destination.path) == 0 else {
                throw APODError.cannotSave(path: destination.path, reason: Self.systemReason())
            }
        } else if link(url.path, destination.path) != 0 {
            let failure = errno
            var existing = stat()
            guard failure != EEXIST, lstat(destination.path, &existing) != 0 else {
                throw APODError.cannotSave(path: destination.path, reason: Self.existsReason)
            }
            // No hard links on this file system (FAT, some FUSE ones): rename after a fresh check.
            guard rename(url.path, destination.path) == 0 else {
                throw APODError.cannotSave(path: destination.path, reason: Self.systemReason())
            }
        }
    }

    /// Removes the file (after a failure, or after the rename or link made it visible).
    func discard() {
        unlink(url.path)
        InterruptCleanup.clear()
    }

    private static let marker = "apod-"
    private static let suffix = ".tmp"

    static var existsReason: String { tr("the file already exists. Add --force to replace it.") }

    /// Temporary files of this kind whose process no longer runs.
    static func removeAbandoned(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(suffix) {
            guard let last = name.dropLast(suffix.count).split(separator: ".").last, last.hasPrefix(marker),
                let pid = pid_t(last.dropFirst(marker.count)), pid > 0,
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// Writes whole buffers to a file descriptor, through short writes and interrupted calls.
enum FileDescriptorWriter {
    /// - Returns: false on an error, with `errno` set.
    static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}

/// Removes one file when SIGINT or SIGTERM arrive, then dies of the same signal (so the shell
/// sees an interrupted program, not a normal exit). The handler only calls `unlink`, `signal`
/// and `raise`, which are safe in a signal handler.
enum InterruptCleanup {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

    static func remove(onSignal file: String) {
        clear()
        path = strdup(file)
        for signal in [SIGINT, SIGTERM] {
            Glibc.signal(signal) { number in
                if let path = InterruptCleanup.path { unlink(path) }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func clear() {
        guard let old = path else { return }
        for signal in [SIGINT, SIGTERM] { Glibc.signal(signal, SIG_DFL) }
        path = nil
        free(old)
    }
}
