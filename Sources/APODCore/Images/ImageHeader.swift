import Foundation

/// A picture's size as its header announces it, read before anything is cached, saved or
/// decoded, so that a decompression bomb (a few kilobytes claiming 60000 × 60000 pixels) is
/// refused by the core, for `apod download` as for the viewer.
///
/// Reading costs a few dozen bytes (a few segment hops for JPEG) whatever size is claimed:
/// nothing is allocated in proportion to it.
public struct ImageHeader: Equatable, Sendable {
    public var width: Int
    public var height: Int

    /// The largest picture accepted anywhere, in pixels: 100 megapixels is ~400 MB of RGBA,
    /// twice the largest real APOD. The viewer's decoder enforces the same constant.
    public static let maxPixels = 100_000_000

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size announced by `data`'s header (PNG IHDR, JPEG SOFn, GIF logical screen, WebP
    /// VP8/VP8L/VP8X), or nil when the format is unknown or the header is cut or unreadable.
    public static func read(_ data: Data) -> ImageHeader? {
        switch ImageValidation.format(of: data) {
        case .png?:
            guard data.hasBytes("IHDR", at: 12), let width = data.bigEndian(at: 16, size: 4),
                let height = data.bigEndian(at: 20, size: 4)
            else { return nil }
            return ImageHeader(width: width, height: height)
        case .jpeg?:
            return JPEGSegments(data).size.map { ImageHeader(width: $0.width, height: $0.height) }
        case .gif?:
            guard let width = data.littleEndian(at: 6, size: 2), let height = data.littleEndian(at: 8, size: 2) else {
                return nil
            }
            return ImageHeader(width: width, height: height)
        case .webp?:
            return webp(data)
        case nil:
            return nil
        }
    }

    /// Whether the picture is over `maxPixels`. Each side is checked first so the product of
    /// two 32-bit PNG sides cannot overflow.
    public var isTooLarge: Bool {
        width > Self.maxPixels || height > Self.maxPixels || width * height > Self.maxPixels
    }

    /// The refusal the core and the viewer both give for a picture over `maxPixels`.
    public var tooLargeError: APODError {
        APODError.pictureTooLarge(width: width, height: height)
    }

    /// The first chunk after "WEBP" says which bitstream follows; each stores its size its own way.
    private static func webp(_ data: Data) -> ImageHeader? {
        if data.hasBytes("VP8 ", at: 12) {
            // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sides.
            guard data.byte(at: 23) == 0x9D, data.byte(at: 24) == 0x01, data.byte(at: 25) == 0x2A,
                let width = data.littleEndian(at: 26, size: 2), let height = data.littleEndian(at: 28, size: 2)
            else { return nil }
            return ImageHeader(width: width & 0x3FFF, height: height & 0x3FFF)
        }
        if data.hasBytes("VP8L", at: 12) {
            // Lossless: the signature 2F, then width − 1 and height − 1 in 14 bits each.
            guard data.byte(at: 20) == 0x2F, let bits = data.littleEndian(at: 21, size: 4) else { return nil }
            return ImageHeader(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if data.hasBytes("VP8X", at: 12) {
            // Extended: 4 bytes of flags, then canvas width − 1 and height − 1 in 24 bits each.
            guard let width = data.littleEndian(at: 24, size: 3), let height = data.littleEndian(at: 27, size: 3) else {
                return nil
            }
            return ImageHeader(width: width + 1, height: height + 1)
        }
        return nil
    }
}
