import XCTest

@testable import APODCore

final class DisplayDateTests: CoreTestCase, @unchecked Sendable {
    func testMatchesTheArchiveStyle() {
        XCTAssertEqual(APODDay("2020-12-17")!.displayString, "2020 Dec. 17")
        XCTAssertEqual(APODDay("2021-05-05")!.displayString, "2021 May 5")
        XCTAssertEqual(APODDay("2021-01-05")!.displayString, "2021 Jan. 5")
        XCTAssertEqual(APODDay("1995-06-16")!.displayString, "1995 Jun. 16")
        XCTAssertEqual(DisplayDate.string(for: APODDay("2019-09-30")!), "2019 Sep. 30")
    }
}
