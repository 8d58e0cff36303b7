import Foundation

/// Decoded pictures kept in memory, least recently used evicted first. Re-opening a detail
/// window or reshuffling onto an already seen picture then costs nothing. Thread-safe.
///
/// The bound tracks what is on screen: pictures a window shows are held by their GtkPicture
/// anyway, so they cost the cache nothing and are never evicted; `capacity` bounds only the
/// pixel bytes of the others. A grid of 100 thus keeps its 100 thumbnails plus `capacity` of
/// recent pictures, and closing it frees everything beyond that.
public final class TextureCache: @unchecked Sendable {
    /// Off-screen pictures kept: a grid's worth of thumbnails or a few main pictures, all
    /// decoded at the size they are shown.
    public static let defaultCapacity = 32 * 1024 * 1024

    public let capacity: Int
    private let lock = NSLock()
    private var entries: [String: (image: DecodedImage, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0

    public init(capacity: Int = TextureCache.defaultCapacity) {
        self.capacity = capacity
    }

    /// Pixel bytes currently held, on screen or not.
    public var totalBytes: Int {
        lock.lock(); defer { lock.unlock() }
        return bytes
    }

    /// Pixel bytes of the pictures no window shows: what `capacity` bounds.
    public var offScreenBytes: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.values.reduce(0) { $0 + ($1.image.texture.isShared ? 0 : $1.image.byteCount) }
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

    /// Stores `image` (about to be shown), evicting the least recently used off-screen pictures
    /// until those fit in `capacity`. A picture larger than the whole capacity is not kept.
    public func insert(_ image: DecodedImage, for key: String) {
        lock.lock(); defer { lock.unlock() }
        guard image.byteCount <= capacity else { return }
        if let old = entries.removeValue(forKey: key) { bytes -= old.image.byteCount }
        var offScreen = entries.filter { !$0.value.image.texture.isShared }
            .sorted { $0.value.lastUse < $1.value.lastUse }
        var offScreenBytes = offScreen.reduce(0) { $0 + $1.value.image.byteCount }
        while offScreenBytes + image.byteCount > capacity, !offScreen.isEmpty {
            let oldest = offScreen.removeFirst()
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.image.byteCount
            offScreenBytes -= oldest.value.image.byteCount
        }
        clock += 1
        entries[key] = (image, clock)
        bytes += image.byteCount
    }
}
