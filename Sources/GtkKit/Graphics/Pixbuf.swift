import CGtk
import Foundation

/// An RGB picture in memory (a GdkPixbuf), for tools that make, resize or fully decode pictures
/// themselves, such as the bench's picture server and its naive baseline. The viewer decodes
/// at size with `PixbufDecoding`. Immutable once made, so it may cross threads; owns one
/// reference, dropped when the wrapper goes away.
public final class Pixbuf: @unchecked Sendable {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    /// Takes over an owned reference.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
        width = Int(gdk_pixbuf_get_width(pointer))
        height = Int(gdk_pixbuf_get_height(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// A `width`×`height` picture, 8-bit RGB without alpha, whose rows `fill(y, row)` writes
    /// (`row` holds `width * 3` bytes).
    public convenience init(width: Int, height: Int, fill: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) {
        let pointer = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pointer))
        let pixels = gdk_pixbuf_get_pixels(pointer)!
        for y in 0..<height {
            fill(y, UnsafeMutableBufferPointer(start: pixels + y * stride, count: width * 3))
        }
        self.init(owning: pointer)
    }

    /// Decodes a whole file's bytes at full size, whatever size it will be shown at.
    public static func decode(_ data: Data) throws -> Pixbuf {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        g_bytes_unref(bytes)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_stream(stream, nil, &error) else {
            throw PixbufDecodingError.unreadable(message: takeMessage(error, or: "could not decode the picture"))
        }
        return Pixbuf(owning: pixbuf)
    }

    /// The picture file at `path`, scaled (up or down) so it fits `longSide` on both sides.
    public static func load(file path: String, fittingIn longSide: Int) throws -> Pixbuf {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, Int32(longSide), Int32(longSide), 1, &error) else {
            throw PixbufDecodingError.unreadable(message: takeMessage(error, or: "could not read \(path)"))
        }
        return Pixbuf(owning: pixbuf)
    }

    /// This picture `width` pixels wide, the aspect ratio kept (bilinear).
    public func scaled(toWidth width: Int) -> Pixbuf {
        let height = max(1, self.height * width / max(1, self.width))
        return Pixbuf(owning: gdk_pixbuf_scale_simple(pointer, Int32(width), Int32(height), GDK_INTERP_BILINEAR))
    }

    /// A texture of these pixels, as a widget would show them.
    public func texture() -> Texture {
        Texture(owning: gdk_texture_new_for_pixbuf(pointer))
    }

    private static func takeMessage(_ error: UnsafeMutablePointer<GError>?, or fallback: String) -> String {
        guard let error else { return fallback }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? fallback
    }
}
