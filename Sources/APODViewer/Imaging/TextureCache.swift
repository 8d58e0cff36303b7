import Foundation
import Synchronization

/// Decoded pictures kept in memory, least recently used evicted first. Re-opening a detail
/// window or reshuffling onto an already seen picture then costs nothing. Thread-safe.
///
/// The bound tracks what is on screen: pictures a window shows are held by their GtkPicture
/// anyway, so they cost the cache nothing and are never evicted; `capacity` bounds only the
/// pixel bytes of the others. A grid of 100 thus keeps its 100 thumbnails plus `capacity` of
/// recent pictures, and closing it frees everything beyond that.
public final class TextureCache: Sendable {
    /// Off-screen pictures kept: a grid's worth of thumbnails or a few main pictures, all
    /// decoded at the size they are shown.
    public static let defaultCapacity = 32 * 1024 * 1024

    public let capacity: Int
    private struct State {
        var entries: [String: (image: DecodedImage, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var bytes = 0
    }

    private let state = Mutex(State())

    public init(capacity: Int = TextureCache.defaultCapacity) {
        self.capacity = capacity
    }

    /// Pixel bytes currently held, on screen or not.
    public var totalBytes: Int {
        state.withLock { $0.bytes }
    }

    /// Pixel bytes of the pictures no window shows: what `capacity` bounds.
    public var offScreenBytes: Int {
        state.withLock { state in
            state.entries.values.reduce(0) { $0 + ($1.image.texture.isShared ? 0 : $1.image.byteCount) }
        }
    }

    public var count: Int {
        state.withLock { $0.entries.count }
    }

    public func image(for key: String) -> DecodedImage? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (entry.image, state.clock)
            return entry.image
        }
    }

    /// Stores `image` (about to be shown), evicting the least recently used off-screen pictures
    /// until those fit in `capacity`. A picture larger than the whole capacity is not kept.
    public func insert(_ image: DecodedImage, for key: String) {
        guard image.byteCount <= capacity else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.image.byteCount }
            var offScreen = state.entries.filter { !$0.value.image.texture.isShared }
                .sorted { $0.value.lastUse < $1.value.lastUse }
            var offScreenBytes = offScreen.reduce(0) { $0 + $1.value.image.byteCount }
            while offScreenBytes + image.byteCount > capacity, !offScreen.isEmpty {
                let oldest = offScreen.removeFirst()
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.image.byteCount
                offScreenBytes -= oldest.value.image.byteCount
            }
            state.clock += 1
            state.entries[key] = (image, state.clock)
            state.bytes += image.byteCount
        }
    }
}
