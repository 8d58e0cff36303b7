import TestSupport
import XCTest

@testable import APODCore

final class ImageHeaderTests: CoreTestCase, @unchecked Sendable {
    func testEachFormatsSizeIsRead() {
        let cases: [(String, Data, ImageHeader)] = [
            ("PNG", StructuredImages.png(width: 640, height: 480), ImageHeader(width: 640, height: 480)),
            (
                "JPEG after an EXIF segment", StructuredImages.jpeg(width: 4000, height: 3000),
                ImageHeader(width: 4000, height: 3000)
            ),
            ("GIF", StructuredImages.gif(width: 320, height: 200), ImageHeader(width: 320, height: 200)),
            ("WebP lossy", StructuredImages.vp8(width: 1024, height: 768), ImageHeader(width: 1024, height: 768)),
            ("WebP lossless", StructuredImages.vp8l(width: 16384, height: 3), ImageHeader(width: 16384, height: 3)),
            ("WebP extended", StructuredImages.vp8x(width: 70000, height: 2), ImageHeader(width: 70000, height: 2)),
        ]
        for (name, data, expected) in cases {
            XCTAssertEqual(ImageHeader.read(data), expected, name)
        }
    }

    func testCutOrForeignHeadersAreUnknown() {
        XCTAssertNil(ImageHeader.read(StructuredImages.png(width: 640, height: 480).prefix(20)))
        XCTAssertNil(
            ImageHeader.read(StructuredImages.jpeg(width: 40, height: 30).prefix(100)), "cut inside the EXIF segment")
        XCTAssertNil(ImageHeader.read(StructuredImages.gif(width: 3, height: 2).prefix(8)))
        XCTAssertNil(ImageHeader.read(StructuredImages.vp8(width: 3, height: 2).prefix(27)))
        XCTAssertNil(ImageHeader.read(Data("<!DOCTYPE html><html></html>".utf8)))
        XCTAssertNil(ImageHeader.read(Data()))
    }

    func testTheLimitIsOneHundredMegapixels() {
        XCTAssertFalse(ImageHeader(width: 10_000, height: 10_000).isTooLarge)
        XCTAssertTrue(ImageHeader(width: 10_001, height: 10_000).isTooLarge)
        XCTAssertTrue(ImageHeader(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF).isTooLarge, "no overflow")
    }

    func testBombsOfEveryFormatAreRefusedWithTheirSize() {
        let bombs: [(String, Data, String)] = [
            (
                "PNG with IEND", ImageFaults.pngBomb(width: 60000, height: 60000),
                "60000 × 60000 pixels, 3600 megapixels"
            ),
            (
                "PNG header only", ImageFaults.pngHeader(width: 60000, height: 60000),
                "60000 × 60000 pixels, 3600 megapixels"
            ),
            ("JPEG", StructuredImages.jpeg(width: 65535, height: 65535), "65535 × 65535 pixels, 4295 megapixels"),
            ("GIF", StructuredImages.gif(width: 65535, height: 2000), "65535 × 2000 pixels, 131 megapixels"),
            (
                "WebP extended", StructuredImages.vp8x(width: 16_777_216, height: 16_777_216),
                "16777216 × 16777216 pixels, 281474977 megapixels"
            ),
        ]
        for (name, data, detail) in bombs {
            XCTAssertThrowsError(try ImageValidation.requireImage(data), name) {
                XCTAssertEqual($0 as? APODError, .imageTooLarge(detail: detail), name)
            }
        }
        XCTAssertThrowsError(
            try ImageValidation.requireImage(ImageFaults.pngBomb(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))
        ) {
            guard case .imageTooLarge(let detail)? = $0 as? APODError else { return XCTFail("\($0)") }
            XCTAssertTrue(detail.hasPrefix("4294967295 × 4294967295 pixels, 18446744"), detail)
        }
        XCTAssertTrue(APODError.pictureTooLarge(width: 60000, height: 60000).message.contains("60000 × 60000 pixels"))
    }

    func testAPictureAtTheLimitPasses() throws {
        XCTAssertEqual(try ImageValidation.requireImage(StructuredImages.png(width: 10_000, height: 10_000)), .png)
        XCTAssertEqual(try ImageValidation.requireImage(StructuredImages.jpeg(width: 10_000, height: 10_000)), .jpeg)
    }

    /// Every picture of the real 2019 sample (outside the repository): its size is read, and
    /// each is a reduction to 360 px on the short side.
    func testTheRealSamplesSizesAreRead() throws {
        guard let sample = SampleFolder.locate(),
            let files = FileManager.default.enumerator(
                at: sample.appendingPathComponent("image"), includingPropertiesForKeys: nil)
        else {
            throw XCTSkip("no real sample (shared/apod-sample) above the package")
        }
        var read = 0
        for case let url as URL in files where !url.hasDirectoryPath {
            let data = try Data(contentsOf: url)
            guard let header = ImageHeader.read(data) else {
                XCTFail("no size for \(url.lastPathComponent)")
                continue
            }
            XCTAssertEqual(min(header.width, header.height), 360, url.lastPathComponent)
            XCTAssertNoThrow(try ImageValidation.requireImage(data), url.lastPathComponent)
            read += 1
        }
        XCTAssertGreaterThan(read, 300)
    }
}
