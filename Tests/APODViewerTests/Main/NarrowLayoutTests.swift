import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Uniform grid cells, four per row (two when narrow), and every window usable 360 px wide.
final class NarrowLayoutTests: GUITestCase, @unchecked Sendable {
    /// Every widget lies inside the window's width.
    @MainActor
    private func assertFits(_ widgets: [Widget], in window: Window, file: StaticString = #filePath, line: UInt = #line)
    {
        for widget in widgets {
            guard let bounds = widget.bounds(in: window) else {
                XCTFail("a widget is not laid out", file: file, line: line)
                continue
            }
            XCTAssertGreaterThanOrEqual(bounds.x, 0, file: file, line: line)
            XCTAssertLessThanOrEqual(
                bounds.x + bounds.width, Double(window.width) + 0.5, "cut off at the right", file: file, line: line)
        }
    }

    func testGridCellsAreUniformFourPerRowAndTwoWhenNarrow() throws {
        try MainActor.assumeIsolated {
            let shapes = [
                "/1600x400.jpg", "/300x900.jpg", "/800x600.jpg", "/640x640.jpg", "/2000x500.jpg", "/400x800.jpg",
            ]
            let titles = [
                "Short", String(repeating: "A very long title that goes on ", count: 4), "Three", "Four", "Five", "Six",
            ]
            let batch = zip(shapes, titles).enumerated().map { index, pair in
                entry("2020-01-0\(index + 1)", title: pair.1, picture: pair.0)
            }
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: batch),
                options: ViewerOptions(randomCount: 6))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("every thumbnail arrived") { grid.cells.count == 6 && grid.cells.allSatisfy(\.hasThumbnail) }
            waitForFrames()
            let wide = grid.cells.compactMap { $0.bounds(in: grid.window) }
            XCTAssertEqual(wide.count, 6)
            XCTAssertEqual(Set(wide.prefix(4).map(\.y)).count, 1, "four in the first row")
            XCTAssertGreaterThan(wide[4].y, wide[0].y, "the fifth starts the second row")
            let boxes = grid.cells.compactMap { $0.picture.bounds(in: $0) }
            XCTAssertEqual(
                Set(boxes.map(\.height)), [Double(GridCell.pictureHeight)], "the same thumbnail box in every cell")
            let widths = boxes.map(\.width)
            XCTAssertLessThanOrEqual(widths.max()! - widths.min()!, 1, "one pixel of rounding at most")
            XCTAssertEqual(
                Set(wide.prefix(4).map(\.height)).count, 1, "a row's cells align whatever their titles' length")
            XCTAssertTrue(grid.cells[1].titleLabel.isEllipsizing)
            XCTAssertTrue(grid.cells[1].tooltip?.hasPrefix(titles[1]) == true, "the full title is in the tooltip")

            grid.window.resize(width: 360, height: 700)
            waitUntil("two per row at 360 px") { grid.columns == 2 }
            waitForFrames()
            XCTAssertLessThanOrEqual(grid.window.width, 360)
            let narrow = grid.cells.compactMap { $0.bounds(in: grid.window) }
            XCTAssertEqual(narrow[0].y, narrow[1].y)
            XCTAssertGreaterThan(narrow[2].y, narrow[1].y, "the third starts the second row")
            assertFits(grid.cells, in: grid.window)
            assertFits([grid.shuffleButton, grid.countSpin], in: grid.window)
            saveScreenshot(of: grid.window, named: "random-grid-narrow")

            grid.window.resize(width: 1100, height: 820)
            waitUntil("four per row again") { grid.columns == 4 }
        }
    }

    func testTheMainWindowIsUsable360PixelsWide() throws {
        try MainActor.assumeIsolated {
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "A Long Title About Dust Lanes in a Galaxy Far Away")]))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the picture is shown") { main.pictureView.page == .picture }
            XCTAssertEqual(main.navigation.root.orientation, .horizontal, "one row at the default size")
            main.window.resize(width: 360, height: 760)
            waitUntil("the date row wraps") { main.navigation.root.orientation == .vertical }
            waitForFrames()
            XCTAssertLessThanOrEqual(main.window.width, 360, "nothing forces the window wider")
            assertFits(
                [
                    main.navigation.previousButton, main.navigation.nextButton, main.dateSelector.year,
                    main.dateSelector.day,
                    main.navigation.todayButton, main.navigation.showButton, main.caption.titleLabel,
                    main.pictureView.root,
                ], in: main.window)
        }
    }

    func testPreferencesAndDetailWindowsAreUsable360PixelsWide() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            let preferences = try openLegacyPreferences(width: 360, height: 600)
            XCTAssertLessThanOrEqual(preferences.window.width, 360)
            assertFits(
                [
                    preferences.sourceChoice, preferences.urlEntry, preferences.keyEntry, preferences.cacheLimitSpin,
                    preferences.clearButton,
                ], in: preferences.window)
            preferences.window.close()
            waitUntil("the preferences closed") { app.preferencesWindow == nil }

            let item = entry("2020-12-17", title: "The Great Conjunction", picture: "/800x500.jpg")
            app.openDetail(for: item)
            let detail = try XCTUnwrap(app.detailWindows[item.date])
            detail.window.resize(width: 360, height: 700)
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil }
            waitForFrames()
            XCTAssertLessThanOrEqual(detail.window.width, 360)
            assertFits(
                [
                    detail.header.pageButton, detail.header.saveButton, detail.caption.titleLabel,
                    detail.explanationLabel,
                ], in: detail.window)
            saveScreenshot(of: detail.window, named: "detail-window-narrow")
        }
    }

    /// The app as `apod-viewer` starts it, with a data folder: search field, star and calendar.
    @MainActor
    private func startWithArchive(_ files: TestConfiguration) throws {
        try start(
            services: ViewerServices(
                configuration: files.configuration(.offline), store: files.store, calendar: calendar,
                dataFolder: DataFolder(root: files.folder.appendingPathComponent("data"))))
    }

    /// Narrow, the views are switched from the bottom bar and the header keeps the title,
    /// the star and the menu; every view's controls fit 360 px.
    func testTheMainWindowsHeaderAndViewsFit360Pixels() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            try startWithArchive(files)
            let main = try XCTUnwrap(app.mainWindow)
            let star = try XCTUnwrap(main.favouriteStar)
            let calendarButton = try XCTUnwrap(main.calendarButton)
            waitUntil("the picture is shown") { main.pictureView.page == .picture }
            waitForFrames()
            main.window.resize(width: 360, height: 760)
            waitUntil("the date row wraps") { main.navigation.root.orientation == .vertical }
            waitForFrames()
            XCTAssertLessThanOrEqual(main.window.width, 360, "the header bar does not force the window wider")
            waitUntil("the bottom switcher shows") { main.switcherBar.isRevealed }
            waitForFrames()
            XCTAssertEqual(main.switcherBar.ellipsizedLabelTexts, [], "every tab's label fits 360 px")
            assertWhollyShown(main.switcherBar, in: main.window)
            assertFits(
                [star.button, calendarButton.button, main.navigation.showButton, main.switcherBar],
                in: main.window)
            saveScreenshot(of: main.window, named: "main-window-narrow")

            main.window.activateAction(WindowAction.search)
            let search = try XCTUnwrap(app.archiveViews?.searchView)
            XCTAssertEqual(main.visibleView, MainView.Name.search.rawValue)
            waitUntil("two per row") { search.columns == 2 }
            waitForFrames()
            XCTAssertLessThanOrEqual(main.window.width, 360)
            assertFits([app.archiveViews!.searchField], in: main.window)
            XCTAssertFalse(star.button.isMapped, "the star is Today's")

            main.window.resize(width: 1180, height: 820)
            waitUntil("one row again") { main.navigation.root.orientation == .horizontal }
            waitUntil("the switcher back in the header") { !main.switcherBar.isRevealed }
        }
    }

    func testPreferencesScrollAndFit360By640() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            try startWithArchive(files)
            let preferences = try openLegacyPreferences(width: 360, height: 640)
            XCTAssertLessThanOrEqual(preferences.window.width, 360)
            XCTAssertLessThanOrEqual(
                preferences.window.height, 640, "the sections scroll instead of growing the window")
            let archive = try XCTUnwrap(preferences.archiveSection)
            let scroller = try XCTUnwrap(preferences.scroller)
            XCTAssertTrue(scroller.contains(archive.downloadButton))
            let range = scroller.verticalScrollRange
            XCTAssertGreaterThan(range.upper, range.pageSize, "there is more below to scroll to")
            let daily = preferences.dailySection
            daily.backgroundRow.isOn = true
            try allowLoginItem(in: daily)
            waitForFrames()
            XCTAssertTrue(daily.backgroundRow.isExpanded)
            assertFits(
                [
                    preferences.sourceChoice, preferences.keyEntry, preferences.clearButton, preferences.cacheLimitSpin,
                    daily.placementChoice, daily.meteredChoice, daily.videoChoice, daily.notifySwitch,
                    archive.downloadButton,
                ], in: preferences.window)
            scroller.scrollToEnd()
            waitForFrames()
            saveScreenshot(of: preferences.window, named: "preferences-narrow")
        }
    }

    /// The preferences with the legacy source chosen (its address and key rows showing), at
    /// `width`×`height`.
    @MainActor
    private func openLegacyPreferences(width: Int, height: Int) throws -> PreferencesWindow {
        app.application.activateAction(AppAction.preferences)
        let preferences = try XCTUnwrap(app.preferencesWindow)
        preferences.sourceChoice.selectedValue = .legacy
        preferences.window.resize(width: width, height: height)
        waitForFrames()
        return preferences
    }
}
