import APODCore
import Foundation

/// Bytes from the core's `ImageFetching`, decoded for their purpose, through the memory cache.
/// Thumbnails also go through the fetcher's renditions: once decoded at cell size they are
/// kept as a small JPEG, so a grid showing them again decodes kilobytes, not the original.
/// Everything here runs in the caller's (background) task; cancelling it stops the download.
public struct PictureLoader: Sendable {
    let fetcher: any ImageFetching
    let cache: TextureCache

    public init(fetcher: any ImageFetching, cache: TextureCache = TextureCache()) {
        self.fetcher = fetcher
        self.cache = cache
    }

    public func picture(from url: URL, for purpose: ImagePurpose) async throws -> DecodedImage {
        let longSide = purpose.decodeLongSide
        let key = "\(longSide) \(url.absoluteString)"
        if let cached = cache.image(for: key) { return cached }
        if case .thumbnail(let width) = purpose, let rendition = fetcher.cachedRendition(of: url, width: width),
           let image = try? TextureDecoder.decode(rendition, maxSize: longSide) {
            cache.insert(image, for: key)
            return image
        }
        let data = try await fetcher.imageData(from: url, for: purpose)
        try Task.checkCancellation()
        let image = try TextureDecoder.decode(data, maxSize: longSide)
        cache.insert(image, for: key)
        if case .thumbnail(let width) = purpose, image.width < image.originalWidth,
           let rendition = image.texture.jpegData() {
            fetcher.storeRendition(rendition, of: url, width: width)
        }
        return image
    }

    /// The raw bytes, for saving the picture as the service sent it.
    public func data(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        try await fetcher.imageData(from: url, for: purpose)
    }
}
