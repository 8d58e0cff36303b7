import Foundation
import XCTest

@testable import APODCore

/// Which URL a day's background comes from, and the retry as the original.
final class WallpaperPictureTests: CoreTestCase {
    private let cdn = URL(
        string:
            "https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2026/11/sky.jpg?w=4096&h=2731&fit=clip")!

    func testTheCDNIsAskedForTheWidthExceptForGIFs() throws {
        let image = APODEntry(date: APODDay("2026-11-01")!, title: "Sky", hdImageURL: cdn)
        let url = try XCTUnwrap(WallpaperPicture.url(for: image, width: 2560))
        XCTAssertEqual(
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "w" }?.value, "2560"
        )
        XCTAssertFalse(url.absoluteString.contains("h=2731"))
        XCTAssertEqual(WallpaperPicture.url(for: image, width: nil), cdn)
        XCTAssertEqual(WallpaperPicture.url(for: image, width: 5120), cdn, "never upscaled: the original is 4096 wide")

        let gif = URL(string: "https://assets.science.nasa.gov/dynamicimage/assets/science/apod/1996/anim.gif")!
        XCTAssertEqual(
            WallpaperPicture.url(
                for: APODEntry(date: APODDay("1996-01-01")!, title: "Anim", hdImageURL: gif), width: 800), gif)
        let elsewhere = URL(string: "https://apod.nasa.gov/apod/image/2611/sky.jpg")!
        XCTAssertEqual(
            WallpaperPicture.url(
                for: APODEntry(date: APODDay("2026-11-01")!, title: "S", hdImageURL: elsewhere), width: 800), elsewhere)
    }

    func testAVideoDayGivesItsStillAndOtherMediaNothing() {
        let video = APODEntry(
            date: APODDay("2026-11-02")!, title: "Film", mediaType: .video, thumbnailURL: cdn,
            videoURL: URL(string: "https://www.youtube.com/embed/x"))
        XCTAssertTrue(WallpaperPicture.url(for: video, width: 1280)?.absoluteString.contains("w=1280") == true)
        XCTAssertNil(
            WallpaperPicture.url(
                for: APODEntry(date: APODDay("2026-11-03")!, title: "O", mediaType: .other), width: 1280))
    }

    func testAFailedResizedDownloadIsTriedOnceAsTheOriginal() async throws {
        let fetcher = RecordingFetcher(failing: { $0.absoluteString.contains("w=1280") })
        let entry = APODEntry(date: APODDay("2026-11-01")!, title: "Sky", hdImageURL: cdn)
        let data = try await WallpaperPicture(images: fetcher).data(for: entry, width: 1280)
        XCTAssertEqual(data, Data(cdn.absoluteString.utf8))
        XCTAssertEqual(fetcher.urls.count, 2)
        XCTAssertEqual(fetcher.urls.last, cdn)
    }
}

private final class RecordingFetcher: ImageFetching, @unchecked Sendable {
    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    private let lock = NSLock()
    private var asked: [URL] = []
    private let failing: @Sendable (URL) -> Bool

    init(failing: @escaping @Sendable (URL) -> Bool) { self.failing = failing }

    var urls: [URL] { lock.withLock { asked } }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        lock.withLock { asked.append(url) }
        if failing(url) { throw APODError.pictureServerError(status: 404) }
        return Data(url.absoluteString.utf8)
    }
}

/// Picking a background that is not the day's own.
final class BackgroundChoiceTests: CoreTestCase, @unchecked Sendable {
    private final class CacheOnlyFetcher: ImageFetching, @unchecked Sendable {
        let cached: [URL: Data]
        init(cached: [URL: Data]) { self.cached = cached }
        func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { cached[url] }
        func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data { throw APODError.unreachable }
    }

    private static func entry(_ day: String, media: MediaType = .image) -> APODEntry {
        APODEntry(
            date: APODDay(day)!, title: day, mediaType: media,
            imageURL: media == .image ? URL(string: "https://apod.nasa.gov/\(day).jpg") : nil)
    }

    func testOnlyDaysWithAPictureAndNotTheCurrentOneWhenAnotherWillDo() {
        let picture = WallpaperPicture(images: CacheOnlyFetcher(cached: [:]))
        let candidates = [Self.entry("2019-01-01"), Self.entry("2019-01-02", media: .video), Self.entry("2019-01-03")]
        for _ in 0..<20 {
            let choice = BackgroundChoice.pick(
                from: candidates, avoiding: APODDay("2019-01-01"), cachedOnly: false,
                picture: picture, width: nil)
            XCTAssertEqual(choice?.entry.date.description, "2019-01-03")
            XCTAssertNil(choice?.cachedData)
        }
        XCTAssertEqual(
            BackgroundChoice.pick(
                from: [Self.entry("2019-01-01")], avoiding: APODDay("2019-01-01"), cachedOnly: false,
                picture: picture, width: nil)?.entry.date.description, "2019-01-01", "the only one")
        XCTAssertNil(
            BackgroundChoice.pick(
                from: [Self.entry("2019-01-02", media: .video)], avoiding: nil, cachedOnly: false,
                picture: picture, width: nil))
    }

    func testOnAMeteredConnectionOnlyACachedPicture() throws {
        let cachedURL = try XCTUnwrap(URL(string: "https://apod.nasa.gov/2019-01-03.jpg"))
        let picture = WallpaperPicture(images: CacheOnlyFetcher(cached: [cachedURL: Data("bytes".utf8)]))
        let candidates = (1...9).map { Self.entry("2019-01-0\($0)") }
        for _ in 0..<10 {
            let choice = BackgroundChoice.pick(
                from: candidates, avoiding: nil, cachedOnly: true, picture: picture, width: 1920)
            XCTAssertEqual(choice?.entry.date.description, "2019-01-03")
            XCTAssertEqual(choice?.cachedData, Data("bytes".utf8))
        }
        XCTAssertNil(
            BackgroundChoice.pick(
                from: [Self.entry("2019-01-01")], avoiding: nil, cachedOnly: true, picture: picture, width: nil))
    }
}
