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

    /// Takes a reference of its own on `pointer`.
    init(referencing pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
        width = Int(gdk_pixbuf_animation_get_width(pointer))
        height = Int(gdk_pixbuf_animation_get_height(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Loads an animated GIF from its bytes, through the loader stills use (in 64 KB pieces,
    /// stopping at the next one once `cancellable` is cancelled); nil when the bytes are not a
    /// GIF, hold a single frame, cannot be read, have frames over `maxFramePixels` (refused at
    /// the header: the still is enough), or loading was cancelled.
    public static func gif(_ data: Data, maxFramePixels: Int, cancellable: Cancellable? = nil) -> PixbufAnimation? {
        guard data.starts(with: Array("GIF8".utf8)),
            let decoder = try? PixbufStreamDecoder(
                cancellable: cancellable,
                chooseSize: { width, height in
                    width * height <= maxFramePixels ? (width, height) : nil
                })
        else { return nil }
        decoder.write(data)
        guard let animation = decoder.finishAnimation(), gdk_pixbuf_animation_is_static_image(animation.pointer) == 0
        else {
            return nil
        }
        return animation
    }
}
