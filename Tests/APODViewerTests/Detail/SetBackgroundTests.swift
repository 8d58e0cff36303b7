import APODCore
import Foundation
import GtkKit
import WallpaperComposition
import XCTest

@testable import APODViewer

/// "Set as Background" in the detail window, against the fake portal on the test's session bus.
final class SetBackgroundTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    @MainActor
    private func openDetail(_ entry: APODEntry) throws -> DetailWindow {
        try start(services: files.services(.offline, calendar: calendar))
        app.openDetail(for: entry)
        return try XCTUnwrap(app.detailWindows[entry.date])
    }

    /// Runs `body` with the fake Wallpaper portal on the test's session bus.
    private func withPortal(_ body: @MainActor (FakeWallpaperPortal) throws -> Void) throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            "no session bus (run under dbus-run-session)")
        try MainActor.assumeIsolated {
            let portal = try XCTUnwrap(FakeWallpaperPortal())
            portal.publish()
            defer { portal.unpublish() }
            waitUntil("the fake portal owns its name") { portal.ownsName }
            try body(portal)
        }
    }

    func testThePictureIsSavedInTheCacheAndHandedToThePortal() throws {
        let shown = entry("2020-12-17", title: "Conjunction & Co", picture: "/800x500.jpg")
        try withPortal { portal in
            let detail = try openDetail(shown)
            XCTAssertFalse(detail.background.button.isSensitive, "nothing to hand over before the picture is shown")
            waitUntil("the picture is shown") { detail.picture.shownPixelSize?.width == 800 }
            XCTAssertTrue(detail.background.button.isSensitive)
            detail.background.button.activate()
            waitUntil("the portal was called") { portal.calls.count == 1 }
            waitUntil("the outcome is shown") { detail.toasts.isShown }
            XCTAssertEqual(detail.toasts.text, "Background set", "said in a toast over the window")
            waitForFrames()
            saveScreenshot(of: detail.window, named: "toast-background-set")
            XCTAssertNil(detail.banner.message)

            let file = try XCTUnwrap(detail.background.lastFile)
            XCTAssertEqual(
                file.deletingLastPathComponent().standardizedFileURL,
                files.cacheDirectory.appendingPathComponent("wallpaper").standardizedFileURL)
            XCTAssertEqual(file.lastPathComponent, "2020-12-17-conjunction-co.jpg")
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.fileBytes, try Data(contentsOf: file))
            let decoded = try TextureDecoder.decode(call.fileBytes, maxSize: nil)
            let monitor = try XCTUnwrap(Monitors.largest())
            XCTAssertEqual(
                [decoded.width, decoded.height], [monitor.width * monitor.scale, monitor.height * monitor.scale],
                "fitted to the monitor, as the daily background is")
            XCTAssertEqual(call.options["set-on"], "'both'")
            // The desktop's preview belongs to this window, not a separate "Portal" app.
            XCTAssertTrue(call.parentWindow.hasPrefix("x11:"), call.parentWindow)
            XCTAssertNotEqual(UInt(call.parentWindow.dropFirst(4), radix: 16) ?? 0, 0, call.parentWindow)

            portal.responseCode = 1
            detail.background.button.activate()
            waitUntil("the second call") { portal.calls.count == 2 }
            waitUntil("the outcome is shown") { detail.toasts.text == "The background was not changed." }
        }
    }

    /// The background copy is exactly what the daily background makes of the picture with the
    /// same choices: fitted whole to the monitor, with the caption card; the cache keeps the
    /// picture as it came.
    func testTheDailyBackgroundsFitAndCaptionAreUsed() throws {
        let shown = entry("2020-12-17", title: "Conjunction & Co", picture: "/800x500.jpg")
        try files.store.save([.dailyCaption: BackgroundCaption.title.rawValue, .dailyFit: BackgroundFit.whole.rawValue])
        try withPortal { portal in
            let detail = try openDetail(shown)
            let monitor = Monitors.Size(width: 1000, height: 400, scale: 2)
            detail.background.screen = { monitor }
            waitUntil("the picture is shown") { detail.picture.shownPixelSize?.width == 800 }
            detail.background.button.activate()
            waitUntil("the portal was called") { portal.calls.count == 1 }
            let call = try XCTUnwrap(portal.calls.first)

            let expected = try WallpaperComposer.compose(
                TestImages.jpeg(width: 800, height: 500),
                .init(
                    canvas: CanvasSize(width: 2000, height: 800), scaleFactor: 2, fit: .whole,
                    caption: Caption(entry: shown, style: .title)))
            XCTAssertNotNil(expected.report.card, "the expected copy has its card")
            XCTAssertEqual(call.fileBytes, expected.jpeg, "the daily background's copy, byte for byte")
            try? call.fileBytes.write(to: Self.screenshotDirectory.appendingPathComponent("set-background-copy.jpg"))
            XCTAssertEqual(try XCTUnwrap(detail.background.lastFile).lastPathComponent, "2020-12-17-conjunction-co.jpg")
        }
    }

    func testTheBackgroundCopyIsAJPEGWhateverThePictureWas() {
        XCTAssertEqual(BackgroundSetter.jpegName("2020-12-17-a.gif"), "2020-12-17-a.jpg")
        XCTAssertEqual(BackgroundSetter.jpegName("2020-12-17-a.jpg"), "2020-12-17-a.jpg")
        XCTAssertEqual(BackgroundSetter.jpegName("2020-12-17-a.PNG"), "2020-12-17-a.jpg")
    }

    func testWithoutAPortalTheWindowSaysWhatToDoInstead() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(entry("2020-12-17", title: "Conjunction", picture: "/640x400.jpg"))
            waitUntil("the picture is shown") { detail.picture.shownPixelSize?.width == 640 }
            detail.background.button.activate()
            waitUntil("the failure is shown") { detail.banner.message != nil }
            let message = try XCTUnwrap(detail.banner.message)
            XCTAssertTrue(message.hasPrefix("No desktop portal is available"), message)
            XCTAssertTrue(message.contains("Save the picture"), message)
            XCTAssertEqual(detail.banner.root.kind, .error)
            XCTAssertTrue(detail.background.button.isSensitive, "the user may try again later")
            XCTAssertTrue(detail.banner.root.isDismissible)
            XCTAssertEqual(detail.banner.offeredActionLabel, "_Save…", "the strip offers what it suggests")
            waitForFrames()
            saveScreenshot(of: detail.window, named: "detail-no-portal")
            detail.banner.root.dismiss()
            XCTAssertNil(detail.banner.message, "the close button puts the message away")
        }
    }

    func testVideosOfferNoBackgroundButton() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(entry("2020-12-18", title: "A Video", picture: "/640x360.jpg", media: .video))
            waitUntil("the still is shown") { detail.picture.shownPixelSize?.width == 640 }
            waitForFrames()
            XCTAssertFalse(detail.background.button.isMapped)
        }
    }
}
