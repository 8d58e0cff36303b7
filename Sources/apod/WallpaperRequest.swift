import APODCore
import WallpaperComposition

/// What `apod today --wallpaper` and `apod random --wallpaper` are asked to write, parsed from
/// their options: `--wallpaper PATH [--width W [--height H]] [--scale S] [--caption[=sentence]]
/// [--fit fill|whole|auto] [--monitors WxH@S+X+Y,… [--same-picture]]` (and `--favorites` for `random`).
///
/// With only `--width` the picture is written as its server sends it (the CDN resizes it to
/// that width). With `--height` too, or `--caption`, a background copy is composed
/// (`WallpaperComposer`): at W×H device pixels, fitted; or, without a size, the picture at its
/// own size with the caption on it. With `--monitors`, one spanned background for that layout
/// (`SpannedComposer`): each monitor a picture of its shape (with an index, `SpannedScreens`), or
/// with `--same-picture` the day's on every one, fitted to each separately with its own caption.
struct WallpaperRequest: Equatable {
    static let sideRange = 16...WallpaperComposer.maxSide
    static let scaleRange = 1...4

    var path: String
    var width: Int?
    var height: Int?
    var scale = 1
    var caption = BackgroundCaption.none
    var fit = BackgroundFit.auto
    var monitors: MonitorLayout?
    /// The day's picture on every monitor, rather than a day of each monitor's shape.
    var samePicture = false

    var composes: Bool { height != nil || caption != .none || monitors != nil }

    var canvas: CanvasSize? {
        guard let width, let height else { return nil }
        return CanvasSize(width: width, height: height)
    }

    static let width = OptionDeclaration("--width", value: .required("W")) { [tr("the screen's width in pixels")] }
    static let height = OptionDeclaration("--height", value: .required("H")) {
        [tr("the screen's height in pixels (with --width): the picture is fitted to it")]
    }
    static let fit = OptionDeclaration(
        "--fit", value: .required("fill|whole|auto"), completion: .words(["fill", "whole", "auto"])
    ) { [tr("crop to fill, show whole over a blurred copy, or choose by shape (default auto)")] }
    static let caption = OptionDeclaration("--caption", value: .inline("sentence")) {
        [tr("draw the title, date and credit (and the explanation's first sentence)")]
    }
    static let scale = OptionDeclaration("--scale", value: .required("S")) {
        [tr("the monitor's scale factor, 1…4: the caption's size (default 1)")]
    }
    static let monitors = OptionDeclaration("--monitors", value: .required("WxH@S+X+Y,…")) {
        [
            tr("every monitor, as WIDTHxHEIGHT@SCALE+X+Y: one spanned background, fitted to each"),
            tr("monitor with its own caption (for picture-options 'spanned')"),
        ]
    }
    static let samePicture = OptionDeclaration("--same-picture") {
        [tr("with --monitors: the same picture on every monitor, not a day of each one's shape")]
    }

    /// What `today --wallpaper` or `random --wallpaper` was given (`CommandTable` declares
    /// which options each takes).
    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    init(_ parsed: ParsedArguments) throws {
        path = parsed.value(CommandTable.wallpaper) ?? ""
        width = try parsed.value(Self.width).map { try Self.side($0, flag: Self.width.name) }
        height = try parsed.value(Self.height).map { try Self.side($0, flag: Self.height.name) }
        if let text = parsed.value(Self.scale) {
            guard let scale = Int(text), Self.scaleRange.contains(scale) else {
                throw APODError.invalidArgument(
                    tr(
                        "--scale must be a whole number from {min} to {max} (the monitor's scale factor).",
                        ["min": String(Self.scaleRange.lowerBound), "max": String(Self.scaleRange.upperBound)]))
            }
            self.scale = scale
        }
        switch parsed.value(Self.caption) {
        case nil: caption = .none
        case "", "title": caption = .title
        case "sentence": caption = .titleAndSentence
        default:
            throw APODError.invalidArgument(
                tr("--caption takes no value, or =sentence to add the explanation's first sentence."))
        }
        if let text = parsed.value(Self.fit) {
            guard let fit = BackgroundFit(rawValue: text) else {
                throw APODError.invalidArgument(
                    tr("--fit must be fill, whole or auto, not \"{value}\".", ["value": text]))
            }
            self.fit = fit
        }
        monitors = try parsed.value(Self.monitors).map(MonitorLayout.parse)
        samePicture = parsed.has(Self.samePicture)
        guard !path.isEmpty else {
            throw APODError.invalidArgument(tr("{command} needs --wallpaper PATH.", ["command": parsed.form]))
        }
        guard WallpaperRecord.accepts(path) else { throw APODError.invalidArgument(WallpaperRecord.refusal) }
        if height != nil && width == nil {
            throw APODError.invalidArgument(
                tr("--height needs --width: give the screen's size as --width W --height H."))
        }
        if monitors != nil && (width != nil || height != nil || parsed.has(Self.scale)) {
            throw APODError.invalidArgument(
                tr("--monitors gives every monitor's size and scale: leave out --width, --height and --scale."))
        }
        if samePicture && monitors == nil {
            throw APODError.invalidArgument(tr("--same-picture is for several monitors: add --monitors."))
        }
        if parsed.has(Self.fit) && canvas == nil && monitors == nil {
            throw APODError.invalidArgument(tr("--fit needs the screen's size: add --width W --height H."))
        }
    }

    private static func side(_ text: String, flag: String) throws -> Int {
        guard let number = Int(text), sideRange.contains(number) else {
            throw APODError.invalidArgument(
                tr(
                    "{flag} must be a whole number of pixels from {min} to {max}.",
                    ["flag": flag, "min": String(sideRange.lowerBound), "max": String(sideRange.upperBound)]))
        }
        return number
    }
}
