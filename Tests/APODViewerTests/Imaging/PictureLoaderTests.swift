import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// Issue 23, hostile input 5 and 7: what the picture loader hands to GdkPixbuf. A GIF of very
/// many frames is shown still (its frames are counted, not decoded), decoding stops once no one
/// waits for the picture, and bytes the picture check refuses never reach a loader.
final class PictureLoaderTests: XCTestCase {
    private let gifURL = URL(string: "https://apod.nasa.gov/apod/image/2612/loop.gif")!

    func testAGIFOfMoreFramesThanTheBoundIsShownStill() async throws {
        let bound = TextureDecoder.maxAnimationFrames
        let pictures = PictureLoader(
            fetcher: BytesFetcher(ImageFaults.gifAnimation(frames: bound + 1)), decoder: DecodeQueue(threads: 1))
        let over = try await pictures.animation(from: gifURL, for: .display)
        XCTAssertNil(over, "\(bound + 1) frames: the still stays")
        let atBound = try await PictureLoader(fetcher: BytesFetcher(ImageFaults.gifAnimation(frames: bound)))
            .animation(from: gifURL, for: .display)
        XCTAssertEqual(atBound?.width, 1, "\(bound) frames still play")
        let still = try await pictures.picture(from: gifURL, for: .display)
        XCTAssertTrue(still.texture.color(x: 0, y: 0) == (255, 0, 0, 255), "the first frame")
    }

    func testACancelledAnimationLoadReadsNothing() {
        let gif = ImageFaults.gifAnimation(frames: 3)
        XCTAssertNotNil(PixbufAnimation.gif(gif, maxFramePixels: 100))
        let cancellable = Cancellable()
        cancellable.cancel()
        XCTAssertNil(PixbufAnimation.gif(gif, maxFramePixels: 100, cancellable: cancellable))
    }

    /// The main picture's chunks wait for a decode thread (held busy here) when the user moves
    /// on: they are dropped with the loader instead of being decoded for no one.
    func testCancellingAPictureDropsTheChunksItsDecoderHasNotTaken() async throws {
        let queue = DecodeQueue(threads: 1)
        let busy = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        queue.submit(at: queue.ticket()) {
            busy.signal()
            release.wait()
        }
        await Task.detached { busy.wait() }.value
        let fetcher = HangingStreamFetcher(TestImages.jpeg(width: 1600, height: 1200))
        let pictures = PictureLoader(fetcher: fetcher, decoder: queue)
        let url = URL(string: "https://apod.nasa.gov/apod/image/2612/big.jpg")!
        let loading = Task { try await pictures.picture(from: url, for: .display) }
        let consumer = try await fetcher.handedOver()
        loading.cancel()
        do {
            _ = try await loading.value
            XCTFail("a cancelled picture came back")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        release.signal()
        // One thread, tickets in order: once a later job has run, so has the stream's drain.
        _ = try await queue.run { _ in }
        XCTAssertEqual(consumer.progress.bytes, 0, "no chunk was decoded after the picture was given up")
        XCTAssertFalse(consumer.progress.headerRead)
    }

    func testACancelledDecoderFeedsItsLoaderNoMorePieces() {
        let data = TestImages.png(width: 1600, height: 1200)
        XCTAssertGreaterThan(data.count, 140_000)
        let cancellable = Cancellable()
        let stream = StreamingTextureDecoder(maxSize: nil, cancellable: cancellable)
        stream.write(data.prefix(70_000))
        XCTAssertEqual(stream.progress.bytes, 70_000)
        cancellable.cancel()
        stream.write(data.dropFirst(70_000))
        XCTAssertEqual(stream.progress.bytes, 70_000, "not one more piece")
        XCTAssertThrowsError(try stream.finish()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertThrowsError(try TextureDecoder.decode(data, maxSize: 100, cancellable: cancellable)) {
            XCTAssertTrue($0 is CancellationError, "\($0)")
        }
    }

    /// GIF and WebP go to a loader only once the picture check has passed them, decoded whole.
    func testGIFAndWebPAreDecodedWholeNotWhileTheyArrive() async throws {
        let webp = try XCTUnwrap(
            TestImages.webp(width: 90, height: 60), "no WebP GdkPixbuf module: run scripts/install-deps")
        for data in [ImageFaults.gifAnimation(frames: 5), webp] {
            let stream = StreamingTextureDecoder(maxSize: nil, queue: DecodeQueue(threads: 1))
            await stream.consume(data)
            XCTAssertFalse(stream.streams)
            XCTAssertEqual(stream.progress.bytes, 0)
            let pictures = PictureLoader(fetcher: BytesFetcher(data, streams: true), decoder: DecodeQueue(threads: 1))
            let image = try await pictures.picture(from: gifURL, for: .display)
            XCTAssertEqual(image.originalWidth, data == webp ? 90 : 1)
        }
        let jpeg = StreamingTextureDecoder(maxSize: nil)
        await jpeg.consume(TestImages.jpeg(width: 64, height: 48))
        XCTAssertTrue(jpeg.streams)
    }

    /// Through the real loader over HTTP: the 30-byte WebP header is refused by the check with
    /// the core's message, and GLib logs nothing on the way (it logged criticals from
    /// GdkPixbuf's WebP module before).
    func testAWebPHeaderWithoutItsPictureFailsWithoutGLibCriticals() async throws {
        let server = try FakeHTTPServer { _ in .data(ImageFaults.webpHeaderWithoutPicture, contentType: "image/webp") }
        defer { server.stop() }
        let pictures = PictureLoader(
            fetcher: ImageLoader(client: HTTPClient(timeout: 10, retryPolicy: .none), cache: nil),
            decoder: DecodeQueue(threads: 1))
        GLibLogRecorder.start()
        do {
            _ = try await pictures.picture(from: server.baseURL.appendingPathComponent("header.webp"), for: .display)
            XCTFail("the header passed for a picture")
        } catch {
            XCTAssertEqual(error as? APODError, .damagedImage)
        }
        let logged = GLibLogRecorder.stop()
        XCTAssertEqual(logged, [])
    }
}

/// Hands out the same bytes for every URL, optionally to a chunk consumer first (as a download
/// would, in 4 KB pieces).
private final class BytesFetcher: ImageFetching, @unchecked Sendable {
    private let data: Data
    private let streams: Bool

    init(_ data: Data, streams: Bool = false) {
        self.data = data
        self.streams = streams
    }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data { data }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        guard streams else { return FetchedImage(data: data, streamed: false) }
        for start in stride(from: 0, to: data.count, by: 4_096) {
            await consumer.consume(data[start..<min(data.count, start + 4_096)])
        }
        return FetchedImage(data: data, streamed: true)
    }
}

/// Streams all of a picture but its last byte to the consumer, then waits until the task is
/// cancelled, like a download the user stops waiting for.
private final class HangingStreamFetcher: ImageFetching, @unchecked Sendable {
    private let data: Data
    private let consumer = Locked<StreamingTextureDecoder?>(nil)

    init(_ data: Data) {
        self.data = data
    }

    /// The consumer, once every chunk but the last has been handed to it.
    func handedOver() async throws -> StreamingTextureDecoder {
        for _ in 0..<2_000 {
            if let consumer = consumer.value { return consumer }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw CancellationError()
    }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data { data }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        for start in stride(from: 0, to: data.count - 1, by: 16_384) {
            await consumer.consume(data[start..<min(data.count - 1, start + 16_384)])
        }
        self.consumer.value = consumer as? StreamingTextureDecoder
        try await Task.sleep(for: .seconds(60))
        return FetchedImage(data: data, streamed: true)
    }
}
