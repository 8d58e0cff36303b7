import APODCore
import Foundation
import GtkKit
import XCTest
@testable import APODViewer

/// Saves PNG screenshots of the three windows into `.build/screenshots`, showing the offline
/// sample's pictures so they look like the real thing (README's screenshots are copies).
final class ScreenshotTests: GUITestCase, @unchecked Sendable {
    /// The offline sample's entries (`data/sample/entries.json`), pictures served over HTTP.
    /// The checked-in sample is a fixture: fewer entries than a test needs fail it.
    private func requireSample(_ entries: [APODEntry], atLeast count: Int) throws {
        _ = try XCTUnwrap(entries.count >= count ? entries : nil,
                          "the offline sample (data/sample) has \(entries.count) usable entries, \(count) needed")
    }

    private func sampleEntries() throws -> [APODEntry] {
        let file = PictureServer.sampleDirectory.deletingLastPathComponent().appendingPathComponent("entries.json")
        let data = try XCTUnwrap(try? Data(contentsOf: file), "data/sample/entries.json is missing")
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return objects.compactMap { object in
            guard let date = (object["date"] as? String).flatMap(APODDay.init), let title = object["title"] as? String,
                  let picture = (object["url"] as? String).flatMap({ $0.hasPrefix("images/") ? $0 : nil })
                    ?? (object["thumbnail_url"] as? String) else { return nil }
            let media = MediaType(rawValue: object["media_type"] as? String ?? "image")
            var item = entry(date.description, title: title, picture: "/sample/" + picture.dropFirst("images/".count),
                             copyright: object["copyright"] as? String, media: media)
            item.explanation = object["explanation"] as? String ?? ""
            return item
        }
    }

    func testSavesScreenshotsOfTheThreeWindows() throws {
        try MainActor.assumeIsolated {
            let entries = try sampleEntries()
            try requireSample(entries, atLeast: 20)
            let latest = entries[10]
            let batch = Array(entries[12...]) + Array(entries[3..<6])
            try start(FakeSource(entries: [latest], random: batch), options: ViewerOptions(randomCount: 12))
            let main = try XCTUnwrap(app.mainWindow)
            let grid = try XCTUnwrap(app.gridWindow)
            waitUntil("the main picture is shown") { main.pictureView.page == .picture }
            waitUntil("every thumbnail arrived") { grid.cells.count == 12 && grid.cells.allSatisfy(\.hasThumbnail) }
            grid.flowBox.activate(grid.cells[1])
            let detail = try XCTUnwrap(app.detailWindows[grid.cells[1].entry.date])
            waitUntil("the detail picture is shown") { detail.picture.shownPixelSize != nil }
            waitForFrames()

            let files = [saveScreenshot(of: main.window, named: "main-window"),
                         saveScreenshot(of: grid.window, named: "random-grid"),
                         saveScreenshot(of: detail.window, named: "detail-window")].compactMap { $0 }
            XCTAssertEqual(files.count, 3)
            for file in files {
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                XCTAssertGreaterThan(size, 10_000, "\(file.lastPathComponent) has real content")
            }
        }
    }

    /// The states of looking at one picture: zoomed in (explanation links showing), fullscreen,
    /// stepping through a batch (buttons shown as when the pointer is over the picture).
    func testSavesScreenshotsOfLookingAtAPicture() throws {
        try MainActor.assumeIsolated {
            var entries = try sampleEntries().filter { $0.mediaType == .image }
            try requireSample(entries, atLeast: 3)
            // As the science route sends them: words of the explanation linked.
            entries[1].explanationLinks = ["hydrogen", "young stars"].map {
                TextLink(text: $0, url: URL(string: "https://en.wikipedia.org/wiki/\($0)")!)
            }
            try start(FakeSource(entries: [entries[0]], random: Array(entries.prefix(3))), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: entries[1], batch: { [entries] in Array(entries.prefix(3)) })
            let detail = try XCTUnwrap(app.detailWindows[entries[1].date])
            waitUntil("the detail picture is shown") { detail.picture.shownPixelSize != nil }
            waitForFrames()
            detail.zoomable.setZoom(detail.zoomable.bestFitZoom * 3, about: (200, 150))
            waitForFrames()
            XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-zoomed"))

            XCTAssertTrue(detail.window.activateAction("win.fullscreen"))
            detail.zoomable.bestFit()
            waitForFrames()
            XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-fullscreen"))
            detail.fullscreen.leave()

            detail.zoomable.bestFit()
            detail.batch?.pointerMoved(inside: true)
            waitForFrames()
            XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-batch"))
        }
    }
}
