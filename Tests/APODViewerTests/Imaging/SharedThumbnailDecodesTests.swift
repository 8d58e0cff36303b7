import APODCore
import Foundation
import XCTest

@testable import APODViewer

/// The wall and a grid asking for one day's thumbnail at once share one fetch and decode; a
/// caller that stops waiting is answered at once, and the work stops once no one waits.
final class SharedThumbnailDecodesTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1:9/image/1905/sky.jpg")!
    private let purpose = ImagePurpose.thumbnail(width: 200)
    private var key: String { PictureLoader.key(url, longSide: purpose.decodeLongSide, box: nil) }

    private func eventually(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out waiting until \(what)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private func twoWaiting(_ fetcher: GatedFetcher) async throws
        -> (PictureLoader, Task<DecodedImage, any Error>, Task<DecodedImage, any Error>)
    {
        let pictures = PictureLoader(fetcher: fetcher, decoder: DecodeQueue(threads: 1))
        let (url, purpose) = (url, purpose)
        let first = Task.detached { try await pictures.picture(from: url, for: purpose) }
        try await eventually("the first caller's fetch is under way") { fetcher.calls == 1 }
        let second = Task.detached { try await pictures.picture(from: url, for: purpose) }
        try await eventually("both callers wait") {
            pictures.thumbnailsUnderWay.waiterCount(for: key) == 2 || fetcher.calls == 2
        }
        return (pictures, first, second)
    }

    func testTwoCallersOfOneThumbnailShareOneFetchAndDecode() async throws {
        let fetcher = GatedFetcher(TestImages.jpeg(width: 800, height: 600))
        let (_, first, second) = try await twoWaiting(fetcher)
        fetcher.open()
        let (a, b) = (try await first.value, try await second.value)
        XCTAssertEqual(fetcher.calls, 1, "one fetch")
        XCTAssertTrue(a.texture === b.texture, "one decode")
        XCTAssertEqual(a.width, 200)
    }

    func testACallerThatStopsWaitingLeavesTheOtherItsThumbnail() async throws {
        let fetcher = GatedFetcher(TestImages.jpeg(width: 800, height: 600))
        let (pictures, first, second) = try await twoWaiting(fetcher)
        first.cancel()
        do {
            _ = try await first.value
            XCTFail("a cancelled caller got the picture")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(pictures.thumbnailsUnderWay.waiterCount(for: key), 1)
        XCTAssertFalse(fetcher.wasCancelled, "the other caller still waits for the fetch")
        fetcher.open()
        let kept = try await second.value
        XCTAssertEqual(kept.width, 200)
        XCTAssertEqual(fetcher.calls, 1)
    }

    func testTheFetchStopsWhenNoOneWaitsAndTheNextCallerStartsAnew() async throws {
        let fetcher = GatedFetcher(TestImages.jpeg(width: 800, height: 600))
        let (pictures, first, second) = try await twoWaiting(fetcher)
        first.cancel()
        second.cancel()
        try await eventually("the fetch is cancelled") { fetcher.wasCancelled }
        XCTAssertEqual(pictures.thumbnailsUnderWay.waiterCount(for: key), 0)
        fetcher.open()
        let again = try await pictures.picture(from: url, for: purpose)
        XCTAssertEqual(again.width, 200)
        XCTAssertEqual(fetcher.calls, 2, "a fetch of its own, not the cancelled one")
    }
}

/// Hands over its picture once opened; until then the fetch waits, as a slow download does.
private final class GatedFetcher: ImageFetching, @unchecked Sendable {
    private let data: Data
    private let lock = NSLock()
    private var state = (calls: 0, isOpen: false, cancelled: false)

    init(_ data: Data) {
        self.data = data
    }

    var calls: Int { lock.withLock { state.calls } }
    var wasCancelled: Bool { lock.withLock { state.cancelled } }
    func open() { lock.withLock { state.isOpen = true } }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        lock.withLock { state.calls += 1 }
        do {
            while !lock.withLock({ state.isOpen }) { try await Task.sleep(for: .milliseconds(5)) }
        } catch {
            lock.withLock { state.cancelled = true }
            throw error
        }
        return data
    }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    func imageData(
        from url: URL, for purpose: ImagePurpose, streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        FetchedImage(data: try await imageData(from: url, for: purpose), streamed: false)
    }

    func cachedRendition(of url: URL, width: Int) -> Data? { nil }
    func storeRendition(_ data: Data, of url: URL, width: Int) {}
}
