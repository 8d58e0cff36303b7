import APODCore
import XCTest

@testable import APODViewer

/// `apod-viewer --browse [YYYY-MM]`.
final class BrowseOptionsTests: XCTestCase {
    func testBrowseTakesAnOptionalMonth() throws {
        XCTAssertEqual(
            try ViewerOptions.parse(["--browse", "2019-05"]).browseMonth, ArchiveMonth(year: 2019, month: 5))
        XCTAssertEqual(try ViewerOptions.parse(["--browse=1995-06"]).browseMonth, ArchiveMonth(year: 1995, month: 6))
        let bare = try ViewerOptions.parse(["--browse"])
        XCTAssertTrue(bare.opensBrowse)
        XCTAssertNil(bare.browseMonth)
        let followed = try ViewerOptions.parse(["--browse", "--offline"])
        XCTAssertTrue(followed.opensBrowse && followed.offline, "an option after --browse is not its month")
        XCTAssertNil(followed.browseMonth)
        XCTAssertFalse(try ViewerOptions.parse([]).opensBrowse)
        XCTAssertTrue(ViewerOptions.usage.contains("--browse [YYYY-MM]"))
    }

    func testABadMonthIsExplained() {
        for bad in ["2019-13", "2019-5", "May", "2019-05-01", "２０１９-05"] {
            XCTAssertThrowsError(try ViewerOptions.parse(["--browse=\(bad)"]), bad) { error in
                XCTAssertEqual(
                    (error as? APODError)?.message,
                    "\"\(bad)\" is not a month: use YYYY-MM, e.g. 2019-05.")
            }
        }
    }
}
