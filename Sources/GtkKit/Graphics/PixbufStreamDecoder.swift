import CGtk
import Foundation

/// One picture decoded with a GdkPixbufLoader while its bytes arrive: `write` each piece as it
/// comes, then `finish`. Use it from one thread at a time, never the main one.
///
/// Once the header has been read, `chooseSize(fullWidth, fullHeight)` returns the size to decode
/// at, or nil to refuse before any pixel memory exists; JPEG then decodes directly at 1/2, 1/4
/// or 1/8 scale, other formats are scaled after decoding. Animations give their first frame.
/// After a refusal or an error further writes are skipped, and `finish` reports the first.
/// Once `cancellable` is cancelled (from any thread) writes stop at the next piece.
public final class PixbufStreamDecoder {
    /// Bytes handed to the loader per write. Format modules buffer what they cannot consume yet
    /// and shift the rest down after each step, so one large write copies it over and over;
    /// modest pieces keep that copying small.
    static let pieceSize = 64 * 1024

    private let loader: UnsafeMutablePointer<GdkPixbufLoader>
    private let request: SizeRequest
    private let cancellable: Cancellable?
    private var error: UnsafeMutablePointer<GError>?
    private var failed = false
    private var closed = false
    /// Bytes handed to the loader so far.
    public private(set) var byteCount = 0

    public init(cancellable: Cancellable? = nil, chooseSize: @escaping (Int, Int) -> (width: Int, height: Int)?) throws
    {
        guard let loader = gdk_pixbuf_loader_new() else { throw PixbufDecodingError.unreadable(message: "no loader") }
        self.loader = loader
        self.cancellable = cancellable
        request = SizeRequest(chooseSize)
        apod_connect_int_int(
            UnsafeMutableRawPointer(loader), "size-prepared",
            { loader, width, height, data in
                let request = Unmanaged<SizeRequest>.fromOpaque(data!).takeUnretainedValue()
                request.prepare(
                    loader: loader!.assumingMemoryBound(to: GdkPixbufLoader.self), width: Int(width),
                    height: Int(height))
            }, Unmanaged.passRetained(request).toOpaque(), releaseBox)
    }

    deinit {
        if !closed { gdk_pixbuf_loader_close(loader, nil) }
        if let error { g_error_free(error) }
        g_object_unref(UnsafeMutableRawPointer(loader))
    }

    /// The full size the header announced, once it has been read: the decoder has started.
    public var headerSize: (width: Int, height: Int)? {
        request.fullSize
    }

    /// Hands the next bytes to the loader (skipped after a refusal, an error or cancellation).
    public func write(_ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var offset = 0
            while offset < raw.count, !failed, !closed, request.refusedSize == nil, cancellable?.isCancelled != true {
                let length = min(Self.pieceSize, raw.count - offset)
                failed = gdk_pixbuf_loader_write(loader, base + offset, gsize(length), &error) == 0
                offset += length
                byteCount += length
            }
        }
    }

    /// Ends the picture and returns it.
    ///
    /// - Throws: `PixbufDecodingError.refused` when `chooseSize` refused the size,
    ///   `.unreadable` for bytes GdkPixbuf cannot read or a picture that stops short,
    ///   `.cancelled` once the cancellable was cancelled.
    public func finish() throws -> Texture {
        // Close even after a failed write (it frees the module's state); report the first error.
        var closeError: UnsafeMutablePointer<GError>?
        let closedCleanly = gdk_pixbuf_loader_close(loader, &closeError) != 0
        closed = true
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        if cancellable?.isCancelled == true { throw PixbufDecodingError.cancelled }
        if let refused = request.refusedSize {
            throw PixbufDecodingError.refused(width: refused.width, height: refused.height)
        }
        if let error {
            throw PixbufDecodingError.unreadable(message: String(cString: error.pointee.message))
        }
        guard byteCount > 0, !failed, closedCleanly, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw PixbufDecodingError.unreadable(message: byteCount == 0 ? "no data" : "incomplete image")
        }
        // Cameras store "rotate me" in EXIF instead of rotating pixels; honour it.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            return Self.texture(from: pixbuf, fittingIn: request.targetSize)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let target = request.targetSize.map { size in
            gdk_pixbuf_get_width(upright) == gdk_pixbuf_get_width(pixbuf) ? size : (size.height, size.width)
        }
        return Self.texture(from: upright, fittingIn: target)
    }

    /// Ends the bytes and returns the animation the loader built from them (every frame of a
    /// GIF, not the still), or nil when they could not be read, `chooseSize` refused their
    /// size, or decoding was cancelled.
    public func finishAnimation() -> PixbufAnimation? {
        let closedCleanly = gdk_pixbuf_loader_close(loader, nil) != 0
        closed = true
        guard closedCleanly, error == nil, !failed, byteCount > 0, request.refusedSize == nil,
            cancellable?.isCancelled != true,
            let animation = gdk_pixbuf_loader_get_animation(loader)
        else { return nil }
        return PixbufAnimation(referencing: animation)
    }

    /// Makes a texture, scaling down first when the loader ignored the requested size.
    private static func texture(from pixbuf: OpaquePointer, fittingIn target: (width: Int, height: Int)?) -> Texture {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        if let target, target.width < width || target.height < height,
            let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR)
        {
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
    var fullSize: (width: Int, height: Int)?
    var targetSize: (width: Int, height: Int)?
    var refusedSize: (width: Int, height: Int)?

    init(_ chooseSize: @escaping (Int, Int) -> (width: Int, height: Int)?) {
        self.chooseSize = chooseSize
    }

    func prepare(loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
        fullSize = (width, height)
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
