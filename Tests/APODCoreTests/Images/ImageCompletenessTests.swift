import XCTest
import TestSupport
@testable import APODCore

final class ImageCompletenessTests: XCTestCase {
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
        XCTAssertEqual(try ImageValidation.requireImage(webp(announcing: 92, actual: 100)), .webp)
        XCTAssertEqual(try ImageValidation.requireImage(Data("GIF89a".utf8) + Data(count: 20)), .gif)
    }

    func testEndMarkersFollowedByPaddingStillPass() throws {
        XCTAssertNoThrow(try ImageValidation.requireImage(ImageBytes.jpeg() + Data(count: 4096)))
        XCTAssertNoThrow(try ImageValidation.requireImage(ImageFaults.pngHeader(width: 4, height: 4) + pngEnd + Data(count: 100)))
    }

    func testPicturesCutShortAreDamaged() {
        let cut: [(String, Data)] = [
            ("JPEG cut in half", ImageBytes.jpeg(size: 200_000).prefix(100_000)),
            ("PNG header only", ImageFaults.pngHeader(width: 60000, height: 60000)),
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
        var jpeg = ImageBytes.jpeg(size: 300_000)
        jpeg.replaceSubrange(jpeg.startIndex + 100..<jpeg.startIndex + 102, with: [0xFF, 0xD9])
        XCTAssertThrowsError(try ImageValidation.requireImage(jpeg.prefix(200_000)))
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
