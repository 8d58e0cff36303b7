import APODCore

/// Where a picture goes on a background of the screen's size.
///
/// A picture whose shape is within `aspectTolerance` of the screen's (wider or narrower by at
/// most 25 %) is scaled to fill the screen and cropped around its centre of interest; any other
/// (a portrait on a landscape screen, a panorama) is scaled to show whole, over a blurred,
/// darkened copy of itself. Either way it is never enlarged more than `maxUpscale`: a small
/// picture stays smaller than the screen, centred (or, when still too wide or tall, cropped
/// around its centre of interest) on that backdrop.
public struct FitPlan: Equatable, Sendable {
    public static let maxUpscale = 1.5
    public static let aspectTolerance = 1.25

    public enum Kind: String, Sendable {
        case fill, whole
    }

    public let kind: Kind
    /// Canvas pixels per picture pixel.
    public let scale: Double
    /// Where the scaled picture lies on the canvas; outside the canvas where it is cropped.
    public let placement: CanvasRect
    public let canvas: CanvasSize

    /// - Parameters:
    ///   - picture: the picture's size in its own pixels (after its EXIF orientation).
    ///   - centre: its centre of interest, which a crop keeps as near the canvas's middle as it can.
    ///   - maxUpscale: canvas pixels per picture pixel at most; more than `FitPlan.maxUpscale` on a
    ///     canvas that has more pixels than its screen (a scale-1 monitor's region of a spanned
    ///     background drawn at scale 2), so the limit holds in the screen's own pixels.
    public init(
        picture: CanvasSize, canvas: CanvasSize, fit: BackgroundFit, centre: UnitPoint = .centre,
        maxUpscale: Double = FitPlan.maxUpscale
    ) {
        self.canvas = canvas
        let ratio = picture.aspect / canvas.aspect
        let similar = max(ratio, 1 / ratio) <= Self.aspectTolerance
        kind = fit == .fill || (fit == .auto && similar) ? .fill : .whole
        let widthScale = Double(canvas.width) / Double(picture.width)
        let heightScale = Double(canvas.height) / Double(picture.height)
        let natural = kind == .fill ? max(widthScale, heightScale) : min(widthScale, heightScale)
        scale = min(natural, maxUpscale)
        let width = max(1, Int((Double(picture.width) * scale).rounded()))
        let height = max(1, Int((Double(picture.height) * scale).rounded()))
        placement = CanvasRect(
            x: Self.offset(length: width, in: canvas.width, centre: centre.x),
            y: Self.offset(length: height, in: canvas.height, centre: centre.y),
            width: width, height: height)
    }

    /// Centred when it fits; otherwise as near as possible to putting `centre` in the middle.
    private static func offset(length: Int, in available: Int, centre: Double) -> Int {
        guard length > available else { return (available - length) / 2 }
        let wanted = Double(available) / 2 - centre * Double(length)
        return Int(min(0, max(Double(available - length), wanted)).rounded())
    }

    public var canvasRect: CanvasRect { CanvasRect(x: 0, y: 0, width: canvas.width, height: canvas.height) }

    /// Whether the picture leaves part of the canvas uncovered, for the blurred copy to fill.
    public var needsBackdrop: Bool { !placement.contains(canvasRect) }

    /// Whether every pixel of the picture is on the canvas (nothing cropped).
    public var showsWholePicture: Bool { canvasRect.contains(placement) }

    /// The part of the picture that is on the canvas.
    public var visible: CanvasRect { placement.clipped(to: canvasRect) ?? canvasRect }
}
