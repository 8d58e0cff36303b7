import APODCore
import CGtk
import Foundation
import XCTest

@testable import APODViewer
@testable import GtkKit

final class TextureCacheTests: XCTestCase {
    private func image(_ width: Int, _ height: Int) throws -> DecodedImage {
        try TextureDecoder.decode(TestImages.png(width: width, height: height), maxSize: nil)
    }

    func testIsBoundedByPixelBytesAndEvictsTheLeastRecentlyUsed() throws {
        let cache = TextureCache(capacity: 3 * 100 * 100 * 4)
        cache.insert(try image(100, 100), for: "a")
        cache.insert(try image(100, 100), for: "b")
        cache.insert(try image(100, 100), for: "c")
        XCTAssertEqual(cache.totalBytes, 3 * 40_000)
        XCTAssertNotNil(cache.image(for: "a"), "touch a: b is now the oldest")
        cache.insert(try image(100, 100), for: "d")
        XCTAssertNil(cache.image(for: "b"))
        XCTAssertNotNil(cache.image(for: "a"))
        XCTAssertNotNil(cache.image(for: "c"))
        XCTAssertNotNil(cache.image(for: "d"))
        XCTAssertLessThanOrEqual(cache.totalBytes, cache.capacity)
    }

    func testPicturesOnScreenAreKeptAndDoNotCountAgainstTheBound() throws {
        let cache = TextureCache(capacity: 2 * 100 * 100 * 4)
        let shown = try (0..<6).map { _ in try image(100, 100) }
        // What a GtkPicture showing the texture does: hold a reference of its own.
        for (index, picture) in shown.enumerated() {
            g_object_ref(UnsafeMutableRawPointer(picture.texture.texturePointer))
            cache.insert(picture, for: "shown \(index)")
        }
        for key in ["a", "b", "c"] { cache.insert(try image(100, 100), for: key) }
        XCTAssertEqual(cache.count, 6 + 2, "six on screen, and the two most recent others")
        XCTAssertNil(cache.image(for: "a"))
        XCTAssertEqual(cache.offScreenBytes, 2 * 40_000)
        XCTAssertEqual(cache.totalBytes, 8 * 40_000)
        XCTAssertTrue((0..<6).allSatisfy { cache.image(for: "shown \($0)") != nil })

        // The window closes: its pictures are now off screen and evicted down to the bound.
        for picture in shown { g_object_unref(UnsafeMutableRawPointer(picture.texture.texturePointer)) }
        cache.insert(try image(100, 100), for: "d")
        XCTAssertEqual(cache.count, 2)
        XCTAssertLessThanOrEqual(cache.totalBytes, cache.capacity)
        XCTAssertNotNil(cache.image(for: "d"))
    }

    func testAPictureLargerThanTheCacheIsNotKept() throws {
        let cache = TextureCache(capacity: 1000)
        cache.insert(try image(100, 100), for: "big")
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testReplacingAKeyDoesNotCountTwice() throws {
        let cache = TextureCache()
        cache.insert(try image(50, 50), for: "k")
        cache.insert(try image(20, 20), for: "k")
        XCTAssertEqual(cache.totalBytes, 20 * 20 * 4)
        XCTAssertEqual(cache.count, 1)
    }

    func testPictureLoaderServesRepeatsFromTheCache() async throws {
        let fetcher = CountingFetcher(data: TestImages.jpeg(width: 800, height: 600))
        let loader = PictureLoader(fetcher: fetcher)
        let url = URL(string: "https://example.org/a.jpg")!
        let first = try await loader.picture(from: url, for: .thumbnail(width: 200))
        let second = try await loader.picture(from: url, for: .thumbnail(width: 200))
        XCTAssertEqual(first.width, 200)
        XCTAssertTrue(first.texture === second.texture)
        XCTAssertEqual(fetcher.calls, 1)
        let display = try await loader.picture(from: url, for: .display)
        XCTAssertEqual(display.width, 800, "another size is another entry")
        XCTAssertEqual(fetcher.calls, 2)
    }

    func testThumbnailsAreKeptAsSmallRenditionsAndReusedNextTime() async throws {
        let original = TestImages.jpeg(width: 2400, height: 1600)
        let fetcher = CountingFetcher(data: original)
        let url = URL(string: "https://example.org/big.jpg")!
        _ = try await PictureLoader(fetcher: fetcher).picture(from: url, for: .thumbnail(width: 300))
        let rendition = try XCTUnwrap(fetcher.rendition(of: url, width: 300), "the decoded thumbnail was kept")
        XCTAssertLessThan(rendition.count, original.count / 4)
        XCTAssertEqual(Array(rendition.prefix(3)), [0xFF, 0xD8, 0xFF])

        let again = try await PictureLoader(fetcher: fetcher).picture(from: url, for: .thumbnail(width: 300))
        XCTAssertEqual(fetcher.calls, 1, "a new grid (new memory cache) decodes the rendition, not the original")
        XCTAssertEqual(again.width, 300)
        XCTAssertEqual(again.height, 200)

        _ = try await PictureLoader(fetcher: fetcher).picture(from: url, for: .display)
        XCTAssertEqual(fetcher.calls, 2, "the main picture never comes from a thumbnail rendition")
    }
}

private final class CountingFetcher: ImageFetching, @unchecked Sendable {
    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    let data: Data
    private let lock = NSLock()
    private var count = 0
    private var renditions: [String: Data] = [:]
    init(data: Data) { self.data = data }
    var calls: Int { lock.withLock { count } }
    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        lock.withLock { count += 1 }
        return data
    }
    func rendition(of url: URL, width: Int) -> Data? { lock.withLock { renditions["\(width) \(url)"] } }
    func cachedRendition(of url: URL, width: Int) -> Data? { rendition(of: url, width: width) }
    func storeRendition(_ data: Data, of url: URL, width: Int) {
        lock.withLock { renditions["\(width) \(url)"] = data }
    }
}
