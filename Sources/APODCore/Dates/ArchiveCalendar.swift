import Foundation

/// Which days the APOD archive holds: 1995-06-16 through today in US Eastern time, the zone
/// NASA publishes in. A user in UTC+8 must not ask for a "today" that does not exist yet.
///
/// The clock is injectable so tests can stand at any instant (Eastern midnight, DST changes).
public struct ArchiveCalendar: Sendable {
    /// The first APOD ever published.
    public static let firstDay = APODDay(year: 1995, month: 6, day: 16)!

    /// The zone whose calendar day is the APOD day. Foundation resolves it from the ICU data it
    /// ships (checked: no system tzdata is read), so it exists on every machine Swift runs on.
    public static let publishingTimeZone = TimeZone(identifier: "America/New_York")!

    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// Today's APOD day (US Eastern), which may not be published yet.
    public var today: APODDay { Self.day(containing: now()) }

    /// The instant the clock reads, for cache freshness decisions.
    public var currentDate: Date { now() }

    /// Every day a request may name.
    public var validRange: ClosedRange<APODDay> { Self.firstDay...today }

    /// The US Eastern calendar day containing `instant`.
    public static func day(containing instant: Date) -> APODDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = publishingTimeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return APODDay(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    /// Throws `APODError.dateOutOfRange` (naming the valid range) for a day outside the archive.
    public func validate(_ day: APODDay) throws {
        let range = validRange
        guard range.contains(day) else {
            throw APODError.dateOutOfRange(day, first: range.lowerBound, last: range.upperBound)
        }
    }

    /// The nearest day inside the archive.
    public func clamp(_ day: APODDay) -> APODDay {
        min(max(day, Self.firstDay), today)
    }

    /// The archive page for a day, `https://apod.nasa.gov/apod/apYYMMDD.html`.
    public static func archivePageURL(for day: APODDay) -> URL {
        URL(string: "https://apod.nasa.gov/apod/ap\(day.compactForm).html")!
    }
}

extension APODDay {
    /// `YYMMDD`, the form of APOD archive page names and of the science.nasa.gov date route.
    public var compactForm: String {
        String(format: "%02d%02d%02d", year % 100, month, day)
    }
}
