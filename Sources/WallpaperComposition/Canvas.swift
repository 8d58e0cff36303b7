import APODCore
import CGdkPixbuf
import CPangoCairo

/// A cairo image surface the background is painted on (ARGB32, opaque once painted), with
/// its drawing context.
///
/// cairo makes no image surface with a side over 32,767 pixels (or without the memory): it
/// returns an "error surface" without pixels, and writing through its data pointer crashed
/// `apod today --wallpaper --caption` on a 1 × 100,000 PNG. Every surface's status is checked.
final class Canvas {
    let size: CanvasSize
    let surface: OpaquePointer
    let cairo: OpaquePointer
    /// The canvas whose pixels a region draws on, kept alive as long as the region.
    private let parent: Canvas?

    /// - Throws: `APODError.outOfResources` when cairo cannot make the surface.
    init(_ size: CanvasSize) throws {
        self.size = size
        surface = try Self.imageSurface(width: size.width, height: size.height)
        cairo = cairo_create(surface)
        parent = nil
    }

    /// A canvas drawing straight onto `rect` of `parent`'s pixels (one monitor of a spanned
    /// background): no copy, and everything measured on it sees only that region.
    /// - Throws: `APODError.outOfResources` when `rect` is not inside `parent`.
    init(region rect: CanvasRect, of parent: Canvas) throws {
        guard rect.width > 0, rect.height > 0,
            CanvasRect(x: 0, y: 0, width: parent.size.width, height: parent.size.height).contains(rect)
        else { throw APODError.outOfResources }
        cairo_surface_flush(parent.surface)
        let stride = cairo_image_surface_get_stride(parent.surface)
        let origin = cairo_image_surface_get_data(parent.surface)! + rect.y * Int(stride) + rect.x * 4
        guard
            let surface = cairo_image_surface_create_for_data(
                origin, CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height), stride),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw APODError.outOfResources }
        size = CanvasSize(width: rect.width, height: rect.height)
        self.surface = surface
        cairo = cairo_create(surface)
        self.parent = parent
    }

    /// A new ARGB32 image surface whose pixels exist; the caller destroys it.
    /// - Throws: `APODError.outOfResources` for a size cairo refuses or memory it cannot get.
    static func imageSurface(width: Int, height: Int) throws -> OpaquePointer {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { throw APODError.outOfResources }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_data(surface) != nil else {
            cairo_surface_destroy(surface)
            throw APODError.outOfResources
        }
        return surface
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        if let parent { cairo_surface_mark_dirty(parent.surface) }
    }

    /// A surface holding `pixbuf`'s pixels; the caller destroys it.
    /// - Throws: `APODError.outOfResources` when cairo cannot make it.
    static func surface(from pixbuf: OpaquePointer) throws -> OpaquePointer {
        let surface = try imageSurface(
            width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        cairo_surface_flush(surface)
        apod_pixbuf_to_argb32(pixbuf, cairo_image_surface_get_data(surface), cairo_image_surface_get_stride(surface))
        cairo_surface_mark_dirty(surface)
        return surface
    }

    func fill(red: Double, green: Double, blue: Double) {
        cairo_set_source_rgb(cairo, red, green, blue)
        cairo_paint(cairo)
    }

    /// Paints `pixbuf` with its top left corner at `origin`.
    func paint(_ pixbuf: OpaquePointer, at origin: CanvasRect) throws {
        let picture = try Self.surface(from: pixbuf)
        defer { cairo_surface_destroy(picture) }
        cairo_set_source_surface(cairo, picture, Double(origin.x), Double(origin.y))
        cairo_paint(cairo)
    }

    /// Paints `surface` stretched over the whole canvas, smoothly, its edge pixels extended.
    func paintStretched(_ surface: OpaquePointer, darkenedBy darkening: Double) {
        cairo_save(cairo)
        cairo_scale(
            cairo, Double(size.width) / Double(cairo_image_surface_get_width(surface)),
            Double(size.height) / Double(cairo_image_surface_get_height(surface)))
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_paint(cairo)
        cairo_restore(cairo)
        cairo_set_source_rgba(cairo, 0, 0, 0, darkening)
        cairo_paint(cairo)
    }

    /// The pixels as ARGB32 words, `stride` bytes a row, after pending drawing is done.
    func withPixels<T>(_ body: (_ pixels: UnsafePointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        return try body(
            UnsafePointer(cairo_image_surface_get_data(surface)), Int(cairo_image_surface_get_stride(surface)))
    }

    /// Brightness of the pixels in `rect`, at full resolution.
    func luminanceMap(of rect: CanvasRect) -> LuminanceMap {
        let area =
            rect.clipped(to: CanvasRect(x: 0, y: 0, width: size.width, height: size.height))
            ?? CanvasRect(x: 0, y: 0, width: 1, height: 1)
        return withPixels { pixels, stride in
            LuminanceMap(
                argb: pixels + area.y * stride + area.x * 4, stride: stride, width: area.width, height: area.height)
        }
    }

    /// The brightest channel (0…1) and the highest relative luminance over `rect`.
    func brightness(in rect: CanvasRect) -> (brightestChannel: Double, luminance: Double) {
        guard let area = rect.clipped(to: CanvasRect(x: 0, y: 0, width: size.width, height: size.height)) else {
            return (0, 0)
        }
        return withPixels { pixels, stride in
            var brightest: UInt32 = 0
            var luminance = 0.0
            let linear = Contrast.linearTable
            for y in area.y..<area.maxY {
                let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in area.x..<area.maxX {
                    let word = row[x]
                    let red = Int((word >> 16) & 0xFF)
                    let green = Int((word >> 8) & 0xFF)
                    let blue = Int(word & 0xFF)
                    brightest = max(brightest, UInt32(max(red, green, blue)))
                    luminance = max(luminance, 0.2126 * linear[red] + 0.7152 * linear[green] + 0.0722 * linear[blue])
                }
            }
            return (Double(brightest) / 255, luminance)
        }
    }

    /// The canvas as rows of ARGB32 words, without padding.
    func words() -> [UInt32] {
        withPixels { pixels, stride in
            var words = [UInt32](repeating: 0, count: size.area)
            words.withUnsafeMutableBytes { buffer in
                for y in 0..<size.height {
                    (buffer.baseAddress! + y * size.width * 4).copyMemory(
                        from: pixels + y * stride, byteCount: size.width * 4)
                }
            }
            return words
        }
    }
}
