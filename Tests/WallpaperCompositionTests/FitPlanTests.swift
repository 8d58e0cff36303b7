import APODCore
import XCTest

@testable import WallpaperComposition

/// The geometry of fitting a picture to the screen, without drawing.
final class FitPlanTests: XCTestCase {
    private let screen = CanvasSize(width: 1920, height: 1080)

    func testAPortraitIsShownWholeAcrossTheScreensHeight() {
        let plan = FitPlan(picture: CanvasSize(width: 1080, height: 1920), canvas: screen, fit: .auto)
        XCTAssertEqual(plan.kind, .whole)
        XCTAssertEqual(plan.placement, CanvasRect(x: 656, y: 0, width: 608, height: 1080))
        XCTAssertTrue(plan.showsWholePicture)
        XCTAssertTrue(plan.needsBackdrop)
    }

    func testAPanoramaIsShownWholeAcrossTheScreensWidth() {
        let plan = FitPlan(picture: CanvasSize(width: 3000, height: 1000), canvas: screen, fit: .auto)
        XCTAssertEqual(plan.kind, .whole)
        XCTAssertEqual(plan.placement, CanvasRect(x: 0, y: 220, width: 1920, height: 640))
        XCTAssertTrue(plan.showsWholePicture)
    }

    func testAShapeWithinAQuarterOfTheScreensFillsItAroundTheCentreOfInterest() {
        // 16:10 on 16:9: 11 % apart.
        let centred = FitPlan(picture: CanvasSize(width: 2560, height: 1600), canvas: screen, fit: .auto)
        XCTAssertEqual(centred.kind, .fill)
        XCTAssertEqual(centred.placement, CanvasRect(x: 0, y: -60, width: 1920, height: 1200))
        XCTAssertFalse(centred.needsBackdrop)
        let low = FitPlan(
            picture: CanvasSize(width: 2560, height: 1600), canvas: screen, fit: .auto,
            centre: UnitPoint(x: 0.5, y: 0.8))
        XCTAssertEqual(low.placement.y, -120, "the crop moves down as far as the picture goes")
        let high = FitPlan(
            picture: CanvasSize(width: 2560, height: 1600), canvas: screen, fit: .auto,
            centre: UnitPoint(x: 0.5, y: 0.45))
        XCTAssertEqual(
            high.placement.y, 0, "a centre of interest above the middle by 5 % moves the crop up to the top edge")
        // 4:3 on 16:9 is 33 % apart: whole, unless asked to fill.
        XCTAssertEqual(FitPlan(picture: CanvasSize(width: 4000, height: 3000), canvas: screen, fit: .auto).kind, .whole)
        let filled = FitPlan(picture: CanvasSize(width: 4000, height: 3000), canvas: screen, fit: .fill)
        XCTAssertEqual(filled.kind, .fill)
        XCTAssertTrue(filled.placement.contains(filled.canvasRect))
        XCTAssertEqual(
            FitPlan(picture: CanvasSize(width: 2560, height: 1600), canvas: screen, fit: .whole).kind, .whole)
    }

    func testNothingIsEnlargedMoreThanOneAndAHalfTimes() {
        let small = FitPlan(picture: CanvasSize(width: 640, height: 360), canvas: screen, fit: .auto)
        XCTAssertEqual(small.kind, .fill)
        XCTAssertEqual(small.scale, 1.5)
        XCTAssertEqual(small.placement, CanvasRect(x: 480, y: 270, width: 960, height: 540), "centred on the backdrop")
        XCTAssertTrue(small.needsBackdrop)
        // Too small and too wide: enlarged 1.5×, still wider than the screen, cropped around its centre.
        let strip = FitPlan(
            picture: CanvasSize(width: 1600, height: 400), canvas: screen, fit: .fill, centre: UnitPoint(x: 0.9, y: 0.5)
        )
        XCTAssertEqual(strip.scale, 1.5)
        XCTAssertEqual(strip.placement, CanvasRect(x: 1920 - 2400, y: 240, width: 2400, height: 600))
        for picture in [
            CanvasSize(width: 10, height: 10), CanvasSize(width: 300, height: 3000),
            CanvasSize(width: 1919, height: 1079),
        ] {
            for fit in BackgroundFit.allCases {
                XCTAssertLessThanOrEqual(FitPlan(picture: picture, canvas: screen, fit: fit).scale, FitPlan.maxUpscale)
            }
        }
    }

    func testAScreenThatIsTallerThanWideFitsTheSameWay() {
        let plan = FitPlan(
            picture: CanvasSize(width: 1920, height: 1080), canvas: CanvasSize(width: 1080, height: 1920), fit: .auto)
        XCTAssertEqual(plan.kind, .whole)
        XCTAssertEqual(plan.placement, CanvasRect(x: 0, y: 656, width: 1080, height: 608))
    }
}
