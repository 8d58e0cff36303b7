import APODCore
import WallpaperComposition

/// What `apod today --wallpaper` and `apod random --wallpaper` are asked to write, parsed from
/// their options: `--wallpaper PATH [--width W [--height H]] [--scale S] [--caption[=sentence]]
/// [--fit fill|whole|auto]` (and `--favorites` for `random`).
///
/// With only `--width` the picture is written as its server sends it (the CDN resizes it to
/// that width). With `--height` too, or `--caption`, a background copy is composed
/// (`WallpaperComposer`): at W×H device pixels, fitted; or, without a size, the picture at its
/// own size with the caption on it.
struct WallpaperRequest: Equatable {
    static let sideRange = 16...WallpaperComposer.maxSide
    static let scaleRange = 1...4

    var path: String
    var width: Int?
    var height: Int?
    var scale = 1
    var caption = BackgroundCaption.none
    var fit = BackgroundFit.auto

    var composes: Bool { height != nil || caption != .none }

    var canvas: CanvasSize? {
        guard let width, let height else { return nil }
        return CanvasSize(width: width, height: height)
    }

    /// Parses what follows `today` or `random`; `favorites` is set when `--favorites` is allowed
    /// and given.
    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    static func parse(_ arguments: [String], command: String, allowsFavorites: Bool, favorites: inout Bool) throws
        -> WallpaperRequest
    {
        var path: String?
        var request = WallpaperRequest(path: "")
        var fitGiven = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let inline = parts.count == 2 ? String(parts[1]) : nil
            func value() throws -> String {
                if let inline { return inline }
                guard let next = rest.popFirst() else {
                    throw APODError.invalidArgument(tr("{flag} needs a value.", ["flag": name]))
                }
                return next
            }
            switch name {
            case "--wallpaper":
                path = try value()
            case "--width":
                request.width = try side(try value(), flag: name)
            case "--height":
                request.height = try side(try value(), flag: name)
            case "--scale":
                guard let scale = Int(try value()), scaleRange.contains(scale) else {
                    throw APODError.invalidArgument(
                        tr(
                            "--scale must be a whole number from {min} to {max} (the monitor's scale factor).",
                            ["min": String(scaleRange.lowerBound), "max": String(scaleRange.upperBound)]))
                }
                request.scale = scale
            case "--caption":
                switch inline {
                case nil, "title": request.caption = .title
                case "sentence": request.caption = .titleAndSentence
                default:
                    throw APODError.invalidArgument(
                        tr("--caption takes no value, or =sentence to add the explanation's first sentence."))
                }
            case "--fit":
                let text = try value()
                guard let fit = BackgroundFit(rawValue: text) else {
                    throw APODError.invalidArgument(
                        tr("--fit must be fill, whole or auto, not \"{value}\".", ["value": text]))
                }
                request.fit = fit
                fitGiven = true
            case "--favorites" where allowsFavorites && inline == nil:
                favorites = true
            default:
                throw APODError.invalidArgument(tr("Unexpected argument \"{argument}\".", ["argument": argument]))
            }
        }
        guard let path, !path.isEmpty else {
            throw APODError.invalidArgument(tr("{command} needs --wallpaper PATH.", ["command": command]))
        }
        guard WallpaperRecord.accepts(path) else { throw APODError.invalidArgument(WallpaperRecord.refusal) }
        if request.height != nil && request.width == nil {
            throw APODError.invalidArgument(
                tr("--height needs --width: give the screen's size as --width W --height H."))
        }
        if fitGiven && request.canvas == nil {
            throw APODError.invalidArgument(tr("--fit needs the screen's size: add --width W --height H."))
        }
        request.path = path
        return request
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
