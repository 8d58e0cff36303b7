import CGtk
import Foundation

/// Why GdkPixbuf could not turn bytes into a texture.
public enum PixbufDecodingError: Error, Equatable, Sendable {
    /// `chooseSize` refused the full dimensions before any pixel memory was allocated.
    case refused(width: Int, height: Int)
    /// The bytes are not an image GdkPixbuf can read; `message` is GdkPixbuf's own text.
    case unreadable(message: String)
}

/// Decodes image bytes with a GdkPixbufLoader. Safe on any thread; call it off the main one.
public enum PixbufDecoding {
    /// Bytes handed to the loader per write. Format modules buffer what they cannot consume yet
    /// and shift the rest down after each step, so one whole-file write copies the file over
    /// and over (hundreds of MB for a grid of 100); modest chunks keep that copying small.
    static let chunkSize = 64 * 1024

    /// Decodes `data`; once the header is read, `chooseSize(fullWidth, fullHeight)` returns the
    /// size to decode at, or nil to refuse. JPEG then decodes directly at 1/2, 1/4 or 1/8 scale;
    /// other formats are scaled after decoding. Animations give their first frame.
    public static func decode(_ data: Data,
                              chooseSize: @escaping (Int, Int) -> (width: Int, height: Int)?) throws -> Texture {
        guard let loader = gdk_pixbuf_loader_new() else { throw PixbufDecodingError.unreadable(message: "no loader") }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }

        let request = SizeRequest(chooseSize)
        apod_connect_int_int(UnsafeMutableRawPointer(loader), "size-prepared", { loader, width, height, data in
            let request = Unmanaged<SizeRequest>.fromOpaque(data!).takeUnretainedValue()
            request.prepare(loader: loader!.assumingMemoryBound(to: GdkPixbufLoader.self), width: Int(width), height: Int(height))
        }, Unmanaged.passRetained(request).toOpaque(), releaseBox)

        var error: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count > 0 else { return false }
            var offset = 0
            while offset < raw.count {
                let length = min(chunkSize, raw.count - offset)
                guard gdk_pixbuf_loader_write(loader, base + offset, gsize(length), &error) != 0 else { return false }
                // Refused at the header: the rest would only be skipped.
                if request.refusedSize != nil { return true }
                offset += length
            }
            return true
        }
        // Close even after a failed write (it frees the module's state); report the first error.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        if let refused = request.refusedSize {
            if let error { g_error_free(error) }
            throw PixbufDecodingError.refused(width: refused.width, height: refused.height)
        }
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            throw PixbufDecodingError.unreadable(message: message)
        }
        guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw PixbufDecodingError.unreadable(message: data.isEmpty ? "no data" : "incomplete image")
        }
        // Cameras store "rotate me" in EXIF instead of rotating pixels; honour it.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            return texture(from: pixbuf, fittingIn: request.targetSize)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let target = request.targetSize.map { size in
            gdk_pixbuf_get_width(upright) == gdk_pixbuf_get_width(pixbuf) ? size : (size.height, size.width)
        }
        return texture(from: upright, fittingIn: target)
    }

    /// Makes a texture, scaling down first when the loader ignored the requested size.
    private static func texture(from pixbuf: OpaquePointer, fittingIn target: (width: Int, height: Int)?) -> Texture {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        if let target, target.width < width || target.height < height,
           let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR) {
            defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
            return Texture(owning: gdk_texture_new_for_pixbuf(scaled))
        }
        return Texture(owning: gdk_texture_new_for_pixbuf(pixbuf))
    }
}

/// State shared with the "size-prepared" handler, which runs synchronously inside
/// `gdk_pixbuf_loader_write` on the decoding thread.
private final class SizeRequest {
    let chooseSize: (Int, Int) -> (width: Int, height: Int)?
    var targetSize: (width: Int, height: Int)?
    var refusedSize: (width: Int, height: Int)?

    init(_ chooseSize: @escaping (Int, Int) -> (width: Int, height: Int)?) {
        self.chooseSize = chooseSize
    }

    func prepare(loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
        guard let size = chooseSize(width, height) else {
            refusedSize = (width, height)
            // Size 0 tells the format module not to allocate the pixel buffer: GdkPixbuf's
            // convention for "header only" reads (see gdk_pixbuf_get_file_info).
            gdk_pixbuf_loader_set_size(loader, 0, 0)
            return
        }
        targetSize = size
        if size.width != width || size.height != height {
            gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
        }
    }
}
