import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// What must hold whichever renderer draws: results arrive while a spinner animates, even when a
/// frame takes longer than the frame interval (GL drawn in software). `DefaultRendererTests`
/// runs these under the renderer the app chooses, `GLRendererTests` under `GSK_RENDERER=gl`.
extension GUITestCase {
    private var mainWindow: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }

    /// Asserts which renderer class draws `widget`'s window (`GskGLRenderer`, `GskCairoRenderer`):
    /// otherwise a suite may prove nothing about the renderer it is named for.
    @MainActor
    func assertRenderer(_ expected: String, draws widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(FrameCounter(widget: widget).rendererName, expected, file: file, line: line)
    }

    @MainActor
    func checkTheMainWindowShowsItsPictureWhileTheSpinnerAnimates(renderer: String) throws {
        let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg")])
        source.setAnswerDelay(0.5)
        try start(source)
        let counter = FrameCounter(widget: mainWindow.pictureView.spinner)
        waitUntil("the spinner animates") { (counter.frames ?? 0) > 2 }
        assertRenderer(renderer, draws: mainWindow.window)
        waitUntil("the picture is shown", timeout: 20) { mainWindow.pictureView.page == .picture }
        XCTAssertEqual(mainWindow.caption.titleLabel.text, "Latest Sky")
        XCTAssertNotNil(mainWindow.pictureView.picture.texture)
    }

    @MainActor
    func checkAGridOf24FillsWhileTheSpinnerAnimates(renderer: String) throws {
        let batch = (0..<24).map { index in
            entry(
                APODDay("2003-02-01")!.adding(days: index * 11).description, title: "Random \(index)",
                picture: "/default-renderer/\(700 + index)x500.jpg")
        }
        let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: batch)
        source.setStreaming(gap: 0.02)
        // Today's spinner goes on loading while the Random view fills (cells show a still icon).
        source.setLatestDelay(30)
        try start(source, options: ViewerOptions(randomCount: 24))
        let grid = try XCTUnwrap(app.randomView)
        let counter = FrameCounter(widget: mainWindow.pictureView.spinner)
        waitUntil("the first cell appears", timeout: 20) { !grid.cells.isEmpty }
        assertRenderer(renderer, draws: grid.window)
        waitUntil("24 thumbnails", timeout: 40) { grid.cells.count == 24 && grid.cells.allSatisfy(\.hasThumbnail) }
        XCTAssertTrue(mainWindow.pictureView.spinner.isSpinning, "the grid filled while Today was still loading")
        // Today's spinner draws only while Today is the view shown: its frames go on there.
        let framesBefore = counter.frames ?? 0
        mainWindow.showView(.today)
        waitUntil("Today's spinner keeps drawing", timeout: 10) { (counter.frames ?? 0) > framesBefore + 2 }
        XCTAssertTrue(mainWindow.pictureView.spinner.isMapped)
        assertRenderer(renderer, draws: mainWindow.window)
    }

    @MainActor
    func checkShowRespondsWhileTheSpinnerAnimates(renderer: String) throws {
        let source = FakeSource(entries: [
            entry("2020-12-17", title: "The Great Conjunction", picture: "/900x600.jpg"),
            entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg"),
        ])
        try start(source)
        waitUntil("the latest picture is shown", timeout: 20) { mainWindow.pictureView.page == .picture }
        assertRenderer(renderer, draws: mainWindow.window)
        source.setAnswerDelay(0.5)
        mainWindow.dateSelector.select(APODDay("2020-12-17")!)
        mainWindow.navigation.showButton.activate()
        waitUntil("the spinner shows") {
            mainWindow.pictureView.page == .loading && mainWindow.pictureView.spinner.isSpinning
        }
        waitUntil("Show brought the chosen day", timeout: 20) {
            mainWindow.caption.titleLabel.text == "The Great Conjunction" && mainWindow.pictureView.page == .picture
        }
    }
}
