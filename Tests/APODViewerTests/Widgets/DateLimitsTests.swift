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

    func testDaysFollowTheMonthAndTheEdges() {
        XCTAssertEqual(limits.days(in: 1995, month: 6), 16...30)
        XCTAssertEqual(limits.days(in: 2026, month: 11), 1...29)
        XCTAssertEqual(limits.days(in: 2024, month: 2), 1...29)
        XCTAssertEqual(limits.days(in: 2023, month: 2), 1...28)
        XCTAssertEqual(limits.days(in: 2000, month: 2), 1...29, "2000 is a leap year")
        XCTAssertEqual(limits.days(in: 2100 - 75, month: 4), 1...30)
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
