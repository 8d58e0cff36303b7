/// The places a caption card may take: the four corners and a band along the bottom.
public enum CaptionPlace: String, CaseIterable, Sendable {
    // Declared in the order that breaks a tie in detail.
    case bottomRight, bottomLeft, bottomBand, topRight, topLeft

    var isBand: Bool { self == .bottomBand }
}

/// Where each place's card would sit on a canvas. A card keeps `margin` from every edge and
/// stays below GNOME's top bar (the shell draws it over the top of the background); a card
/// larger than `maxAreaFraction` of the canvas, or that does not fit, is no candidate.
struct CaptionGeometry {
    static let maxAreaFraction = 0.12
    /// GNOME Shell's top bar, in logical pixels.
    static let topBarHeight = 32.0
    static let marginSize = 32.0
    /// A corner card is at most this share of the canvas's width.
    static let cornerWidthShare = 0.34
    static let cornerMaxTextWidth = 520.0

    let canvas: CanvasSize
    /// Device pixels per logical pixel (the monitor's scale factor).
    let scale: Int
    /// `scale` times the shrink factor the card is laid out with.
    let unit: Double

    var margin: Int { Int((Self.marginSize * unit).rounded()) }
    /// The top bar is the shell's, so it scales with the monitor, not with the card.
    var top: Int { Int((Self.topBarHeight * Double(scale)).rounded()) + margin }

    func cornerLimits(padding: Int, sentenceLines: Int) -> CaptionCard.Limits {
        let width = min(
            Int(Double(canvas.width) * Self.cornerWidthShare), Int(Self.cornerMaxTextWidth * unit) + 2 * padding)
        return CaptionCard.Limits(
            titleLines: 2, detailLines: 2, sentenceLines: sentenceLines,
            maxTextWidth: max(1, width - 2 * padding), fullWidth: false)
    }

    func bandLimits(padding: Int, sentenceLines: Int) -> CaptionCard.Limits {
        CaptionCard.Limits(
            titleLines: 1, detailLines: 1, sentenceLines: min(sentenceLines, 2),
            maxTextWidth: max(1, canvas.width - 2 * margin - 2 * padding), fullWidth: true)
    }

    /// The card's rectangle at `place`, or nil when it is no candidate.
    func rect(for place: CaptionPlace, card: CanvasSize) -> CanvasRect? {
        let left = margin
        let right = canvas.width - margin - card.width
        let bottom = canvas.height - margin - card.height
        let origin: (Int, Int)
        switch place {
        case .bottomRight: origin = (right, bottom)
        case .bottomLeft, .bottomBand: origin = (left, bottom)
        case .topRight: origin = (right, top)
        case .topLeft: origin = (left, top)
        }
        let rect = CanvasRect(x: origin.0, y: origin.1, width: card.width, height: card.height)
        guard rect.x >= left, rect.maxX <= canvas.width - margin, rect.y >= top, rect.maxY <= canvas.height - margin,
            Double(rect.area) <= Self.maxAreaFraction * Double(canvas.area)
        else { return nil }
        return rect
    }
}
