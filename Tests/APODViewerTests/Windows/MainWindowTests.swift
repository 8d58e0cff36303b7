import APODCore
import GtkKit
import XCTest
@testable import APODViewer

final class MainWindowTests: GUITestCase {
    private func mainWindow() -> MainWindow {
        MainActor.assumeIsolated { app.mainWindow! }
    }

    func testOpensOnTheLatestPictureWithTitleDateAndCopyright() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2020-12-17", title: "The Great Conjunction"),
                entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg"),
            ])
            try start(source)
            let main = mainWindow()
            XCTAssertEqual(main.window.title, "APOD Viewer")
            waitUntil("the picture is shown") { main.pictureView.picture.shownPixelSize != nil }
            XCTAssertEqual(main.titleLabel.text, "Latest Sky")
            XCTAssertEqual(main.dateLabel.text, "2026 Nov. 28")
            XCTAssertEqual(main.copyrightLabel.text, "© Ada Lovelace")
            XCTAssertEqual(source.requests.first, "latest")
            settle()
            saveScreenshot(of: main.window, named: "main-window")
        }
    }
}
