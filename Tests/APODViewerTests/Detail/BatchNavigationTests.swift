import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// A detail window opened from the random grid steps through the grid's entries.
final class BatchNavigationTests: GUITestCase, @unchecked Sendable {
    func testLeftAndRightStepThroughTheGridsBatch() throws {
        try MainActor.assumeIsolated {
            let batch = [
                entry("2011-01-01", title: "First", picture: "/a/700x500.jpg"),
                entry("2012-02-02", title: "Second & <i>middle</i>", picture: "/b/800x500.jpg"),
                entry("2013-03-03", title: "Third", picture: "/c/900x500.jpg", media: .video),
            ]
            try start(FakeSource(entries: [batch[0]], random: batch), options: ViewerOptions(randomCount: 3))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid is filled") { grid.cells.count == 3 }
            grid.flowBox.activate(grid.cells[1])
            let detail = try XCTUnwrap(app.detailWindows[batch[1].date])
            waitUntil("the middle picture is shown") { detail.pictureArea.shown?.image.originalWidth == 800 }
            let navigation = try XCTUnwrap(detail.batch)
            XCTAssertTrue(navigation.nextButton.isVisible)
            XCTAssertEqual(
                navigation.nextButton.opacity, 0, "the buttons show only while the pointer is over the picture")

            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            XCTAssertEqual(detail.entry, batch[2])
            XCTAssertEqual(detail.caption.titleLabel.text, "Third")
            XCTAssertEqual(detail.window.title, "Third")
            XCTAssertEqual(detail.caption.dateLabel.text, "2013 Mar. 3")
            waitUntil("the third picture is shown") { detail.pictureArea.shown?.image.originalWidth == 900 }
            XCTAssertNotNil(detail.playButton, "the video's play button follows the entry")
            XCTAssertTrue(app.detailWindows[batch[2].date] === detail)
            XCTAssertNil(app.detailWindows[batch[1].date])

            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            XCTAssertEqual(detail.entry, batch[2], "the end of the batch stays put")

            XCTAssertFalse(navigation.nextButton.isVisible, "no next button at the end of the batch")
            navigation.previousButton.activate()
            waitUntil("the button stepped back") { detail.entry == batch[1] }
            XCTAssertTrue(detail.window.activateAction(WindowAction.previous))
            XCTAssertEqual(detail.entry, batch[0])
            XCTAssertFalse(navigation.previousButton.isVisible)
            XCTAssertEqual(detail.caption.titleLabel.text, "First")
            XCTAssertNil(detail.playButton)
            waitUntil("the first picture is shown") { detail.pictureArea.shown?.image.originalWidth == 700 }
            XCTAssertTrue(detail.zoomable.isBestFit, "each picture starts at best fit")

            detail.window.close()
            waitUntil("the window is forgotten") { app.detailWindows.isEmpty }
        }
    }

    func testADetailWindowOutsideABatchHasNoSteps() throws {
        try MainActor.assumeIsolated {
            let single = entry("2014-04-04", title: "Alone")
            try start(FakeSource(entries: [single], random: [single]), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: single)
            let detail = try XCTUnwrap(app.detailWindows[single.date])
            XCTAssertNil(detail.batch)
            XCTAssertFalse(detail.window.activateAction(WindowAction.next))
            XCTAssertEqual(detail.entry, single)
        }
    }
}
