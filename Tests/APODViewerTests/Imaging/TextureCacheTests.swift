import APODCore
import Foundation
import XCTest
@testable import APODViewer

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
}

private final class CountingFetcher: ImageFetching, @unchecked Sendable {
    let data: Data
    private let lock = NSLock()
    private var count = 0
    init(data: Data) { self.data = data }
    var calls: Int { lock.withLock { count } }
    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        lock.withLock { count += 1 }
        return data
    }
}
