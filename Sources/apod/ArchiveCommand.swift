import APODCore

/// The `apod` commands that work on the archive index and the favourites library.
enum ArchiveCommand: Equatable {
    /// `translations`: the Chinese mirror's texts of the indexed days too.
    case sync(translations: Bool)
    case search(String, limit: Int, json: Bool)
    case favorites(json: Bool)
    case addFavorite(APODDay)
    case removeFavorite(APODDay)
    /// `nil` month and day: today's (US Eastern).
    case onThisDay(month: Int?, day: Int?, json: Bool)
    /// Objects with their counts (those matching the query), or the entries of the object the
    /// query names.
    case objects(String?, json: Bool)

    static let defaultSearchLimit = 20
    static let maxSearchLimit = 500

    /// The usage lines of these commands (translated when read).
    static var usageLines: [String] {
        [
            "  sync [--translations]                   "
                + tr("download the archive's index (resumes where it stopped);"),
            "                                          "
                + tr("--translations: the Chinese mirror's texts too, two at a time"),
            "  search QUERY [--limit N] [--json]       "
                + tr("best matches first, N from 1 to 500, default 20; words after -- may start with -"),
            "  favorites [--json]                      " + tr("favourite pictures, oldest first"),
            "  favorites add DATE | remove DATE        " + tr("mark or unmark a day as a favourite"),
            "  on-this-day [MM-DD] [--json]            " + tr("that month and day in every year, oldest first"),
            "  objects [QUERY] [--json]                "
                + tr("sky objects of the pictures with their counts; an object's"),
            "                                          "
                + tr("name or designation (M31, \"orion nebula\") lists its pictures"),
        ]
    }

    /// The command named `command`, or `nil` when it is not one of these.
    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    static func parse(_ command: String, _ rest: inout [String], json: Bool) throws -> ArchiveCommand? {
        switch command {
        case "sync":
            if json { throw APODError.invalidArgument(tr("sync does not take --json.")) }
            let translations = rest.first == "--translations"
            if translations { rest.removeFirst() }
            try Invocation.rejectOptions(rest)
            try Invocation.expectNothing(rest)
            return .sync(translations: translations)
        case "search":
            // Words after `--` are searched as they are, even when they start with a dash.
            var words = rest.firstIndex(of: "--").map { Array(rest[($0 + 1)...]) } ?? []
            rest = rest.firstIndex(of: "--").map { Array(rest[..<$0]) } ?? rest
            let limit = try Invocation.value(of: "--limit", in: &rest).map(parseLimit) ?? defaultSearchLimit
            try Invocation.rejectOptions(rest)
            words = rest + words
            let query = words.joined(separator: " ")
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APODError.invalidArgument(tr("search needs a QUERY, e.g. apod search eclipse."))
            }
            return .search(query, limit: limit, json: json)
        case "favorites", "favourites":
            guard let action = rest.first else { return .favorites(json: json) }
            rest.removeFirst()
            guard action == "add" || action == "remove" else {
                throw APODError.invalidArgument(
                    tr("favorites takes add DATE or remove DATE, not \"{action}\".", ["action": action]))
            }
            if json {
                throw APODError.invalidArgument(tr("favorites {action} does not take --json.", ["action": action]))
            }
            guard !rest.isEmpty else {
                throw APODError.invalidArgument(tr("favorites {action} needs a DATE.", ["action": action]))
            }
            let day = try Invocation.day(rest.removeFirst())
            try Invocation.expectNothing(rest)
            return action == "add" ? .addFavorite(day) : .removeFavorite(day)
        case "objects":
            try Invocation.rejectOptions(rest)
            let query = rest.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            return .objects(query.isEmpty ? nil : query, json: json)
        case "on-this-day":
            guard !rest.isEmpty else { return .onThisDay(month: nil, day: nil, json: json) }
            let (month, day) = try parseMonthDay(rest.removeFirst())
            try Invocation.expectNothing(rest)
            return .onThisDay(month: month, day: day, json: json)
        default:
            return nil
        }
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
