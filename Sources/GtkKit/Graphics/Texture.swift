import CGtk
import Foundation

/// An immutable decoded image on the GPU side of GTK. GdkTexture is immutable and thread-safe,
/// so this wrapper may cross threads: decode in the background, show on the main thread.
/// It owns one reference, dropped when the wrapper goes away.
public final class Texture: @unchecked Sendable {
    let texturePointer: OpaquePointer
    public let width: Int
    public let height: Int

    /// Takes over an owned reference.
    init(owning pointer: OpaquePointer) {
        texturePointer = pointer
        width = Int(gdk_texture_get_width(pointer))
        height = Int(gdk_texture_get_height(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(texturePointer)) }

    var paintablePointer: OpaquePointer { texturePointer }

    /// Bytes of pixel memory this texture holds (4 bytes per pixel).
    public var byteCount: Int { width * height * 4 }

    /// Whether anything besides this wrapper holds the texture: a GtkPicture showing it, or a
    /// frame being drawn. Freeing the wrapper's reference then frees no memory. GObject has no
    /// call for this; its reference count (read atomically, as GObject itself does) is the answer.
    public var isShared: Bool {
        let count = UnsafeMutableRawPointer(texturePointer) + MemoryLayout<GObject>.offset(of: \GObject.ref_count)!
        return g_atomic_int_get(count.assumingMemoryBound(to: gint.self)) > 1
    }

    /// The pixels as a JPEG at `quality` (0–100), e.g. to keep a small thumbnail on disk.
    /// Safe on any thread; call it off the main one.
    public func jpegData(quality: Int = 85) -> Data? {
        guard let pixbuf = gdk_pixbuf_get_from_texture(texturePointer) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var buffer: UnsafeMutablePointer<CChar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(min(100, max(0, quality)))), nil]
        defer { (keys + values).forEach { free($0) } }
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, &error) != 0,
            let buffer
        else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// Every pixel, 4 bytes each in GDK's default memory layout (B, G, R, A premultiplied),
    /// row after row: for comparing whole renderings in tests.
    public func pixels() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: byteCount)
        gdk_texture_download(texturePointer, &pixels, gsize(width * 4))
        return pixels
    }

    /// The colour at (`x`, `y`) as 8-bit red, green, blue and alpha (premultiplied), e.g. to
    /// check in a test that two rendered widgets really look different.
    public func color(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        var pixels = [UInt8](repeating: 0, count: byteCount)
        gdk_texture_download(texturePointer, &pixels, gsize(width * 4))
        // GDK_MEMORY_DEFAULT: B8G8R8A8 premultiplied, in memory order.
        let offset = (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4
        return (pixels[offset + 2], pixels[offset + 1], pixels[offset], pixels[offset + 3])
    }

    /// Writes the texture as PNG (screenshots); false on failure.
    public func savePNG(to path: String) -> Bool {
        gdk_texture_save_to_png(texturePointer, path) != 0
    }
}
