import CGtk

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

    /// Writes the texture as PNG (screenshots); false on failure.
    public func savePNG(to path: String) -> Bool {
        gdk_texture_save_to_png(texturePointer, path) != 0
    }
}
