import XCTest

@testable import APODCore

final class ArchiveCalendarTests: CoreTestCase, @unchecked Sendable {
    /// An instant given in UTC, e.g. `utc("2024-03-10T06:59:00")`.
    private func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text)!
    }

    private func today(at text: String) -> String {
        let instant = utc(text)
        return ArchiveCalendar(now: { instant }).today.description
    }

    func testTodayIsTheEasternDayInWinter() {
        // EST is UTC-5: midnight Eastern is 05:00 UTC.
        XCTAssertEqual(today(at: "2024-01-16T04:59:59"), "2024-01-15")
        XCTAssertEqual(today(at: "2024-01-16T05:00:00"), "2024-01-16")
    }

    func testTodayIsTheEasternDayInSummer() {
        // EDT is UTC-4: midnight Eastern is 04:00 UTC.
        XCTAssertEqual(today(at: "2024-07-04T03:59:59"), "2024-07-03")
        XCTAssertEqual(today(at: "2024-07-04T04:00:00"), "2024-07-04")
    }

    func testAroundDaylightSavingChanges() {
        // 2024-03-10: clocks spring forward at 02:00 EST (07:00 UTC); the day began at 05:00 UTC.
        XCTAssertEqual(today(at: "2024-03-10T04:59:00"), "2024-03-09")
        XCTAssertEqual(today(at: "2024-03-10T05:00:00"), "2024-03-10")
        XCTAssertEqual(today(at: "2024-03-11T03:59:00"), "2024-03-10")
        XCTAssertEqual(today(at: "2024-03-11T04:00:00"), "2024-03-11")
        // 2024-11-03: clocks fall back at 02:00 EDT (06:00 UTC); that day began at 04:00 UTC.
        XCTAssertEqual(today(at: "2024-11-03T03:59:00"), "2024-11-02")
        XCTAssertEqual(today(at: "2024-11-03T04:00:00"), "2024-11-03")
        XCTAssertEqual(today(at: "2024-11-04T04:59:00"), "2024-11-03")
        XCTAssertEqual(today(at: "2024-11-04T05:00:00"), "2024-11-04")
    }

    func testUserAheadOfTheUSStillGetsEasternToday() {
        // 09:00 on Jan 16 in Singapore (UTC+8) is still Jan 15 in New York.
        XCTAssertEqual(today(at: "2024-01-16T01:00:00"), "2024-01-15")
    }

    func testValidationNamesTheRange() throws {
        let instant = utc("2026-11-28T12:00:00")
        let calendar = ArchiveCalendar(now: { instant })
        XCTAssertNoThrow(try calendar.validate(APODDay("1995-06-16")!))
        XCTAssertNoThrow(try calendar.validate(APODDay("2026-11-28")!))
        XCTAssertThrowsError(try calendar.validate(APODDay("1995-06-15")!)) { error in
            XCTAssertEqual(
                error as? APODError,
                .dateOutOfRange(
                    APODDay("1995-06-15")!,
                    first: APODDay("1995-06-16")!, last: APODDay("2026-11-28")!))
            XCTAssertTrue((error as! APODError).message.contains("1995 Jun. 16 to 2026 Nov. 28"))
        }
        XCTAssertThrowsError(try calendar.validate(APODDay("2026-11-29")!))
    }

    func testClampKeepsDaysInsideTheArchive() {
        let instant = utc("2026-11-28T12:00:00")
        let calendar = ArchiveCalendar(now: { instant })
        XCTAssertEqual(calendar.clamp(APODDay("1990-01-01")!).description, "1995-06-16")
        XCTAssertEqual(calendar.clamp(APODDay("2030-01-01")!).description, "2026-11-28")
        XCTAssertEqual(calendar.clamp(APODDay("2020-02-29")!).description, "2020-02-29")
    }

    func testCompactFormAndArchivePage() {
        XCTAssertEqual(APODDay("1999-01-02")!.compactForm, "990102")
        XCTAssertEqual(APODDay("2024-01-01")!.compactForm, "240101")
        XCTAssertEqual(
            ArchiveCalendar.archivePageURL(for: APODDay("2020-12-17")!).absoluteString,
            "https://apod.nasa.gov/apod/ap201217.html")
    }
}
