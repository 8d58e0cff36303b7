import APODCore
import Foundation
import GtkKit

extension PictureLoader {
    /// The picture at `url` decoded at full resolution, within
    /// `TextureDecoder.fullResolutionMaxPixels`: what zooming in past the shown size needs.
    /// Kept in the memory cache when it fits there. Decoded on `decoder`'s threads like the rest.
    public func fullResolutionPicture(from url: URL) async throws -> DecodedImage {
        let key = "full \(url.absoluteString)"
        if let cached = cache.image(for: key) { return cached }
        let data = try await fetcher.imageData(from: url, for: .hd)
        try Task.checkCancellation()
        let image = try await decoder.run { try TextureDecoder.decode(data, maxPixels: TextureDecoder.fullResolutionMaxPixels) }
        cache.insert(image, for: key)
        return image
    }

    /// The animation in the GIF at `url`, or nil when it is a still picture (or not a GIF by its
    /// name or first bytes). Frames over `TextureDecoder.maxAnimationFramePixels` stay still.
    public func animation(from url: URL, for purpose: ImagePurpose) async throws -> PixbufAnimation? {
        guard url.pathExtension.lowercased() == "gif" else { return nil }
        let data = try await fetcher.imageData(from: url, for: purpose)
        try Task.checkCancellation()
        return try await decoder.run { PixbufAnimation.gif(data, maxFramePixels: TextureDecoder.maxAnimationFramePixels) }
    }
}
