import APODCore
import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// The decode path on its own, for bytes that got past (or never met) the core's checks:
/// it refuses with a message, never crashes, and refuses a bomb before allocating its pixels.
final class DecoderFaultTests: XCTestCase {
    private func residentMegabytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    func testABombIsRefusedBeforeItsPixelsExist() throws {
        let before = residentMegabytes()
        let started = Date()
        for bomb in [
            ImageFaults.pngBomb(width: 60000, height: 60000), ImageFaults.pngHeader(width: 60000, height: 60000),
        ] {
            XCTAssertThrowsError(try TextureDecoder.decode(bomb, maxSize: nil)) { error in
                XCTAssertEqual(error as? APODError, .imageTooLarge(detail: "60000 × 60000 pixels, 3600 megapixels"))
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        XCTAssertLessThan(residentMegabytes() - before, 50, "14 GB of pixels were never allocated")
    }

    func testBrokenBytesAreNotAnImage() {
        let jpeg = TestImages.jpeg(width: 320, height: 200)
        let broken: [(String, Data)] = [
            ("empty", Data()),
            ("HTML", Data("<!DOCTYPE html><html>502 Bad Gateway</html>".utf8)),
            ("JPEG start then noise", jpeg.prefix(4) + Data(repeating: 0x41, count: 3000)),
            ("JPEG header only", jpeg.prefix(300)),
        ]
        for (name, data) in broken {
            XCTAssertThrowsError(try TextureDecoder.decode(data, maxSize: 200), name) { error in
                XCTAssertEqual(error as? APODError, .notAnImage, name)
            }
        }
    }

    func testAJPEGCutInTheMiddleNeverCrashes() {
        // libjpeg may draw what arrived (the rest grey) or refuse: either is a calm outcome. The
        // core's end-marker check is what keeps such files away from the viewer.
        let jpeg = TestImages.jpeg(width: 640, height: 400)
        for fraction in [0.3, 0.5, 0.9] {
            let cut = jpeg.prefix(Int(Double(jpeg.count) * fraction))
            XCTAssertThrowsError(try ImageValidation.requireImage(cut)) {
                XCTAssertEqual($0 as? APODError, .damagedImage)
            }
            do {
                let image = try TextureDecoder.decode(cut, maxSize: 200)
                XCTAssertEqual(image.originalWidth, 640)
            } catch {
                XCTAssertEqual(error as? APODError, .notAnImage)
            }
        }
    }
}
