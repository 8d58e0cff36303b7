import APODCore
import GtkKit
import XCTest

@testable import APODViewer

/// The bench watches the viewer's grid through `FlowBoxCensus` alone: it must see exactly the
/// cells and the pictures the window holds.
final class FlowBoxCensusTests: GUITestCase, @unchecked Sendable {
    func testCountsTheGridsCellsAndTheOnesShowingAPicture() throws {
        try MainActor.assumeIsolated {
            let entries = (0..<3).map { index in
                entry(
                    APODDay("2003-03-03")!.adding(days: index).description, title: "Cell \(index)",
                    picture: index == 0 ? "/missing" : "/400x300.jpg")
            }
            // Windows an earlier test left on screen are not this test's to count.
            let before = FlowBoxCensus.take()
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: entries),
                options: ViewerOptions(randomCount: 3))
            let grid = app.randomView!
            waitUntil("every cell settled") {
                grid.cells.count == 3 && grid.cells.allSatisfy { $0.hasThumbnail || $0.failureReason != nil }
            }
            waitUntil("the main window's picture") { app.mainWindow?.pictureView.page == .picture }
            var census = FlowBoxCensus.take()
            XCTAssertEqual(census.children, 3)
            XCTAssertEqual(census.showingPicture, 2, "the cell whose picture failed shows none")
            XCTAssertEqual(census.windowPictures - before.windowPictures, 0, "Today is not the view shown")
            waitUntil("the main window has drawn") { FlowBoxCensus.take().drawnWindows - before.drawnWindows == 1 }
            app.mainWindow?.showView(.today)
            waitForFrames()
            census = FlowBoxCensus.take()
            XCTAssertEqual(census.windowPictures - before.windowPictures, 1, "the main window's day")
            XCTAssertEqual(census.showingPicture, 0, "the grid's view is hidden")
            grid.window.close()
            waitUntil("the grid closed") { app.randomView == nil }
            XCTAssertEqual(FlowBoxCensus.take().children, 0, "a closed window's cells are not counted")
        }
    }
}
