import APODCore
import CGtk
import GtkKit
import XCTest

@testable import APODViewer

/// A wall cell makes its video badge and placeholder only for a video day: most days are
/// pictures, and a wall binds hundreds of cells.
final class WallCellTests: GUITestCase, @unchecked Sendable {
    private func day(_ date: String, _ media: MediaType) -> WallCell.Day {
        WallCell.Day(
            APODEntry(date: APODDay(date)!, title: "Sky of \(date)", mediaType: media))
    }

    @MainActor
    private func imageCount(of cell: WallCell) -> Int {
        cell.button.descendants(ofType: gtk_image_get_type()).count
    }

    func testOnlyAVideoDayGivesACellItsVideoWidgets() {
        MainActor.assumeIsolated {
            let cell = WallCell()
            cell.assign(day("2019-05-01", .image), at: 0)
            cell.render()
            XCTAssertNil(cell.playBadge)
            XCTAssertNil(cell.videoPlaceholder)
            XCTAssertEqual(imageCount(of: cell), 1, "only the status icon")
            XCTAssertEqual(cell.accessibleName, "2019 May 1: Sky of 2019-05-01")

            cell.assign(day("2019-05-02", .video), at: 1)
            cell.render()
            XCTAssertEqual(cell.playBadge?.isVisible, true)
            XCTAssertEqual(cell.videoPlaceholder?.root.isVisible, false, "the placeholder waits for a missing still")
            XCTAssertTrue(cell.accessibleName.hasSuffix(", video"), cell.accessibleName)
            XCTAssertEqual(imageCount(of: cell), 3, "the status icon, the badge and the placeholder's icon")

            cell.assign(day("2019-05-03", .image), at: 2)
            cell.render()
            XCTAssertEqual(cell.playBadge?.isVisible, false, "a recycled cell hides the badge it made")
            XCTAssertEqual(imageCount(of: cell), 3, "made once, kept for the next video day")
            XCTAssertFalse(cell.accessibleName.contains("video"), cell.accessibleName)
        }
    }
}
