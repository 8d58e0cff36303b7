import APODCore
import AdwKit
import GtkKit
import XCTest

@testable import APODViewer

/// Errors, warnings and the offline notice must not look alike, in the light and the dark
/// style: libadwaita tints each kind of info bar from its named colours (the app adds none),
/// so this checks the colours actually drawn.
final class BannerStyleTests: GUITestCase, @unchecked Sendable {
    private typealias Color = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    override func tearDown() {
        MainActor.assumeIsolated { DesktopStyle.reset() }
        super.tearDown()
    }

    /// The strip's background, a few pixels in from its left edge (inside its padding).
    @MainActor
    private func background(of bar: InfoBar, file: StaticString = #filePath, line: UInt = #line) throws -> Color {
        waitForFrames()
        let texture = try XCTUnwrap(bar.renderTexture(), "the banner is not drawn", file: file, line: line)
        return texture.color(x: 3, y: texture.height / 2)
    }

    private func distance(_ a: Color, _ b: Color) -> Int {
        abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
    }

    func testErrorWarningAndOfflineBannersAreTintedDifferentlyInLightAndDark() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the entry is shown") { main.caption.titleLabel.text == "Latest Sky" }
            for scheme in [ColorScheme.light, .dark] {
                StyleManager.colorScheme = scheme
                main.offlineBanner.show()
                main.banner.show(APODError.unreachable.message)
                let error = try background(of: main.banner.root)
                let offline = try background(of: main.offlineBanner.root)
                saveScreenshot(of: main.window, named: "banners-error-and-offline-\(scheme)")
                main.banner.warn(
                    APODError.dateOutOfRange(
                        APODDay("1990-01-01")!, first: ArchiveCalendar.firstDay,
                        last: Self.today
                    ).message)
                let warning = try background(of: main.banner.root)
                saveScreenshot(of: main.window, named: "banners-warning-and-offline-\(scheme)")

                XCTAssertGreaterThan(
                    distance(error, offline), 40, "\(scheme): error \(error) and offline \(offline) look alike")
                XCTAssertGreaterThan(
                    distance(error, warning), 20, "\(scheme): error \(error) and warning \(warning) look alike")
                XCTAssertGreaterThan(
                    distance(warning, offline), 40, "\(scheme): warning \(warning) and offline \(offline) look alike")
                XCTAssertGreaterThan(error.red, error.blue, "\(scheme): an error is tinted red")
                XCTAssertGreaterThan(offline.blue, offline.red, "\(scheme): the offline notice is tinted blue")
                XCTAssertGreaterThan(warning.red, warning.blue, "\(scheme): a warning is tinted yellow")
                let luminance = (Int(error.red) + Int(error.green) + Int(error.blue)) / 3
                XCTAssertTrue(
                    scheme == .dark ? luminance < 110 : luminance > 150,
                    "\(scheme): the strip follows the style (\(error))")
            }
            XCTAssertEqual(main.banner.root.icon.iconName, "dialog-warning-symbolic")
            XCTAssertEqual(main.offlineBanner.root.icon.iconName, "dialog-information-symbolic")
            main.banner.show(APODError.unreachable.message)
            XCTAssertEqual(
                main.banner.root.icon.iconName, "dialog-error-symbolic", "an error after a warning is an error again")
        }
    }
}
