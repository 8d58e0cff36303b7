import APODCore
import AdwKit
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Saves the main window's views, from the offline sample, 1600 px wide (or the screen's width
/// when it is narrower: `make screenshots` runs a wider screen) and 360 px wide, light and dark,
/// as `view-<name>-<width>[-dark].png` in `.build/screenshots` (README's copies are in
/// docs/screenshots).
final class ViewScreenshotTests: GUITestCase, @unchecked Sendable {
    static let wideWidth = 1600
    static let narrowWidth = 360
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apod-view-shots-\(UUID().uuidString)")

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The sample's last day, so On This Day has its day in the sample.
    override var calendar: ArchiveCalendar {
        ArchiveCalendar(now: { Date(timeIntervalSince1970: 1_793_361_600) })
    }

    func testSavesEveryViewWideAndNarrowInLightAndDark() throws {
        try MainActor.assumeIsolated {
            let entries = try sampleEntries().filter { $0.mediaType == .image }
            XCTAssertGreaterThanOrEqual(entries.count, 16, "the offline sample (data/sample) is a fixture")
            let latest = try XCTUnwrap(entries.last)
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder),
                configuration: SourceConfiguration(
                    kind: .offline, cacheDirectory: folder.appendingPathComponent("cache")),
                calendar: calendar)
            try archive.openIndex().store(entries)
            for item in entries.prefix(6) { _ = try archive.toggleFavourite(item) }
            for item in entries.suffix(9) { archive.recordView(item) }
            try start(
                environment: ViewerEnvironment(
                    source: FakeSource(entries: entries, random: Array(entries.prefix(12))),
                    pictures: PictureLoader(fetcher: pictures.fetcher), calendar: calendar,
                    archive: archive),
                options: ViewerOptions(initialDay: latest.date, randomCount: 12))
            let main = try XCTUnwrap(app.mainWindow)
            let views = try XCTUnwrap(app.archiveViews)
            views.searchField.text = "nebula"
            let wide = min(Self.wideWidth, Monitors.largest()?.width ?? Self.wideWidth)
            defer { StyleManager.colorScheme = .followSystem }
            for (width, height) in [(wide, 1000), (Self.narrowWidth, 760)] {
                main.window.resize(width: width, height: height)
                // Less the frame GTK leaves around a window without a window manager.
                waitUntil("\(width) px wide") { main.window.width <= width && main.window.width >= width - 12 }
                for (suffix, scheme) in [("", ColorScheme.light), ("-dark", ColorScheme.dark)] {
                    StyleManager.colorScheme = scheme
                    waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                    for name in MainView.Name.allCases {
                        main.showView(name)
                        waitUntil("\(name) has its content") { self.isReady(name, main: main) }
                        main.window.clearFocus()
                        waitForFrames()
                        Self.letCSSTransitionsEnd()
                        let file = try XCTUnwrap(
                            saveScreenshot(of: main.window, named: "view-\(name.rawValue)-\(width)\(suffix)"))
                        XCTAssertGreaterThanOrEqual(ScreenshotTests.pngSize(of: file)?.width ?? 0, width - 12)
                    }
                }
            }
        }
    }

    @MainActor
    private func isReady(_ name: MainView.Name, main: MainWindow) -> Bool {
        let loaded = { (cells: [GridCell]?) in (cells?.isEmpty == false) && cells!.allSatisfy(\.hasThumbnail) }
        switch name {
        case .today: return main.pictureView.page == .picture
        case .random: return loaded(app.randomView?.cells)
        case .search: return loaded(app.archiveViews?.searchView?.cells)
        case .favourites: return loaded(app.archiveViews?.listViews[.favourites]?.cells)
        case .history: return loaded(app.archiveViews?.listViews[.history]?.cells)
        case .onThisDay: return loaded(app.archiveViews?.listViews[.onThisDay]?.cells)
        case .browse:
            guard let census = app.browseCensus else { return false }
            return census.isShowingDays && census.cellsOnScreen > 0 && census.settledOnScreen == census.cellsOnScreen
        }
    }

    /// The switchers fade a button's background (and the header's squeezer its two
    /// switchers) over 200 ms, which frame waits do not see: a screenshot waits that out.
    @MainActor
    static func letCSSTransitionsEnd() {
        Gtk.iterate(until: { false }, timeout: 0.4)
    }
}
