import Foundation

/// WCAG 2 contrast: relative luminance of sRGB colours and the ratio between two of them.
/// The caption's text is white; its backdrop is black at an opacity chosen here so that the
/// ratio reaches at least 4.5:1 (WCAG AA for normal text) over the brightest pixel behind it.
public enum Contrast {
    public static let required = 4.5
    /// What the opacity is chosen for: a margin over `required` for 8-bit rounding.
    static let target = 5.0
    /// The card stays a visible card over a dark sky too.
    static let minimumOpacity = 0.35

    /// An sRGB component (0…1) on the linear scale.
    public static func linear(_ component: Double) -> Double {
        component <= 0.040_45 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
    }

    /// The inverse of `linear`.
    static func encoded(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// `linear` of each 8-bit value.
    static let linearTable: [Double] = (0...255).map { linear(Double($0) / 255) }

    /// Relative luminance of an 8-bit sRGB colour.
    public static func luminance(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        0.2126 * linearTable[Int(red)] + 0.7152 * linearTable[Int(green)] + 0.0722 * linearTable[Int(blue)]
    }

    /// (lighter + 0.05) / (darker + 0.05).
    public static func ratio(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// The least opacity of black over a pixel whose brightest channel is `brightest` (0…1) that
    /// gives white text `target` contrast. Cairo blends the encoded values, so the result's
    /// channels are at most `(1 - opacity) × brightest`: a grey of that value bounds its luminance.
    static func backdropOpacity(brightestChannel brightest: Double) -> Double {
        let darkest = encoded(1.05 / target - 0.05)
        guard brightest > darkest else { return minimumOpacity }
        return min(1, max(minimumOpacity, 1 - darkest / brightest))
    }
}
