import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Validated picture bytes on disk, so a grid opened a second time needs no network.
///
/// Files are named after the SHA-256 of their key (a URL), never the URL itself, which could
/// carry a key. Writes go to a temporary file renamed into place, so readers never see half a
/// file; damaged files fail their checksum and are dropped. Past `capacity` bytes the least
/// recently used files are deleted. The index is built from the directory on first use and
/// kept in memory; recency survives restarts through the files' modification times.
public final class ImageDiskCache: Sendable {
    public static let defaultCapacity: Int64 = 1 << 30

    public let directory: URL
    public let capacity: Int64

    /// A temporary file this old was left by a writer that died (another process may be
    /// writing a younger one right now).
    private static let abandonedAfter: TimeInterval = 3600

    private struct Entry {
        var size: Int64
        var lastUse: Date
    }

    /// What is on disk as far as this process knows: nil until the directory was read.
    private struct Index {
        var entries: [String: Entry]?
        var total: Int64 = 0

        /// Forgets least recently used entries until the total fits `capacity`, never `kept`,
        /// and names them for deletion.
        mutating func evictionVictims(over capacity: Int64, sparing kept: String) -> [String] {
            guard total > capacity, let current = entries else { return [] }
            var victims: [String] = []
            for (name, entry) in current.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where name != kept {
                guard total > capacity else { break }
                total -= entry.size
                entries?[name] = nil
                victims.append(name)
            }
            return victims
        }
    }

    private let index = Mutex(Index())

    public init(directory: URL, capacity: Int64 = ImageDiskCache.defaultCapacity) {
        self.directory = directory
        self.capacity = capacity
    }

    /// `$XDG_CACHE_HOME/apod-viewer/images`, or `~/.cache/apod-viewer/images` when unset.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory(inCache: SourceConfiguration.defaultCacheDirectory(environment: environment))
    }

    /// Where pictures live inside the app's cache directory (beside the metadata cache).
    public static func directory(inCache cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("images", isDirectory: true)
    }

    /// The file name used for `key`: 64 hex digits.
    public static func fileName(for key: String) -> String {
        SHA256.hex(Data(key.utf8))
    }

    /// The bytes stored for `key`, or nil when absent or damaged (a damaged file is deleted).
    public func data(for key: String) -> Data? {
        let name = Self.fileName(for: key)
        let path = directory.appendingPathComponent(name).path
        loadIndexIfNeeded()
        let body: Data
        switch CacheEntryFormat.contents(atPath: path) {
        case .absent:
            forget(name)
            return nil
        case .damaged:
            unlink(path)
            forget(name)
            return nil
        case .body(let stored):
            body = stored
        }
        let size = Int64(CacheEntryFormat.headerSize + body.count)
        utimes(path, nil)
        index.withLock { index in
            if index.entries?[name] == nil { index.total += size }
            index.entries?[name] = Entry(size: size, lastUse: Date())
        }
        return body
    }

    /// Stores `data` for `key` atomically, then evicts least recently used files over capacity.
    /// Failing to write (full disk, read-only home) only costs a later download, so it is silent.
    public func store(_ data: Data, for key: String) {
        guard Int64(CacheEntryFormat.headerSize + data.count) <= capacity,
            let entry = entryWriter(for: key)
        else { return }
        entry.append(data)
        entry.commit()
    }

    /// A writer for `key`'s entry, to fill while its picture arrives; it takes the entry's
    /// place only when committed. Nil when the cache directory cannot be written.
    func entryWriter(for key: String) -> ImageCacheWriter? {
        loadIndexIfNeeded()
        return ImageCacheWriter(cache: self, name: Self.fileName(for: key))
    }

    /// Records an entry a writer put in place, then evicts least recently used files over capacity.
    func didStore(_ name: String, size: Int64) {
        let victims = index.withLock { index in
            index.total -= index.entries?[name]?.size ?? 0
            index.entries?[name] = Entry(size: size, lastUse: Date())
            index.total += size
            return index.evictionVictims(over: capacity, sparing: name)
        }
        for victim in victims { unlink(directory.appendingPathComponent(victim).path) }
    }

    /// Bytes on disk as far as this process knows (headers included).
    public var totalBytes: Int64 {
        loadIndexIfNeeded()
        return index.withLock { $0.total }
    }

    private func forget(_ name: String) {
        index.withLock { index in
            if let entry = index.entries?.removeValue(forKey: name) { index.total -= entry.size }
        }
    }

    private func loadIndexIfNeeded() {
        index.withLock { index in
            guard index.entries == nil else { return }
            var found: [String: Entry] = [:]
            var sum: Int64 = 0
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
            let files =
                (try? FileManager.default.contentsOfDirectory(
                    at: directory, includingPropertiesForKeys: keys)) ?? []
            for file in files {
                let name = file.lastPathComponent
                guard let values = try? file.resourceValues(forKeys: Set(keys)) else { continue }
                let modified = values.contentModificationDate ?? .distantPast
                if name.hasSuffix(".tmp"), modified.timeIntervalSinceNow < -Self.abandonedAfter {
                    unlink(file.path)
                }
                guard name.count == 64, name.allSatisfy(\.isHexDigit) else { continue }
                let size = Int64(values.fileSize ?? 0)
                found[name] = Entry(size: size, lastUse: modified)
                sum += size
            }
            index.entries = found
            index.total = sum
            for victim in index.evictionVictims(over: capacity, sparing: "") {
                unlink(directory.appendingPathComponent(victim).path)
            }
        }
    }
}
