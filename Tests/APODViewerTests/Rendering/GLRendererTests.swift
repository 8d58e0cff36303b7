import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The windows drawn by GTK's GL renderer, as `GSK_RENDERER=gl` asks (the way to keep GL where
/// the app would choose cairo). `make test` runs this class in a pass of its own under Xvfb,
/// where GL is drawn in software and a frame can take longer than the frame interval: results
/// must still arrive while a spinner animates. Under any other `GSK_RENDERER` it skips.
final class GLRendererTests: GUITestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? ""
        try XCTSkipUnless(renderer == "gl", "runs under GSK_RENDERER=gl (make test's third pass), not '\(renderer)'")
        try super.setUpWithError()
    }

    func testGSKRendererGLIsHonoured() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg")]))
            XCTAssertEqual(Gtk.rendererChoice, .named("gl"))
            waitUntil("the picture is shown", timeout: 20) { app.mainWindow?.pictureView.page == .picture }
            assertRenderer("GskGLRenderer", draws: app.mainWindow!.window)
        }
    }

    func testTheMainWindowShowsItsPictureWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated {
            try checkTheMainWindowShowsItsPictureWhileTheSpinnerAnimates(renderer: "GskGLRenderer")
        }
    }

    func testAGridOf24FillsWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated { try checkAGridOf24FillsWhileTheSpinnerAnimates(renderer: "GskGLRenderer") }
    }

    func testShowRespondsWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated { try checkShowRespondsWhileTheSpinnerAnimates(renderer: "GskGLRenderer") }
    }
}
