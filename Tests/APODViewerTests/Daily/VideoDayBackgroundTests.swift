import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// On an APOD-hosted video day the daily background is the frame 10 % into the video (the
/// generated mp4 from a loopback server at APOD's path, through the app's video download),
/// not the poster; a broken video says why and the poster is used
/// (`.build/screenshots/video-day-background.jpg`: the stored frame).
final class VideoDayBackgroundTests: GUITestCase, @unchecked Sendable {
    private var folder: URL!
    private var media: FakeHTTPServer!
    private let served = Locked<[String: FakeResponse]>([:])

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-background-\(UUID().uuidString)")
        let served = served
        media = try FakeHTTPServer { request in
            served.value[request.path] ?? .html("<h1>Not Found</h1>", status: 404)
        }
    }

    override func tearDown() {
        super.tearDown()
        media?.stop()
        media = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var videos: VideoDownload {
        VideoDownload(
            client: HTTPClient(timeout: 10, retryPolicy: .none),
            cache: VideoCache(directory: folder.appendingPathComponent("videos"), capacity: 100 << 20))
    }

    private func videoDay(path: String) -> APODEntry {
        APODEntry(
            date: APODDay("2026-07-08")!, title: "Eclipse Video", explanation: "The Moon's shadow, in motion.",
            mediaType: .video, thumbnailURL: URL(string: "https://apod.nasa.gov/apod/image/2607/poster.jpg"),
            videoURL: URL(string: "\(media.baseURL.absoluteString)\(path)"))
    }

    /// A background maker without a screen and without a caption, so the stored copy is the
    /// picture as it was handed over; GNOME's keys in GIO's memory backend.
    @MainActor
    private func background(fetcher: RecordingFetcher, videoDays: DailySettings.VideoDays = .useStill) throws
        -> DailyBackground
    {
        var settings = DailySettings()
        settings.setsBackground = true
        settings.videoDays = videoDays
        let backend = try XCTUnwrap(DesktopSettings.Backend.named("memory"))
        return DailyBackground(
            settings: settings, images: fetcher,
            history: BackgroundHistory(dataFolder: DataFolder(root: folder.appendingPathComponent("data"))),
            network: FakeNetwork(), screen: { nil }, monitors: { nil }, route: .settings(backend: backend),
            frames: VideoFrameStill(videos: videos))
    }

    @MainActor
    private func frame(at fraction: Double, of url: URL) throws -> Data {
        var result: Result<Data, APODError>?
        let still = VideoFrameStill(videos: videos, fraction: fraction)
        still.frame(of: url) { result = $0 }
        waitUntil("the frame at \(fraction)", timeout: 30) { result != nil }
        XCTAssertFalse(still.isBusy)
        return try XCTUnwrap(result).get()
    }

    func testAnAPODHostedVideoDayGetsTheFrameTenPercentIntoTheVideo() throws {
        let clips = try TestMedia.clips()
        served.value["/apod/image/2607/EclipseVideo.mp4"] = .data(clips.mp4, contentType: "video/mp4")
        try MainActor.assumeIsolated {
            let fetcher = RecordingFetcher()
            let background = try background(fetcher: fetcher)
            let entry = videoDay(path: "/apod/image/2607/EclipseVideo.mp4")
            var problems: [String] = []
            let subscription = background.problemMet.subscribe { problems.append($0) }
            defer { subscription.cancel() }
            var ending: DailyBackground.Ending?
            background.set(entry, automatically: true) { ending = $0 }
            waitUntil("the background is set", timeout: 30) { ending != nil }
            XCTAssertEqual(ending, .taken)
            XCTAssertEqual(problems, [])
            XCTAssertEqual(fetcher.urls, [], "the poster is not fetched")
            let file = try XCTUnwrap(background.currentDay == entry.date ? currentFile() : nil)
            let stored = try Data(contentsOf: file)
            XCTAssertEqual(ImageHeader.read(stored), ImageHeader(width: 320, height: 180), "a frame of the video")
            try? FileManager.default.createDirectory(at: Self.screenshotDirectory, withIntermediateDirectories: true)
            try stored.write(to: Self.screenshotDirectory.appendingPathComponent("video-day-background.jpg"))

            let tenPercent = try frame(at: 0.1, of: entry.videoURL!)
            let first = try frame(at: 0, of: entry.videoURL!)
            XCTAssertTrue(try pixels(of: stored) == pixels(of: tenPercent), "the stored frame is the one 10 % in")
            XCTAssertTrue(try pixels(of: tenPercent) != pixels(of: first), "the ball moved: not the first frame")
            XCTAssertEqual(media.requests.count, 1, "the video is fetched once, then played from the cache")
        }
    }

    func testABrokenVideoSaysWhyAndThePosterIsUsed() throws {
        served.value["/apod/image/2607/Broken.mp4"] = .html("<html><body>Moved</body></html>", status: 200)
        try MainActor.assumeIsolated {
            let fetcher = RecordingFetcher()
            let background = try background(fetcher: fetcher)
            var problems: [String] = []
            let subscription = background.problemMet.subscribe { problems.append($0) }
            defer { subscription.cancel() }
            var ending: DailyBackground.Ending?
            background.set(videoDay(path: "/apod/image/2607/Broken.mp4"), automatically: true) { ending = $0 }
            waitUntil("the background is set", timeout: 30) { ending != nil }
            XCTAssertEqual(ending, .taken)
            XCTAssertEqual(
                problems, ["This video cannot be played here: the server sent something that is not a video file."])
            XCTAssertEqual(fetcher.urls, ["https://apod.nasa.gov/apod/image/2607/poster.jpg"], "the poster instead")
        }
    }

    func testWithoutTheVideosStillChosenThePosterIsUsedAndTheVideoNotFetched() throws {
        try MainActor.assumeIsolated {
            let fetcher = RecordingFetcher()
            let background = try background(fetcher: fetcher, videoDays: .keepCurrent)
            var ending: DailyBackground.Ending?
            background.set(videoDay(path: "/apod/image/2607/EclipseVideo.mp4"), automatically: true) { ending = $0 }
            waitUntil("the background is set", timeout: 30) { ending != nil }
            XCTAssertEqual(ending, .taken)
            XCTAssertEqual(fetcher.urls, ["https://apod.nasa.gov/apod/image/2607/poster.jpg"])
            XCTAssertEqual(media.requests.count, 0, "the video is not fetched")
        }
    }

    private func currentFile() -> URL? {
        BackgroundHistory(dataFolder: DataFolder(root: folder.appendingPathComponent("data"))).current
    }

    private func pixels(of jpeg: Data) throws -> [UInt8] {
        try TextureDecoder.decode(jpeg, maxSize: nil).texture.pixels()
    }
}
