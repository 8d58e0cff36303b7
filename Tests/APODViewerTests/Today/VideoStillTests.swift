import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// A Vimeo day without a poster shows the still Vimeo's oEmbed names (a fake oEmbed route and
/// the picture server, both on 127.0.0.1), asked once, in Today and the detail window; when no
/// still can be had, the placeholder names the host, in English and Traditional Chinese.
final class VideoStillTests: GUITestCase, @unchecked Sendable {
    private var main: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }
    private var oEmbed: FakeHTTPServer!
    private let answer = Locked<FakeResponse>(.json(#"{"error": "not found"}"#, status: 404))

    override func setUpWithError() throws {
        try super.setUpWithError()
        let answer = answer
        oEmbed = try FakeHTTPServer { request in
            request.path == "/api/oembed.json" ? answer.value : .html("<h1>Not Found</h1>", status: 404)
        }
    }

    override func tearDown() {
        super.tearDown()
        oEmbed?.stop()
        oEmbed = nil
    }

    private func vimeoDay(_ day: String, id: Int) -> APODEntry {
        var item = entry(day, title: "Comet Flyby \(day)", media: .video)
        item.thumbnailURL = nil
        item.videoURL = URL(string: "https://player.vimeo.com/video/\(id)")
        return item
    }

    @MainActor
    private func start(_ entries: [APODEntry], random: [APODEntry] = [], options: ViewerOptions = ViewerOptions())
        throws
    {
        let stills = VideoStills(
            client: HTTPClient(timeout: 5, retryPolicy: .none),
            oEmbedURL: URL(string: "\(oEmbed.baseURL.absoluteString)/api/oembed.json")!)
        try start(
            environment: ViewerEnvironment(
                source: FakeSource(entries: entries, random: random),
                pictures: PictureLoader(fetcher: pictures.fetcher, stills: stills), calendar: calendar),
            options: options)
    }

    func testAGridCellOfAVimeoDayShowsItsStillWithThePlayBadge() throws {
        answer.value = .json(#"{"thumbnail_url": "\#(pictures.url("/vimeo/640x360.jpg").absoluteString)"}"#)
        try MainActor.assumeIsolated {
            let batch = [entry("2011-02-02", title: "A Picture"), vimeoDay("2011-02-03", id: 555)]
            try start([batch[0]], random: batch, options: ViewerOptions(randomCount: 2))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid is filled") { grid.cells.count == 2 }
            let cell = try XCTUnwrap(grid.cells.first { $0.entry.mediaType == .video })
            waitUntil("the Vimeo day's cell shows its still") { cell.hasThumbnail }
            XCTAssertTrue(cell.playBadge.isVisible)
            XCTAssertEqual(oEmbed.requests.count, 1)
        }
    }

    /// `.build/screenshots/video-cell-placeholder.png`
    func testGridAndWallCellsOfAVideoDayWithoutAStillShowTheSmallPlaceholder() throws {
        try MainActor.assumeIsolated {
            let batch = [entry("2011-02-02", title: "A Picture"), vimeoDay("2011-02-03", id: 555)]
            try start([batch[0]], random: batch, options: ViewerOptions(randomCount: 2))
            ViewerLauncher.useAppIcon()
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid is filled") { grid.cells.count == 2 }
            let cell = try XCTUnwrap(grid.cells.first { $0.entry.mediaType == .video })
            waitUntil("the Vimeo day's cell knows it has no still") { cell.videoPlaceholder.root.isVisible }
            XCTAssertFalse(cell.hasThumbnail)
            XCTAssertFalse(cell.statusIcon.isVisible, "not the generic no-preview icon")
            XCTAssertTrue(cell.playBadge.isVisible)
            XCTAssertTrue(cell.videoPlaceholder.root.hasCSSClass("video-placeholder"), "the designed gradient")
            XCTAssertEqual(cell.videoPlaceholder.icon.iconName, ViewerApplication.id)
            XCTAssertEqual(cell.videoPlaceholder.accessibleName, "Video on vimeo.com, no still picture")
            XCTAssertTrue(cell.accessibleName.contains("video"), cell.accessibleName)
            waitForFrames()
            saveScreenshot(of: main.window, named: "video-cell-placeholder")

            let wall = WallCell()
            let day = vimeoDay("2011-02-04", id: 556)
            wall.assign(WallCell.Day(day), at: 0)
            wall.loadThumbnail(with: app.environment.pictures, width: 200)
            waitUntil("the wall cell settles") { wall.isSettled }
            let placeholder = try XCTUnwrap(wall.videoPlaceholder)
            XCTAssertTrue(placeholder.root.isVisible)
            XCTAssertFalse(wall.statusIcon.isVisible)
            XCTAssertEqual(wall.playBadge?.isVisible, true)
            XCTAssertEqual(placeholder.accessibleName, "Video on vimeo.com, no still picture")
            XCTAssertTrue(WallCell.Day(day).accessibleLabel.contains("video"))
            wall.showPending(at: 1)
            XCTAssertFalse(placeholder.root.isVisible, "a recycled cell drops it")
        }
    }

    func testAVimeoDayShowsTheStillItsOEmbedNamesAskedOnce() throws {
        answer.value = .json(
            #"{"type": "video", "thumbnail_url": "\#(pictures.url("/vimeo/640x360.jpg").absoluteString)"}"#)
        try MainActor.assumeIsolated {
            try start([vimeoDay("2026-11-28", id: 76_979_871), entry("2026-11-27", title: "A Picture")])
            waitUntil("the Vimeo still is shown") { main.pictureView.page == .picture }
            XCTAssertEqual(main.pictureView.shownImage?.originalWidth, 640)
            XCTAssertTrue(main.pictureView.playButton.isVisible)
            XCTAssertEqual(main.pictureView.playButton.tooltip, "Play the video on vimeo.com in your browser")
            XCTAssertEqual(oEmbed.requests.map { $0.query["url"] }, ["https://vimeo.com/76979871"])

            main.show(day: APODDay("2026-11-27")!)
            waitUntil("the day before is shown") { main.entry?.date.description == "2026-11-27" }
            main.show(day: APODDay("2026-11-28")!)
            waitUntil("the Vimeo still is back") {
                main.pictureView.page == .picture && main.entry?.mediaType == .video
            }
            app.openDetail(for: try XCTUnwrap(main.entry))
            let detail = try XCTUnwrap(app.detailWindows.values.first)
            waitUntil("the detail window shows the still") { detail.pictureArea.page == .picture }
            XCTAssertEqual(detail.pictureArea.shown?.image.originalWidth, 640)
            XCTAssertEqual(oEmbed.requests.count, 1, "the still's address is asked for once")
        }
    }

    /// `.build/screenshots/video-placeholder{,-dark,-zh_TW}.png`
    func testWithoutAStillThePlaceholderNamesTheHost() throws {
        try MainActor.assumeIsolated {
            ViewerLauncher.useAppIcon()
            try start([vimeoDay("2026-11-28", id: 1234)])
            waitUntil("the placeholder is shown") { main.pictureView.page == .placeholder }
            let placeholder = main.pictureView.placeholder
            XCTAssertEqual(placeholder.titleLabel.text, "Video")
            XCTAssertEqual(placeholder.hostLabel.text, "on vimeo.com")
            XCTAssertEqual(placeholder.accessibleName, "Video on vimeo.com, no still picture")
            XCTAssertEqual(oEmbed.requests.count, 1)
            XCTAssertFalse(main.pictureView.playButton.isVisible, "the placeholder's own Play Video is the one")
            defer { StyleManager.colorScheme = .followSystem }
            for (suffix, scheme) in [("", ColorScheme.light), ("-dark", ColorScheme.dark)] {
                StyleManager.colorScheme = scheme
                waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                waitForFrames()
                saveScreenshot(of: main.window, named: "video-placeholder\(suffix)")
            }
            app.openDetail(for: try XCTUnwrap(main.entry))
            let detail = try XCTUnwrap(app.detailWindows.values.first)
            waitUntil("the detail window shows the placeholder") { detail.pictureArea.page == .placeholder }
            XCTAssertEqual(detail.pictureArea.placeholder.host, "vimeo.com")
        }
    }

    func testThePlaceholderSpeaksTraditionalChinese() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            ViewerLauncher.useAppIcon()
            try start([vimeoDay("2026-11-28", id: 1234)])
            waitUntil("the placeholder is shown") { main.pictureView.page == .placeholder }
            let placeholder = main.pictureView.placeholder
            XCTAssertEqual(placeholder.titleLabel.text, "影片")
            XCTAssertEqual(placeholder.hostLabel.text, "在 vimeo.com 上")
            XCTAssertEqual(placeholder.accessibleName, "vimeo.com 上的影片，沒有靜態圖片")
            XCTAssertEqual(placeholder.playButton.textLabel?.text, "播放影片")
            saveScreenshot(of: main.window, named: "video-placeholder-zh_TW")
        }
    }
}
