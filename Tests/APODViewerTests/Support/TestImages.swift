import CGtk
import Foundation

/// Image files made on the fly with GdkPixbuf, so tests need no binary fixtures: a diagonal
/// colour gradient whose hue follows the size (pleasant in screenshots, compresses well).
enum TestImages {
    static func jpeg(width: Int, height: Int) -> Data { encode(width: width, height: height, type: "jpeg") }
    static func png(width: Int, height: Int) -> Data { encode(width: width, height: height, type: "png") }
    /// Needs the WebP GdkPixbuf module (`webp-pixbuf-loader`, installed by scripts/install-deps).
    static func webp(width: Int, height: Int) -> Data? {
        try? encodeOrThrow(width: width, height: height, type: "webp")
    }

    private struct EncodingFailed: Error {}

    private static func encode(width: Int, height: Int, type: String) -> Data {
        guard let data = try? encodeOrThrow(width: width, height: height, type: type) else {
            fatalError("could not encode a \(type) test image")
        }
        return data
    }

    private static func encodeOrThrow(width: Int, height: Int, type: String) throws -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let hue = Double((width * 7 + height * 13) % 360) / 360
        for y in 0..<height {
            for x in 0..<width {
                let offset = y * stride + x * 3
                let fx = Double(x) / Double(max(1, width - 1))
                let fy = Double(y) / Double(max(1, height - 1))
                let glow = 1 - fx * fy
                pixels[offset] = UInt8(10 + 150 * glow * hue + 40 * fx)
                pixels[offset + 1] = UInt8(20 + 90 * fy * (1 - hue) + 30 * glow)
                pixels[offset + 2] = UInt8(60 + 150 * glow * (1 - hue / 2))
            }
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error) != 0, let buffer else {
            if let error { g_error_free(error) }
            throw EncodingFailed()
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// `jpeg` plus an EXIF block saying "rotate 90° clockwise to view" (orientation 6), as
    /// cameras write for portrait shots.
    static func jpegRotatedByEXIF(width: Int, height: Int) -> Data {
        let exif: [UInt8] =
            Array("Exif".utf8) + [
                0, 0, 0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0,
                0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0,
            ]
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
        let plain = jpeg(width: width, height: height)
        return plain.prefix(2) + Data(segment) + plain.dropFirst(2)
    }

    /// The bundled animated GIF of the offline sample (several frames).
    static var animatedGIF: Data? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/sample/images/moon-transit.gif").standardized
        return try? Data(contentsOf: url)
    }
}
