import XCTest

@testable import APODCore

final class APODDayTests: CoreTestCase, @unchecked Sendable {
    func testParsesAndPrints() {
        XCTAssertEqual(APODDay("2020-12-17")?.description, "2020-12-17")
        XCTAssertNil(APODDay("2021-02-29"))
        XCTAssertNotNil(APODDay("2020-02-29"))
        XCTAssertNil(APODDay("2020-1-17"))
        XCTAssertNil(APODDay("banana"))
    }

    func testOrdinalRoundTrips() {
        let start = APODDay(year: 1995, month: 6, day: 16)!
        var day = start
        for _ in 0..<12_000 {
            XCTAssertEqual(APODDay(ordinal: day.ordinal), day)
            let next = day.adding(days: 1)
            XCTAssertLessThan(day, next)
            day = next
        }
        XCTAssertEqual(APODDay(year: 1970, month: 1, day: 1)!.ordinal, 0)
        XCTAssertEqual(APODDay(year: 2000, month: 3, day: 1)!.adding(days: -1).description, "2000-02-29")
    }
}
