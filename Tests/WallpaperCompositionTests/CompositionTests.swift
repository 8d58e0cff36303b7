import APODCore
import CGdkPixbuf
import TestSupport
import XCTest

@testable import WallpaperComposition

/// Backgrounds drawn from pictures the tests paint: the fit, the backdrop, the caption card's
/// place, size and contrast.
final class CompositionTests: XCTestCase {
    private let screen = CanvasSize(width: 1920, height: 1080)
    private let red: TestPicture.Colour = (230, 20, 20)
    private let green: TestPicture.Colour = (20, 200, 40)
    private static let caption = Caption(
        title: "The Sombrero Galaxy in Infrared", details: "2019 Jan. 1 · © NASA, JPL-Caltech",
        sentence: "This floating ring is the size of a galaxy.")

    /// A picture with a red frame and a green middle: where the frame shows, the whole picture does.
    private func framed(width: Int, height: Int) -> TestPicture {
        let picture = TestPicture(width: width, height: height, colour: green)
        let edge = max(4, min(width, height) / 40)
        picture.fill(CanvasRect(x: 0, y: 0, width: width, height: edge), red)
        picture.fill(CanvasRect(x: 0, y: height - edge, width: width, height: edge), red)
        picture.fill(CanvasRect(x: 0, y: 0, width: edge, height: height), red)
        picture.fill(CanvasRect(x: width - edge, y: 0, width: edge, height: height), red)
        return picture
    }

    private func assertWholeFrame(_ background: RenderedBackground, file: StaticString = #filePath, line: UInt = #line)
    {
        let rect = background.report.fit.placement
        XCTAssertTrue(background.report.fit.showsWholePicture, "\(rect)", file: file, line: line)
        for (x, y) in [
            (rect.x + 1, rect.y + rect.height / 2), (rect.maxX - 2, rect.y + rect.height / 2),
            (rect.x + rect.width / 2, rect.y + 1), (rect.x + rect.width / 2, rect.maxY - 2),
        ] {
            XCTAssertTrue(
                background.pixel(x: x, y: y, isNear: red), "frame at (\(x), \(y)): \(background.pixel(x: x, y: y))",
                file: file, line: line)
        }
        XCTAssertTrue(
            background.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, isNear: green), file: file,
            line: line)
    }

    /// The probe's pictures: a side over cairo's 32,767 pixels (each only 0.1 MP) crashed
    /// `apod today --wallpaper --caption` without `--width/--height`: cairo gave an error
    /// surface and the pixels were written through it.
    func testPicturesWithASideOverCairosLimitAreDrawnOnABoundedCanvas() throws {
        let pictures: [(String, Data, CanvasSize)] = [
            (
                "1×100000 PNG", PlainPNG.make(width: 1, height: 100_000, red: 200, green: 40, blue: 40),
                CanvasSize(width: 1, height: WallpaperComposer.maxSide)
            ),
            (
                "100000×1 PNG", PlainPNG.make(width: 100_000, height: 1, red: 200, green: 40, blue: 40),
                CanvasSize(width: WallpaperComposer.maxSide, height: 1)
            ),
            (
                "1×65000 JPEG", TestPicture(width: 1, height: 65_000, colour: red).jpeg,
                CanvasSize(width: 1, height: WallpaperComposer.maxSide)
            ),
        ]
        for (name, data, expected) in pictures {
            let background = try WallpaperComposer.render(data, .init(canvas: nil, caption: Self.caption))
            XCTAssertEqual(background.size, expected, name)
            XCTAssertNil(background.report.card, "\(name): no card fits a line of pixels")
            XCTAssertEqual(background.pixel(x: 0, y: 0).red, 200, accuracy: 30, name)
        }
        let wide = try WallpaperComposer.render(
            TestPicture(width: 40_000, height: 100, colour: green).jpeg, .init(canvas: nil, caption: Self.caption))
        XCTAssertEqual(wide.size, CanvasSize(width: WallpaperComposer.maxSide, height: 41), "its shape kept")
    }

    /// GdkPixbuf decodes a PNG whole before it scales it: a 10000 × 10000 PNG took 331 MB for
    /// a screen-sized background. Now it is reduced row by row; the peak resident memory during
    /// the composition is sampled from /proc.
    func testALargePNGsMemoryFollowsTheScreenNotThePicture() throws {
        let side = 8_000
        let png = try XCTUnwrap(TestPicture(width: side, height: side, colour: green).png)
        let before = Self.residentBytes()
        let peak = ResidentPeak()
        let background = try WallpaperComposer.render(png, .init(canvas: screen))
        let grown = peak.stop() - before
        XCTAssertEqual(background.size, screen)
        XCTAssertTrue(background.pixel(x: 960, y: 540, isNear: green))
        // The picture whole would be 8000 × 8000 × 3 bytes (192 MB); the canvas and the
        // reduced copy are about 8 MB each.
        XCTAssertLessThan(grown, 96 << 20, "grew \(grown >> 20) MB")
    }

    func testPNGsReducedRowByRowKeepTheirColoursAndShape() throws {
        let picture = TestPicture(width: 3_000, height: 1_000, colour: green)
        picture.fill(CanvasRect(x: 0, y: 0, width: 1_500, height: 1_000), red)
        let png = try XCTUnwrap(picture.png)
        let reduced = try XCTUnwrap(
            png.withUnsafeBytes {
                apod_png_decode_reduced($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, 300, 100)
            })
        defer { g_object_unref(UnsafeMutableRawPointer(reduced)) }
        XCTAssertEqual(gdk_pixbuf_get_width(reduced), 300)
        XCTAssertEqual(gdk_pixbuf_get_height(reduced), 100)
        let pixels = try XCTUnwrap(gdk_pixbuf_get_pixels(reduced))
        let stride = Int(gdk_pixbuf_get_rowstride(reduced))
        XCTAssertEqual([pixels[50 * stride + 10 * 4], pixels[50 * stride + 10 * 4 + 1]], [red.red, red.green])
        XCTAssertEqual([pixels[50 * stride + 290 * 4], pixels[50 * stride + 290 * 4 + 1]], [green.red, green.green])
        XCTAssertEqual(pixels[50 * stride + 290 * 4 + 3], 255, "opaque")
        XCTAssertNil(
            png.prefix(png.count / 2).withUnsafeBytes {
                apod_png_decode_reduced($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, 300, 100)
            }, "a PNG cut short is left to the usual decoder, which says it is damaged")
    }

    private static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// The highest resident size seen by a thread sampling it every millisecond until `stop`.
    private final class ResidentPeak: @unchecked Sendable {
        private let lock = NSLock()
        private var peak = 0
        private var running = true
        private let done = DispatchSemaphore(value: 0)

        init() {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    let now = CompositionTests.residentBytes()
                    lock.withLock { peak = max(peak, now) }
                    usleep(1_000)
                }
                done.signal()
            }
        }

        func stop() -> Int {
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { max(peak, CompositionTests.residentBytes()) }
        }
    }

    func testACanvasCairoCannotMakeIsAnErrorNotACrash() {
        XCTAssertThrowsError(try Canvas(CanvasSize(width: 40_000, height: 2))) { error in
            XCTAssertEqual(error as? APODError, .outOfResources)
        }
        XCTAssertThrowsError(try Canvas.imageSurface(width: 0, height: 10))
    }

    func testA1080By1920PortraitBecomesA1920By1080BackgroundShowingAllOfIt() throws {
        let background = try WallpaperComposer.render(framed(width: 1080, height: 1920).jpeg, .init(canvas: screen))
        XCTAssertEqual(background.size, screen)
        assertWholeFrame(background)
        XCTAssertEqual(background.report.fit.placement, CanvasRect(x: 656, y: 0, width: 608, height: 1080))
        // The sides are the blurred, darkened picture: mostly green, darker than the picture.
        let side = background.pixel(x: 200, y: 540)
        XCTAssertGreaterThan(side.green, side.red, "the backdrop is the picture's own colour: \(side)")
        XCTAssertLessThan(side.green, green.green, "and darkened")
        let jpeg = try WallpaperComposer.compose(framed(width: 1080, height: 1920).jpeg, .init(canvas: screen)).jpeg
        XCTAssertEqual(ImageHeader.read(jpeg), ImageHeader(width: 1920, height: 1080))
    }

    func testA3000By1000PanoramaBecomesA1920By1080BackgroundShowingAllOfIt() throws {
        let background = try WallpaperComposer.render(framed(width: 3000, height: 1000).jpeg, .init(canvas: screen))
        XCTAssertEqual(background.size, screen)
        assertWholeFrame(background)
        XCTAssertEqual(background.report.fit.placement, CanvasRect(x: 0, y: 220, width: 1920, height: 640))
    }

    func testASmallPictureIsEnlargedAtMostOneAndAHalfTimesAndCentred() throws {
        let background = try WallpaperComposer.render(framed(width: 480, height: 270).jpeg, .init(canvas: screen))
        XCTAssertEqual(background.report.fit.scale, 1.5)
        XCTAssertEqual(background.report.fit.placement, CanvasRect(x: 600, y: 337, width: 720, height: 405))
        assertWholeFrame(background)
    }

    /// A 2:1 picture (within 25 % of 16:9? no: 12.5 % wide of it, so it fills) whose only
    /// striking part is near its right edge: the crop keeps it.
    func testAFillCropKeepsTheCentreOfInterest() throws {
        let picture = TestPicture(width: 2400, height: 1200, colour: (10, 10, 20))
        picture.fill(CanvasRect(x: 2050, y: 500, width: 250, height: 200), (250, 240, 200))
        let background = try WallpaperComposer.render(picture.jpeg, .init(canvas: screen))
        let fit = background.report.fit
        XCTAssertEqual(fit.kind, .fill)
        XCTAssertEqual(fit.placement.maxX, 1920, "cropped from the left: \(fit.placement)")
        XCTAssertGreaterThan(background.report.centreOfInterest.x, 0.8)
        XCTAssertTrue(
            background.pixel(x: 1920 - 200, y: 540, isNear: (250, 240, 200)), "the bright part is on the screen")
    }

    /// Noise everywhere but one flat part, on pictures of 1280×720 drawn 1.5 times larger.
    func testTheCardGoesWhereThereIsLeastDetail() throws {
        for (flat, expected) in [
            (CanvasRect(x: 0, y: 360, width: 640, height: 360), CaptionPlace.bottomLeft),
            (CanvasRect(x: 640, y: 0, width: 640, height: 360), .topRight),
            (CanvasRect(x: 0, y: 0, width: 640, height: 360), .topLeft),
            (CanvasRect(x: 640, y: 360, width: 640, height: 360), .bottomRight),
            (CanvasRect(x: 420, y: 600, width: 440, height: 120), .bottomBand),
        ] {
            let picture = TestPicture(width: 1280, height: 720, colour: (40, 40, 60))
            picture.noise(CanvasRect(x: 0, y: 0, width: 1280, height: 720))
            picture.fill(flat, (30, 40, 80))
            let background = try WallpaperComposer.render(picture.jpeg, .init(canvas: screen, caption: Self.caption))
            let card = try XCTUnwrap(background.report.card)
            XCTAssertEqual(card.place, expected, "flat \(flat): \(card.candidates)")
            XCTAssertEqual(card.candidates[card.place]?.detail, card.candidates.values.map(\.detail).min())
            XCTAssertEqual(card.candidates.count, CaptionPlace.allCases.count, "every place was a candidate")
            XCTAssertLessThanOrEqual(card.areaFraction, 0.12)
            XCTAssertGreaterThanOrEqual(card.contrast, Contrast.required)
        }
    }

    /// Detail only in the lower part: the card goes to a top corner, below the shell's bar, at
    /// both scale factors (pictures 1.5 times smaller than the screen fill it exactly).
    func testTheTopCardsStayBelowTheTopBar() throws {
        for scale in [1, 2] {
            let picture = TestPicture(width: 1280 * scale, height: 720 * scale, colour: (60, 60, 60))
            picture.noise(CanvasRect(x: 0, y: 260 * scale, width: 1280 * scale, height: 460 * scale))
            let background = try WallpaperComposer.render(
                picture.jpeg,
                .init(
                    canvas: CanvasSize(width: 1920 * scale, height: 1080 * scale),
                    scaleFactor: scale, caption: Self.caption))
            let card = try XCTUnwrap(background.report.card)
            XCTAssertTrue([.topLeft, .topRight].contains(card.place), "\(card.place): \(card.candidates)")
            XCTAssertGreaterThanOrEqual(card.rect.y, Int(CaptionGeometry.topBarHeight) * scale + 32 * scale)
        }
    }

    func testTheCardIsTwiceAsLargeOnADoubleScaleMonitor() throws {
        let picture = TestPicture(width: 1280, height: 720, colour: (30, 30, 50)).jpeg
        let normal = try XCTUnwrap(
            WallpaperComposer.render(
                picture,
                .init(
                    canvas: CanvasSize(width: 1920, height: 1080),
                    caption: Self.caption)
            ).report.card)
        let double = try XCTUnwrap(
            WallpaperComposer.render(
                picture,
                .init(
                    canvas: CanvasSize(width: 3840, height: 2160), scaleFactor: 2,
                    caption: Self.caption)
            ).report.card)
        XCTAssertEqual(Double(double.rect.width) / Double(normal.rect.width), 2, accuracy: 0.05)
        XCTAssertEqual(Double(double.rect.height) / Double(normal.rect.height), 2, accuracy: 0.05)
        XCTAssertEqual(normal.areaFraction, double.areaFraction, accuracy: 0.005)
    }

    /// White and black pictures: the backdrop is as dark as white text needs, and no darker than
    /// it must be over a dark one.
    func testTheTextHasAtLeastFourAndAHalfToOneOverLightAndDarkPictures() throws {
        for colour: TestPicture.Colour in [(255, 255, 255), (250, 240, 120), (0, 0, 0), (128, 128, 128)] {
            let picture = TestPicture(width: 1920, height: 1080, colour: colour).jpeg
            let card = try XCTUnwrap(
                WallpaperComposer.render(picture, .init(canvas: screen, caption: Self.caption)).report.card)
            XCTAssertGreaterThanOrEqual(card.contrast, Contrast.required, "\(colour)")
            if colour.red == 0 { XCTAssertEqual(card.backdropOpacity, Contrast.minimumOpacity) }
        }
    }

    /// On a small screen the card shrinks, drops the sentence's lines, and on a tiny one is left out.
    func testTheCardNeverCoversMoreThanTwelvePercent() throws {
        let long = Caption(
            title: String(repeating: "A very long title about a nebula ", count: 6),
            details: "2019 Jan. 1 · © " + String(repeating: "Somebody Else, ", count: 10),
            sentence: String(repeating: "Words that go on. ", count: 30))
        for size in [
            CanvasSize(width: 640, height: 360), CanvasSize(width: 800, height: 1280),
            CanvasSize(width: 1920, height: 1080),
            CanvasSize(width: 3440, height: 1440),
        ] {
            let picture = TestPicture(width: 400, height: 300, colour: (90, 90, 90)).jpeg
            let card = try XCTUnwrap(
                WallpaperComposer.render(picture, .init(canvas: size, caption: long)).report.card, "\(size)")
            XCTAssertLessThanOrEqual(card.areaFraction, CaptionGeometry.maxAreaFraction, "\(size)")
            XCTAssertGreaterThanOrEqual(card.contrast, Contrast.required)
        }
        let tiny = try WallpaperComposer.render(
            TestPicture(width: 64, height: 64, colour: (1, 2, 3)).jpeg,
            .init(canvas: CanvasSize(width: 64, height: 64), caption: long))
        XCTAssertNil(tiny.report.card, "no room for a readable card")
    }

    func testWithoutACanvasTheCaptionGoesOnThePictureAtItsOwnSize() throws {
        let background = try WallpaperComposer.render(
            framed(width: 1600, height: 1000).jpeg, .init(canvas: nil, caption: Self.caption))
        XCTAssertEqual(background.size, CanvasSize(width: 1600, height: 1000))
        XCTAssertEqual(background.report.fit.scale, 1)
        XCTAssertNotNil(background.report.card)
    }

    func testWhatIsNotAPictureIsAClearError() {
        XCTAssertThrowsError(try WallpaperComposer.render(Data("<html>".utf8), .init(canvas: screen))) {
            XCTAssertEqual($0 as? APODError, .notAnImage)
        }
        var cut = TestPicture(width: 300, height: 200, colour: red).jpeg
        cut = cut.prefix(40)
        XCTAssertThrowsError(try WallpaperComposer.render(cut, .init(canvas: screen)), "its header is cut") {
            XCTAssertEqual($0 as? APODError, .notAnImage)
        }
        XCTAssertThrowsError(
            try WallpaperComposer.render(ImageFaults.pngBomb(width: 60_000, height: 60_000), .init(canvas: screen))
        ) {
            XCTAssertEqual($0 as? APODError, .pictureTooLarge(width: 60_000, height: 60_000))
        }
        var broken = ImageFaults.pngHeader(width: 300, height: 200)
        broken.append(Data(repeating: 0x5A, count: 200))
        XCTAssertThrowsError(try WallpaperComposer.render(broken, .init(canvas: screen))) {
            XCTAssertEqual($0 as? APODError, .damagedImage)
        }
    }
}
