import Foundation

/// Decoded pictures kept in memory, bounded by their pixel bytes (not their count), least
/// recently used evicted first. Re-opening a detail window or reshuffling onto an already seen
/// picture then costs nothing. Thread-safe.
public final class TextureCache: @unchecked Sendable {
    public static let defaultCapacity = 256 * 1024 * 1024

    public let capacity: Int
    private let lock = NSLock()
    private var entries: [String: (image: DecodedImage, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0

    public init(capacity: Int = TextureCache.defaultCapacity) {
        self.capacity = capacity
    }

    /// Pixel bytes currently held.
    public var totalBytes: Int {
        lock.lock(); defer { lock.unlock() }
        return bytes
    }

    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    public func image(for key: String) -> DecodedImage? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.image, clock)
        return entry.image
    }

    /// Stores `image`, evicting the least recently used until it fits. A picture larger than
    /// the whole cache is not kept.
    public func insert(_ image: DecodedImage, for key: String) {
        lock.lock(); defer { lock.unlock() }
        guard image.byteCount <= capacity else { return }
        if let old = entries.removeValue(forKey: key) { bytes -= old.image.byteCount }
        while bytes + image.byteCount > capacity,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.image.byteCount
        }
        clock += 1
        entries[key] = (image, clock)
        bytes += image.byteCount
    }
}
