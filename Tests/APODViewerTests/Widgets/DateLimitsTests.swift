import APODCore
import XCTest
@testable import APODViewer

final class DateLimitsTests: XCTestCase {
    private let limits = DateLimits(range: APODDay("1995-06-16")!...APODDay("2026-11-29")!)

    func testYearsAndMonthsFollowTheArchiveEdges() {
        XCTAssertEqual(limits.years, 1995...2026)
        XCTAssertEqual(limits.months(in: 1995), 6...12)
        XCTAssertEqual(limits.months(in: 2010), 1...12)
        XCTAssertEqual(limits.months(in: 2026), 1...11)
    }

    /// Only the archive's edges narrow the day field: a day the month lacks is left for the
    /// window to explain ("2023 has no Feb. 29") instead of being moved silently.
    func testDaysFollowTheEdgesNotTheMonthLength() {
        XCTAssertEqual(limits.days(in: 1995, month: 6), 16...31)
        XCTAssertEqual(limits.days(in: 2026, month: 11), 1...29)
        XCTAssertEqual(limits.days(in: 2023, month: 2), 1...31)
        XCTAssertEqual(limits.days(in: 2025, month: 12), 1...31)
    }

    func testClampMakesARealDayInsideTheArchive() {
        XCTAssertEqual(limits.clamp(year: 2023, month: 2, day: 31), APODDay("2023-02-28"))
        XCTAssertEqual(limits.clamp(year: 1990, month: 5, day: 1), APODDay("1995-06-16"))
        XCTAssertEqual(limits.clamp(year: 1995, month: 6, day: 1), APODDay("1995-06-16"))
        XCTAssertEqual(limits.clamp(year: 2026, month: 12, day: 25), APODDay("2026-11-29"))
        XCTAssertEqual(limits.clamp(year: 2030, month: 1, day: 1), APODDay("2026-11-29"))
        XCTAssertEqual(limits.clamp(year: 2012, month: 13, day: 0), APODDay("2012-12-01"))
    }
}
