/// A size in device pixels on the canvas the background is drawn on.
public struct CanvasSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var area: Int { width * height }
    /// Width over height.
    public var aspect: Double { Double(width) / Double(max(1, height)) }
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in device pixels; the origin is the top left corner, and a cropped picture's
/// rectangle reaches outside the canvas.
public struct CanvasRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: CanvasRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The part inside `other`; nil when they do not overlap.
    public func clipped(to other: CanvasRect) -> CanvasRect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return CanvasRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func insetBy(_ amount: Int) -> CanvasRect {
        CanvasRect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

/// A point in a picture as fractions of its width and height: (0.5, 0.5) is its middle.
public struct UnitPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let centre = UnitPoint(x: 0.5, y: 0.5)
}
