import CGtk
import Foundation

/// An animated picture (GdkPixbufAnimation), loaded off the main thread and played with
/// `AnimationPlayer`. GdkPixbuf's GIF module keeps each frame LZW-compressed and composites
/// one at a time, so the memory held is about the file's size plus one frame.
/// Not changed after loading, so it may cross threads once; owns one reference.
public final class PixbufAnimation: @unchecked Sendable {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
        width = Int(gdk_pixbuf_animation_get_width(pointer))
        height = Int(gdk_pixbuf_animation_get_height(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Loads an animated GIF from its bytes; nil when the bytes are not a GIF, hold a single
    /// frame, cannot be read, or have frames over `maxFramePixels` (then the still is enough).
    public static func gif(_ data: Data, maxFramePixels: Int) -> PixbufAnimation? {
        guard data.starts(with: Array("GIF8".utf8)) else { return nil }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        g_bytes_unref(bytes)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        guard let pointer = gdk_pixbuf_animation_new_from_stream(stream, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        let animation = PixbufAnimation(owning: pointer)
        guard gdk_pixbuf_animation_is_static_image(pointer) == 0,
              animation.width * animation.height <= maxFramePixels else { return nil }
        return animation
    }
}
