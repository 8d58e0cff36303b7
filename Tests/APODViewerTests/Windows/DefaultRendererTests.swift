import APODCore
import Foundation
import GtkKit
import XCTest
@testable import APODViewer

/// The windows under GTK's default renderer (GL; software GL through Mesa under Xvfb), where a
/// frame can take longer than the frame interval: results must still arrive while a spinner
/// animates. `make test` runs this class in a second pass without `GSK_RENDERER`; under the
/// cairo renderer the other GUI tests use, it skips (GTK reads the variable once per process).
final class DefaultRendererTests: GUITestCase, @unchecked Sendable {
    private var main: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }

    override func setUpWithError() throws {
        let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? ""
        try XCTSkipUnless(renderer.isEmpty, "runs under GTK's default renderer (make test's second pass), not GSK_RENDERER=\(renderer)")
        try super.setUpWithError()
    }

    /// Asserts the window is drawn by GL, not cairo: otherwise this suite proves nothing.
    @MainActor
    private func assertDefaultRenderer(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
        let name = FrameCounter(widget: widget).rendererName
        XCTAssertNotNil(name, file: file, line: line)
        XCTAssertNotEqual(name, "GskCairoRenderer", "the default renderer draws this window", file: file, line: line)
    }

    private func days(_ count: Int) -> [APODEntry] {
        (0..<count).map { index in
            entry(APODDay("2003-02-01")!.adding(days: index * 11).description, title: "Random \(index)",
                  picture: "/default-renderer/\(700 + index)x500.jpg")
        }
    }

    func testTheMainWindowShowsItsPictureWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg")])
            source.setAnswerDelay(0.5)
            try start(source)
            let counter = FrameCounter(widget: main.pictureView.spinner)
            waitUntil("the spinner animates") { (counter.frames ?? 0) > 2 }
            assertDefaultRenderer(main.window)
            waitUntil("the picture is shown", timeout: 20) { main.pictureView.page == .picture }
            XCTAssertEqual(main.caption.titleLabel.text, "Latest Sky")
            XCTAssertNotNil(main.pictureView.picture.texture)
        }
    }

    func testAGridOf24FillsWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: days(24))
            source.setStreaming(gap: 0.02)
            // The main window's spinner animates while the grid fills (grid cells show a still icon).
            source.setLatestDelay(30)
            try start(source, options: ViewerOptions(randomCount: 24))
            let grid = try XCTUnwrap(app.gridWindow)
            let counter = FrameCounter(widget: main.pictureView.spinner)
            waitUntil("the first cell appears", timeout: 20) { !grid.cells.isEmpty }
            assertDefaultRenderer(grid.window)
            waitUntil("24 thumbnails", timeout: 40) { grid.cells.count == 24 && grid.cells.allSatisfy(\.hasThumbnail) }
            XCTAssertTrue(main.pictureView.spinner.isSpinning, "the grid filled while the spinner animated")
            // The main window is shown after the grid's first frame, so a fast grid can fill
            // before it has drawn three frames: what matters is that its frames go on.
            waitUntil("the main window's spinner keeps drawing", timeout: 10) { (counter.frames ?? 0) > 2 }
        }
    }

    func testShowRespondsWhileTheSpinnerAnimates() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2020-12-17", title: "The Great Conjunction", picture: "/900x600.jpg"),
                entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg"),
            ])
            try start(source)
            waitUntil("the latest picture is shown", timeout: 20) { main.pictureView.page == .picture }
            assertDefaultRenderer(main.window)
            source.setAnswerDelay(0.5)
            main.dateSelector.select(APODDay("2020-12-17")!)
            main.navigation.showButton.activate()
            waitUntil("the spinner shows") { main.pictureView.page == .loading && main.pictureView.spinner.isSpinning }
            waitUntil("Show brought the chosen day", timeout: 20) {
                main.caption.titleLabel.text == "The Great Conjunction" && main.pictureView.page == .picture
            }
        }
    }
}
