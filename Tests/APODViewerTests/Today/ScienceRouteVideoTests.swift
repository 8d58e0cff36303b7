import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// End to end through the science route: the real `ScienceSource`, `HTTPClient` and
/// `ImageLoader` against a loopback service that answers as science.nasa.gov does (about a
/// second per request; the day's route without its page, the page with `_fields=basic_html`
/// holding `<video><source src>` at APOD's real `/apod/image/2607/…` path). The viewer started
/// on 2026-07-08 plays the video in Today and in the detail window; screenshots of both,
/// playing, light and dark and in Traditional Chinese (`.build/screenshots/science-video-*`).
final class ScienceRouteVideoTests: GUITestCase, @unchecked Sendable {
    private var service: FakeHTTPServer!
    private static let videoPath = "/apod/image/2607/EclipseVideo.mp4"
    private var main: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let clip = try TestMedia.clips().mp4
        let poster = pictures.url("/1280x720.jpg").absoluteString
        service = try FakeHTTPServer { request in
            if request.path == Self.videoPath { return .data(clip, contentType: "video/mp4") }
            guard request.path.hasSuffix("/wp-json/wp/v2/apod-basic/260708") else {
                return .json(#"{"code": "apod_basic_not_found", "data": {"status": 404}}"#, status: 404)
            }
            var answer: FakeResponse
            if request.query["_fields"]?.split(separator: ",").contains("basic_html") == true {
                let host = request.headers["host"] ?? "127.0.0.1"
                let page = """
                    <html><body><center><h1>Astronomy Picture of the Day</h1>
                    <video width="960" controls poster="\(poster)"><source src="http://\(host)\(Self.videoPath)" type="video/mp4"></video>
                    </center><b> Eclipse Video </b></body></html>
                    """
                let object = ["date": "2026-07-08", "basic_html": page]
                answer = .json(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
            } else {
                answer = .json(
                    """
                    {"date": "2026-07-08", "title": "Eclipse Video", "media_type": "video",
                     "explanation": "<strong>Explanation: </strong>The Moon's shadow races across the clouds.",
                     "hdurl": "\(poster)", "url": "https://science.nasa.gov/apod/260708",
                     "permalink": "https://science.nasa.gov/apod/260708",
                     "copyright": "<strong>Video Credit:</strong> Ada Lovelace"}
                    """)
            }
            answer.delay = 1
            return answer
        }
    }

    override func tearDown() {
        super.tearDown()
        service?.stop()
        service = nil
    }

    @MainActor
    private func startOnTheVideoDay() throws {
        let client = HTTPClient(timeout: 10, retryPolicy: .none)
        let source = ScienceSource(
            apiURL: service.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic"), client: client,
            calendar: calendar)
        try start(
            source: source, options: ViewerOptions(initialDay: APODDay("2026-07-08")),
            fetcher: ImageLoader(client: client, cache: nil))
    }

    /// The window as rendered, to compare two moments pixel for pixel.
    @MainActor
    private func rendering(of window: Window) throws -> [UInt8] {
        XCTAssertTrue(Frames.waitForTransitions())
        waitForFrames()
        var rendered: Texture?
        Gtk.iterate(
            until: {
                rendered = window.renderTexture()
                return rendered != nil
            }, timeout: 5)
        return try XCTUnwrap(rendered).pixels()
    }

    func testTheVideoDayPlaysInTodayAndTheDetailWindow() throws {
        try MainActor.assumeIsolated {
            try startOnTheVideoDay()
            waitUntil("the video's first frame is shown", timeout: 30) { main.pictureView.page == .video }
            let pages = service.requests.filter { $0.query["_fields"]?.contains("basic_html") == true }
            XCTAssertEqual(pages.count, 1, "the day's page is asked for once, for its player")
            XCTAssertEqual(service.requests.filter { $0.path == Self.videoPath }.count, 1)
            let stream = try XCTUnwrap(main.videoPlayer.media)
            XCTAssertFalse(stream.isPlaying, "Today starts paused")
            XCTAssertTrue(stream.isMuted)
            main.videoPlayer.togglePlaying()
            waitUntil("it plays") { stream.isPlaying && stream.position > 0.3 }
            let earlier = try rendering(of: main.window)
            let earlierPosition = stream.position
            waitUntil("it plays on", timeout: 10) { stream.position > earlierPosition + 0.6 }
            XCTAssertTrue(try rendering(of: main.window) != earlier, "frames advance on screen")

            defer { StyleManager.colorScheme = .followSystem }
            for (suffix, scheme) in [("", ColorScheme.light), ("-dark", ColorScheme.dark)] {
                StyleManager.colorScheme = scheme
                waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                waitForFrames()
                ViewScreenshotTests.letCSSTransitionsEnd()
                XCTAssertTrue(stream.isPlaying)
                saveScreenshot(of: main.window, named: "science-video-today\(suffix)")
            }
            StyleManager.colorScheme = .followSystem

            main.detailsButton.activate()
            waitUntil("the detail window opens") { app.detailWindows[APODDay("2026-07-08")!] != nil }
            let detail = try XCTUnwrap(app.detailWindows[APODDay("2026-07-08")!])
            let player = detail.pictureArea.videoPlayer
            waitUntil("the detail window plays it", timeout: 30) {
                detail.pictureArea.page == .video && player.media?.isPlaying == true
            }
            let detailStream = try XCTUnwrap(player.media)
            XCTAssertTrue(detailStream.isMuted)
            waitUntil("the detail plays on") { detailStream.position > 0.3 }
            let before = try rendering(of: detail.window)
            let beforePosition = detailStream.position
            waitUntil("the detail plays on", timeout: 10) { detailStream.position > beforePosition + 0.6 }
            XCTAssertTrue(try rendering(of: detail.window) != before, "frames advance in the detail window")
            for (suffix, scheme) in [("", ColorScheme.light), ("-dark", ColorScheme.dark)] {
                StyleManager.colorScheme = scheme
                waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                waitForFrames()
                ViewScreenshotTests.letCSSTransitionsEnd()
                saveScreenshot(of: detail.window, named: "science-video-detail\(suffix)")
            }
        }
    }

    /// Two shots some seconds apart, in Traditional Chinese, at 360 px wide.
    func testTheVideoPlaysInTraditionalChinese() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            try startOnTheVideoDay()
            waitUntil("the video's first frame is shown", timeout: 30) { main.pictureView.page == .video }
            main.window.resize(width: ViewScreenshotTests.narrowWidth, height: 760)
            let stream = try XCTUnwrap(main.videoPlayer.media)
            main.videoPlayer.togglePlaying()
            waitUntil("it plays") { stream.isPlaying && stream.position > 0.3 }
            saveScreenshot(of: main.window, named: "science-video-today-zh_TW-1")
            let first = stream.position
            waitUntil("it plays on", timeout: 10) { stream.position > first + 1 || stream.position < first }
            saveScreenshot(of: main.window, named: "science-video-today-zh_TW-2")
            XCTAssertEqual(main.detailsButton.label, "開啟詳細資訊(_L)")
        }
    }
}
