import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Picture faults in the main and detail windows, through the real image loader: the user
/// sees what went wrong in words, and an `hdurl` that is a web page falls back to the picture.
final class PictureFaultTests: GUITestCase, @unchecked Sendable {
    private var faulty: FaultyPictureServer!
    private var cacheFolder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        faulty = try FaultyPictureServer()
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-picture-faults-\(UUID().uuidString)")
    }

    override func tearDown() {
        super.tearDown()
        faulty = nil
        // nil when setUp skipped (no display): the suite must skip, not crash.
        if let cacheFolder { try? FileManager.default.removeItem(at: cacheFolder) }
    }

    @MainActor
    private func startOn(_ entry: APODEntry) throws -> MainWindow {
        try start(source: FakeSource(entries: [entry]), fetcher: faulty.loader(cacheIn: cacheFolder))
        return try XCTUnwrap(app.mainWindow)
    }

    func testTheMainWindowSaysWhyEachPictureFailed() throws {
        try MainActor.assumeIsolated {
            for (index, fault) in [FaultyPictureServer.Fault.html, .cut, .bomb, .serverError].enumerated() {
                let url = faulty.url(fault, index)
                let entry = APODEntry(
                    date: APODDay("2026-11-28")!, title: "Faulty \(fault)", explanation: "",
                    mediaType: .image, imageURL: url, hdImageURL: url)
                let main = try startOn(entry)
                waitUntil("\(fault): the failure page is shown") { main.pictureView.page == .failure }
                XCTAssertEqual(
                    main.pictureView.failurePage.descriptionText, FaultyPictureServer.reason(for: fault), "\(fault)")
                XCTAssertEqual(main.caption.titleLabel.text, "Faulty \(fault)", "the entry's text is still shown")
                app.closeAllWindows()
                Gtk.iterate(until: { app.openWindowCount == 0 }, timeout: 5)
            }
        }
    }

    func testAnHDLinkThatIsAWebPageFallsBackToThePicture() throws {
        try MainActor.assumeIsolated {
            let entry = APODEntry(
                date: APODDay("2019-01-05")!, title: "Comet", explanation: "", mediaType: .image,
                imageURL: faulty.url(ok: 1), hdImageURL: faulty.url(.html, 1))
            let main = try startOn(entry)
            waitUntil("the main picture is shown") { main.pictureView.page == .picture }
            app.openDetail(for: entry)
            let detail = try XCTUnwrap(app.detailWindows[entry.date])
            waitUntil("the detail window shows the normal picture") { detail.picture.shownPixelSize != nil }
            XCTAssertEqual(detail.picture.shownPixelSize?.width, 640)
            XCTAssertNil(detail.banner.message, "a fallback that worked is not an error")
            XCTAssertTrue(detail.header.saveButton.isSensitive)
        }
    }
}
