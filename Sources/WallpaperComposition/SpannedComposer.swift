import APODCore
import Foundation

/// Makes one background for every monitor of a desktop, for GNOME's `spanned` placement: a
/// canvas the size of the monitors' layout (`MonitorLayout.canvasSize`), black where no monitor
/// is, each monitor's region painted as `WallpaperComposer` paints a single screen — its own
/// picture fitted to that monitor's shape, its own caption card placed on that monitor by the
/// same rules (least detail, below the top bar, at most 12 % of the monitor).
///
/// Each region is drawn straight onto the shared canvas, one picture decoded at a time, so the
/// peak memory is the canvas plus one decoded picture. Runs anywhere but the GTK main thread.
public enum SpannedComposer {
    /// What one monitor shows.
    public struct Screen: Sendable {
        public var picture: Data
        public var fit: BackgroundFit
        public var caption: Caption?

        public init(picture: Data, fit: BackgroundFit = .auto, caption: Caption? = nil) {
            self.picture = picture
            self.fit = fit
            self.caption = caption
        }
    }

    /// - Parameter screens: one per monitor of `layout`, in its order.
    /// - Throws: decoding errors of any picture (`notAnImage`, `imageTooLarge`, `damagedImage`); `outOfResources`.
    public static func compose(_ layout: MonitorLayout, screens: [Screen]) throws -> ComposedSpan {
        let (canvas, reports) = try draw(layout, screens)
        let jpeg = try canvas.withPixels { pixels, stride in
            try JPEG.encode(pixels, stride: stride, size: canvas.size)
        }
        return ComposedSpan(jpeg: jpeg, size: canvas.size, monitors: reports)
    }

    /// The same, as pixels (for measuring), not encoded.
    public static func render(_ layout: MonitorLayout, screens: [Screen]) throws -> RenderedSpan {
        let (canvas, reports) = try draw(layout, screens)
        return RenderedSpan(size: canvas.size, words: canvas.words(), monitors: reports)
    }

    private static func draw(_ layout: MonitorLayout, _ screens: [Screen]) throws -> (Canvas, [CompositionReport]) {
        precondition(screens.count == layout.monitors.count, "one screen per monitor")
        let canvas = try Canvas(layout.canvasSize)
        canvas.fill(red: 0, green: 0, blue: 0)
        var reports: [CompositionReport] = []
        for (index, screen) in screens.enumerated() {
            let region = layout.region(of: index)
            let request = WallpaperComposer.Request(
                canvas: region.size, scaleFactor: layout.canvasScale, fit: screen.fit, caption: screen.caption,
                canvasPerDevicePixel: Double(layout.canvasScale) / Double(max(1, layout.monitors[index].scale)))
            let (_, report) = try WallpaperComposer.draw(screen.picture, request) { _ in
                try Canvas(region: region, of: canvas)
            }
            reports.append(report)
        }
        return (canvas, reports)
    }
}

/// A spanned background: the JPEG and what was drawn on each monitor (in the layout's order;
/// each report's rectangles are in that monitor's region).
public struct ComposedSpan: Sendable {
    public let jpeg: Data
    public let size: CanvasSize
    public let monitors: [CompositionReport]
}

/// A spanned background as the pixels drawn.
public struct RenderedSpan: Sendable {
    public let size: CanvasSize
    /// ARGB32 words, row after row.
    public let words: [UInt32]
    public let monitors: [CompositionReport]

    /// The colour at (x, y) of the whole canvas.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let word = words[y * size.width + x]
        return (UInt8((word >> 16) & 0xFF), UInt8((word >> 8) & 0xFF), UInt8(word & 0xFF))
    }
}

extension CanvasRect {
    /// The rectangle's size.
    public var size: CanvasSize { CanvasSize(width: width, height: height) }
}
