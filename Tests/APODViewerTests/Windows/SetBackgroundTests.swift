import APODCore
import Foundation
import GtkKit
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

    func testThePictureIsSavedInTheCacheAndHandedToThePortal() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
                      "no session bus (run under dbus-run-session)")
        let shown = entry("2020-12-17", title: "Conjunction & Co", picture: "/800x500.jpg")
        try MainActor.assumeIsolated {
            let portal = try XCTUnwrap(FakeWallpaperPortal())
            portal.publish()
            defer { portal.unpublish() }
            waitUntil("the fake portal owns its name") { portal.ownsName }

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
            XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL,
                           files.cacheDirectory.appendingPathComponent("wallpaper").standardizedFileURL)
            XCTAssertEqual(file.lastPathComponent, "2020-12-17-conjunction-co.jpg")
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.fileBytes, try Data(contentsOf: file))
            let decoded = try TextureDecoder.decode(call.fileBytes, maxSize: nil)
            XCTAssertEqual([decoded.width, decoded.height], [800, 500], "the picture as the service sent it")
            XCTAssertEqual(call.options["set-on"], "'both'")

            portal.responseCode = 1
            detail.background.button.activate()
            waitUntil("the second call") { portal.calls.count == 2 }
            waitUntil("the outcome is shown") { detail.toasts.text == "The background was not changed." }
        }
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
