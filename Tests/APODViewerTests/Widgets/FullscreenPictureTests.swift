import APODCore
import Foundation
import GtkKit
import XCTest
@testable import APODViewer

final class FullscreenPictureTests: GUITestCase, @unchecked Sendable {
    func testF11ShowsThePictureAloneAndEscLeavesThenCloses() throws {
        try MainActor.assumeIsolated {
            let item = entry("2021-03-05", title: "Fullscreen", picture: "/2000x1300.jpg")
            try start(FakeSource(entries: [item], random: [item]), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: item)
            let detail = try XCTUnwrap(app.detailWindows[item.date])
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil && detail.picture.width > 0 }
            waitForFrames()
            let windowedWidth = detail.picture.width

            XCTAssertTrue(detail.window.activateAction(WindowAction.fullscreen))
            XCTAssertTrue(detail.fullscreen.isActive)
            XCTAssertTrue(detail.fullscreen.shows(detail.zoomable.root))
            XCTAssertFalse(detail.scroller.contains(detail.zoomable.root), "the text is left behind")
            waitUntil("the picture fills the black page") { detail.picture.width > windowedWidth }
            XCTAssertTrue(detail.zoomable.isBestFit)

            let fitWidth = detail.picture.width
            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomIn))
            waitUntil("zooming works fullscreen") { detail.picture.width > fitWidth }

            XCTAssertTrue(detail.window.activateAction(WindowAction.escape))
            XCTAssertFalse(detail.fullscreen.isActive)
            XCTAssertFalse(detail.window.isDestroyed, "Esc leaves fullscreen first")
            XCTAssertTrue(detail.scroller.contains(detail.zoomable.root))
            waitForFrames()
            let pictureY = try XCTUnwrap(detail.pictureArea.root.bounds(in: detail.scroller)?.y)
            XCTAssertLessThan(pictureY, try XCTUnwrap(detail.caption.dateLabel.bounds(in: detail.scroller)?.y),
                              "the picture is back in its place, above the text")

            waitForFrames()
            // GtkButton's activation shows the button pressed for 250 ms before "clicked".
            detail.header.fullscreenButton.activate()
            waitUntil("the header button enters fullscreen too") { detail.fullscreen.isActive }
            XCTAssertTrue(detail.window.activateAction(WindowAction.fullscreen))
            waitForFrames()
            XCTAssertFalse(detail.fullscreen.isActive, "F11 toggles")

            XCTAssertTrue(detail.window.activateAction(WindowAction.escape))
            waitUntil("Esc closes the window when not fullscreen") { detail.window.isDestroyed }
        }
    }
}
