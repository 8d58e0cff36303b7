import Foundation

/// One calendar month of the archive: what the calendar popover shows, and what "covers the
/// archive" leaves out at its recent end.
public struct ArchiveMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public init(containing day: APODDay) {
        self.init(year: day.year, month: day.month)
    }

    /// A number that orders months and keys them in the database.
    var key: Int { year * 12 + month - 1 }

    init(key: Int) {
        self.init(year: key / 12, month: key % 12 + 1)
    }

    public var firstDay: APODDay { APODDay(year: year, month: month, day: 1)! }
    public var lastDay: APODDay { APODDay(year: year, month: month, day: APODDay.daysIn(month: month, year: year))! }

    /// Reads `YYYY-MM` (`2019-05`); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month)
        else { return nil }
        self.init(year: year, month: month)
    }

    /// `YYYY-MM`.
    public var description: String { String(format: "%04d-%02d", year, month) }

    public static func < (lhs: ArchiveMonth, rhs: ArchiveMonth) -> Bool { lhs.key < rhs.key }

    /// Every month touching `start…end`, oldest first.
    public static func all(from start: APODDay, through end: APODDay) -> [ArchiveMonth] {
        guard start <= end else { return [] }
        return (ArchiveMonth(containing: start).key...ArchiveMonth(containing: end).key).map(ArchiveMonth.init(key:))
    }
}
