import CGtk
import Foundation
import GtkKit
import XCTest

/// Runs against a fake portal on the private session bus `make test` starts with
/// `dbus-run-session`; skipped when the process has no session bus.
final class WallpaperPortalTests: XCTestCase {
    private var file: URL!

    override func setUpWithError() throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("wallpaper-\(UUID().uuidString).jpg")
        try Data("fake picture bytes".utf8).write(to: file)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: file)
    }

    @MainActor
    private static func setWallpaper(_ path: String) -> WallpaperPortal.Outcome? {
        var outcome: WallpaperPortal.Outcome?
        WallpaperPortal.setWallpaper(fileAt: path) { outcome = $0 }
        Gtk.iterate(until: { outcome != nil }, timeout: 10)
        return outcome
    }

    func testSendsTheFileAndOptionsAndReportsTheResponse() throws {
        let path = file.path
        try MainActor.assumeIsolated {
            guard let portal = FakeWallpaperPortal() else {
                throw XCTSkip("no session bus (run under dbus-run-session)")
            }
            portal.publish()
            defer { portal.unpublish() }
            XCTAssertTrue(Gtk.iterate(until: { portal.ownsName }, timeout: 10))

            XCTAssertEqual(Self.setWallpaper(path), .set)
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.parentWindow, "")
            XCTAssertEqual(call.fileBytes, Data("fake picture bytes".utf8))
            XCTAssertEqual(call.options["show-preview"], "true")
            XCTAssertEqual(call.options["set-on"], "'both'")
            XCTAssertNotNil(call.options["handle_token"])

            portal.responseCode = 1
            XCTAssertEqual(Self.setWallpaper(path), .cancelled)
            portal.responseCode = 2
            XCTAssertEqual(Self.setWallpaper(path), .refused)
            XCTAssertEqual(portal.calls.count, 3)
        }
    }

    /// The real portal never answers when the Shell's access dialog is answered late: the
    /// request ends after the time limit and is closed on the portal's side too.
    func testARequestWithoutAnAnswerIsClosedAfterTheTimeLimit() throws {
        let path = file.path
        try MainActor.assumeIsolated {
            guard let portal = FakeWallpaperPortal() else {
                throw XCTSkip("no session bus (run under dbus-run-session)")
            }
            portal.publish()
            PortalRequest.timeLimit = 1
            defer {
                PortalRequest.timeLimit = 30
                portal.unpublish()
            }
            XCTAssertTrue(Gtk.iterate(until: { portal.ownsName }, timeout: 10))
            portal.neverAnswers = true
            var outcome: WallpaperPortal.Outcome?
            WallpaperPortal.setWallpaper(fileAt: path, showPreview: false) { outcome = $0 }
            XCTAssertTrue(Gtk.iterate(until: { outcome != nil }, timeout: 10))
            XCTAssertEqual(outcome, .timedOut)
            XCTAssertTrue(Gtk.iterate(until: { portal.closedRequests.count == 1 }, timeout: 5), "Close was sent")
            XCTAssertEqual(portal.calls.count, 1)
        }
    }

    func testWithoutAPortalTheOutcomeSaysSo() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            "no session bus (run under dbus-run-session)")
        let path = file.path
        MainActor.assumeIsolated {
            XCTAssertEqual(Self.setWallpaper(path), .noPortal)
        }
    }

    func testAMissingFileFailsAtOnce() {
        MainActor.assumeIsolated {
            var outcome: WallpaperPortal.Outcome?
            WallpaperPortal.setWallpaper(fileAt: "/nonexistent/picture.jpg") { outcome = $0 }
            guard case .unreadableFile(let reason)? = outcome else { return XCTFail("expected a failure") }
            XCTAssertTrue(reason.contains("No such file"), reason)
        }
    }
}
