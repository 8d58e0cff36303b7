import APODCore
import Foundation

/// The `apod` commands that work on the archive index and the favourites library.
enum ArchiveCommand: Equatable {
    /// `translations`: the Chinese mirror's texts of the indexed days too.
    case sync(translations: Bool)
    /// One line: pictures, days the service has no entry for, failed days, the last sync.
    case status(json: Bool)
    case search(String, limit: Int, json: Bool)
    case favorites(json: Bool)
    case addFavorite(APODDay)
    case removeFavorite(APODDay)
    /// `nil` month and day: today's (US Eastern).
    case onThisDay(month: Int?, day: Int?, json: Bool)
    /// Objects with their counts (those matching the query), or the entries of the object the
    /// query names.
    case objects(String?, json: Bool)

    static let translations = OptionDeclaration("--translations")

    static let defaultSearchLimit = 20
    static let maxSearchLimit = 500

    static let limit = OptionDeclaration("--limit", value: .required("N"))

    /// Words after `--` are searched as they are, even when they start with a dash.
    static func search(_ parsed: ParsedArguments, json: Bool) throws -> Invocation {
        let limit = try parsed.value(limit).map(parseLimit) ?? defaultSearchLimit
        let query = parsed.arguments.joined(separator: " ")
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APODError.invalidArgument(tr("search needs a QUERY, e.g. apod search eclipse."))
        }
        return .archive(.search(query, limit: limit, json: json))
    }

    /// `nil` text: today's month and day.
    static func onThisDay(_ text: String?, json: Bool) throws -> Invocation {
        guard let text else { return .archive(.onThisDay(month: nil, day: nil, json: json)) }
        let (month, day) = try parseMonthDay(text)
        return .archive(.onThisDay(month: month, day: day, json: json))
    }

    private static func parseLimit(_ text: String) throws -> Int {
        guard let limit = Int(text), (1...maxSearchLimit).contains(limit) else {
            throw APODError.invalidArgument(
                tr("--limit must be a whole number from 1 to {max}.", ["max": String(maxSearchLimit)]))
        }
        return limit
    }

    /// `MM-DD`, any day a leap year has (02-29 included).
    private static func parseMonthDay(_ text: String) throws -> (Int, Int) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let month = Int(parts[0]), let day = Int(parts[1]), APODDay(year: 2000, month: month, day: day) != nil
        else {
            throw APODError.invalidArgument(
                tr("\"{text}\" is not a month and day: use MM-DD, e.g. 07-04.", ["text": text]))
        }
        return (month, day)
    }
}
