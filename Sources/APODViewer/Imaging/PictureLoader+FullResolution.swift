import APODCore
import Foundation

extension PictureLoader {
    /// The picture at `url` decoded at full resolution, within
    /// `TextureDecoder.fullResolutionMaxPixels`: what zooming in past the shown size needs.
    /// Kept in the memory cache when it fits there.
    public func fullResolutionPicture(from url: URL) async throws -> DecodedImage {
        let key = "full \(url.absoluteString)"
        if let cached = cache.image(for: key) { return cached }
        let data = try await fetcher.imageData(from: url, for: .hd)
        try Task.checkCancellation()
        let image = try TextureDecoder.decode(data, maxPixels: TextureDecoder.fullResolutionMaxPixels)
        cache.insert(image, for: key)
        return image
    }
}
