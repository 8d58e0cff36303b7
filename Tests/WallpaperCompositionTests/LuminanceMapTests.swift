import XCTest

@testable import WallpaperComposition

/// The two measurements: detail in a place, and the centre of interest.
final class LuminanceMapTests: XCTestCase {
    private func map(width: Int, height: Int, _ value: (Int, Int) -> Float) -> LuminanceMap {
        var values: [Float] = []
        for y in 0..<height { for x in 0..<width { values.append(value(x, y)) } }
        return LuminanceMap(width: width, height: height, values: values)
    }

    func testAFlatPictureHasNoDetailAndItsCentreIsTheMiddle() {
        let flat = map(width: 64, height: 40) { _, _ in 0.3 }
        XCTAssertEqual(flat.detail(in: CanvasRect(x: 0, y: 0, width: 64, height: 40)), 0)
        XCTAssertEqual(flat.centreOfInterest, .centre)
    }

    func testDetailIsTheMeanGradientOfThePlace() {
        // Stripes on the left half, flat on the right.
        let picture = map(width: 40, height: 20) { x, _ in x < 20 ? Float(x % 2) : 0.5 }
        XCTAssertEqual(picture.detail(in: CanvasRect(x: 0, y: 0, width: 19, height: 20)), 1, accuracy: 0.01)
        XCTAssertEqual(picture.detail(in: CanvasRect(x: 21, y: 0, width: 19, height: 20)), 0)
    }

    /// A bright galaxy at three quarters across and a third down, on a dark sky sprinkled with
    /// faint stars: the galaxy is the centre of interest.
    func testTheCentreOfInterestIsTheStrikingPartNotTheStars() {
        var seed: UInt64 = 7
        let picture = map(width: 64, height: 40) { x, y in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1
            let star: Float = (seed >> 58) == 0 ? 0.4 : 0.05
            let dx = Float(x - 48)
            let dy = Float(y - 13)
            return max(star, 0.95 - (dx * dx + dy * dy) / 40)
        }
        let centre = picture.centreOfInterest
        XCTAssertEqual(centre.x, 48.5 / 64, accuracy: 0.06)
        XCTAssertEqual(centre.y, 13.5 / 40, accuracy: 0.06)
    }
}
