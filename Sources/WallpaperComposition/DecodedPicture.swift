import APODCore
import CGdkPixbuf
import Foundation

/// A picture decoded by GdkPixbuf (JPEG, PNG, GIF's first frame, WebP with Debian's loader),
/// turned upright by its EXIF orientation, and decoded no larger than the background needs:
/// JPEG decodes at 1/2, 1/4 or 1/8 directly, so a 6000 px original for a 1920 px screen never
/// exists at full size in memory.
final class DecodedPicture {
    let pixbuf: OpaquePointer
    let size: CanvasSize

    /// - Parameter scaleFor: the scale the background will draw a picture of a given size at.
    /// - Throws: `APODError.notAnImage` for an unknown format, `.imageTooLarge` over
    ///   `ImageHeader.maxPixels`, `.damagedImage` when GdkPixbuf cannot decode it.
    init(_ data: Data, scaleFor: (CanvasSize) -> Double) throws {
        guard let header = ImageHeader.read(data), header.width > 0, header.height > 0 else {
            throw APODError.notAnImage
        }
        if header.isTooLarge { throw header.tooLargeError }
        // The orientation is known only once decoded: allow for the picture being turned.
        let stored = CanvasSize(width: header.width, height: header.height)
        let turned = CanvasSize(width: header.height, height: header.width)
        let shrink = min(1, max(scaleFor(stored), scaleFor(turned)))
        // A GIF's still is its first frame: GdkPixbuf's GIF loader would take in every frame,
        // at a cost quadratic in their number (200,000 frames: about 100 s of CPU).
        let still = GIFBlocks.firstFrame(of: data) ?? data
        let reducedWidth = Int32((Double(stored.width) * shrink).rounded(.up))
        let reducedHeight = Int32((Double(stored.height) * shrink).rounded(.up))
        // GdkPixbuf decodes a PNG whole before scaling it (331 MB for 10000 × 10000): reduce
        // it row by row instead; an interlaced one takes the usual way.
        if shrink < 0.999, ImageValidation.format(of: data) == .png,
            let reduced = data.withUnsafeBytes({
                apod_png_decode_reduced(
                    $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, reducedWidth, reducedHeight)
            })
        {
            pixbuf = reduced
            size = CanvasSize(width: Int(gdk_pixbuf_get_width(reduced)), height: Int(gdk_pixbuf_get_height(reduced)))
            return
        }
        let bytes = still.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        g_bytes_unref(bytes)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        let decoded: OpaquePointer?
        if shrink < 0.999 {
            decoded = gdk_pixbuf_new_from_stream_at_scale(stream, reducedWidth, reducedHeight, 1, nil, &error)
        } else {
            decoded = gdk_pixbuf_new_from_stream(stream, nil, &error)
        }
        g_clear_error(&error)
        guard let decoded else { throw APODError.damagedImage }
        let upright = gdk_pixbuf_apply_embedded_orientation(decoded)
        g_object_unref(UnsafeMutableRawPointer(decoded))
        guard let upright else { throw APODError.damagedImage }
        pixbuf = upright
        size = CanvasSize(width: Int(gdk_pixbuf_get_width(upright)), height: Int(gdk_pixbuf_get_height(upright)))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// The part of the picture scaled to `placement` that falls in `visible` (both on the
    /// canvas), as a new RGBA pixbuf of `visible`'s size.
    /// - Throws: `APODError.outOfResources` when GdkPixbuf cannot allocate it.
    func scaled(to placement: CanvasRect, showing visible: CanvasRect) throws -> OpaquePointer {
        guard visible.width > 0, visible.height > 0, visible.width <= Int(Int32.max), visible.height <= Int(Int32.max),
            let target = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(visible.width), Int32(visible.height))
        else { throw APODError.outOfResources }
        gdk_pixbuf_fill(target, 0)
        gdk_pixbuf_scale(
            pixbuf, target, 0, 0, Int32(visible.width), Int32(visible.height),
            Double(placement.x - visible.x), Double(placement.y - visible.y),
            Double(placement.width) / Double(size.width), Double(placement.height) / Double(size.height),
            GDK_INTERP_BILINEAR)
        return target
    }

    /// The picture scaled to cover `cover` (cropped at its middle), as a new RGBA pixbuf.
    func covering(_ cover: CanvasSize) throws -> OpaquePointer {
        let scale = max(Double(cover.width) / Double(size.width), Double(cover.height) / Double(size.height))
        let placement = CanvasRect(
            x: Int((Double(cover.width) - Double(size.width) * scale) / 2),
            y: Int((Double(cover.height) - Double(size.height) * scale) / 2),
            width: Int((Double(size.width) * scale).rounded(.up)),
            height: Int((Double(size.height) * scale).rounded(.up)))
        return try scaled(to: placement, showing: CanvasRect(x: 0, y: 0, width: cover.width, height: cover.height))
    }

    /// Brightness on a grid whose longer side is `longSide` cells, for the centre of interest.
    func luminanceMap(longSide: Int) throws -> LuminanceMap {
        let factor = min(1, Double(longSide) / Double(max(size.width, size.height)))
        let grid = CanvasSize(
            width: max(1, Int(Double(size.width) * factor)), height: max(1, Int(Double(size.height) * factor)))
        let small = try scaled(
            to: CanvasRect(x: 0, y: 0, width: grid.width, height: grid.height),
            showing: CanvasRect(x: 0, y: 0, width: grid.width, height: grid.height))
        defer { g_object_unref(UnsafeMutableRawPointer(small)) }
        let stride = grid.width * 4
        var words = [UInt8](repeating: 0, count: stride * grid.height)
        words.withUnsafeMutableBufferPointer { apod_pixbuf_to_argb32(small, $0.baseAddress, Int32(stride)) }
        return words.withUnsafeBufferPointer {
            LuminanceMap(argb: $0.baseAddress!, stride: stride, width: grid.width, height: grid.height)
        }
    }
}
