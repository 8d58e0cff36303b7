import APODCore
import Foundation

/// One screen of the desktop, as GNOME arranges them: its mode in device pixels, its scale
/// factor and its place in the layout in application (logical) pixels, as `GdkMonitor`'s
/// geometry gives it.
public struct MonitorSpec: Equatable, Hashable, Sendable {
    /// The mode, in device pixels (3840×2160 for a 4K screen at scale 2).
    public var width: Int
    public var height: Int
    /// Device pixels per application pixel.
    public var scale: Int
    /// The top left corner in the layout, in application pixels.
    public var x: Int
    public var y: Int
    /// The model's name as the desktop gives it ("DELL U2720Q"), for messages; nil when unknown.
    public var model: String?
    /// The connector ("eDP-1", "HDMI-1"), nil when unknown.
    public var connector: String?
    /// The screen with the top bar; the lock screen shows its picture.
    public var isPrimary: Bool

    public init(
        width: Int, height: Int, scale: Int = 1, x: Int = 0, y: Int = 0, model: String? = nil,
        connector: String? = nil, isPrimary: Bool = false
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.x = x
        self.y = y
        self.model = model
        self.connector = connector
        self.isPrimary = isPrimary
    }

    /// The screen's own size in device pixels.
    public var size: CanvasSize { CanvasSize(width: width, height: height) }
    /// Width over height.
    public var aspect: Double { size.aspect }
    /// The size in application pixels.
    public var logicalWidth: Int { width / max(1, scale) }
    public var logicalHeight: Int { height / max(1, scale) }

    /// `WxH@SCALE+X+Y`, as `apod today --monitors` takes it.
    public var layoutText: String { "\(width)x\(height)@\(scale)+\(x)+\(y)" }

    /// How a record of the pictures shown names this monitor (`MonitorPick`): its connector,
    /// which stays when the others change, else its size and place.
    public var recordName: String { connector ?? layoutText }
}

/// The screens of a desktop, and the one spanned picture that covers them all.
///
/// GNOME draws a `spanned` background stretched over the bounding box of the monitors'
/// geometry in application pixels, each monitor showing its part at its own scale. The canvas
/// is therefore that bounding box times the largest scale factor: every monitor's region is at
/// least as sharp as the screen, and a region's caption drawn at that scale shows at the
/// monitor's own application-pixel size. Parts of the box no monitor covers are black.
public struct MonitorLayout: Equatable, Hashable, Sendable {
    public static let maxMonitors = 16
    /// A canvas over this many pixels would take gigabytes to draw.
    public static let maxCanvasArea = 200_000_000
    /// Cairo draws no image surface wider or taller than this.
    public static let maxCanvasSide = 32_767
    /// A screen's mode at most this many pixels on a side (16K).
    public static let maxMonitorSide = 16_384
    public static let maxScale = 4

    public let monitors: [MonitorSpec]

    /// - Throws: `APODError.invalidArgument` naming the monitor that is wrong.
    public init(_ monitors: [MonitorSpec]) throws {
        try Self.validate(monitors)
        self.monitors = monitors
    }

    /// The scale the canvas is drawn at: the largest monitor scale.
    public var canvasScale: Int { monitors.map(\.scale).max() ?? 1 }

    /// The bounding box of the monitors' geometry, in application pixels.
    public var logicalBounds: CanvasRect { Self.bounds(of: monitors) }

    /// The spanned picture's size in device pixels.
    public var canvasSize: CanvasSize {
        let bounds = logicalBounds
        return CanvasSize(width: bounds.width * canvasScale, height: bounds.height * canvasScale)
    }

    /// Where monitor `index` lies on the canvas, in canvas pixels.
    public func region(of index: Int) -> CanvasRect {
        let monitor = monitors[index]
        let bounds = logicalBounds
        let scale = canvasScale
        return CanvasRect(
            x: (monitor.x - bounds.x) * scale, y: (monitor.y - bounds.y) * scale,
            width: monitor.logicalWidth * scale, height: monitor.logicalHeight * scale)
    }

    /// The monitor the lock screen shows: the one marked primary, else the one at the layout's
    /// origin, else the first.
    public var primaryIndex: Int {
        if let marked = monitors.firstIndex(where: \.isPrimary) { return marked }
        let bounds = logicalBounds
        return monitors.firstIndex { $0.x == bounds.x && $0.y == bounds.y } ?? 0
    }

    /// The monitor with the most device pixels (the first of equals).
    public var largestIndex: Int {
        var largest = 0
        for index in monitors.indices where monitors[index].size.area > monitors[largest].size.area {
            largest = index
        }
        return largest
    }

    /// The layout as `apod today --monitors` takes it, in the monitors' order: equal layouts
    /// have equal texts, so it names a composition made before.
    public var layoutText: String { monitors.map(\.layoutText).joined(separator: ",") }

    /// Reads `WxH@SCALE+X+Y[,…]` (the scale and the position may be left out: `@1`, `+0+0`).
    ///
    /// - Throws: `APODError.invalidArgument` naming the monitor that is wrong and why.
    public static func parse(_ text: String) throws -> MonitorLayout {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard items.count <= maxMonitors else {
            throw APODError.invalidArgument(
                tr(
                    "--monitors names {count} monitors; at most {limit} are supported.",
                    ["count": String(items.count), "limit": String(maxMonitors)]))
        }
        var monitors: [MonitorSpec] = []
        for (offset, item) in items.enumerated() {
            guard let monitor = MonitorSpec(layoutText: item) else {
                throw APODError.invalidArgument(
                    tr(
                        "Monitor {number} (\"{text}\") is not WIDTHxHEIGHT@SCALE+X+Y, for example 1920x1080@1+0+0.",
                        ["number": String(offset + 1), "text": item]))
            }
            monitors.append(monitor)
        }
        return try MonitorLayout(monitors)
    }

    private static func validate(_ monitors: [MonitorSpec]) throws {
        guard !monitors.isEmpty else { throw APODError.invalidArgument(tr("The layout names no monitor.")) }
        guard monitors.count <= maxMonitors else {
            throw APODError.invalidArgument(
                tr(
                    "--monitors names {count} monitors; at most {limit} are supported.",
                    ["count": String(monitors.count), "limit": String(maxMonitors)]))
        }
        for (offset, monitor) in monitors.enumerated() {
            let number = String(offset + 1)
            guard (1...maxScale).contains(monitor.scale) else {
                throw APODError.invalidArgument(
                    tr(
                        "Monitor {number} has scale {scale}; a scale from 1 to {limit} is supported.",
                        ["number": number, "scale": String(monitor.scale), "limit": String(maxScale)]))
            }
            guard (1...maxMonitorSide).contains(monitor.width), (1...maxMonitorSide).contains(monitor.height),
                monitor.logicalWidth > 0, monitor.logicalHeight > 0
            else {
                throw APODError.invalidArgument(
                    tr(
                        "Monitor {number} is {size} pixels; each side must be from 1 to {limit} pixels (and at least its scale).",
                        [
                            "number": number, "size": "\(monitor.width)×\(monitor.height)",
                            "limit": String(maxMonitorSide),
                        ]))
            }
            guard abs(monitor.x) <= maxCanvasSide, abs(monitor.y) <= maxCanvasSide else {
                throw APODError.invalidArgument(
                    tr(
                        "Monitor {number} is placed at {x},{y}, outside any real desktop.",
                        ["number": number, "x": String(monitor.x), "y": String(monitor.y)]))
            }
        }
        for later in monitors.indices {
            for earlier in 0..<later where logicalRect(monitors[earlier]).intersects(logicalRect(monitors[later])) {
                throw APODError.invalidArgument(
                    tr(
                        "Monitor {number} overlaps monitor {other}: monitors sit side by side.",
                        ["number": String(later + 1), "other": String(earlier + 1)]))
            }
        }
        let bounds = bounds(of: monitors)
        let scale = monitors.map(\.scale).max() ?? 1
        let canvas = CanvasSize(width: bounds.width * scale, height: bounds.height * scale)
        guard canvas.width <= maxCanvasSide, canvas.height <= maxCanvasSide, canvas.area <= maxCanvasArea else {
            throw APODError.invalidArgument(
                tr(
                    "These monitors span {size} pixels; a background of at most {limit} megapixels and {side} pixels on a side can be made.",
                    [
                        "size": canvas.description, "limit": String(maxCanvasArea / 1_000_000),
                        "side": String(maxCanvasSide),
                    ]))
        }
    }

    private static func logicalRect(_ monitor: MonitorSpec) -> CanvasRect {
        CanvasRect(x: monitor.x, y: monitor.y, width: monitor.logicalWidth, height: monitor.logicalHeight)
    }

    private static func bounds(of monitors: [MonitorSpec]) -> CanvasRect {
        let rects = monitors.map(logicalRect)
        let minX = rects.map(\.x).min() ?? 0
        let minY = rects.map(\.y).min() ?? 0
        let maxX = rects.map(\.maxX).max() ?? 0
        let maxY = rects.map(\.maxY).max() ?? 0
        return CanvasRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension MonitorSpec {
    /// Reads `WxH[@SCALE][+X+Y]`; nil when it is not that form. Sizes are checked by the layout.
    init?(layoutText text: String) {
        var rest = Substring(text)
        func number(_ allowSign: Bool) -> Int? {
            var digits = ""
            if allowSign, let sign = rest.first, sign == "-" {
                digits.append(sign)
                rest.removeFirst()
            }
            while let character = rest.first, character.isASCII, character.isNumber, digits.count < 7 {
                digits.append(character)
                rest.removeFirst()
            }
            if let character = rest.first, character.isASCII, character.isNumber { return nil }
            return Int(digits)
        }
        guard let width = number(false), rest.popFirst() == "x", let height = number(false) else { return nil }
        var scale = 1
        if rest.first == "@" {
            rest.removeFirst()
            guard let value = number(false) else { return nil }
            scale = value
        }
        var x = 0
        var y = 0
        if rest.first == "+" {
            rest.removeFirst()
            guard let left = number(true), rest.popFirst() == "+", let top = number(true) else { return nil }
            x = left
            y = top
        }
        guard rest.isEmpty else { return nil }
        self.init(width: width, height: height, scale: scale, x: x, y: y)
    }
}

extension CanvasRect {
    /// Whether the two rectangles share any pixel (touching edges do not).
    public func intersects(_ other: CanvasRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
