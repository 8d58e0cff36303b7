import APODCore

/// What the user asked `apod` to do, parsed from the arguments left after the shared flags.
enum Invocation: Equatable {
    /// `language` nil: as Preferences → Explanations says, English when unset.
    case show(APODDay?, json: Bool, language: ExplanationLanguage?)
    case random(count: Int, json: Bool)
    case range(APODDay, APODDay, json: Bool)
    case download(APODDay?, hd: Bool, output: String?, force: Bool)
    case today(WallpaperRequest)
    case randomWallpaper(WallpaperRequest, favorites: Bool)
    case archive(ArchiveCommand)
    case help
    case version

    /// `apod --generate-completion-script bash`: what `data/completions/apod` must hold.
    case completionScript
    /// `apod --generate-manual-headings`: the headings the man page must give its commands.
    case manualHeadings

    static let maxRandom = 100
    static let defaultRandom = 8

    /// A search reads the index and nothing else, so a write-protected one is enough.
    var onlyReadsTheIndex: Bool {
        if case .archive(.search) = self { return true }
        return false
    }
    static let maxRangeDays = 366

    static let count = OptionDeclaration("--count", value: .required("N"))
    static let favorites = OptionDeclaration("--favorites")
    static let hd = OptionDeclaration("--hd")
    static let output = OptionDeclaration("-o", "--output", value: .required("PATH"), completion: .files)
    static let force = OptionDeclaration("--force")
    static let language = OptionDeclaration(
        "--lang", value: .required("en|zh-TW"), completion: .words(["en", "zh-TW"]))

    /// The help text; built when read so that it comes out in the user's language.
    static var usage: String { UsageText.render() }

    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    static func parse(_ arguments: [String]) throws -> Invocation {
        try CommandParser.parse(arguments)
    }

    static func range(_ startText: String, _ endText: String, json: Bool) throws -> Invocation {
        let start = try day(startText)
        let end = try day(endText)
        guard start <= end else {
            throw APODError.invalidArgument(
                tr("START ({start}) is after END ({end}).", ["start": start.description, "end": end.description]))
        }
        guard end.ordinal - start.ordinal < maxRangeDays else {
            throw APODError.invalidArgument(
                tr("A range may cover at most {days} days.", ["days": String(maxRangeDays)]))
        }
        return .range(start, end, json: json)
    }

    static func day(_ text: String) throws -> APODDay {
        guard let day = APODDay(text) else {
            throw APODError.invalidArgument(
                tr("\"{text}\" is not a date: use YYYY-MM-DD, e.g. 2020-12-17.", ["text": text]))
        }
        return day
    }

    /// `en` or `zh-TW` (any case, `_` for `-`; `zh` alone is Traditional Chinese too).
    static func parseLanguage(_ text: String) throws -> ExplanationLanguage {
        switch text.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "en", "english": return .english
        case "zh-tw", "zh", "zh-hant": return .chinese
        default:
            throw APODError.invalidArgument(tr("--lang takes en or zh-TW, not \"{text}\".", ["text": text]))
        }
    }

    static func parseCount(_ text: String) throws -> Int {
        guard let count = Int(text), (1...maxRandom).contains(count) else {
            throw APODError.invalidArgument(
                tr("--count must be a whole number from 1 to {max}.", ["max": String(maxRandom)]))
        }
        return count
    }
}
