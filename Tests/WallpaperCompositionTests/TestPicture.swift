import CGdkPixbuf
import Foundation

@testable import WallpaperComposition

/// Pictures the tests paint themselves (rectangles of colour and of noise), encoded as JPEG.
final class TestPicture {
    typealias Colour = (red: UInt8, green: UInt8, blue: UInt8)
    let width: Int
    let height: Int
    private let pixbuf: OpaquePointer

    init(width: Int, height: Int, colour: Colour) {
        self.width = width
        self.height = height
        pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))
        fill(CanvasRect(x: 0, y: 0, width: width, height: height), colour)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    func fill(_ rect: CanvasRect, _ colour: Colour) {
        let part = gdk_pixbuf_new_subpixbuf(pixbuf, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        gdk_pixbuf_fill(part, UInt32(colour.red) << 24 | UInt32(colour.green) << 16 | UInt32(colour.blue) << 8 | 0xFF)
        g_object_unref(UnsafeMutableRawPointer(part))
    }

    /// Grey noise of the given spread (0…255) around `level`: detail everywhere, like stars.
    func noise(_ rect: CanvasRect, level: Int = 128, spread: Int = 200, seed: UInt64 = 1) {
        var state = seed
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let value = UInt8(clamping: level - spread / 2 + Int(state >> 33) % max(1, spread))
                let pixel = pixels + y * stride + x * 3
                pixel[0] = value
                pixel[1] = value
                pixel[2] = value
            }
        }
    }

    /// The picture as a PNG (zlib-compressed: a plain colour takes a few kilobytes).
    var png: Data? {
        var buffer: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &length, "png", nil, nil, &error) != 0, let buffer else {
            g_clear_error(&error)
            return nil
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    var jpeg: Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        precondition(apod_pixbuf_save_jpeg(pixbuf, 95, &buffer, &length, &error) != 0)
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(length))
    }
}

extension RenderedBackground {
    /// Whether the pixel at (x, y) is within `tolerance` of `colour` on every channel.
    func pixel(x: Int, y: Int, isNear colour: TestPicture.Colour, tolerance: Int = 40) -> Bool {
        let found = pixel(x: x, y: y)
        return abs(Int(found.red) - Int(colour.red)) <= tolerance
            && abs(Int(found.green) - Int(colour.green)) <= tolerance
            && abs(Int(found.blue) - Int(colour.blue)) <= tolerance
    }
}
