import TestSupport
import XCTest

@testable import APODCore

/// Issue 23, hostile input 5: the GIF walk counts frames and cuts the first one out, so the
/// viewer can show a still of a GIF with very many frames without decoding them all.
final class GIFBlocksTests: CoreTestCase, @unchecked Sendable {
    func testFramesAreCounted() throws {
        XCTAssertEqual(GIFBlocks(StructuredImages.gif(width: 30, height: 20))?.frameCount, 1)
        for frames in [2, 7, 200_000] {
            let blocks = try XCTUnwrap(GIFBlocks(ImageFaults.gifAnimation(frames: frames)))
            XCTAssertEqual(blocks.frameCount, frames)
            XCTAssertTrue(blocks.reachesTrailer)
        }
        XCTAssertNil(GIFBlocks(StructuredImages.png(width: 3, height: 2)), "not a GIF")
    }

    func testTheFirstFrameIsCutOutWithATrailer() throws {
        let animation = ImageFaults.gifAnimation(frames: 200_000)
        let still = try XCTUnwrap(GIFBlocks.firstFrame(of: animation))
        let blocks = try XCTUnwrap(GIFBlocks(still))
        XCTAssertEqual(blocks.frameCount, 1)
        XCTAssertTrue(blocks.reachesTrailer)
        XCTAssertEqual(still.last, 0x3B)
        XCTAssertLessThan(still.count, 100)
        XCTAssertEqual(
            still.dropLast(), animation.prefix(still.count - 1), "the bytes up to the first frame's end, unchanged")
        XCTAssertEqual(try ImageValidation.requireImage(still), .gif)
    }

    func testASingleFrameIsItsOwnStillAndACutFrameHasNone() throws {
        let single = StructuredImages.gif(width: 30, height: 20)
        XCTAssertEqual(GIFBlocks.firstFrame(of: single), single)
        XCTAssertNil(GIFBlocks.firstFrame(of: single.prefix(single.count / 2)))
        let cut = try XCTUnwrap(GIFBlocks(single.prefix(single.count / 2)))
        XCTAssertFalse(cut.reachesTrailer)
        XCTAssertEqual(cut.frameCount, 0)
    }
}
