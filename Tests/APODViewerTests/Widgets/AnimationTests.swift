import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Animated GIFs play in the detail window (and fullscreen), the main window and grid cells on
/// hover, paused while not on screen.
final class AnimationTests: GUITestCase, @unchecked Sendable {
    @MainActor
    private func openGIF() throws -> DetailWindow {
        _ = try XCTUnwrap(
            TestImages.animatedGIF, "the offline sample's GIF (data/sample/images/moon-transit.gif) is missing")
        let gif = entry("1996-02-02", title: "Moon Transit", picture: "/sample/moon-transit.gif")
        try start(FakeSource(entries: [gif], random: [gif]), options: ViewerOptions(randomCount: 0))
        app.openDetail(for: gif)
        return try XCTUnwrap(app.detailWindows[gif.date])
    }

    /// Whether two frames look different at any of a grid of points.
    @MainActor
    private func differ(_ first: Texture, _ second: Texture) -> Bool {
        stride(from: 5, to: first.width, by: 10).contains { x in
            stride(from: 5, to: first.height, by: 10).contains { y in
                let a = first.color(x: x, y: y)
                let b = second.color(x: x, y: y)
                return a.red != b.red || a.green != b.green || a.blue != b.blue
            }
        }
    }

    func testAGIFAdvancesBetweenDifferentFramesAndPausesWhenHidden() throws {
        try MainActor.assumeIsolated {
            let detail = try openGIF()
            waitUntil("the animation plays") { (detail.zoomable.player?.framesShown ?? 0) >= 1 }
            let player = try XCTUnwrap(detail.zoomable.player)
            XCTAssertTrue(player.isRunning)
            let first = try XCTUnwrap(detail.picture.texture)
            waitUntil("another frame is shown") { detail.picture.texture !== first }
            let second = try XCTUnwrap(detail.picture.texture)
            XCTAssertTrue(differ(first, second), "consecutive frames show different pictures")
            XCTAssertEqual(second.width, 320)

            detail.zoomable.root.isVisible = false
            XCTAssertFalse(player.isRunning, "no timer runs while the picture is not on screen")
            let shown = player.framesShown
            detail.zoomable.root.isVisible = true
            waitUntil("it plays again once shown") { player.isRunning && player.framesShown > shown }

            XCTAssertTrue(detail.window.activateAction(WindowAction.fullscreen))
            let fullscreenFrames = player.framesShown
            waitUntil("it plays fullscreen") { player.isRunning && player.framesShown > fullscreenFrames + 1 }
            detail.zoomable.zoomIn()
            XCTAssertTrue(detail.zoomable.spinner.isVisible == false, "a GIF's frames are already full size")
        }
    }

    func testTheMainWindowPlaysAGIFDay() throws {
        try MainActor.assumeIsolated {
            _ = try XCTUnwrap(
                TestImages.animatedGIF, "the offline sample's GIF (data/sample/images/moon-transit.gif) is missing")
            let gif = entry("1996-02-04", title: "Moon Transit", picture: "/sample/moon-transit.gif")
            try start(FakeSource(entries: [gif], random: []), options: ViewerOptions(randomCount: 0))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the main window's GIF plays") { (main.pictureView.animation.player?.framesShown ?? 0) >= 2 }
        }
    }

    func testAGridCellPlaysItsGIFOnlyWhileThePointerIsOverIt() throws {
        try MainActor.assumeIsolated {
            _ = try XCTUnwrap(
                TestImages.animatedGIF, "the offline sample's GIF (data/sample/images/moon-transit.gif) is missing")
            let batch = [
                entry("1996-02-05", title: "Moon Transit", picture: "/sample/moon-transit.gif"),
                entry("1996-02-06", title: "Still", picture: "/320x200.jpg"),
            ]
            try start(FakeSource(entries: [batch[1]], random: batch), options: ViewerOptions(randomCount: 2))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("both thumbnails arrived") { grid.cells.count == 2 && grid.cells.allSatisfy(\.hasThumbnail) }
            let cell = grid.cells[0]
            let still = try XCTUnwrap(cell.picture.texture)
            XCTAssertNil(cell.animation.player, "nothing plays before the pointer comes")

            cell.pointerMoved(inside: true)
            waitUntil("the cell's GIF plays") { (cell.animation.player?.framesShown ?? 0) >= 2 }
            XCTAssertFalse(cell.picture.texture === still)
            cell.pointerMoved(inside: false)
            XCTAssertNil(cell.animation.player)
            XCTAssertTrue(cell.picture.texture === still, "leaving puts the thumbnail back")

            grid.cells[1].pointerMoved(inside: true)
            XCTAssertNil(grid.cells[1].animation.player, "a JPEG day has nothing to play")
        }
    }

    func testAStillPictureHasNoPlayer() throws {
        try MainActor.assumeIsolated {
            let still = entry("1996-02-03", title: "Still", picture: "/640x400.jpg")
            try start(FakeSource(entries: [still], random: [still]), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: still)
            let detail = try XCTUnwrap(app.detailWindows[still.date])
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil }
            XCTAssertNil(detail.zoomable.player)
            XCTAssertNil(PixbufAnimation.gif(TestImages.jpeg(width: 40, height: 30), maxFramePixels: 1_000_000))
            let gif = try XCTUnwrap(TestImages.animatedGIF)
            XCTAssertNotNil(PixbufAnimation.gif(gif, maxFramePixels: 1_000_000))
            XCTAssertNil(PixbufAnimation.gif(gif, maxFramePixels: 320 * 200 - 1), "frames over the bound stay still")
        }
    }
}
