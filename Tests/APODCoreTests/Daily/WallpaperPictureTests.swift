import Foundation
import XCTest
@testable import APODCore

/// Which URL a day's background comes from, and the retry as the original.
final class WallpaperPictureTests: CoreTestCase {
    private let cdn = URL(string: "https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2026/11/sky.jpg?w=4096&h=2731&fit=clip")!

    func testTheCDNIsAskedForTheWidthExceptForGIFs() throws {
        let image = APODEntry(date: APODDay("2026-11-01")!, title: "Sky", hdImageURL: cdn)
        let url = try XCTUnwrap(WallpaperPicture.url(for: image, width: 2560))
        XCTAssertEqual(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "w" }?.value, "2560")
        XCTAssertFalse(url.absoluteString.contains("h=2731"))
        XCTAssertEqual(WallpaperPicture.url(for: image, width: nil), cdn)
        XCTAssertEqual(WallpaperPicture.url(for: image, width: 5120), cdn, "never upscaled: the original is 4096 wide")

        let gif = URL(string: "https://assets.science.nasa.gov/dynamicimage/assets/science/apod/1996/anim.gif")!
        XCTAssertEqual(WallpaperPicture.url(for: APODEntry(date: APODDay("1996-01-01")!, title: "Anim", hdImageURL: gif), width: 800), gif)
        let elsewhere = URL(string: "https://apod.nasa.gov/apod/image/2611/sky.jpg")!
        XCTAssertEqual(WallpaperPicture.url(for: APODEntry(date: APODDay("2026-11-01")!, title: "S", hdImageURL: elsewhere), width: 800), elsewhere)
    }

    func testAVideoDayGivesItsStillAndOtherMediaNothing() {
        let video = APODEntry(date: APODDay("2026-11-02")!, title: "Film", mediaType: .video, thumbnailURL: cdn,
                              videoURL: URL(string: "https://www.youtube.com/embed/x"))
        XCTAssertTrue(WallpaperPicture.url(for: video, width: 1280)?.absoluteString.contains("w=1280") == true)
        XCTAssertNil(WallpaperPicture.url(for: APODEntry(date: APODDay("2026-11-03")!, title: "O", mediaType: .other), width: 1280))
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
