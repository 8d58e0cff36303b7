import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The detail window's Set as Background on an APOD-hosted video day hands the desktop the
/// frame 10 % into the video, as the daily background does; the poster when the video gives
/// no frame. Against the fake portal on the test's session bus.
final class VideoSetBackgroundTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var media: FakeHTTPServer!
    private let served = Locked<[String: FakeResponse]>([:])

    override func setUpWithError() throws {
        try super.setUpWithError()
        let served = served
        media = try FakeHTTPServer { request in
            served.value[request.path] ?? .html("<h1>Not Found</h1>", status: 404)
        }
    }

    override func tearDown() {
        super.tearDown()
        media?.stop()
        media = nil
        files.remove()
    }

    private func hostedVideo(path: String) -> APODEntry {
        var video = entry("2026-07-08", title: "Eclipse Video", picture: "/640x360.jpg", media: .video)
        video.videoURL = URL(string: "\(media.baseURL.absoluteString)\(path)")
        return video
    }

    /// Opens `entry`'s detail window (no screen: the copy is the picture as handed over) and
    /// presses Set as Background; returns the bytes the portal was given.
    @MainActor
    private func setBackground(of entry: APODEntry, portal: FakeWallpaperPortal) throws -> (DetailWindow, Data) {
        try start(services: files.services(.offline, calendar: calendar))
        app.openDetail(for: entry)
        let detail = try XCTUnwrap(app.detailWindows[entry.date])
        detail.background.screen = { nil }
        waitForFrames()
        XCTAssertTrue(detail.background.button.isMapped, "an APOD-hosted video offers Set as Background")
        waitUntil("the button can act", timeout: 30) { detail.background.button.isSensitive }
        detail.background.button.activate()
        waitUntil("the portal was called", timeout: 40) { portal.calls.count == 1 }
        return (detail, try XCTUnwrap(portal.calls.first).fileBytes)
    }

    private func withPortal(_ body: @MainActor (FakeWallpaperPortal) throws -> Void) throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            "no session bus (run under dbus-run-session)")
        try MainActor.assumeIsolated {
            let portal = try XCTUnwrap(FakeWallpaperPortal())
            portal.publish()
            defer { portal.unpublish() }
            waitUntil("the fake portal owns its name") { portal.ownsName }
            try body(portal)
        }
    }

    func testAHostedVideoDayHandsOverTheFrameTenPercentIn() throws {
        let clips = try TestMedia.clips()
        served.value["/apod/image/2607/EclipseVideo.mp4"] = .data(clips.mp4, contentType: "video/mp4")
        try withPortal { portal in
            let video = hostedVideo(path: "/apod/image/2607/EclipseVideo.mp4")
            let (detail, handed) = try setBackground(of: video, portal: portal)
            XCTAssertEqual(ImageHeader.read(handed), ImageHeader(width: 320, height: 180), "a frame, not the poster")
            XCTAssertEqual(try XCTUnwrap(detail.background.lastFile).pathExtension, "jpg")

            let downloads = VideoDownload(
                client: HTTPClient(timeout: 10, retryPolicy: .none),
                cache: VideoCache(
                    directory: files.cacheDirectory.appendingPathComponent("test-videos"), capacity: 100 << 20))
            var result: Result<Data, APODError>?
            let still = VideoFrameStill(videos: downloads, fraction: 0.1)
            still.frame(of: try XCTUnwrap(video.videoURL)) { result = $0 }
            waitUntil("the frame at 10 %", timeout: 30) { result != nil }
            let tenPercent = try XCTUnwrap(result).get()
            XCTAssertTrue(try pixels(of: handed) == pixels(of: tenPercent), "the frame 10 % into the video")
            waitUntil("the outcome is shown") { detail.toasts.isShown }
            XCTAssertEqual(detail.toasts.text, "Background set")
        }
    }

    func testAVideoWithoutAFrameHandsOverThePoster() throws {
        served.value["/apod/image/2607/Broken.mp4"] = .html("<html><body>Moved</body></html>", status: 200)
        try withPortal { portal in
            let (detail, handed) = try setBackground(
                of: hostedVideo(path: "/apod/image/2607/Broken.mp4"), portal: portal)
            XCTAssertEqual(ImageHeader.read(handed), ImageHeader(width: 640, height: 360), "the poster")
            waitUntil("the outcome is shown") { detail.toasts.isShown }
            XCTAssertEqual(
                detail.toasts.text,
                "Background set to the video's poster. This video cannot be played here: the server sent something that is not a video file."
            )
        }
    }

    private func pixels(of jpeg: Data) throws -> [UInt8] {
        try TextureDecoder.decode(jpeg, maxSize: nil).texture.pixels()
    }
}
