import CGtk
import Foundation

/// A GdkPixbuf or GdkTexture reference handed between threads. GdkPixbuf and GdkTexture are
/// immutable once built, so sharing the pointer is safe; whoever holds it last unrefs it.
struct GObjectRef: @unchecked Sendable {
    let pointer: OpaquePointer

    func release() { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// The GdkPixbuf calls the bench itself needs: generating and resizing pictures for its server,
/// and the naive row's full-size decode. The pipeline rows use the viewer's own decoder.
enum Pixbufs {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A `width`×`height` procedural "sky": smooth swirls plus grain, so the JPEG is about as
    /// large and as costly to decode as a real HD photograph (2–3 MB at this size).
    static func generate(width: Int, height: Int, seed: UInt32) -> GObjectRef {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var noise = seed | 1
        let phase = Double(seed % 17) * 0.37
        for y in 0..<height {
            let row = pixels + y * stride
            let fy = Double(y) / Double(height) - 0.5
            for x in 0..<width {
                let fx = Double(x) / Double(width) - 0.5
                let radius = (fx * fx + fy * fy).squareRoot()
                let swirl = sin(radius * 40 - atan2(fy, fx) * 3 + phase)
                noise ^= noise << 13
                noise ^= noise >> 17
                noise ^= noise << 5
                let grain = Double(Int(noise & 0x1F) - 16)
                let glow = max(0, 1 - radius * 2.2) * 200
                row[x * 3] = clampByte(glow + swirl * 40 + grain + 30)
                row[x * 3 + 1] = clampByte(glow * 0.7 + swirl * 25 + grain + 20)
                row[x * 3 + 2] = clampByte(glow * 0.5 - swirl * 30 + grain + 60)
            }
        }
        return GObjectRef(pointer: pixbuf)
    }

    /// Encodes as JPEG at `quality`.
    static func jpeg(_ pixbuf: GObjectRef, quality: Int = 90) throws -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let keys = [strdup("quality"), nil]
        let values = [strdup(String(quality)), nil]
        defer { (keys + values).forEach { free($0) } }
        var keyArray = keys
        var valueArray = values
        let ok = gdk_pixbuf_save_to_bufferv(pixbuf.pointer, &buffer, &size, "jpeg", &keyArray, &valueArray, &error)
        guard ok != 0, let buffer else { throw failure(error, "could not encode a JPEG") }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// What a naive viewer does: decode the whole picture at full size.
    static func decodeFull(_ data: Data) throws -> GObjectRef {
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBytes { raw in
            gdk_pixbuf_loader_write(loader, raw.bindMemory(to: guchar.self).baseAddress, gsize(raw.count), &error)
        }
        // Close even after a failed write (the loader insists); its own error is secondary.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if let closeError {
            if error == nil { error = closeError } else { g_error_free(closeError) }
        }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw failure(error, "could not decode a picture")
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return GObjectRef(pointer: pixbuf)
    }

    /// `pixbuf` scaled to `width` pixels wide, aspect kept.
    static func scaled(_ pixbuf: GObjectRef, width: Int) -> GObjectRef {
        let (w, h) = size(of: pixbuf)
        let height = max(1, h * width / max(1, w))
        return GObjectRef(pointer: gdk_pixbuf_scale_simple(pixbuf.pointer, Int32(width), Int32(height), GDK_INTERP_BILINEAR))
    }

    static func size(of pixbuf: GObjectRef) -> (width: Int, height: Int) {
        (Int(gdk_pixbuf_get_width(pixbuf.pointer)), Int(gdk_pixbuf_get_height(pixbuf.pointer)))
    }

    /// A texture for the pixbuf, as a grid cell would hold it.
    static func texture(_ pixbuf: GObjectRef) -> GObjectRef {
        GObjectRef(pointer: gdk_texture_new_for_pixbuf(pixbuf.pointer))
    }

    private static func clampByte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value)))
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, _ fallback: String) -> Failure {
        defer { if let error { g_error_free(error) } }
        guard let error, let message = error.pointee.message else { return Failure(description: fallback) }
        return Failure(description: "\(fallback): \(String(cString: message))")
    }
}
