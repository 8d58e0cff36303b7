import APODCore
import XCTest

@testable import APODViewer

/// The wall's rows and where the keyboard goes, without a display.
final class ArchiveWallLayoutTests: XCTestCase {
    /// 2019-02-03 back to 2018-12-30, newest first.
    private let days = (APODDay("2018-12-30")!.ordinal...APODDay("2019-02-03")!.ordinal).reversed().map(
        APODDay.init(ordinal:))

    func testRowsAreYearsMonthsAndRunsOfCells() {
        let layout = ArchiveWallLayout(days: days, columns: 4)
        XCTAssertEqual(
            layout.rows.prefix(4),
            [
                .year(2019), .month(ArchiveMonth(year: 2019, month: 2), days: 3), .cells(0..<3),
                .month(ArchiveMonth(year: 2019, month: 1), days: 31),
            ])
        XCTAssertEqual(layout.rows[4], .cells(3..<7))
        XCTAssertEqual(
            layout.rows.suffix(3), [.year(2018), .month(ArchiveMonth(year: 2018, month: 12), days: 2), .cells(34..<36)])
        XCTAssertEqual(layout.months.map(\.description), ["2019-02", "2019-01", "2018-12"])
        XCTAssertEqual(layout.headingRow(of: ArchiveMonth(year: 2019, month: 1)), 3)
        XCTAssertEqual(
            layout.headingRow(of: ArchiveMonth(year: 2018, month: 6)), layout.rows.count - 2,
            "before the first: the oldest")
        XCTAssertEqual(layout.row(ofDay: 3), 4)
        XCTAssertEqual(layout.firstDay(atOrAfterRow: 3), 3)
    }

    func testKeysMoveAcrossRowsAndMonths() {
        let layout = ArchiveWallLayout(days: days, columns: 4)
        XCTAssertEqual(layout.day(from: 2, moving: .right), 3, "Feb. 1 → Jan. 31, the next month")
        XCTAssertEqual(layout.day(from: 3, moving: .left), 2)
        XCTAssertEqual(layout.day(from: 0, moving: .left), 0)
        XCTAssertEqual(
            layout.day(from: 5, moving: .up), 2, "column 2 of January's first row → the end of February's short row")
        XCTAssertEqual(layout.day(from: 1, moving: .down), 4)
        XCTAssertEqual(layout.day(from: 31, moving: .down), 34, "January's last row → December")
        XCTAssertEqual(layout.day(from: 4, moving: .pageDown, pageRows: 2), 12)
        XCTAssertEqual(layout.day(from: 10, moving: .end), days.count - 1)
        XCTAssertEqual(layout.day(from: 10, moving: .home), 0)
    }
}
