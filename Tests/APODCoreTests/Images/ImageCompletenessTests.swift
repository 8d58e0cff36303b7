import TestSupport
import XCTest

@testable import APODCore

final class ImageCompletenessTests: CoreTestCase, @unchecked Sendable {
    private let pngEnd = Data([0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])

    private func webp(announcing size: Int, actual: Int) -> Data {
        var data = Data("RIFF".utf8)
        withUnsafeBytes(of: UInt32(size).littleEndian) { data.append(contentsOf: $0) }
        data.append(Data("WEBPVP8 ".utf8))
        data.append(Data(count: max(0, actual - data.count)))
        return data
    }

    func testCompletePicturesPass() throws {
        XCTAssertEqual(try ImageValidation.requireImage(ImageBytes.jpeg(size: 200_000)), .jpeg)
        let png = ImageFaults.pngHeader(width: 4, height: 4) + pngEnd
        XCTAssertEqual(try ImageValidation.requireImage(png), .png)
        XCTAssertEqual(try ImageValidation.requireImage(StructuredImages.vp8(width: 3, height: 2)), .webp)
        XCTAssertEqual(try ImageValidation.requireImage(StructuredImages.gif(width: 3, height: 2)), .gif)
        XCTAssertEqual(try ImageValidation.requireImage(StructuredImages.jpeg(width: 3, height: 2)), .jpeg)
        XCTAssertEqual(try ImageValidation.requireImage(StructuredImages.png(width: 3, height: 2)), .png)
    }

    func testEndMarkersFollowedByPaddingStillPass() throws {
        XCTAssertNoThrow(try ImageValidation.requireImage(ImageBytes.jpeg() + Data(count: 4096)))
        XCTAssertNoThrow(
            try ImageValidation.requireImage(ImageFaults.pngHeader(width: 4, height: 4) + pngEnd + Data(count: 100)))
    }

    func testPicturesCutShortAreDamaged() {
        let cut: [(String, Data)] = [
            ("JPEG cut in half", ImageBytes.jpeg(size: 200_000).prefix(100_000)),
            ("PNG header only", ImageFaults.pngHeader(width: 4, height: 4)),
            ("WebP shorter than announced", webp(announcing: 5000, actual: 100)),
        ]
        for (name, data) in cut {
            XCTAssertThrowsError(try ImageValidation.requireImage(data), name) {
                XCTAssertEqual($0 as? APODError, .damagedImage, name)
            }
        }
        XCTAssertTrue(APODError.damagedImage.message.contains("incomplete"))
    }

    func testAnEmbeddedThumbnailsEndDoesNotPassForTheWholePicture() {
        // An EXIF thumbnail carries its own FF D9 near the start of a large file.
        let jpeg = StructuredImages.jpeg(width: 4000, height: 3000, scanBytes: 300_000)
        XCTAssertThrowsError(try ImageValidation.requireImage(jpeg.prefix(200_000)))
    }

    func testAGIFCutShortIsDamaged() {
        let gif = StructuredImages.gif(width: 30, height: 20, imageBytes: 2000)
        // Every cut, including those leaving a 0x3B (the trailer's byte) last.
        for length in stride(from: 6, to: gif.count, by: 7) + [gif.count - 1] {
            XCTAssertThrowsError(try ImageValidation.requireImage(gif.prefix(length)), "cut at \(length)") {
                XCTAssertEqual($0 as? APODError, .damagedImage)
            }
        }
        XCTAssertNoThrow(try ImageValidation.requireImage(gif + Data(count: 100)), "bytes after the trailer")
    }

    func testAGIFWhoseBlocksDoNotFollowIsDamaged() {
        XCTAssertThrowsError(try ImageValidation.requireImage(Data("GIF89a".utf8) + Data(count: 20)))
    }

    /// Small files (under the old 64 KiB tail) cut just after the thumbnail in their EXIF
    /// segment: the thumbnail's FF D9 sits before the scan and proves nothing.
    func testASmallJPEGCutAfterItsExifThumbnailIsDamaged() {
        let jpeg = StructuredImages.jpeg(width: 40, height: 30, scanBytes: 5000)
        for length in [40, 300, 400, jpeg.count - 1] {
            XCTAssertThrowsError(try ImageValidation.requireImage(jpeg.prefix(length)), "cut at \(length)") {
                XCTAssertEqual($0 as? APODError, .damagedImage)
            }
        }
    }

    func testAPNGWithIENDInsideItsDataIsDamagedWhenCut() {
        let png = StructuredImages.png(width: 40, height: 30, idatBytes: 4000)
        XCTAssertThrowsError(try ImageValidation.requireImage(png.prefix(3000)))
        XCTAssertThrowsError(try ImageValidation.requireImage(png.prefix(png.count - 8)), "cut inside the IEND chunk")
    }

    /// The end is found by structure, so any amount of data after it is allowed.
    func testMoreThan64KiBAfterTheEndStillPasses() {
        let trailing = Data(repeating: 0x20, count: 200_000)
        XCTAssertNoThrow(try ImageValidation.requireImage(StructuredImages.jpeg(width: 40, height: 30) + trailing))
        XCTAssertNoThrow(try ImageValidation.requireImage(StructuredImages.png(width: 40, height: 30) + trailing))
        XCTAssertNoThrow(try ImageValidation.requireImage(StructuredImages.gif(width: 40, height: 30) + trailing))
    }

    func testTheBundledSamplePicturesAreComplete() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/sample/images").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            XCTAssertNoThrow(try ImageValidation.requireImage(data), name)
        }
    }
}
