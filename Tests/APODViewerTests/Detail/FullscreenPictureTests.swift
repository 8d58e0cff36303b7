import APODCore
import AdwKit
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
            XCTAssertLessThan(
                pictureY, try XCTUnwrap(detail.caption.dateLabel.bounds(in: detail.scroller)?.y),
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

    /// As in GNOME's image viewer: entering fullscreen and every motion show the leave button,
    /// the zoom level with − / + and the batch's previous / next; they hide once the pointer
    /// has been still for `controlsHideDelay` (shortened here; the bound on when is generous).
    func testControlsShowWhileThePointerMovesAndHideWhenItRests() throws {
        try MainActor.assumeIsolated {
            let delay = 400
            FullscreenPicture.controlsHideDelay = delay
            defer { FullscreenPicture.controlsHideDelay = 2000 }
            let items = [
                entry("2021-03-04", title: "Before", picture: "/2000x1300.jpg"),
                entry("2021-03-05", title: "Fullscreen", picture: "/2000x1300.jpg"),
                entry("2021-03-06", title: "After", picture: "/2000x1300.jpg"),
            ]
            try start(FakeSource(entries: items, random: items), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: items[1], batch: { items })
            let detail = try XCTUnwrap(app.detailWindows[items[1].date])
            let batch = try XCTUnwrap(detail.batch)
            let fullscreen = detail.fullscreen!
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil && detail.picture.width > 0 }
            XCTAssertFalse(detail.zoomable.zoomControls.root.isVisible, "windowed at best fit: no zoom level")

            @MainActor func controlsShown() -> Bool {
                fullscreen.leaveButton.opacity == 1 && fullscreen.leaveButton.canTarget
                    && detail.zoomable.zoomControls.root.isVisible
                    && batch.previousButton.opacity == 1 && batch.nextButton.opacity == 1
            }
            @MainActor func controlsHidden() -> Bool {
                fullscreen.leaveButton.opacity == 0 && !fullscreen.leaveButton.canTarget
                    && !detail.zoomable.zoomControls.root.isVisible
                    && batch.previousButton.opacity == 0 && batch.nextButton.opacity == 0
            }

            var moved = Date()
            XCTAssertTrue(detail.window.activateAction(WindowAction.fullscreen))
            XCTAssertTrue(fullscreen.areControlsShown, "entering shows them")
            XCTAssertTrue(controlsShown())
            XCTAssertTrue(fullscreen.leaveButton.isInside(fullscreen.root))
            waitUntil("they hide once the pointer rests", timeout: 30) { controlsHidden() }
            XCTAssertGreaterThanOrEqual(
                Date().timeIntervalSince(moved), Double(delay) / 1000 - 0.05, "not before the delay")

            // The mouse moving over the window (X puts it at the screen's corner) shows them;
            // the pointer goes back to the middle of the screen, where Xvfb starts it.
            defer { PointerMotion.move(toX: 640, y: 512) }
            XCTAssertTrue(PointerMotion.move(toX: 200, y: 200) && PointerMotion.move(toX: 230, y: 215), "XTEST")
            waitUntil("a real motion shows them") { fullscreen.areControlsShown }
            XCTAssertTrue(controlsShown())
            waitUntil("and they hide again", timeout: 30) { controlsHidden() }

            moved = Date()
            fullscreen.revealControls()
            XCTAssertTrue(controlsShown(), "a motion shows them again")
            Gtk.iterate()
            fullscreen.revealControls()
            XCTAssertTrue(controlsShown())
            waitUntil("and hides them again", timeout: 30) { controlsHidden() }
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(moved), Double(delay) / 1000 - 0.05)

            // Zooming from the keyboard shows them too, with the new level.
            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomIn))
            XCTAssertTrue(controlsShown(), "a keyboard zoom shows them")
            XCTAssertNotEqual(detail.zoomable.zoomControls.levelLabel.text, "")
            waitUntil("and they hide after it too", timeout: 30) { controlsHidden() }
            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomFit))
            XCTAssertTrue(controlsShown(), "best fit from the keyboard shows them")

            fullscreen.revealControls()
            fullscreen.leaveButton.activate()
            waitUntil("the button leaves fullscreen") { !fullscreen.isActive }
            XCTAssertFalse(fullscreen.areControlsShown)
            XCTAssertFalse(detail.zoomable.zoomControls.root.isVisible, "windowed at best fit again")
            XCTAssertNil(batch.fullscreenControlsShown, "back to showing while hovered")
            batch.pointerMoved(inside: false)
            XCTAssertEqual(batch.nextButton.opacity, 0)
            batch.pointerMoved(inside: true)
            XCTAssertEqual(batch.nextButton.opacity, 1)
        }
    }

    /// Fullscreen with its controls showing, in the light and dark styles (the controls hide
    /// only after a minute here, so a slow frame cannot hide them before the shot).
    func testSavesFullscreenWithItsControlsInLightAndDark() throws {
        try MainActor.assumeIsolated {
            FullscreenPicture.controlsHideDelay = 60_000
            defer {
                FullscreenPicture.controlsHideDelay = 2000
                DesktopStyle.reset()
            }
            let items = [
                entry("2021-03-04", title: "Before"), entry("2021-03-05", title: "Fullscreen"),
                entry("2021-03-06", title: "After"),
            ]
            try start(FakeSource(entries: items, random: items), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: items[1], batch: { items })
            let detail = try XCTUnwrap(app.detailWindows[items[1].date])
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil && detail.picture.width > 0 }
            XCTAssertTrue(detail.window.activateAction(WindowAction.fullscreen))
            for (scheme, name) in [(ColorScheme.light, "fullscreen-controls"), (.dark, "fullscreen-controls-dark")] {
                StyleManager.colorScheme = scheme
                waitUntil("the style applies") { StyleManager.isDark == (scheme == .dark) }
                detail.fullscreen.revealControls()
                waitForFrames()
                XCTAssertTrue(detail.fullscreen.areControlsShown)
                XCTAssertNotNil(saveScreenshot(of: detail.window, named: name))
            }
        }
    }
}
