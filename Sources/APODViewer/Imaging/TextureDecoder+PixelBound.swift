import APODCore
import Foundation
import GtkKit

extension TextureDecoder {
    /// Pixel budget of a full-resolution decode (zooming in the detail window): 75 megapixels,
    /// about 300 MB as a texture. Larger pictures are decoded reduced to fit it.
    public static let fullResolutionMaxPixels = 75_000_000
    /// Largest frame an animation is played at (each frame shown is one texture of this size);
    /// larger GIFs show their first frame still.
    public static let maxAnimationFramePixels = 8_000_000
    /// Most frames an animated GIF is played with; more are shown still. GdkPixbuf's GIF loader
    /// costs CPU quadratic in the frame count (measured here: 5,000 frames 0.04 s, 25,000 0.8 s,
    /// 100,000 28 s); real animations have at most a few hundred.
    public static let maxAnimationFrames = 5_000

    /// Decodes `data` at full size when it has at most `maxPixels` pixels, otherwise scaled
    /// down (aspect kept) to fit that budget, so pixel memory is bounded whatever the file
    /// claims. `DecodedImage.isReduced` tells the caller to say so.
    ///
    /// - Throws: `APODError.imageTooLarge` over the core's `maxPixels` (downloads refuse those
    ///   too); `APODError.notAnImage` for bytes GdkPixbuf cannot read; `CancellationError`
    ///   once `cancellable` is cancelled.
    public static func decode(_ data: Data, maxPixels budget: Int, cancellable: Cancellable? = nil) throws
        -> DecodedImage
    {
        var original = (width: 0, height: 0)
        return try reportingDecodeFailures {
            let texture = try PixbufDecoding.decode(stillBytes(of: data), cancellable: cancellable) { width, height in
                original = (width, height)
                guard width * height <= maxPixels else { return nil }
                return boundedSize(width: width, height: height, maxPixels: budget)
            }
            return DecodedImage(texture: texture, originalWidth: original.width, originalHeight: original.height)
        }
    }

    /// Runs a GdkPixbuf decode, its failures told as every decoder tells them: a picture over
    /// the pixel bound is `pictureTooLarge`, a cancelled one `CancellationError`, anything else
    /// `notAnImage`.
    static func reportingDecodeFailures<T>(_ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch PixbufDecodingError.refused(let width, let height) {
            throw APODError.pictureTooLarge(width: width, height: height)
        } catch PixbufDecodingError.cancelled {
            throw CancellationError()
        } catch {
            throw APODError.notAnImage
        }
    }

    /// The largest size with the aspect kept and at most `maxPixels` pixels; never upscaled.
    public static func boundedSize(width: Int, height: Int, maxPixels: Int) -> (width: Int, height: Int) {
        guard width * height > maxPixels, maxPixels > 0 else { return (width, height) }
        let scale = (Double(maxPixels) / Double(width * height)).squareRoot()
        return (max(1, Int(Double(width) * scale)), max(1, Int(Double(height) * scale)))
    }
}

extension DecodedImage {
    /// Whether the texture has fewer pixels than the picture (decoded at a smaller size).
    public var isReduced: Bool { width < originalWidth || height < originalHeight }
}
