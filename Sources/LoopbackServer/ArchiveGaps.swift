import Foundation

/// The days a replay of science.nasa.gov has no entry for, for the fakes the tests and the
/// bench serve: 84 days in the pattern a replay of the real archive showed (2026), so that a
/// sync meets what users meet. The four days the archive never had (1995-06-17…19,
/// 2020-06-10), a run of 12 days (2013-10-01…12) and one of 23 (2025-10-01…23, the shutdown),
/// and 45 month ends (the last day of every fourth month from January 2009). Dates are
/// `YYYY-MM-DD`.
public enum ArchiveGaps {
    /// The days the archive never had.
    public static let original: [String] = ["1995-06-17", "1995-06-18", "1995-06-19", "2020-06-10"]

    /// All 84 days, ascending.
    public static let replay: [String] = {
        var days = original
        days += run(from: 2013, 10, 1, count: 12)
        days += run(from: 2025, 10, 1, count: 23)
        for step in 0..<45 {
            let month = step * 4
            days.append(lastDay(year: 2009 + month / 12, month: month % 12 + 1))
        }
        return days.sorted()
    }()

    /// Of `replay`, the days a service that later back-fills some publishes again: the run of
    /// 23 (as the 2025 shutdown's days were, six weeks on).
    public static let backFilled: [String] = run(from: 2025, 10, 1, count: 23)

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func text(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    private static func run(from year: Int, _ month: Int, _ day: Int, count: Int) -> [String] {
        let first = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return (0..<count).map { text(calendar.date(byAdding: .day, value: $0, to: first)!) }
    }

    private static func lastDay(year: Int, month: Int) -> String {
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        return text(calendar.date(byAdding: DateComponents(month: 1, day: -1), to: first)!)
    }
}
