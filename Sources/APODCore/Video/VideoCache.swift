import Foundation
import Synchronization

/// APOD-hosted videos on disk (`<cache>/videos`), so a video plays from a file GStreamer can
/// seek in, plays again offline, and is downloaded once.
///
/// A file is named after the SHA-256 of its address (never the address, which could carry a
/// key). It is written as `NAME.part` while it arrives, and renamed to `NAME` once whole, so a
/// name without `.part` is always a complete download; a part left by a download that stopped
/// is resumed with a range request. Past `capacity` bytes the least recently played files go
/// (a file's modification time is its last use), never the one just stored or being written.
public struct VideoCache: Sendable {
    public let directory: URL
    /// Shared by every copy, so a new limit reaches the windows' downloads at once.
    private let limit: Limit

    private final class Limit: Sendable {
        let bytes: Mutex<Int64>
        init(_ bytes: Int64) { self.bytes = Mutex(bytes) }
    }

    public var capacity: Int64 { limit.bytes.withLock { $0 } }

    /// A part this old belongs to no running download: it is counted and may be evicted.
    static let abandonedAfter: TimeInterval = 3600

    public init(directory: URL, capacity: Int64) {
        self.directory = directory
        limit = Limit(capacity)
    }

    /// Preferences' cache limit changed: this cache and every copy of it keep `bytes` from
    /// now on (no disk work; `trim()` deletes what no longer fits).
    public func setCapacity(_ bytes: Int64) {
        limit.bytes.withLock { $0 = bytes }
    }

    /// Deletes the least recently played files past the capacity (disk work: off the main thread).
    public func trim() {
        evict(sparing: nil)
    }

    /// `<cache directory>/videos`.
    public static func directory(inCache cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("videos", isDirectory: true)
    }

    /// The complete file for `url`, whether or not it is there yet.
    public func file(for url: URL) -> URL {
        let name = SHA256.hex(SHA256.digest(Array(url.absoluteString.utf8)))
        let ext = url.pathExtension.lowercased()
        let safeExt = ext.count <= 5 && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? ext : ""
        return directory.appendingPathComponent(safeExt.isEmpty ? name : "\(name).\(safeExt)")
    }

    func part(for url: URL) -> URL {
        file(for: url).appendingPathExtension("part")
    }

    /// The complete file for `url` when it was downloaded before, marked as just used.
    public func cachedFile(for url: URL) -> URL? {
        let file = file(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return file
    }

    /// Renames a finished part into place, then evicts what the capacity no longer holds.
    func admit(_ part: URL, as file: URL) throws {
        do {
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            try FileManager.default.moveItem(at: part, to: file)
        } catch {
            throw APODError.videoUnplayable(.cannotStore)
        }
        evict(sparing: file)
    }

    /// Deletes least recently used files until the folder fits `capacity`, sparing `kept` and
    /// parts still being written.
    func evict(sparing kept: URL?) {
        let capacity = capacity
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard
            let names = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys)
        else { return }
        let now = Date()
        var files: [(url: URL, size: Int64, used: Date)] = names.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, Int64(values.fileSize ?? 0), values.contentModificationDate ?? .distantPast)
        }
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.used < $1.used }
        for file in files where total > capacity && file.url.lastPathComponent != kept?.lastPathComponent {
            let inFlight = file.url.pathExtension == "part" && now.timeIntervalSince(file.used) < Self.abandonedAfter
            guard !inFlight else { continue }
            if (try? FileManager.default.removeItem(at: file.url)) != nil { total -= file.size }
        }
    }
}
