import APODCore
import AdwKit
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Saves PNG screenshots of the three windows into `.build/screenshots`, showing the offline
/// sample's pictures so they look like the real thing (README's screenshots are copies).
final class ScreenshotTests: GUITestCase, @unchecked Sendable {
    /// The checked-in sample (`sampleEntries`) is a fixture: fewer entries than a test needs fail it.
    private func requireSample(_ entries: [APODEntry], atLeast count: Int) throws {
        _ = try XCTUnwrap(
            entries.count >= count ? entries : nil,
            "the offline sample (data/sample) has \(entries.count) usable entries, \(count) needed")
    }

    /// The style a README screenshot is taken in, and what its file name ends with.
    private static let styles: [(suffix: String, scheme: ColorScheme, highContrast: Bool)] = [
        ("", .light, false), ("-dark", .dark, false), ("-high-contrast", .light, true),
    ]

    /// Resizes `windows` to their sizes, then saves each in every style, checking the size.
    @MainActor
    private func saveInEveryStyle(
        _ windows: [(window: Window, name: String, width: Int, height: Int)],
        beforeEach: @MainActor () -> Void = {}
    ) throws {
        defer { DesktopStyle.reset() }
        for item in windows {
            // A resize asked for before the window's first configure arrives is undone by it.
            waitForFrames()
            item.window.resize(width: item.width, height: item.height)
            waitUntil("\(item.name) is \(item.width)×\(item.height)") {
                item.window.height <= item.height && item.window.width <= item.width
            }
        }
        for style in Self.styles {
            StyleManager.colorScheme = style.scheme
            DesktopStyle.setHighContrast(style.highContrast)
            waitUntil("the style is in use") {
                StyleManager.isDark == (style.scheme == .dark) && StyleManager.isHighContrast == style.highContrast
            }
            beforeEach()
            waitForFrames()
            ViewScreenshotTests.letCSSTransitionsEnd()
            for item in windows {
                let file = try XCTUnwrap(saveScreenshot(of: item.window, named: item.name + style.suffix))
                let size = try XCTUnwrap(Self.pngSize(of: file))
                XCTAssertLessThanOrEqual(
                    size.width, min(item.width, 1000), "\(item.name): software centres take up to 1000×700")
                XCTAssertLessThanOrEqual(
                    size.height, min(item.height, 700), "\(item.name): software centres take up to 1000×700")
            }
        }
    }

    /// The main window (with an archive, so the star and calendar show) on Today and on
    /// Random, and a detail window, from the offline sample in a fixed order, in the light,
    /// dark and high-contrast styles, at the sizes the metainfo states (within 1000×700, what
    /// software centres show).
    func testSavesTheWindowsInLightDarkAndHighContrast() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-screenshots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let entries = try sampleEntries().filter { $0.mediaType == .image }
            try requireSample(entries, atLeast: 16)
            let latest = entries[entries.count - 1]
            let batch = Array(entries.prefix(12))
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder),
                configuration: SourceConfiguration(
                    kind: .offline, cacheDirectory: folder.appendingPathComponent("cache")),
                calendar: calendar)
            try start(
                environment: ViewerEnvironment(
                    source: FakeSource(entries: [latest], random: batch),
                    pictures: PictureLoader(fetcher: pictures.fetcher), calendar: calendar,
                    archive: archive),
                options: ViewerOptions(initialDay: latest.date, randomCount: 12))
            let main = try XCTUnwrap(app.mainWindow)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the main picture is shown") { main.pictureView.page == .picture }
            waitUntil("every thumbnail arrived") { grid.cells.count == 12 && grid.cells.allSatisfy(\.hasThumbnail) }
            let pick = batch[2]
            app.openDetail(for: pick)
            let detail = try XCTUnwrap(app.detailWindows[pick.date])
            waitUntil("the detail picture is shown") { detail.picture.shownPixelSize != nil }
            // Today and Random are views of the one main window: a screenshot each.
            try saveInEveryStyle([(main.window, "main-window", 960, 700), (detail.window, "detail-window", 900, 700)]) {
                main.showView(.today)
                detail.zoomable.bestFit()
            }
            try saveInEveryStyle([(grid.window, "random-grid", 1000, 700)]) { main.showView(.random) }
        }
    }

    /// The preferences of the offline source, in every style.
    func testSavesThePreferencesInLightDarkAndHighContrast() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            waitUntil("the usage is measured") { preferences.usageRow.title.hasPrefix("In use") }
            try saveInEveryStyle([(preferences.window, "preferences-window", 600, 700)])
        }
    }

    /// Width and height from a PNG's header.
    static func pngSize(of file: URL) -> (width: Int, height: Int)? {
        guard let data = try? Data(contentsOf: file), data.count > 24 else { return nil }
        func number(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// The states of looking at one picture: zoomed in (explanation links and the zoom level
    /// showing), fullscreen with its controls (as while the pointer moves), stepping through a batch (buttons shown as when the pointer is over the picture).
    func testSavesScreenshotsOfLookingAtAPicture() throws {
        try MainActor.assumeIsolated {
            var entries = try sampleEntries().filter { $0.mediaType == .image }
            try requireSample(entries, atLeast: 3)
            // As the science route sends them: words of the explanation linked.
            entries[1].explanationLinks = ["hydrogen", "young stars"].map {
                TextLink(text: $0, url: URL(string: "https://en.wikipedia.org/wiki/\($0)")!)
            }
            try start(
                FakeSource(entries: [entries[0]], random: Array(entries.prefix(3))),
                options: ViewerOptions(randomCount: 0))
            app.openDetail(for: entries[1], batch: { [entries] in Array(entries.prefix(3)) })
            let detail = try XCTUnwrap(app.detailWindows[entries[1].date])
            waitUntil("the detail picture is shown") { detail.picture.shownPixelSize != nil }
            waitForFrames()
            detail.zoomable.setZoom(detail.zoomable.bestFitZoom * 3, about: (200, 150))
            waitForFrames()
            XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-zoomed"))

            XCTAssertTrue(detail.window.activateAction(WindowAction.fullscreen))
            detail.zoomable.bestFit()
            detail.fullscreen.revealControls()
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

/// The metainfo's screenshots are in `docs/screenshots` at the sizes it states, and the one
/// captioned as dark is dark (`make screenshots` refreshes them).
final class MetainfoScreenshotFilesTests: XCTestCase {
    func testEveryScreenshotIsThereAtItsStatedSizeAndTheDarkOneIsDark() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
            .standardized
        let text = try String(contentsOf: root.appendingPathComponent("data/" + Metainfo.fileName), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern:
                #"<caption>([^<]*)</caption>\s*<image type="source" width="(\d+)" height="(\d+)">[^<]*/([^/<]+\.png)</image>"#
        )
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        XCTAssertGreaterThanOrEqual(matches.count, 3)
        for match in matches {
            func group(_ index: Int) -> String { String(text[Range(match.range(at: index), in: text)!]) }
            let file = root.appendingPathComponent("docs/screenshots/" + group(4))
            let size = try XCTUnwrap(ScreenshotTests.pngSize(of: file), "\(file.path) is missing")
            XCTAssertEqual(size.width, Int(group(2)), group(4))
            XCTAssertEqual(size.height, Int(group(3)), group(4))
            let texture = try Pixbuf.load(file: file.path, fittingIn: max(size.width, size.height)).texture()
            let corner = texture.color(x: 6, y: texture.height - 6)
            let lightness = (Int(corner.red) + Int(corner.green) + Int(corner.blue)) / 3
            if group(1).contains("dark") {
                XCTAssertLessThan(lightness, 80, "\(group(4)) is in the dark style")
            } else {
                XCTAssertGreaterThan(lightness, 180, "\(group(4)) is in the light style")
            }
        }
    }
}
