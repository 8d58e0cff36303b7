import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One disk cache entry written while its picture arrives. Chunks go to a temporary file
/// behind a blank header; `commit` fills the header in (the length and checksum were computed
/// on the way) and renames the file into place, so readers see the whole entry or none.
/// `discard`, or dropping the writer unfinished, deletes the temporary file.
///
/// There is no fsync: an entry that a crash leaves renamed but not yet on disk reads back with
/// a wrong length or checksum and is dropped like any damaged file, so it costs a download,
/// never a wrong picture; an fsync per picture cost 0.1–0.2 s per 100 pictures here.
/// Failing to write (full disk, read-only home) only costs a later download, so it is silent.
final class ImageCacheWriter {
    private let cache: ImageDiskCache
    private let name: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var checksum = CacheEntryFormat.Checksum()
    private var failed = false

    /// Nil when the temporary file cannot be created.
    init?(cache: ImageDiskCache, name: String) {
        self.cache = cache
        self.name = name
        try? FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        temporaryPath = cache.directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp").path
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return nil }
        restart()
    }

    deinit {
        discard()
    }

    /// Starts the entry over: a blank header and no body.
    func restart() {
        checksum = CacheEntryFormat.Checksum()
        guard descriptor >= 0, !failed else { return }
        failed =
            ftruncate(descriptor, 0) != 0 || lseek(descriptor, 0, SEEK_SET) != 0
            || !write(Data(count: CacheEntryFormat.headerSize))
    }

    func append(_ chunk: Data) {
        checksum.update(chunk)
        guard descriptor >= 0, !failed else { return }
        // An entry larger than the whole cache would be evicted at once: stop writing it.
        if Int64(CacheEntryFormat.headerSize + checksum.count) > cache.capacity || !write(chunk) {
            failed = true
        }
    }

    /// Puts the entry in place under its name (unless writing it failed).
    func commit() {
        guard descriptor >= 0 else { return }
        let header = CacheEntryFormat.header(length: checksum.count, checksum: checksum.value)
        let complete = !failed && header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) == $0.count }
        close(descriptor)
        descriptor = -1
        let target = cache.directory.appendingPathComponent(name).path
        guard complete, rename(temporaryPath, target) == 0 else {
            unlink(temporaryPath)
            return
        }
        cache.didStore(name, size: Int64(CacheEntryFormat.headerSize + checksum.count))
    }

    /// Deletes the temporary file; nothing is stored.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    private func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
