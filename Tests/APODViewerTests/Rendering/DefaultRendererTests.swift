import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The windows as users get them: no `GSK_RENDERER`, so the app chooses. `make test` runs this
/// class in a pass of its own under Xvfb, whose GL is Mesa's llvmpipe (software), where the app
/// must choose cairo; under `GSK_RENDERER` it skips (GTK reads the variable once per process).
/// `GLRendererTests` keeps the same scenarios under GL.
final class DefaultRendererTests: GUITestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? ""
        try XCTSkipUnless(
            renderer.isEmpty, "runs without GSK_RENDERER (make test's second pass), not GSK_RENDERER=\(renderer)")
        try super.setUpWithError()
    }

    func testSoftwareGLIsDetectedAndTheWindowsDrawWithCairo() throws {
        try MainActor.assumeIsolated {
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg")]),
                options: ViewerOptions(randomCount: 2))
            let choice = try XCTUnwrap(Gtk.rendererChoice, "the app chose at start-up")
            guard case .cairoOverSoftwareGL(let glRenderer) = choice else {
                return XCTFail("Xvfb's GL is Mesa's software rasterizer; the app chose \(choice)")
            }
            XCTAssertTrue(glRenderer.contains("llvmpipe"), glRenderer)
            waitUntil("the picture is shown", timeout: 20) { app.mainWindow?.pictureView.page == .picture }
            assertRenderer("GskCairoRenderer", draws: app.mainWindow!.window)
            assertRenderer("GskCairoRenderer", draws: try XCTUnwrap(app.randomView).window)
        }
    }

    // The same scenarios as users get them under software GL: drawn with cairo, the app's choice.

    func testTheMainWindowShowsItsPictureWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated {
            try checkTheMainWindowShowsItsPictureWhileTheSpinnerAnimates(renderer: "GskCairoRenderer")
        }
    }

    func testAGridOf24FillsWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated { try checkAGridOf24FillsWhileTheSpinnerAnimates(renderer: "GskCairoRenderer") }
    }

    func testShowRespondsWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated { try checkShowRespondsWhileTheSpinnerAnimates(renderer: "GskCairoRenderer") }
    }
}
