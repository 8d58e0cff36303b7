import APODCore
import GtkKit
import XCTest
@testable import APODViewer

/// Errors, warnings and the offline notice must not look alike: GTK 4.8's default theme paints
/// every info bar the same beige, so this checks the colours actually drawn.
final class BannerStyleTests: GUITestCase, @unchecked Sendable {
    private typealias Color = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    /// The strip's background, a few pixels in from its left edge (inside its padding).
    @MainActor
    private func background(of bar: InfoBar, file: StaticString = #filePath, line: UInt = #line) throws -> Color {
        let texture = try XCTUnwrap(bar.renderTexture(), "the banner is not drawn", file: file, line: line)
        return texture.color(x: 3, y: texture.height / 2)
    }

    private func distance(_ a: Color, _ b: Color) -> Int {
        abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
    }

    func testErrorWarningAndOfflineBannersAreTintedDifferently() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the entry is shown") { main.titleLabel.text == "Latest Sky" }
            main.offlineBanner.show()
            main.banner.show(APODError.unreachable.message)
            waitForFrames()
            let error = try background(of: main.banner.root)
            let offline = try background(of: main.offlineBanner.root)
            saveScreenshot(of: main.window, named: "banners-error-and-offline")
            main.banner.warn(APODError.dateOutOfRange(APODDay("1990-01-01")!, first: ArchiveCalendar.firstDay,
                                                      last: Self.today).message)
            waitForFrames()
            let warning = try background(of: main.banner.root)
            saveScreenshot(of: main.window, named: "banners-warning-and-offline")

            XCTAssertGreaterThan(distance(error, offline), 40, "error \(error) and offline \(offline) look alike")
            XCTAssertGreaterThan(distance(error, warning), 20, "error \(error) and warning \(warning) look alike")
            XCTAssertGreaterThan(distance(warning, offline), 40, "warning \(warning) and offline \(offline) look alike")
            XCTAssertGreaterThan(error.red, error.blue, "an error is tinted red")
            XCTAssertGreaterThan(offline.blue, offline.red, "the offline notice is tinted blue")
            XCTAssertEqual(main.banner.root.icon.iconName, "dialog-warning-symbolic")
            XCTAssertEqual(main.offlineBanner.root.icon.iconName, "dialog-information-symbolic")
            main.banner.show(APODError.unreachable.message)
            XCTAssertEqual(main.banner.root.icon.iconName, "dialog-error-symbolic", "an error after a warning is an error again")
        }
    }

    /// A toast over the explanation must be readable: its bubble nearly opaque.
    func testTheToastBubbleHidesWhatIsUnderIt() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the entry is shown") { main.titleLabel.text == "Latest Sky" }
            main.toast.show("Link copied")
            waitUntil("the toast is shown") { main.toast.isShown }
            waitForFrames()
            let texture = try XCTUnwrap(main.toast.bubble.renderTexture(), "the toast is not drawn")
            let colour = texture.color(x: texture.width / 2, y: 2)
            XCTAssertGreaterThanOrEqual(colour.alpha, 230, "the bubble lets the window show through: \(colour)")
        }
    }
}
