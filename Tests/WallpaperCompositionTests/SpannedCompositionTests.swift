import APODCore
import TestSupport
import XCTest

@testable import WallpaperComposition

/// One spanned background for a landscape and a portrait monitor: each region holds its own
/// picture, fitted to that monitor, with its own caption card; the rest of the canvas is black.
final class SpannedCompositionTests: XCTestCase {
    private typealias Colour = TestPicture.Colour
    private let red: Colour = (230, 20, 20)
    private let green: Colour = (20, 200, 40)
    private let blue: Colour = (20, 40, 230)
    private let yellow: Colour = (230, 220, 20)
    private let black: Colour = (0, 0, 0)
    private static func caption(_ title: String) -> Caption {
        Caption(title: title, details: "2026 Dec. 2 · © NASA")
    }

    /// A picture with a frame of one colour around a middle of another.
    private func framed(width: Int, height: Int, frame: Colour, middle: Colour) -> Data {
        let picture = TestPicture(width: width, height: height, colour: middle)
        let edge = max(4, min(width, height) / 40)
        picture.fill(CanvasRect(x: 0, y: 0, width: width, height: edge), frame)
        picture.fill(CanvasRect(x: 0, y: height - edge, width: width, height: edge), frame)
        picture.fill(CanvasRect(x: 0, y: 0, width: edge, height: height), frame)
        picture.fill(CanvasRect(x: width - edge, y: 0, width: edge, height: height), frame)
        return picture.jpeg
    }

    private func assertNear(
        _ span: RenderedSpan, _ x: Int, _ y: Int, _ colour: Colour, file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = span.pixel(x: x, y: y)
        let near =
            abs(Int(found.red) - Int(colour.red)) <= 40 && abs(Int(found.green) - Int(colour.green)) <= 40
            && abs(Int(found.blue) - Int(colour.blue)) <= 40
        XCTAssertTrue(near, "(\(x), \(y)) is \(found), not \(colour)", file: file, line: line)
    }

    private func landscapeAndPortrait() throws -> (MonitorLayout, RenderedSpan) {
        let layout = try MonitorLayout.parse("960x540+0+0,540x960+960+0")
        let span = try SpannedComposer.render(
            layout,
            screens: [
                .init(
                    picture: framed(width: 1920, height: 1080, frame: red, middle: green),
                    caption: Self.caption("Today's Landscape")),
                .init(
                    picture: framed(width: 1080, height: 1920, frame: blue, middle: yellow),
                    caption: Self.caption("A Portrait Day")),
            ])
        return (layout, span)
    }

    func testTheCanvasIsTheLayoutsBoundingBoxWithTheGapBlack() throws {
        let (layout, span) = try landscapeAndPortrait()
        XCTAssertEqual(span.size, CanvasSize(width: 1500, height: 960))
        XCTAssertEqual(span.size, layout.canvasSize)
        assertNear(span, 480, 800, black)
        assertNear(span, 10, 950, black)
    }

    func testEachMonitorShowsItsOwnPictureWholeAndUncropped() throws {
        let (layout, span) = try landscapeAndPortrait()
        XCTAssertTrue(span.monitors[0].fit.showsWholePicture)
        XCTAssertTrue(span.monitors[1].fit.showsWholePicture)
        XCTAssertEqual(span.monitors[1].canvas, CanvasSize(width: 540, height: 960))
        assertNear(span, 480, 200, green)
        let portrait = layout.region(of: 1)
        assertNear(span, portrait.x + 270, portrait.y + 200, yellow)
        // The portrait picture's frame lies on its region's edges: nothing of it was cut off.
        assertNear(span, portrait.x + 2, portrait.y + 480, blue)
        assertNear(span, portrait.maxX - 3, portrait.y + 480, blue)
        assertNear(span, portrait.x + 270, portrait.maxY - 3, blue)
        // And the landscape one's right edge stops at the landscape monitor's edge.
        assertNear(span, portrait.x - 3, 270, red)
    }

    func testEachMonitorHasItsOwnCardWithinItsOwnRegion() throws {
        let (layout, span) = try landscapeAndPortrait()
        for index in layout.monitors.indices {
            let card = try XCTUnwrap(span.monitors[index].card, "monitor \(index + 1) has no card")
            let region = layout.region(of: index)
            XCTAssertTrue(
                CanvasRect(x: 0, y: 0, width: region.width, height: region.height).contains(card.rect),
                "monitor \(index + 1): \(card.rect) outside \(region.size)")
            XCTAssertLessThanOrEqual(card.areaFraction, 0.12, "monitor \(index + 1)")
            XCTAssertGreaterThanOrEqual(card.rect.y, 32, "monitor \(index + 1) card under the top bar")
            XCTAssertGreaterThanOrEqual(card.contrast, 4.5, "monitor \(index + 1)")
        }
    }

    func testAHiDPIMonitorMakesTheWholeCanvasSharp() throws {
        let layout = try MonitorLayout.parse("1280x720@2+0+0,640x360@1+640+0")
        let picture = framed(width: 1280, height: 720, frame: red, middle: green)
        let span = try SpannedComposer.compose(
            layout, screens: [.init(picture: picture, caption: Self.caption("Sharp")), .init(picture: picture)])
        XCTAssertEqual(span.size, CanvasSize(width: 2560, height: 720))
        XCTAssertEqual(Array(span.jpeg.prefix(2)), [0xFF, 0xD8])
        XCTAssertEqual(span.monitors[1].canvas, CanvasSize(width: 1280, height: 720))
        XCTAssertNil(span.monitors[1].card)
        XCTAssertNotNil(span.monitors[0].card)
    }

    func testABrokenPictureOnOneMonitorIsAnErrorNotACrash() throws {
        let layout = try MonitorLayout.parse("960x540+0+0,540x960+960+0")
        let good = framed(width: 960, height: 540, frame: red, middle: green)
        XCTAssertThrowsError(
            try SpannedComposer.compose(
                layout, screens: [.init(picture: good), .init(picture: Data("<html>not a picture</html>".utf8))]))
    }
}
