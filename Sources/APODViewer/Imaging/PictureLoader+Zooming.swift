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
        let image = try await decoder.run {
            try TextureDecoder.decode(data, maxPixels: TextureDecoder.fullResolutionMaxPixels, cancellable: $0)
        }
        cache.insert(image, for: key)
        return image
    }

    /// The animation in the GIF at `url`, or nil when it is a still picture (or not a GIF by its
    /// name or first bytes). Frames over `TextureDecoder.maxAnimationFramePixels`, and more
    /// frames than `TextureDecoder.maxAnimationFrames` (counted by the core's walk, before any
    /// decoding), stay still. Loading stops within a 64 KB read once the task is cancelled.
    public func animation(from url: URL, for purpose: ImagePurpose) async throws -> PixbufAnimation? {
        guard url.pathExtension.lowercased() == "gif" else { return nil }
        let data = try await fetcher.imageData(from: url, for: purpose)
        guard let frames = GIFBlocks(data)?.frameCount, (2...TextureDecoder.maxAnimationFrames).contains(frames) else {
            return nil
        }
        try Task.checkCancellation()
        return try await decoder.run { cancellable in
            PixbufAnimation.gif(data, maxFramePixels: TextureDecoder.maxAnimationFramePixels, cancellable: cancellable)
        }
    }
}
