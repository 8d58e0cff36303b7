import APODCore
import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// In the detail window an APOD-hosted video starts playing, muted; with the keyboard in it
/// the arrows seek instead of stepping through the batch, and it keeps playing in fullscreen.
final class DetailVideoTests: GUITestCase, @unchecked Sendable {
    private var media: FakeHTTPServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let clip = try TestMedia.clips().mp4
        media = try FakeHTTPServer { request in
            request.path == "/apod/image/2607/EclipseVideo.mp4"
                ? .data(clip, contentType: "video/mp4") : .html("<h1>Not Found</h1>", status: 404)
        }
    }

    override func tearDown() {
        super.tearDown()
        media?.stop()
        media = nil
    }

    func testTheDetailWindowPlaysMutedAndItsArrowsSeekInsideTheVideo() throws {
        try MainActor.assumeIsolated {
            var video = entry("2026-07-08", title: "Eclipse Video", media: .video)
            video.videoURL = URL(string: "\(media.baseURL.absoluteString)/apod/image/2607/EclipseVideo.mp4")
            let batch = [entry("2026-07-07", title: "Before"), video, entry("2026-07-09", title: "After")]
            try start(FakeSource(entries: [batch[0]], random: batch), options: ViewerOptions(randomCount: 3))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid is filled") { grid.cells.count == 3 }
            grid.flowBox.activate(grid.cells[1])
            let detail = try XCTUnwrap(app.detailWindows[video.date])
            let player = detail.pictureArea.videoPlayer
            waitUntil("the video plays", timeout: 30) {
                detail.pictureArea.page == .video && player.media?.isPlaying == true
            }
            let stream = try XCTUnwrap(player.media)
            XCTAssertTrue(stream.isMuted, "it plays, but never makes noise unasked")
            XCTAssertNil(detail.playButton, "no browser button over a video that plays here")

            player.video.grabFocus()
            waitUntil("the video has the keyboard") { player.root.containsFocus }
            stream.pause()
            waitUntil("paused") { !stream.isPlaying }
            let before = stream.position
            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            XCTAssertEqual(detail.entry, video, "Right inside the video seeks, it does not step")
            waitUntil("Right seeked") { stream.position > before + 0.3 || stream.position > 2.5 }

            detail.fullscreen.toggle()
            waitUntil("fullscreen") { detail.fullscreen.isActive }
            stream.play()
            waitUntil("it plays in fullscreen") { stream.isPlaying && detail.pictureArea.page == .video }
            detail.fullscreen.leave()
            waitUntil("back in the window") { !detail.fullscreen.isActive }

            detail.window.clearFocus()
            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            XCTAssertEqual(detail.entry, batch[2], "outside the video Right steps")
            XCTAssertEqual(player.state, .idle, "the day left, its pipeline stopped")
            XCTAssertNil(player.media)
        }
    }

    /// A grid's video day comes without its player's address (science.nasa.gov keeps it in
    /// the day's page): the detail window asks the source for it once and plays the video.
    func testAVideoDayWithoutItsAddressIsCompletedAndPlays() throws {
        try MainActor.assumeIsolated {
            var video = entry("2026-07-08", title: "Eclipse Video", media: .video)
            video.videoURL = nil
            let source = FakeSource(entries: [entry("2026-11-29", title: "Today")])
            source.setPlayers([
                video.date: URL(string: "\(media.baseURL.absoluteString)/apod/image/2607/EclipseVideo.mp4")!
            ])
            try start(source)
            app.openDetail(for: video)
            let detail = try XCTUnwrap(app.detailWindows[video.date])
            let player = detail.pictureArea.videoPlayer
            waitUntil("the video plays", timeout: 30) {
                detail.pictureArea.page == .video && player.media?.isPlaying == true
            }
            XCTAssertEqual(source.requests.filter { $0.hasPrefix("videos") }, ["videos 2026-07-08"])
            XCTAssertFalse(detail.pictureArea.playButton.isVisible)
            waitForFrames()
            XCTAssertTrue(
                detail.background.button.isMapped && detail.background.button.isSensitive,
                "once it is known to be APOD's own video, Set as Background is offered (its frame)")
        }
    }
}
