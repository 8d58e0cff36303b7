import APODCore
import AdwKit
import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// An APOD-hosted video day plays in Today with GTK's media stack, from a file the app's own
/// HTTP client fetched from a loopback server at APOD's real path; every bad answer ends in
/// the still with one sentence and Open in Browser.
final class TodayVideoTests: GUITestCase, @unchecked Sendable {
    private var main: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }
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
    }

    private func serve(_ path: String, _ data: Data, type: String = "video/mp4") {
        served.value[path] = .data(data, contentType: type)
    }

    /// A video day as the science route gives it: the poster in `hdurl`, the file in `basic_html`.
    private func videoDay(_ day: String, path: String, poster: Bool = true) -> APODEntry {
        var item = entry(day, title: "Eclipse Video \(day)", media: .video)
        item.videoURL = URL(string: "\(media.baseURL.absoluteString)\(path)")
        if !poster { item.thumbnailURL = nil }
        return item
    }

    func testAnAPODHostedVideoPlaysInTodayStartingPausedAndMuted() throws {
        let clips = try TestMedia.clips()
        serve("/apod/image/2607/EclipseVideo.mp4", clips.mp4)
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [videoDay("2026-07-08", path: "/apod/image/2607/EclipseVideo.mp4")]))
            waitUntil("the video's first frame is shown", timeout: 30) { main.pictureView.page == .video }
            let player = main.videoPlayer
            let stream = try XCTUnwrap(player.media)
            XCTAssertTrue(stream.isMuted, "a video never makes noise unasked")
            XCTAssertFalse(stream.isPlaying, "Today starts paused")
            XCTAssertTrue(stream.loops, "a 3 s clip loops")
            XCTAssertEqual(player.video.frameSize?.width, 320)
            XCTAssertEqual(media.requests.map(\.path), ["/apod/image/2607/EclipseVideo.mp4"])

            let still = try frame(of: player)
            waitForFrames()
            XCTAssertTrue(try frame(of: player) == still, "paused: the frame does not move")
            player.togglePlaying()
            waitUntil("it plays") { stream.isPlaying && stream.position > 0.5 }
            let playing = try frame(of: player)
            XCTAssertTrue(playing != still, "the ball moved")
            saveScreenshot(of: main.window, named: "today-video-playing")
            player.togglePlaying()
            waitUntil("it pauses") { !stream.isPlaying }
            let paused = try frame(of: player)
            let position = stream.position
            Gtk.iterate(until: { false }, timeout: 0.5)
            XCTAssertTrue(try frame(of: player) == paused, "pause stops the frames")
            XCTAssertEqual(stream.position, position, accuracy: 0.01)

            player.togglePlaying()
            waitUntil("it plays again") { stream.isPlaying }
            main.showView(.random)
            waitUntil("another view pauses it") { !stream.isPlaying }
            main.showView(.today)
            XCTAssertFalse(stream.isPlaying, "coming back does not start it unasked")

            let beforeSeek = stream.position
            player.seek(by: VideoPlayer.seekStep)
            waitUntil("Right seeks to the end's side") { stream.position > beforeSeek + 0.3 || stream.position > 2.5 }
            player.toggleMuted()
            XCTAssertFalse(stream.isMuted)
        }
    }

    /// The sentence for a video that cannot be played, in Traditional Chinese
    /// (`.build/screenshots/today-video-unplayable-zh_TW.png`).
    func testTheReasonIsSaidInTraditionalChinese() throws {
        serve("/apod/image/2607/page.mp4", Data("<html><body>Moved</body></html>".utf8), type: "text/html")
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [videoDay("2026-07-08", path: "/apod/image/2607/page.mp4")]))
            waitUntil("the still says why", timeout: 30) { main.pictureView.videoNotice.message != nil }
            XCTAssertEqual(main.pictureView.videoNotice.message, "無法在此播放這段影片：伺服器傳來的不是影片檔。")
            XCTAssertEqual(main.pictureView.videoNotice.openButton.label, "在瀏覽器中開啟(_B)")
            saveScreenshot(of: main.window, named: "today-video-unplayable-zh_TW")
        }
    }

    /// A playing video, wide and 360 px narrow, light and dark (`.build/screenshots/today-video-*`).
    func testScreenshotsOfAPlayingVideo() throws {
        let clips = try TestMedia.clips()
        serve("/apod/image/2607/EclipseVideo.mp4", clips.mp4)
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [videoDay("2026-07-08", path: "/apod/image/2607/EclipseVideo.mp4")]))
            waitUntil("the video's first frame is shown", timeout: 30) { main.pictureView.page == .video }
            let stream = try XCTUnwrap(main.videoPlayer.media)
            main.videoPlayer.togglePlaying()
            waitUntil("it plays") { stream.isPlaying }
            defer { StyleManager.colorScheme = .followSystem }
            for (width, height) in [(1180, 820), (ViewScreenshotTests.narrowWidth, 760)] {
                main.window.resize(width: width, height: height)
                waitUntil("\(width) px wide") { main.window.width <= width && main.window.width >= width - 12 }
                for (suffix, scheme) in [("", ColorScheme.light), ("-dark", ColorScheme.dark)] {
                    StyleManager.colorScheme = scheme
                    waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                    waitForFrames()
                    ViewScreenshotTests.letCSSTransitionsEnd()
                    XCTAssertTrue(stream.isPlaying)
                    saveScreenshot(of: main.window, named: "today-video-\(width)\(suffix)")
                }
            }
        }
    }

    /// As a user does it, through the X server (xdotool): a click on the video, then Space,
    /// plays it. The click put the keyboard in the video; before, Space pressed the button that
    /// had the focus, the previous day's.
    func testAClickOnTheVideoThenSpacePlaysIt() throws {
        let clips = try TestMedia.clips()
        serve("/apod/image/2607/EclipseVideo.mp4", clips.mp4)
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [videoDay("2026-07-08", path: "/apod/image/2607/EclipseVideo.mp4")]))
            waitUntil("the video's first frame is shown", timeout: 30) { main.pictureView.page == .video }
            let stream = try XCTUnwrap(main.videoPlayer.media)
            main.window.title = "Click Then Space"
            waitUntil("the window has the keyboard") { main.window.isActive }
            waitForFrames()
            Self.destroyModalWindowsLeftByEarlierTests()
            let video = try XCTUnwrap(main.videoPlayer.video.bounds(in: main.window))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                // Raised: a window of an earlier test may still lie over it (there is no window
                // manager to stack them).
                "xdotool", "search", "--name", "^Click Then Space$", "windowraise", "%1", "windowfocus", "--sync", "%1",
                "mousemove", "--window", "%1", String(Int(video.x + video.width / 2)),
                String(Int(video.y + video.height / 3)), "click", "1", "sleep", "0.3", "key", "space",
            ]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "xdotool")
            waitUntil("Space plays the video") { stream.isPlaying }
            XCTAssertEqual(main.entry?.date, APODDay("2026-07-08"), "the day did not step")
        }
    }

    func testTheVP9WebMPlaysToo() throws {
        let clips = try TestMedia.clips()
        serve("/apod/image/2603/Aurora.webm", clips.webm, type: "video/webm")
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [videoDay("2026-03-02", path: "/apod/image/2603/Aurora.webm")]))
            waitUntil("the WebM's first frame is shown", timeout: 30) { main.pictureView.page == .video }
            XCTAssertEqual(main.videoPlayer.video.frameSize?.width, 160)
        }
    }

    func testLeavingTheDayStopsTheDownloadAndThePipeline() throws {
        var big = try TestMedia.clips().mp4
        big.append(Data(count: 3_000_000))
        serve("/apod/image/2607/Long.mp4", big)
        media.profile = NetworkProfile(bytesPerSecond: 300_000)
        try MainActor.assumeIsolated {
            let other = entry("2026-07-07", title: "Quiet Day")
            try start(FakeSource(entries: [other, videoDay("2026-07-08", path: "/apod/image/2607/Long.mp4")]))
            waitUntil("the download runs") { media.bytesSent > 100_000 }
            XCTAssertTrue(main.videoPlayer.isDownloading)
            main.show(day: APODDay("2026-07-07")!)
            waitUntil("the other day is shown") { main.caption.titleLabel.text == "Quiet Day" }
            XCTAssertEqual(main.videoPlayer.state, .idle)
            XCTAssertNil(main.videoPlayer.media, "no pipeline is left")
            Gtk.iterate(until: { false }, timeout: 0.4)
            let sent = media.bytesSent
            Gtk.iterate(until: { false }, timeout: 0.8)
            XCTAssertEqual(media.bytesSent, sent, "the server sends nothing more")
            XCTAssertLessThan(sent, big.count / 2)
        }
    }

    func testEveryBadVideoEndsInTheStillWithOneSentence() throws {
        let clips = try TestMedia.clips()
        serve("/apod/image/2607/cut.mp4", clips.mp4.prefix(clips.mp4.count / 3))
        serve("/apod/image/2607/page.mp4", Data("<html><body>Moved</body></html>".utf8), type: "text/html")
        serve("/apod/image/2607/codec.mp4", TestMedia.unknownCodec(clips.mp4))
        // Boxes as an mp4 lays them out, but no index and noise for media: GStreamer refuses it.
        let noise = [UInt8](repeating: 7, count: 5000)
        serve(
            "/apod/image/2607/noise.mp4",
            Data([0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 0x13, 0x90] + Array("mdat".utf8) + noise))
        let cases: [(path: String, says: String)] = [
            ("/apod/image/2607/missing.mp4", "the server has no such file"),
            ("/apod/image/2607/page.mp4", "not a video file"),
            ("/apod/image/2607/cut.mp4", "damaged or incomplete"),
            ("/apod/image/2607/noise.mp4", "damaged or incomplete"),
            ("/apod/image/2607/codec.mp4", "install the package gstreamer1.0-libav"),
        ]
        try MainActor.assumeIsolated {
            let days = cases.indices.map { APODDay("2026-07-01")!.adding(days: $0) }
            try start(
                FakeSource(entries: zip(days, cases).map { videoDay($0.0.description, path: $0.1.path) }),
                options: ViewerOptions(initialDay: days[0]))
            for (day, item) in zip(days, cases) {
                main.show(day: day)
                waitUntil("\(item.path) ends in the still with its reason", timeout: 30) {
                    main.pictureView.page == .picture && main.pictureView.videoNotice.message != nil
                }
                let message = try XCTUnwrap(main.pictureView.videoNotice.message)
                XCTAssertTrue(message.hasPrefix("This video cannot be played here: "), message)
                XCTAssertTrue(message.contains(item.says), "\(item.path): \(message)")
                XCTAssertFalse(message.contains("127.0.0.1"), "no address in the message")
                XCTAssertFalse(main.pictureView.spinner.isSpinning)
                XCTAssertTrue(main.pictureView.playButton.isVisible, "the browser is still a click away")
            }
            saveScreenshot(of: main.window, named: "today-video-unplayable")
        }
    }

    /// The window as drawn now, as pixels, once the still has faded into the video.
    @MainActor
    private func frame(of player: VideoPlayer) throws -> [UInt8] {
        XCTAssertTrue(Frames.waitForTransitions())
        waitForFrames()
        // As `saveScreenshot` does: right after a change GTK may have no node to render yet.
        var rendered: Texture?
        Gtk.iterate(
            until: {
                rendered = main.window.renderTexture()
                return rendered != nil
            }, timeout: 5)
        return try XCTUnwrap(rendered).pixels()
    }
}
