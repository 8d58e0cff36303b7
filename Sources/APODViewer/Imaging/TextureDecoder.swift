import APODCore
import Foundation
import GtkKit

/// Turns image bytes into a texture with GdkPixbuf. Call it off the main thread.
///
/// Size decisions happen when the header has been read and before any pixel memory exists:
/// pictures over `maxPixels` are refused, and the decode size is chosen there so JPEG decodes
/// directly at 1/2, 1/4 or 1/8 scale instead of decoding full size and shrinking.
public enum TextureDecoder {
    /// The largest picture we agree to decode: the core's limit, which downloads already obey.
    public static let maxPixels = ImageHeader.maxPixels
    /// Long-side cap for the main and HD pictures: larger gains nothing on screen.
    public static let displayLongSide = 4096

    /// Decodes `data`, scaled so its long side is at most `maxSize` and it fits in `box` (aspect
    /// kept), or at full size when both are nil. Animated GIFs give their first frame, decoded
    /// from that frame alone (`stillBytes`). Stops at the next 64 KB piece once `cancellable`
    /// is cancelled.
    ///
    /// - Throws: `APODError.imageTooLarge` over `maxPixels`; `APODError.notAnImage` for bytes
    ///   GdkPixbuf cannot read; `CancellationError` once cancelled.
    public static func decode(
        _ data: Data, maxSize: Int?, fitting box: PixelSize? = nil,
        cancellable: Cancellable? = nil
    ) throws -> DecodedImage {
        let decoder = StreamingTextureDecoder(maxSize: maxSize, fitting: box, cancellable: cancellable ?? Cancellable())
        decoder.write(stillBytes(of: data))
        return try decoder.finish()
    }

    /// What a decoder needs for the still picture: a GIF of several frames cut after its first
    /// (GdkPixbuf's loader would otherwise take in every frame, at a cost quadratic in their
    /// number, to show only the first); any other picture as it is.
    static func stillBytes(of data: Data) -> Data {
        GIFBlocks.firstFrame(of: data) ?? data
    }

    /// The size with the long side at most `longSide` that fits in `box`, aspect kept, never
    /// upscaled, never 0.
    public static func fittedSize(width: Int, height: Int, longSide: Int?, box: PixelSize? = nil) -> (
        width: Int, height: Int
    ) {
        var scale = 1.0
        if let longSide, longSide > 0 { scale = min(scale, Double(longSide) / Double(max(width, height, 1))) }
        if let box {
            scale = min(scale, Double(box.width) / Double(max(width, 1)), Double(box.height) / Double(max(height, 1)))
        }
        guard scale < 1 else { return (width, height) }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

extension ImagePurpose {
    /// The long side a picture for this purpose is decoded at.
    var decodeLongSide: Int {
        switch self {
        case .thumbnail(let width): return max(1, min(width, TextureDecoder.displayLongSide))
        case .display, .hd: return TextureDecoder.displayLongSide
        }
    }

    var isThumbnail: Bool {
        if case .thumbnail = self { return true }
        return false
    }
}
