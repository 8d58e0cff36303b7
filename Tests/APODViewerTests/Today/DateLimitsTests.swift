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

    /// The calendar dims these days and refuses them (GtkCalendar cannot disable a day).
    func testDaysOutsideTheArchiveAreThoseBeforeTheFirstPictureOrAfterToday() {
        XCTAssertEqual(limits.daysOutside(year: 1995, month: 6), Set(1...15))
        XCTAssertEqual(limits.daysOutside(year: 2026, month: 11), [30])
        XCTAssertEqual(limits.daysOutside(year: 2026, month: 12), Set(1...31))
        XCTAssertEqual(limits.daysOutside(year: 1995, month: 5), Set(1...31))
        XCTAssertEqual(limits.daysOutside(year: 2024, month: 2), [])
        XCTAssertTrue(limits.contains(APODDay("1995-06-16")!))
        XCTAssertFalse(limits.contains(APODDay("1995-06-15")!))
        XCTAssertFalse(limits.contains(APODDay("2026-11-30")!))
    }

    func testARefusalSaysWhichEndOfTheArchiveTheDayIsPast() throws {
        XCTAssertNil(limits.refusal(for: APODDay("1995-06-16")!))
        XCTAssertNil(limits.refusal(for: APODDay("2026-11-29")!))
        let early = try XCTUnwrap(limits.refusal(for: APODDay("1995-06-15")!))
        XCTAssertTrue(early.contains("begins on 1995 Jun. 16"), early)
        let late = try XCTUnwrap(limits.refusal(for: APODDay("2026-11-30")!))
        XCTAssertTrue(late.contains("2026 Nov. 29") && late.contains("not published yet"), late)
    }
}
