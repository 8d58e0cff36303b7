import XCTest

@testable import WallpaperComposition

final class ContrastTests: XCTestCase {
    func testWCAGFigures() {
        XCTAssertEqual(Contrast.luminance(red: 255, green: 255, blue: 255), 1, accuracy: 1e-9)
        XCTAssertEqual(Contrast.luminance(red: 0, green: 0, blue: 0), 0)
        XCTAssertEqual(Contrast.ratio(1, 0), 21, accuracy: 1e-9)
        // #767676 on white is the well-known 4.54:1.
        XCTAssertEqual(Contrast.ratio(1, Contrast.luminance(red: 0x76, green: 0x76, blue: 0x76)), 4.54, accuracy: 0.01)
    }

    /// Black at the chosen opacity over the brightest channel, blended as cairo does (8-bit,
    /// encoded values), leaves white text at least 4.5:1 for every brightness.
    func testTheBackdropOpacityReachesTheRequiredContrastOverAnyBrightness() {
        for level in stride(from: 0, through: 255, by: 5) {
            let opacity = Contrast.backdropOpacity(brightestChannel: Double(level) / 255)
            XCTAssertGreaterThanOrEqual(opacity, Contrast.minimumOpacity)
            let blended = UInt8((Double(level) * (1 - opacity)).rounded(.up))
            let ratio = Contrast.ratio(1, Contrast.luminance(red: blended, green: blended, blue: blended))
            XCTAssertGreaterThanOrEqual(ratio, Contrast.required, "level \(level), opacity \(opacity)")
        }
        XCTAssertEqual(
            Contrast.backdropOpacity(brightestChannel: 0.1), Contrast.minimumOpacity, "a dark sky needs no more")
    }
}
