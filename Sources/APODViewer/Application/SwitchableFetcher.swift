import APODCore
import Foundation

/// The picture fetcher every window's `PictureLoader` holds; the application swaps the loader
/// behind it (a new cache limit, an emptied cache).
typealias SwitchableFetcher = Switchable<any ImageFetching>

extension Switchable: ImageFetching where Upstream == any ImageFetching {
    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        try await upstream.imageData(from: url, for: purpose)
    }

    func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        try await upstream.imageData(from: url, for: purpose, streamingTo: consumer)
    }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? {
        upstream.cachedImageData(from: url, for: purpose)
    }

    func cachedRendition(of url: URL, width: Int) -> Data? {
        upstream.cachedRendition(of: url, width: width)
    }

    func storeRendition(_ data: Data, of url: URL, width: Int) {
        upstream.storeRendition(data, of: url, width: width)
    }
}
