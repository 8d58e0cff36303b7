import APODCore
import Foundation

/// The picture fetcher every window's `PictureLoader` holds; like `SwitchableSource`, the
/// application swaps the loader behind it (a new cache limit, an emptied cache).
final class SwitchableFetcher: ImageFetching, @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var current: any ImageFetching

    init(_ fetcher: any ImageFetching) {
        current = fetcher
    }

    var upstream: any ImageFetching {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        try await upstream.imageData(from: url, for: purpose)
    }

    func cachedRendition(of url: URL, width: Int) -> Data? {
        upstream.cachedRendition(of: url, width: width)
    }

    func storeRendition(_ data: Data, of url: URL, width: Int) {
        upstream.storeRendition(data, of: url, width: width)
    }
}
