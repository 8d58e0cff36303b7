import APODCore
import CGdkPixbuf
import CPangoCairo
import Foundation

/// Makes the background copy of a picture: at the monitor's size in device pixels, fitted
/// (`FitPlan`), over a blurred, darkened copy of itself where it does not cover the screen, and
/// with an optional caption card (`Caption`) in the place with the least detail. The picture it
/// is given is never changed; the result is a new JPEG.
///
/// Runs anywhere but the GTK main thread (decoding and drawing take tens of milliseconds at
/// 4K): GdkPixbuf, cairo image surfaces and Pango's per-thread font map need no main loop, so
/// `apod` uses it without GTK.
public enum WallpaperComposer {
    public struct Request: Sendable {
        /// The background's size in device pixels; nil keeps the picture's own size (a caption
        /// only, no fitting).
        public var canvas: CanvasSize?
        /// Device pixels per logical pixel: the caption's text and margins grow with it.
        public var scaleFactor: Int
        public var fit: BackgroundFit
        public var caption: Caption?
        /// Canvas pixels per device pixel of the screen: above 1 for a monitor's region of a
        /// spanned background drawn at a larger scale than the monitor's own, whose enlargement
        /// limit is judged in the monitor's pixels.
        public var canvasPerDevicePixel: Double

        public init(
            canvas: CanvasSize?, scaleFactor: Int = 1, fit: BackgroundFit = .auto, caption: Caption? = nil,
            canvasPerDevicePixel: Double = 1
        ) {
            self.canvas = canvas
            self.scaleFactor = max(1, scaleFactor)
            self.fit = fit
            self.caption = caption
            self.canvasPerDevicePixel = max(1, canvasPerDevicePixel)
        }

        var maxUpscale: Double { FitPlan.maxUpscale * canvasPerDevicePixel }
    }

    /// The JPEG quality of the background copy.
    static let quality = 92
    /// A background copy at most this many pixels on a side (two 8K monitors side by side).
    public static let maxSide = 16_384
    /// The blurred backdrop is drawn from a copy this many times smaller than the canvas.
    static let backdropReduction = 24
    static let backdropDarkening = 0.45

    /// - Throws: `APODError.notAnImage`, `.imageTooLarge`, `.damagedImage` (from decoding).
    public static func compose(_ picture: Data, _ request: Request) throws -> ComposedBackground {
        let (canvas, report) = try draw(picture, request)
        let jpeg = try canvas.withPixels { pixels, stride in try JPEG.encode(pixels, stride: stride, size: canvas.size)
        }
        return ComposedBackground(jpeg: jpeg, report: report)
    }

    /// The same, as pixels (for measuring), not encoded.
    public static func render(_ picture: Data, _ request: Request) throws -> RenderedBackground {
        let (canvas, report) = try draw(picture, request)
        return RenderedBackground(size: canvas.size, words: canvas.words(), report: report)
    }

    /// The canvas for a picture of `size` when none is asked for: its own size, made smaller
    /// (its shape kept) to at most `maxSide` on a side, as cairo makes no surface over 32,767.
    static func ownCanvas(for size: CanvasSize) -> CanvasSize {
        let scale = min(1, Double(maxSide) / Double(max(size.width, size.height, 1)))
        return CanvasSize(
            width: min(maxSide, max(1, Int((Double(size.width) * scale).rounded()))),
            height: min(maxSide, max(1, Int((Double(size.height) * scale).rounded()))))
    }

    private static func draw(_ picture: Data, _ request: Request) throws -> (Canvas, CompositionReport) {
        try draw(picture, request) { try Canvas($0) }
    }

    /// Decodes `picture` at the size the plan needs and paints it, fitted, with its caption,
    /// on the canvas `makeCanvas` gives for the canvas size (a new one, or a monitor's region
    /// of a spanned background).
    static func draw(
        _ picture: Data, _ request: Request, on makeCanvas: (CanvasSize) throws -> Canvas
    ) throws -> (Canvas, CompositionReport) {
        let plan = { (size: CanvasSize) in
            FitPlan(
                picture: size, canvas: request.canvas ?? ownCanvas(for: size), fit: request.fit,
                maxUpscale: request.maxUpscale)
        }
        let decoded = try DecodedPicture(picture) { plan($0).scale }
        let canvasSize = request.canvas ?? ownCanvas(for: decoded.size)
        let centre =
            canvasSize == decoded.size ? UnitPoint.centre : try decoded.luminanceMap(longSide: 64).centreOfInterest
        let fit = FitPlan(
            picture: decoded.size, canvas: canvasSize, fit: request.fit, centre: centre, maxUpscale: request.maxUpscale)
        let canvas = try makeCanvas(canvasSize)
        canvas.fill(red: 0, green: 0, blue: 0)
        if fit.needsBackdrop { try paintBackdrop(of: decoded, on: canvas) }
        let scaled = try decoded.scaled(to: fit.placement, showing: fit.visible)
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        try canvas.paint(scaled, at: fit.visible)

        let card = request.caption.flatMap { draw($0, on: canvas, scaleFactor: request.scaleFactor) }
        return (canvas, CompositionReport(canvas: canvasSize, fit: fit, centreOfInterest: centre, card: card))
    }

    /// The picture stretched to cover the canvas, blurred and darkened: from a copy 24 times
    /// smaller, box-blurred three times (close to a Gaussian), drawn back up smoothly.
    private static func paintBackdrop(of picture: DecodedPicture, on canvas: Canvas) throws {
        let small = CanvasSize(
            width: max(4, canvas.size.width / backdropReduction),
            height: max(4, canvas.size.height / backdropReduction))
        let covering = try picture.covering(small)
        defer { g_object_unref(UnsafeMutableRawPointer(covering)) }
        let surface = try Canvas.surface(from: covering)
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        BoxBlur.apply(
            to: cairo_image_surface_get_data(surface)!, stride: Int(cairo_image_surface_get_stride(surface)),
            size: small, radius: 2, passes: 3)
        cairo_surface_mark_dirty(surface)
        canvas.paintStretched(surface, darkenedBy: backdropDarkening)
    }

    /// Lays the card out, smaller when it must be, at the candidate place with the least detail,
    /// on a backdrop dark enough for 4.5:1; nil when no size fits (a tiny canvas).
    private static func draw(_ caption: Caption, on canvas: Canvas, scaleFactor: Int) -> CardReport? {
        let sentenceOptions = caption.sentence == nil ? [0] : [3, 2, 1, 0]
        for shrink in [1.0, 0.85, 0.72, 0.6, 0.5] {
            for sentenceLines in sentenceOptions {
                let geometry = CaptionGeometry(
                    canvas: canvas.size, scale: scaleFactor, unit: Double(scaleFactor) * shrink)
                let padding = Int((CaptionCard.paddingSize * geometry.unit).rounded())
                let corner = CaptionCard(
                    caption, unit: geometry.unit,
                    limits: geometry.cornerLimits(padding: padding, sentenceLines: sentenceLines),
                    context: canvas.cairo)
                let band = CaptionCard(
                    caption, unit: geometry.unit,
                    limits: geometry.bandLimits(padding: padding, sentenceLines: sentenceLines),
                    context: canvas.cairo)
                var candidates: [(place: CaptionPlace, rect: CanvasRect, detail: Double)] = []
                for place in CaptionPlace.allCases {
                    guard let rect = geometry.rect(for: place, card: (place.isBand ? band : corner).size) else {
                        continue
                    }
                    let behind = canvas.luminanceMap(of: rect)
                    candidates.append(
                        (place, rect, behind.detail(in: CanvasRect(x: 0, y: 0, width: rect.width, height: rect.height)))
                    )
                }
                guard let best = candidates.min(by: { $0.detail < $1.detail }) else { continue }
                let card = best.place.isBand ? band : corner
                let textRect = card.textRect(at: best.rect)
                let opacity = Contrast.backdropOpacity(
                    brightestChannel: canvas.brightness(in: textRect).brightestChannel)
                card.drawBackdrop(in: best.rect, opacity: opacity, on: canvas.cairo)
                let behindText = canvas.brightness(in: textRect).luminance
                card.drawText(in: best.rect, on: canvas.cairo)
                return CardReport(
                    place: best.place, rect: best.rect,
                    areaFraction: Double(best.rect.area) / Double(canvas.size.area),
                    contrast: Contrast.ratio(1, behindText), backdropOpacity: opacity,
                    candidates: Dictionary(
                        uniqueKeysWithValues: candidates.map {
                            ($0.place, CandidatePlace(rect: $0.rect, detail: $0.detail))
                        }),
                    shrink: shrink, isRightToLeft: card.isRightToLeft, unknownGlyphs: card.unknownGlyphs)
            }
        }
        return nil
    }
}

/// What a composition did, measured on its own pixels (tests and the sample check read it).
public struct CompositionReport: Sendable {
    public let canvas: CanvasSize
    public let fit: FitPlan
    public let centreOfInterest: UnitPoint
    /// nil without a caption, or when no card fits the canvas.
    public let card: CardReport?
}

public struct CardReport: Sendable {
    public let place: CaptionPlace
    public let rect: CanvasRect
    /// The card's area over the canvas's.
    public let areaFraction: Double
    /// White against the brightest backdrop pixel behind the text, as painted.
    public let contrast: Double
    public let backdropOpacity: Double
    /// Each candidate place's card and gradient energy (the card went to the least).
    public let candidates: [CaptionPlace: CandidatePlace]
    /// 1 at full size, less when the card had to be smaller to fit.
    public let shrink: Double
    public let isRightToLeft: Bool
    /// Characters drawn as boxes for want of a font.
    public let unknownGlyphs: Int
}

public struct CandidatePlace: Sendable {
    public let rect: CanvasRect
    /// Mean gradient energy behind the card, measured on the canvas's pixels.
    public let detail: Double
}

/// The background copy as the pixels drawn.
public struct RenderedBackground: Sendable {
    public let size: CanvasSize
    /// ARGB32 words, row after row.
    public let words: [UInt32]
    public let report: CompositionReport

    /// The colour at (x, y).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let word = words[y * size.width + x]
        return (UInt8((word >> 16) & 0xFF), UInt8((word >> 8) & 0xFF), UInt8(word & 0xFF))
    }

    /// - Throws: `APODError.outOfResources` when GdkPixbuf cannot allocate or encode it.
    public func jpeg() throws -> Data {
        try words.withUnsafeBytes {
            try JPEG.encode($0.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: size.width * 4, size: size)
        }
    }
}

/// Opaque ARGB32 pixels as a JPEG, through GdkPixbuf.
enum JPEG {
    /// - Throws: `APODError.outOfResources` when GdkPixbuf cannot allocate or encode it.
    static func encode(_ pixels: UnsafePointer<UInt8>, stride: Int, size: CanvasSize) throws -> Data {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(size.width), Int32(size.height)) else {
            throw APODError.outOfResources
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        apod_argb32_to_pixbuf(pixels, Int32(stride), pixbuf)
        var buffer: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard apod_pixbuf_save_jpeg(pixbuf, Int32(WallpaperComposer.quality), &buffer, &length, &error) != 0, let buffer
        else {
            g_clear_error(&error)
            throw APODError.outOfResources
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }
}

public struct ComposedBackground: Sendable {
    public let jpeg: Data
    public let report: CompositionReport
}
