import APODCore
import TestSupport
import XCTest

@testable import APODViewer

/// Pictures decoded while they download: the GdkPixbufLoader consumer behind the core's seam.
final class StreamingTextureDecoderTests: XCTestCase {
    func testPiecesDecodeToTheSamePictureAsTheWhole() throws {
        let data = TestImages.jpeg(width: 1600, height: 1000)
        let stream = StreamingTextureDecoder(maxSize: 400)
        for start in stride(from: 0, to: data.count, by: 4_096) {
            stream.write(data[start..<min(data.count, start + 4_096)])
        }
        let streamed = try stream.finish()
        let whole = try TextureDecoder.decode(data, maxSize: 400)
        XCTAssertEqual(streamed.width, whole.width)
        XCTAssertEqual(streamed.height, whole.height)
        XCTAssertEqual(streamed.originalWidth, 1600)
        XCTAssertEqual(streamed.texture.jpegData(), whole.texture.jpegData())
    }

    func testBytesThatAreNoPictureFailAsTheyDoWhole() throws {
        let page = Data(repeating: 0x3C, count: 10_000)
        let stream = StreamingTextureDecoder(maxSize: nil)
        for start in stride(from: 0, to: page.count, by: 1_000) { stream.write(page[start..<start + 1_000]) }
        XCTAssertFalse(stream.progress.headerRead)
        XCTAssertThrowsError(try stream.finish()) { XCTAssertEqual($0 as? APODError, .notAnImage) }
    }

    func testAPictureOverThePixelLimitIsRefusedAtItsHeader() throws {
        let stream = StreamingTextureDecoder(maxSize: 300)
        stream.write(ImageFaults.pngHeader(width: 60000, height: 60000))
        XCTAssertThrowsError(try stream.finish()) {
            guard case .imageTooLarge? = $0 as? APODError else { return XCTFail("\($0)") }
        }
    }

    func testARestartForgetsWhatCameBefore() throws {
        let data = TestImages.jpeg(width: 640, height: 480)
        let stream = StreamingTextureDecoder(maxSize: nil)
        stream.write(Data("<html>not yet</html>".utf8))
        stream.restart()
        stream.write(data)
        XCTAssertEqual(try stream.finish().width, 640)
    }

    /// Through the real loader and HTTP client: the server holds the second half of the file
    /// back until the decoder has read the picture's header, which only streaming can do.
    func testDecodingStartsBeforeTheLastByteArrives() async throws {
        let data = TestImages.jpeg(width: 2400, height: 1600)
        let stream = StreamingTextureDecoder(maxSize: 300, queue: DecodeQueue(threads: 2))
        let startedEarly = Locked(false)
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: data,
                fault: .holdBody(after: data.count / 2) {
                    guard stream.progress.headerRead else { return false }
                    startedEarly.value = true
                    return true
                })
        }
        defer { server.stop() }
        let loader = ImageLoader(client: HTTPClient(timeout: 20, retryPolicy: .none), cache: nil)
        let fetched = try await loader.imageData(
            from: server.baseURL.appendingPathComponent("big.jpg"),
            for: .display, streamingTo: stream)
        XCTAssertTrue(startedEarly.value, "the decoder had not read the header while the body was held back")
        XCTAssertTrue(fetched.streamed)
        let image = try stream.finish()
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 200)
    }

    /// The main picture is the consumer's decode when the fetcher streamed it; a thumbnail is
    /// never streamed (a grid's partial decodes cost more than they save) and decodes whole.
    func testTheDisplayPictureIsDecodedFromTheStreamAndThumbnailsWhole() async throws {
        let fetcher = StreamingFetcher(
            streamed: TestImages.jpeg(width: 640, height: 480),
            whole: TestImages.jpeg(width: 320, height: 240))
        let pictures = PictureLoader(fetcher: fetcher, cache: TextureCache(), decoder: DecodeQueue(threads: 2))
        let url = URL(string: "https://apod.nasa.gov/apod/image/a.jpg")!
        let display = try await pictures.picture(from: url, for: .display)
        XCTAssertEqual(display.originalWidth, 640, "decoded from the chunks the consumer was handed")
        let thumbnail = try await pictures.picture(from: url, for: .thumbnail(width: 200))
        XCTAssertEqual(thumbnail.originalWidth, 320, "decoded from the whole bytes")
        XCTAssertEqual(fetcher.streamedPurposes, [.display])
    }
}

/// Hands the consumer one picture in pieces and says it was streamed, while the bytes it returns
/// are another picture, so a test can tell which one a decode came from.
private final class StreamingFetcher: ImageFetching, @unchecked Sendable {
    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    private let streamed: Data
    private let whole: Data
    private let purposes = Locked<[ImagePurpose]>([])

    init(streamed: Data, whole: Data) {
        self.streamed = streamed
        self.whole = whole
    }

    var streamedPurposes: [ImagePurpose] { purposes.value }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data { whole }

    func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        purposes.value.append(purpose)
        for start in stride(from: 0, to: streamed.count, by: 5_000) {
            await consumer.consume(streamed[start..<min(streamed.count, start + 5_000)])
        }
        // Not what a real loader returns (there the two are the same bytes): it tells the decodes apart.
        return FetchedImage(data: whole, streamed: true)
    }
}
