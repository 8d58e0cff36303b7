import APODCore
import TestSupport
import XCTest

@testable import APODViewer
@testable import GtkKit

final class TextureDecoderTests: XCTestCase {
    func testJPEGIsDecodedAtTheRequestedSize() throws {
        let image = try TextureDecoder.decode(TestImages.jpeg(width: 2400, height: 1600), maxSize: 300)
        XCTAssertEqual(image.originalWidth, 2400)
        XCTAssertEqual(image.originalHeight, 1600)
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 200)
        XCTAssertEqual(image.byteCount, 300 * 200 * 4)
    }

    func testPNGIsScaledToo() throws {
        let image = try TextureDecoder.decode(TestImages.png(width: 800, height: 1200), maxSize: 240)
        XCTAssertEqual(image.height, 240)
        XCTAssertEqual(image.width, 160)
    }

    func testWithoutLimitOrWhenSmallerTheSizeIsKept() throws {
        let data = TestImages.jpeg(width: 640, height: 400)
        let full = try TextureDecoder.decode(data, maxSize: nil)
        XCTAssertEqual(full.width, 640)
        let small = try TextureDecoder.decode(data, maxSize: 4096)
        XCTAssertEqual(small.width, 640)
        XCTAssertEqual(small.height, 400)
    }

    func testDisplayPicturesAreCappedAt4096() throws {
        let image = try TextureDecoder.decode(
            TestImages.jpeg(width: 6000, height: 1500),
            maxSize: ImagePurpose.hd.decodeLongSide)
        XCTAssertEqual(image.width, 4096)
        XCTAssertEqual(image.height, 1024)
    }

    func testDisplayPicturesFitTheBoxTheyAreShownIn() throws {
        let image = try TextureDecoder.decode(
            TestImages.jpeg(width: 2880, height: 3432), maxSize: ImagePurpose.hd.decodeLongSide,
            fitting: PixelSize(width: 960, height: 860))
        XCTAssertEqual(image.originalWidth, 2880)
        XCTAssertEqual(image.height, 860, "a portrait picture fills the box's height")
        XCTAssertEqual(image.width, 722)
        XCTAssertTrue(
            TextureDecoder.fittedSize(
                width: 3000, height: 1000, longSide: 4096, box: PixelSize(width: 900, height: 900)) == (900, 300))
        XCTAssertTrue(
            TextureDecoder.fittedSize(width: 600, height: 400, longSide: 4096, box: PixelSize(width: 900, height: 900))
                == (600, 400),
            "never upscaled")
    }

    func testAPictureSpanningManyLoaderWritesDecodesWhole() throws {
        let data = TestImages.png(width: 2400, height: 2000)
        XCTAssertGreaterThan(data.count, 3 * PixbufStreamDecoder.pieceSize, "the test needs several chunks")
        let image = try TextureDecoder.decode(data, maxSize: nil)
        XCTAssertEqual(image.width, 2400)
        XCTAssertEqual(image.height, 2000)
        let corner = image.texture.color(x: 2399, y: 1999)
        XCTAssertEqual(corner.alpha, 255)
        XCTAssertEqual(Int(corner.blue), 60, accuracy: 2, "the last row arrived")
    }

    func testOver100MegapixelsIsRefusedBeforeDecoding() {
        XCTAssertThrowsError(
            try TextureDecoder.decode(ImageFaults.pngHeader(width: 20_000, height: 20_000), maxSize: nil)
        ) { error in
            guard case .imageTooLarge(let detail)? = error as? APODError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("20000 × 20000"), detail)
            XCTAssertTrue((error as! APODError).message.contains("too large"))
        }
    }

    func testGarbageAndEmptyDataAreNotImages() {
        for data in [Data(), Data("<html>Not found</html>".utf8), TestImages.jpeg(width: 64, height: 64).prefix(40)] {
            XCTAssertThrowsError(try TextureDecoder.decode(Data(data), maxSize: 100)) { error in
                XCTAssertEqual(error as? APODError, .notAnImage)
            }
        }
    }

    func testAnimatedGIFGivesItsFirstFrame() throws {
        let gif = try XCTUnwrap(TestImages.animatedGIF, "data/sample/images/moon-transit.gif missing")
        let image = try TextureDecoder.decode(gif, maxSize: 160)
        XCTAssertEqual(image.originalWidth, 320)
        XCTAssertEqual(image.width, 160)
        XCTAssertEqual(image.height, 100)
    }

    /// Issue 23, hostile input 5: a GIF's still is its first frame, and the loader is handed that
    /// frame alone. Frames GdkPixbuf refuses after it prove the loader never saw them; 200,000
    /// readable ones (28 s and more of CPU through the loader) prove the cut by their count.
    func testAGIFsStillIsDecodedFromItsFirstFrameAlone() throws {
        let unreadableLater = ImageFaults.gifAnimation(frames: 3, laterFramesReadable: false)
        let still = try TextureDecoder.decode(unreadableLater, maxSize: nil)
        XCTAssertEqual(still.width, 1)
        XCTAssertTrue(still.texture.color(x: 0, y: 0) == (255, 0, 0, 255), "the first frame's red pixel")
        XCTAssertEqual(
            try TextureDecoder.decode(unreadableLater, maxPixels: 100).width, 1, "the zoom's full-resolution decode too"
        )

        let manyFrames = ImageFaults.gifAnimation(frames: 200_000)
        XCTAssertEqual(GIFBlocks(TextureDecoder.stillBytes(of: manyFrames))?.frameCount, 1)
        XCTAssertTrue(try TextureDecoder.decode(manyFrames, maxSize: 160).texture.color(x: 0, y: 0) == (255, 0, 0, 255))
    }

    func testWebPIsDecodedToo() throws {
        let webp = try XCTUnwrap(
            TestImages.webp(width: 900, height: 600), "no WebP GdkPixbuf module: run scripts/install-deps")
        let image = try TextureDecoder.decode(webp, maxSize: 300)
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 200)
    }

    func testEXIFOrientationIsApplied() throws {
        let image = try TextureDecoder.decode(TestImages.jpegRotatedByEXIF(width: 800, height: 400), maxSize: 200)
        XCTAssertEqual(image.width, 100, "the landscape pixels are shown portrait, as the camera meant")
        XCTAssertEqual(image.height, 200)
    }

    func testFittedSizeKeepsAspectAndNeverUpscales() {
        XCTAssertTrue(TextureDecoder.fittedSize(width: 100, height: 50, longSide: 400) == (100, 50))
        XCTAssertTrue(TextureDecoder.fittedSize(width: 4000, height: 3000, longSide: 400) == (400, 300))
        XCTAssertTrue(TextureDecoder.fittedSize(width: 10, height: 5000, longSide: 100) == (1, 100))
    }

    func testDecodingIsSafeOnManyThreadsAtOnce() throws {
        let data = TestImages.jpeg(width: 1200, height: 800)
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if (try? TextureDecoder.decode(data, maxSize: 200))?.width != 200 { failures.increment() }
        }
        XCTAssertEqual(failures.value, 0)
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
