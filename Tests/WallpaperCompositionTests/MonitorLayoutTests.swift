import APODCore
import XCTest

@testable import WallpaperComposition

/// Reading, checking and measuring a desktop's monitors for one spanned background.
final class MonitorLayoutTests: XCTestCase {
    func testALandscapeAndAPortraitMonitorSpanTheirBoundingBox() throws {
        let layout = try MonitorLayout.parse("1920x1080@1+0+0,1080x1920@1+1920+0")
        XCTAssertEqual(layout.monitors.count, 2)
        XCTAssertEqual(layout.canvasSize, CanvasSize(width: 3000, height: 1920))
        XCTAssertEqual(layout.region(of: 0), CanvasRect(x: 0, y: 0, width: 1920, height: 1080))
        XCTAssertEqual(layout.region(of: 1), CanvasRect(x: 1920, y: 0, width: 1080, height: 1920))
        XCTAssertEqual(layout.layoutText, "1920x1080@1+0+0,1080x1920@1+1920+0")
    }

    func testTheCanvasIsDrawnAtTheLargestScale() throws {
        let layout = try MonitorLayout.parse("1920x1080@1+0+0,1080x1920@1+1920+0,3840x2160@2+3000+0")
        XCTAssertEqual(layout.canvasScale, 2)
        XCTAssertEqual(layout.canvasSize, CanvasSize(width: 9840, height: 3840))
        XCTAssertEqual(layout.region(of: 2), CanvasRect(x: 6000, y: 0, width: 3840, height: 2160))
        XCTAssertEqual(layout.region(of: 0), CanvasRect(x: 0, y: 0, width: 3840, height: 2160))
        XCTAssertEqual(layout.largestIndex, 2)
    }

    func testNegativePositionsAreMeasuredFromTheBoundingBox() throws {
        let layout = try MonitorLayout.parse("1920x1080+0+0,1280x1024+-1280+56")
        XCTAssertEqual(layout.logicalBounds, CanvasRect(x: -1280, y: 0, width: 3200, height: 1080))
        XCTAssertEqual(layout.region(of: 1), CanvasRect(x: 0, y: 56, width: 1280, height: 1024))
        XCTAssertEqual(layout.region(of: 0), CanvasRect(x: 1280, y: 0, width: 1920, height: 1080))
    }

    func testThePrimaryIsTheMarkedOneElseTheOneAtTheOrigin() throws {
        var monitors = try MonitorLayout.parse("1080x1920+1920+0,1920x1080+0+0").monitors
        XCTAssertEqual(try MonitorLayout(monitors).primaryIndex, 1)
        monitors[0].isPrimary = true
        XCTAssertEqual(try MonitorLayout(monitors).primaryIndex, 0)
    }

    func testBadLayoutsSayWhichMonitorIsWrong() {
        let cases: [(String, String)] = [
            ("1920x1080+0+0,1920x1080+1000+0", "Monitor 2 overlaps monitor 1"),
            ("1920x1080+0+0,0x1080+1920+0", "Monitor 2 is 0×1080 pixels"),
            ("1920x1080,99999x1080+1920+0", "Monitor 2 is 99999×1080 pixels"),
            ("12345678x1080", "Monitor 1 (\"12345678x1080\") is not"),
            ("20000x1080", "Monitor 1 is 20000×1080 pixels"),
            ("1920x1080@0", "Monitor 1 has scale 0"),
            ("1920x1080@9", "Monitor 1 has scale 9"),
            ("1920 by 1080", "Monitor 1 (\"1920 by 1080\") is not"),
            ("1920x1080,", "Monitor 2 (\"\") is not"),
            ("16384x16384+0+0,16384x16384+16384+0", "span 32768×16384 pixels"),
            ("15000x15000+0+0", "span 15000×15000 pixels"),
            ("1920x1080+40000+0", "Monitor 1 is placed at 40000,0"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try MonitorLayout.parse(text), text) { error in
                guard case APODError.invalidArgument(let said) = error else {
                    return XCTFail("\(text): \(error)")
                }
                XCTAssertTrue(said.contains(message), "\(text): \(said)")
            }
        }
    }

    func testMoreThanSixteenMonitorsAreRefused() {
        let seventeen = (0..<17).map { "100x100+\($0 * 100)+0" }.joined(separator: ",")
        XCTAssertThrowsError(try MonitorLayout.parse(seventeen)) { error in
            guard case APODError.invalidArgument(let said) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(said.contains("17 monitors"), said)
        }
        let sixteen = (0..<16).map { "100x100+\($0 * 100)+0" }.joined(separator: ",")
        XCTAssertEqual(try MonitorLayout.parse(sixteen).monitors.count, 16)
    }

    func testMonitorsThatOnlyTouchDoNotOverlap() throws {
        XCTAssertNoThrow(try MonitorLayout.parse("1920x1080+0+0,1920x1080+1920+0,1920x1080+0+1080"))
    }
}
