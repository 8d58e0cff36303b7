import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Zoom and pan in the detail window, checked on what GTK lays out (the picture's allocated
/// size and the scrollbars' ranges), not only on the zoom value.
final class ZoomablePictureTests: GUITestCase, @unchecked Sendable {
    @MainActor
    private func openDetail(picture: String = "/2000x1300.jpg") throws -> DetailWindow {
        let item = entry("2021-03-04", title: "Zooming", picture: picture)
        try start(FakeSource(entries: [item], random: [item]), options: ViewerOptions(randomCount: 0))
        app.openDetail(for: item)
        let detail = try XCTUnwrap(app.detailWindows[item.date])
        waitUntil("the picture is shown and laid out") {
            detail.picture.shownPixelSize != nil && detail.zoomable.scroller.width > 0
        }
        waitForFrames()
        return detail
    }

    func testZoomKeysChangeTheShownScaleAndCtrl0ReturnsToBestFit() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail()
            let zoomable = detail.zoomable
            XCTAssertTrue(zoomable.isBestFit)
            let fitWidth = detail.picture.width
            XCTAssertLessThan(fitWidth, 2000, "the 2000 px picture is shown smaller than its size")
            XCTAssertLessThanOrEqual(fitWidth, zoomable.scroller.width)

            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomIn))
            waitUntil("the picture is drawn larger") { detail.picture.width > fitWidth }
            XCTAssertEqual(Double(detail.picture.width), Double(fitWidth) * ZoomablePicture.zoomStep, accuracy: 2)
            XCTAssertFalse(zoomable.isBestFit)

            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomActual))
            waitUntil("the picture is drawn at 100 %") { detail.picture.width == 2000 }
            let horizontal = zoomable.scroller.horizontalAdjustment
            XCTAssertGreaterThan(horizontal.upper, horizontal.pageSize, "a picture larger than the view can be panned")

            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomOut))
            waitUntil("the picture is drawn smaller") { detail.picture.width < 2000 }

            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomFit))
            waitUntil("the picture fits again") { detail.picture.width == fitWidth }
            XCTAssertTrue(zoomable.isBestFit)
        }
    }

    /// As in GNOME's image viewer, a zoomed picture shows its zoom level between − and +
    /// buttons, which zoom by the same step as the keys; back at best fit they go.
    func testTheZoomLevelShowsWhileZoomedAndItsButtonsZoom() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail()
            let zoomable = detail.zoomable
            let controls = zoomable.zoomControls
            XCTAssertFalse(controls.root.isVisible, "nothing over the picture at best fit")

            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomActual))
            XCTAssertTrue(controls.root.isVisible)
            XCTAssertEqual(controls.levelLabel.text, "100 %")
            waitForFrames()
            XCTAssertTrue(controls.levelLabel.isMapped)

            XCTAssertTrue(controls.zoomInButton.activate())
            waitUntil("+ zooms in") { controls.levelLabel.text == "125 %" }
            XCTAssertEqual(zoomable.zoom, ZoomablePicture.zoomStep, accuracy: 0.001)
            XCTAssertTrue(controls.zoomOutButton.activate())
            waitUntil("− zooms out") { controls.levelLabel.text == "100 %" }
            XCTAssertTrue(controls.zoomOutButton.activate())
            waitUntil("− again") { controls.levelLabel.text == "80 %" }

            XCTAssertTrue(detail.window.activateAction(WindowAction.zoomFit))
            XCTAssertFalse(controls.root.isVisible)
            XCTAssertEqual(controls.levelLabel.text, ZoomControls.text(for: zoomable.zoomLevel))
        }
    }

    func testZoomLevelsAreWholePercentages() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ZoomControls.text(for: 1), "100 %")
            XCTAssertEqual(ZoomControls.text(for: 0.634), "63 %")
            XCTAssertEqual(ZoomControls.text(for: 16), "1600 %")
        }
    }

    func testZoomingKeepsThePointUnderThePointerInPlace() throws {
        try MainActor.assumeIsolated {
            let zoomable = try openDetail().zoomable
            zoomable.actualSize()
            waitForFrames()
            let pointer = (x: 150.0, y: 120.0)
            @MainActor func pictureX() -> Double {
                (zoomable.scroller.horizontalAdjustment.value + pointer.x - Double(zoomable.picture.marginStart))
                    / zoomable.zoom
            }
            @MainActor func pictureY() -> Double {
                (zoomable.scroller.verticalAdjustment.value + pointer.y - Double(zoomable.picture.marginTop))
                    / zoomable.zoom
            }
            let before = (pictureX(), pictureY())
            zoomable.zoom(by: 2, about: pointer)
            waitForFrames()
            XCTAssertEqual(zoomable.zoom, 2)
            XCTAssertEqual(zoomable.picture.width, 4000)
            XCTAssertEqual(pictureX(), before.0, accuracy: 1, "the picture point under the pointer stays there")
            XCTAssertEqual(pictureY(), before.1, accuracy: 1)
            XCTAssertGreaterThan(zoomable.scroller.horizontalAdjustment.value, 0)
        }
    }

    func testTheWheelScrollsTheWindowOverAFittingPictureAndZoomsWithCtrl() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail()
            detail.window.resize(width: 700, height: 500)
            waitUntil("the window is small") { detail.scroller.height > 0 && detail.scroller.height < 500 }
            waitForFrames()
            XCTAssertEqual(detail.scroller.verticalScrollRange.value, 0)
            XCTAssertTrue(detail.zoomable.wheelScrolled(by: 2, zooming: false))
            XCTAssertGreaterThan(detail.scroller.verticalScrollRange.value, 0, "the window scrolls towards the text")

            let zoom = detail.zoomable.zoom
            XCTAssertTrue(detail.zoomable.wheelScrolled(by: -1, zooming: true))
            XCTAssertEqual(detail.zoomable.zoom, zoom * ZoomablePicture.zoomStep, accuracy: 0.0001)
            waitForFrames()
            let windowScroll = detail.scroller.verticalScrollRange.value
            detail.zoomable.actualSize()
            waitForFrames()
            XCTAssertFalse(detail.zoomable.wheelScrolled(by: 2, zooming: false), "a zoomed picture pans itself")
            XCTAssertEqual(detail.scroller.verticalScrollRange.value, windowScroll)
        }
    }

    func testDoubleClickTogglesBestFitAndActualSize() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail()
            let fitWidth = detail.picture.width
            detail.zoomable.toggleBestFit(about: (40, 40))
            waitUntil("100 %") { detail.picture.width == 2000 }
            detail.zoomable.toggleBestFit(about: (40, 40))
            waitUntil("best fit") { detail.picture.width == fitWidth }
        }
    }

    func testDoubleClickOnASmallPictureZoomsTo200Percent() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(picture: "/320x200.jpg")
            XCTAssertEqual(detail.picture.width, 320, "a small picture fits at 100 %")
            detail.zoomable.toggleBestFit(about: nil)
            waitUntil("200 %") { detail.picture.width == 640 }
            detail.zoomable.toggleBestFit(about: nil)
            waitUntil("best fit") { detail.picture.width == 320 }
        }
    }

    func testTheFullPictureIsLoadedOnlyWhenZoomingPastTheShownOne() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(picture: "/900x600.jpg")
            let zoomable = detail.zoomable
            let data = TestImages.jpeg(width: 2400, height: 1600)
            let reduced = try TextureDecoder.decode(data, maxSize: 1200)
            let gate = Gate()
            zoomable.show(reduced) {
                gate.count()
                await gate.wait()
                return try TextureDecoder.decode(data, maxPixels: TextureDecoder.fullResolutionMaxPixels)
            }
            waitForFrames()
            zoomable.zoom(by: 1.01, about: nil)
            waitForFrames()
            XCTAssertEqual(gate.calls, 0, "the shown texture still has enough pixels at this zoom")
            XCTAssertFalse(zoomable.spinner.isVisible)

            zoomable.actualSize()
            waitUntil("the full picture is asked for") { gate.calls == 1 }
            XCTAssertTrue(zoomable.spinner.isVisible)
            XCTAssertTrue(zoomable.spinner.isSpinning)
            XCTAssertEqual(detail.picture.shownPixelSize?.width, 1200)
            gate.open()
            waitUntil("the full picture replaces the reduced one") { detail.picture.shownPixelSize?.width == 2400 }
            XCTAssertFalse(zoomable.spinner.isVisible)
            XCTAssertFalse(zoomable.note.isVisible)
            // The 100 % zoom is laid out on a later frame, which a loaded machine may not have drawn yet.
            waitUntil("the zoom stays at 100 % of the picture") { detail.picture.width == 2400 }
            zoomable.zoom(by: 2, about: nil)
            waitForFrames()
            XCTAssertEqual(gate.calls, 1, "fetched once")
        }
    }

    func testAPictureOverThePixelBudgetIsShownReducedAndSaysSo() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(picture: "/900x600.jpg")
            let zoomable = detail.zoomable
            let data = TestImages.jpeg(width: 1800, height: 1200)
            zoomable.show(try TextureDecoder.decode(data, maxSize: 300)) {
                try TextureDecoder.decode(data, maxPixels: 1_000_000)
            }
            zoomable.actualSize()
            waitUntil("the bounded picture is shown") { (detail.picture.shownPixelSize?.width ?? 0) > 300 }
            let shown = try XCTUnwrap(detail.picture.shownPixelSize)
            XCTAssertLessThanOrEqual(shown.width * shown.height, 1_000_000)
            XCTAssertTrue(zoomable.note.isVisible)
            XCTAssertTrue(zoomable.note.text.contains("1800 × 1200"), zoomable.note.text)
        }
    }

    func testAFullPictureThatCannotBeLoadedLeavesTheShownOneAndSaysWhy() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(picture: "/900x600.jpg")
            let zoomable = detail.zoomable
            let data = TestImages.jpeg(width: 1800, height: 1200)
            zoomable.show(try TextureDecoder.decode(data, maxSize: 900)) { throw APODError.notAnImage }
            zoomable.actualSize()
            waitUntil("the failure is said") { zoomable.note.isVisible }
            XCTAssertEqual(zoomable.note.text, userMessage(for: APODError.notAnImage))
            XCTAssertFalse(zoomable.spinner.isVisible)
            XCTAssertEqual(detail.picture.shownPixelSize?.width, 900, "the reduced picture stays, zoomed")
            waitUntil("the reduced picture is laid out at 100 %") { detail.picture.width == 1800 }
        }
    }

    func testBoundedDecodingKeepsTheAspectWithinTheBudget() throws {
        let image = try TextureDecoder.decode(TestImages.jpeg(width: 2000, height: 1000), maxPixels: 500_000)
        XCTAssertLessThanOrEqual(image.width * image.height, 500_000)
        XCTAssertEqual(Double(image.width) / Double(image.height), 2, accuracy: 0.01)
        XCTAssertEqual(image.originalWidth, 2000)
        XCTAssertTrue(image.isReduced)
        let small = try TextureDecoder.decode(TestImages.jpeg(width: 300, height: 200), maxPixels: 500_000)
        XCTAssertEqual(small.width, 300)
        XCTAssertFalse(small.isReduced)
    }
}

/// Holds a background load until the test opens it, counting the calls.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var callCount = 0

    var calls: Int { lock.withLock { callCount } }
    func count() { lock.withLock { callCount += 1 } }
    func open() { lock.withLock { isOpen = true } }

    func wait() async {
        while !lock.withLock({ isOpen }) {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
