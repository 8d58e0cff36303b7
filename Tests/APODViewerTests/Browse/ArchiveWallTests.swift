import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The archive wall ("Browse"): every indexed day newest first under year and month headings,
/// the jump to a month, thumbnails only for what is on screen, and detail windows that walk the
/// whole archive from a cell.
final class ArchiveWallTests: GUITestCase, @unchecked Sendable {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apod-wall-gui-\(UUID().uuidString)")

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every day from `first` through 2019-06-30 but 2019-04-10, each with a picture of its
    /// own (under `/slow/` when `slow`).
    private func days(slow: Bool = false, from first: APODDay = APODDay("2018-12-20")!) -> [APODEntry] {
        let last = APODDay("2019-06-30")!
        return (first.ordinal...last.ordinal).map(APODDay.init(ordinal:)).filter { $0 != APODDay("2019-04-10")! }.map {
            day in
            entry(day.description, title: "Sky of \(day)", picture: "\(slow ? "/slow" : "")/wall/\(day)/400x300.jpg")
        }
    }

    @MainActor
    private func startWall(_ indexed: [APODEntry], options: ViewerOptions = ViewerOptions(opensBrowse: true)) throws
        -> ArchiveWall
    {
        let configuration = SourceConfiguration(kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
        let archive = ArchiveAccess(
            dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
        try archive.openIndex().store(indexed)
        let environment = ViewerEnvironment(
            source: FakeSource(entries: Array(indexed.suffix(3))),
            pictures: PictureLoader(fetcher: pictures.fetcher),
            calendar: calendar, archive: archive)
        try start(environment: environment, options: options)
        waitUntil("the Browse view") {
            app.mainWindow?.isShowing(.browse) == true && app.mainWindow?.window.isMapped == true
        }
        let wall = try XCTUnwrap(app.browseView?.wall)
        waitUntil("the wall shows its days") { wall.stack.state == .wall && !wall.boundRows.isEmpty }
        waitUntil("every page of the index arrived") { wall.isComplete }
        return wall
    }

    /// The wall reads the index in pages of a year, off the main thread: the first screen shows
    /// the newest year's days while the other years are still held back, the wall's rows (and
    /// so its scroll extent) are there from the start, a jump to a far year reads that year
    /// next, and once every page came the wall is the same as one read whole.
    func testTheWallReadsTheIndexInPagesTheNewestYearFirst() throws {
        try MainActor.assumeIsolated {
            let indexed = days(from: APODDay("2015-12-20")!)
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder),
                configuration: SourceConfiguration(
                    kind: .science, cacheDirectory: folder.appendingPathComponent("cache")),
                calendar: calendar)
            try archive.openIndex().store(indexed)
            let reads = HeldReads()
            let index = WallIndexReader.index(of: archive)
            let reader = WallIndexReader(
                monthCounts: { try index.monthCounts() },
                entries: { first, last in
                    reads.waitWhileHeld()
                    let found = try index.entries(first, last)
                    reads.record(first, found.count)
                    return found
                })
            let environment = ViewerEnvironment(
                source: FakeSource(entries: Array(indexed.suffix(3))),
                pictures: PictureLoader(fetcher: pictures.fetcher), calendar: calendar, archive: archive)
            try start(environment: environment, options: ViewerOptions())
            let wall = ArchiveWall(reader: reader, pictures: PictureLoader(fetcher: pictures.fetcher))
            let window = Window(application: app.application)
            window.setDefaultSize(width: 900, height: 700)
            window.setChild(wall.root)
            window.present()
            defer {
                reads.release()
                wall.cancel()
                window.close()
            }
            wall.load()
            waitUntil("the first screen shows its days") {
                wall.stack.state == .wall && wall.cellsOnScreen.contains { $0.entry != nil }
            }
            let first = reads.log
            XCTAssertEqual(first.map(\.from), [APODDay("2019-01-01")!], "the newest year only, the others held")
            XCTAssertEqual(first.first?.rows, 180, "2019 to June 30 but April 10")
            XCTAssertEqual(wall.layout.dayCount, indexed.count, "every day has its place from the start")
            XCTAssertEqual(wall.layout.months.count, 43)
            XCTAssertEqual(wall.summaryLabel.text, "1,288 days, newest first")
            XCTAssertTrue(wall.cellsOnScreen.allSatisfy { $0.entry != nil }, "the screen's days are all read")

            // A cell of a year not read yet holds its place with the loading placeholder.
            wall.jump(to: ArchiveMonth(year: 2016, month: 3))
            waitUntil("March 2016 at the top, its days not read yet") {
                rowsOnScreen(wall).first?.row.headingText == "March 2016"
                    && wall.cellsOnScreen.contains { $0.dayIndex != nil && $0.entry == nil }
            }
            XCTAssertNotNil(saveScreenshot(of: window, named: "archive-wall-page-on-its-way"))
            // The jump reads 2016 next (after 2018 if that was on its way already).
            reads.release()
            waitUntil("March 2016's cells show their days") {
                wall.cellsOnScreen.contains { $0.entry?.date == APODDay("2016-03-31")! }
            }
            let order = reads.log.map(\.from.year)
            XCTAssertEqual(order.first, 2019)
            XCTAssertLessThan(
                try XCTUnwrap(order.firstIndex(of: 2016)), order.firstIndex(of: 2017) ?? .max,
                "2016 before the years in between: \(order)")
            waitUntil("every page of the index arrived") { wall.isComplete }
            XCTAssertEqual(wall.entries.map(\.date), indexed.map(\.date).sorted(by: >), "every day once, newest first")
            XCTAssertEqual(reads.log.map(\.rows).reduce(0, +), indexed.count, "each page read once")
            XCTAssertEqual(
                wall.layout, ArchiveWallLayout(days: indexed.map(\.date).sorted(by: >), columns: wall.layout.columns))
        }
    }

    /// The wall in Traditional Chinese at 360 px over 1,288 days, light and dark, once every page
    /// arrived (`.build/screenshots/archive-wall-zh_TW-360*.png`).
    func testScreenshotsOfTheWallInTraditionalChineseAt360() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            let wall = try startWall(days(from: APODDay("2015-12-20")!))
            let window = try XCTUnwrap(app.mainWindow?.window)
            window.resize(width: 360, height: 700)
            waitUntil("two per row") { wall.layout.columns == 2 }
            XCTAssertEqual(wall.summaryLabel.text, "1,288 天，最新的在前")
            defer { DesktopStyle.reset() }
            for (suffix, scheme) in [("", ColorScheme.light), ("-dark", .dark)] {
                StyleManager.colorScheme = scheme
                waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                waitUntil("the thumbnails on screen arrived") {
                    !wall.cellsOnScreen.isEmpty && wall.cellsOnScreen.allSatisfy(\.hasThumbnail)
                }
                XCTAssertNotNil(saveScreenshot(of: window, named: "archive-wall-zh_TW-360" + suffix))
            }
        }
    }

    /// The rows bound near the top of the wall, in order, as headings or day runs.
    @MainActor
    private func rowsOnScreen(_ wall: ArchiveWall) -> [(y: Double, row: WallRow)] {
        wall.boundRows.compactMap { bound in
            ArchiveWall.placement(of: bound.row.root, in: wall.listView).map { ($0.y, bound.row) }
        }.filter { $0.y > -1 && $0.y < Double(wall.listView.height) }.sorted { $0.y < $1.y }
    }

    /// An empty index: the wall says how to fill it (or why it cannot be filled now), with no
    /// "Jump to" over nothing.
    func testAnEmptyIndexOffersNoJump() throws {
        try MainActor.assumeIsolated {
            let configuration = SourceConfiguration(
                kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
            let environment = ViewerEnvironment(
                source: FakeSource(entries: Array(days().suffix(1))),
                pictures: PictureLoader(fetcher: pictures.fetcher),
                calendar: calendar, archive: archive)
            try start(environment: environment, options: ViewerOptions(opensBrowse: true))
            waitUntil("the Browse view") { app.browseView?.wall.stack.state == .empty }
            let wall = try XCTUnwrap(app.browseView?.wall)
            XCTAssertEqual(wall.status.title, "No days to browse yet")
            XCTAssertFalse(wall.jumpBox.isVisible)

            // What it says: the offer with its button, that a download is running, or why
            // none can run (the app sets these from its download; none here).
            XCTAssertEqual(wall.status.descriptionText, "The wall shows the days stored on this computer.")
            XCTAssertTrue(wall.status.shownButtons.isEmpty)
            var asked = 0
            let listening = Subscriptions()
            wall.downloadRequested.subscribe { asked += 1 }.store(in: listening)
            wall.showEmpty()
            XCTAssertEqual(
                wall.status.descriptionText,
                "The wall shows the days stored on this computer. Download the archive to browse all of them.")
            XCTAssertEqual(wall.status.shownButtons.map(\.label), ["_Download the Archive"])
            wall.downloadButton.activate()
            waitUntil("the button asks for the download") { asked == 1 }
            var running = true
            wall.isDownloading = { running }
            wall.showEmpty()
            XCTAssertEqual(wall.status.descriptionText, "The archive is downloading: its days show here when it ends.")
            XCTAssertTrue(wall.status.shownButtons.isEmpty)
            running = false
            wall.downloadUnavailable = { "The offline source cannot download." }
            wall.showEmpty()
            XCTAssertEqual(
                wall.status.descriptionText,
                "The wall shows the days stored on this computer. The offline source cannot download.")
            XCTAssertTrue(wall.status.shownButtons.isEmpty)
        }
    }

    func testTheWallListsEveryIndexedDayNewestFirstUnderYearAndMonthHeadings() throws {
        try MainActor.assumeIsolated {
            let indexed = days(from: APODDay("2015-12-20")!)
            let wall = try startWall(indexed)
            XCTAssertEqual(wall.entries.count, indexed.count)
            XCTAssertEqual(wall.entries.map(\.date), indexed.map(\.date).sorted(by: >), "newest first")
            XCTAssertGreaterThan(indexed.count, 999)
            XCTAssertEqual(
                wall.summaryLabel.text,
                String(format: "%d,%03d days, newest first", indexed.count / 1000, indexed.count % 1000),
                "counts are grouped as people read them")
            XCTAssertFalse(wall.entries.contains { $0.date == APODDay("2019-04-10")! })

            let layout = wall.layout
            XCTAssertEqual(layout.rows.first, .year(2019))
            XCTAssertEqual(layout.rows.dropFirst().first, .month(ArchiveMonth(year: 2019, month: 6), days: 30))
            XCTAssertEqual(
                layout.months.prefix(8).map(\.description),
                ["2019-06", "2019-05", "2019-04", "2019-03", "2019-02", "2019-01", "2018-12", "2018-11"])
            XCTAssertEqual(layout.months.count, 43)
            XCTAssertEqual(
                layout.rows.filter { if case .year = $0 { true } else { false } },
                [.year(2019), .year(2018), .year(2017), .year(2016), .year(2015)])
            let shownDays = layout.rows.flatMap { row -> [APODDay] in
                if case .cells(let run) = row { return run.map { wall.entries[$0].date } } else { return [] }
            }
            XCTAssertEqual(shownDays, wall.entries.map(\.date), "every day once, in order")

            waitForFrames()
            let top = rowsOnScreen(wall)
            XCTAssertEqual(top.first?.row.headingText, "2019")
            XCTAssertEqual(top.dropFirst().first?.row.headingText, "June 2019")
            let firstCells = try XCTUnwrap(top.first { $0.row.showsCells }).row.cells.compactMap(\.entry).map(
                \.date.description)
            XCTAssertEqual(firstCells.first, "2019-06-30")
            XCTAssertEqual(firstCells.count, wall.layout.columns)
            // GTK 4.8 binds rows up to some way past the visible ones (about 200), laid out or not.
            XCTAssertLessThan(
                wall.boundRows.count, layout.rows.count * 2 / 3, "rows are made for part of the wall only")
        }
    }

    /// `--browse 2019-03` opens the wall with March 2019's heading at the top; the month choice
    /// then jumps to another month.
    func testJumpingToAMonthPutsItsHeadingAtTheTop() throws {
        try MainActor.assumeIsolated {
            let wall = try startWall(
                days(), options: ViewerOptions(opensBrowse: true, browseMonth: ArchiveMonth("2019-03")))
            waitUntil("March 2019 at the top") {
                rowsOnScreen(wall).first?.row.headingText == "March 2019" && abs(rowsOnScreen(wall).first!.y) < 1
            }
            XCTAssertEqual(wall.yearChoice.selected, 0, "2019")
            XCTAssertEqual(wall.monthChoice.selected, 3, "June, May, April, March")

            wall.yearChoice.selected = 1
            let adjustment = wall.scroller.verticalAdjustment
            waitUntil("December 2018, the last month, on screen at the end of the wall") {
                rowsOnScreen(wall).contains { $0.row.headingText == "December 2018" }
                    && adjustment.value >= adjustment.upper - adjustment.pageSize - 1
            }

            // Asking again (the menu, a second launch) jumps in the open view.
            app.openBrowse("2019-05")
            waitUntil("May 2019 at the top") {
                rowsOnScreen(wall).first?.row.headingText == "May 2019" && abs(rowsOnScreen(wall).first!.y) < 1
            }
            // Jump to follows the scroll: at the end of the wall it names the oldest month.
            // Pages still arriving change the wall's height: stay at its end until they have.
            waitUntil("Jump to names December 2018") {
                adjustment.value = adjustment.upper - adjustment.pageSize
                return wall.yearChoice.selected == 1 && wall.monthChoice.selected == 0
            }
            adjustment.value = 0
            waitUntil("and June 2019 back at the top") {
                wall.yearChoice.selected == 0 && wall.monthChoice.selected == 0
            }

            app.openBrowse("2019-5x")
            XCTAssertTrue(wall.banner.root.isVisible, "a bad month is said above the wall")
            XCTAssertEqual(wall.banner.root.text, "\"2019-5x\" is not a month: use YYYY-MM, e.g. 2019-05.")
        }
    }

    /// A cell's tooltip (the title, and the alt text) is made when GTK shows it, not set on
    /// every bind: setting a tooltip makes GTK 4.8 ask the display server where the pointer is,
    /// which made flinging the wall stall for hundreds of milliseconds (`apod-bench`'s browse row).
    func testCellsMakeTheirTooltipsWhenShownNotWhenBound() throws {
        try MainActor.assumeIsolated {
            let wall = try startWall(days())
            let cells = wall.cells.sorted { $0.dayIndex! < $1.dayIndex! }
            let first = try XCTUnwrap(cells.first)
            XCTAssertEqual(first.entry?.date, APODDay("2019-06-30"))
            XCTAssertEqual(first.tooltipText, "Sky of 2019-06-30")
            XCTAssertTrue(first.button.hasTooltip)
            XCTAssertNil(first.button.tooltip, "no tooltip text set on bind")

            wall.jump(to: ArchiveMonth(year: 2019, month: 1))
            waitUntil("January's cells are bound") { wall.cells.contains { $0.entry?.date == APODDay("2019-01-31") } }
            let january = try XCTUnwrap(wall.cells.first { $0.entry?.date == APODDay("2019-01-31") })
            XCTAssertEqual(january.tooltipText, "Sky of 2019-01-31", "a recycled cell's tooltip follows its day")
        }
    }

    /// Quick spins of the mouse wheel (real button events through XTEST) move the wall by the
    /// spin: the rows on screen are the rows at the scroll position, it is not at the end, and
    /// their cells show their own days.
    func testAWheelSpinMovesTheWallByItsClicks() throws {
        // In a child process of its own: GDK keeps the time of the last button press as the
        // timestamp later windows of this process ask the X server for the focus with, and
        // with no window manager the server refuses it once any focus change came after.
        guard ProcessInfo.processInfo.environment[Self.aloneVariable] == "1" else {
            var environment = ProcessInfo.processInfo.environment
            environment[Self.aloneVariable] = "1"
            return try runAloneInChildProcess(#function, environment: environment)
        }
        try MainActor.assumeIsolated {
            let wall = try startWall(days(from: APODDay("2009-01-01")!))
            waitForFrames()
            let window = try XCTUnwrap(app.mainWindow?.window)
            // Xvfb has no window manager: the window is at the root's origin.
            let bounds = try XCTUnwrap(wall.listView.bounds(in: window))
            try XCTSkipUnless(
                PointerMotion.move(toX: Int(bounds.x + bounds.width / 2), y: Int(bounds.y + bounds.height / 2)),
                "no XTEST")
            waitForFrames()
            let adjustment = wall.scroller.verticalAdjustment
            for _ in 0..<5 {
                PointerMotion.wheel(clicks: 30)
                waitForFrames()
            }
            waitForFrames()
            let firstPosition = wall.boundRows.filter { bound in rowsOnScreen(wall).contains { $0.row === bound.row } }
                .map(\.position).min()
            // Rows are 39–168 px tall: the rows on screen are those of the scroll position, not
            // some GTK ran ahead to (GTK 4.8's list view can, given two moves between layouts).
            XCTAssertGreaterThan(adjustment.value, 0, "the wheel moved the wall")
            let first = try XCTUnwrap(firstPosition, "rows on screen")
            XCTAssertGreaterThan(first, 0)
            XCTAssertLessThan(Double(first), adjustment.value / 39, "row \(first) at \(adjustment.value) px")
            // Cells show their days once on screen (their texts wait for that): none shows
            // another day's date or none.
            let shown = wall.cellsOnScreen
            XCTAssertFalse(shown.isEmpty)
            for cell in shown {
                XCTAssertEqual(cell.dateLabel.text, cell.entry?.date.displayString, "day \(cell.dayIndex ?? -1)")
            }
            XCTAssertLessThan(adjustment.value, adjustment.upper - adjustment.pageSize - 1, "not at the end")
        }
    }

    private static let aloneVariable = "APOD_WALL_TEST_ALONE"

    /// Thumbnails are asked for the cells near the screen once scrolling rests, not for the days
    /// passed on the way; those still on their way when their cells leave are cancelled.
    func testOnlyCellsOnScreenAskForThumbnailsAndThoseScrolledAwayAreCancelled() throws {
        try MainActor.assumeIsolated {
            let wall = try startWall(days(slow: true))
            waitUntil("the first screen's thumbnails are asked for") { wall.requestCount > 0 }
            waitUntil("they reach the server") { pictures.server.requests.count >= wall.requestCount }
            waitForFrames()
            let asked = Set(pictures.server.requests.map(\.path))
            let nearRows = rowsOnScreen(wall).count + 2 * ArchiveWall.readAheadRows
            XCTAssertLessThanOrEqual(
                asked.count, nearRows * wall.layout.columns, "only cells near the screen: \(asked.count)")
            XCTAssertFalse(
                asked.contains { $0.contains("2019-03") || $0.contains("2018-") },
                "nothing far below: \(asked.sorted())")
            XCTAssertTrue(asked.contains { $0.contains("2019-06-30") })

            // Away before they arrive (the server waits 2 s): their requests are cancelled.
            let before = pictures.server.requests.count
            wall.jump(to: ArchiveMonth(year: 2019, month: 1))
            waitUntil("the June requests are cancelled") {
                pictures.fetcher.cancelledURLs.contains { $0.path.contains("2019-06") }
            }
            XCTAssertGreaterThan(wall.cancelCount, 0)
            waitUntil("January's thumbnails are asked for") {
                pictures.server.requests.dropFirst(before).contains { $0.path.contains("2019-01") }
            }
            let later = pictures.server.requests.dropFirst(before).map(\.path)
            XCTAssertFalse(
                later.contains { $0.contains("2019-04") || $0.contains("2019-03-0") },
                "nothing for the months flown over: \(later.sorted())")
        }
    }

    /// A cell opens its day; Left and Right in the detail window then walk the archive across
    /// month boundaries (the wall's days, not a grid's batch).
    func testLeftAndRightFromAWallCellWalkAcrossMonths() throws {
        try MainActor.assumeIsolated {
            let wall = try startWall(
                days(), options: ViewerOptions(opensBrowse: true, browseMonth: ArchiveMonth("2019-05")))
            let firstOfMay = APODDay("2019-05-01")!
            wall.jump(to: ArchiveMonth(year: 2019, month: 5))
            let index = try XCTUnwrap(wall.entries.firstIndex { $0.date == firstOfMay })
            waitForFrames()
            wall.focus(day: index)
            waitUntil("May 1's cell has the keyboard") {
                wall.cells.contains { $0.dayIndex == index && $0.button.hasFocus }
            }
            let cell = try XCTUnwrap(wall.cells.first { $0.dayIndex == index && $0.button.hasFocus })
            XCTAssertTrue(cell.button.activate())
            waitUntil("its detail window") { app.detailWindows[firstOfMay] != nil }
            let detail = try XCTUnwrap(app.detailWindows[firstOfMay])
            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            XCTAssertEqual(detail.entry.date, APODDay("2019-04-30"), "Right: the day before, in April")
            XCTAssertTrue(detail.window.activateAction(WindowAction.previous))
            XCTAssertTrue(detail.window.activateAction(WindowAction.previous))
            XCTAssertEqual(detail.entry.date, APODDay("2019-05-02"), "Left: the day after")
            for _ in 0..<40 { detail.window.activateAction(WindowAction.previous) }
            XCTAssertEqual(detail.entry.date, APODDay("2019-06-11"), "on into June")
        }
    }

    /// Keys move between cells across rows and months; the focused cell is scrolled into view.
    func testTheKeyboardMovesBetweenCellsAcrossMonths() throws {
        try MainActor.assumeIsolated {
            let wall = try startWall(days())
            wall.focus(day: 0)
            waitUntil("the newest cell has the keyboard") {
                wall.cells.first { $0.dayIndex == 0 }?.button.hasFocus == true
            }
            let firstOfJune = try XCTUnwrap(wall.entries.firstIndex { $0.date == APODDay("2019-06-01")! })
            wall.focus(day: wall.layout.day(from: firstOfJune, moving: .right))
            waitUntil("May 31 has the keyboard") {
                wall.cells.first { $0.entry?.date == APODDay("2019-05-31")! }?.button.hasFocus == true
            }
            wall.focus(day: wall.layout.day(from: wall.cursor, moving: .end))
            waitUntil("the oldest day has the keyboard, scrolled into view") {
                wall.cells.first { $0.entry?.date == APODDay("2018-12-20")! }?.button.hasFocus == true
            }
        }
    }

    /// The wall in the light and dark styles (`.build/screenshots/archive-wall*.png`).
    func testScreenshotsOfTheWallLightAndDark() throws {
        try MainActor.assumeIsolated {
            let wall = try startWall(
                days(), options: ViewerOptions(opensBrowse: true, browseMonth: ArchiveMonth("2019-01")))
            let window = try XCTUnwrap(app.mainWindow?.window)
            window.resize(width: 1000, height: 700)
            waitUntil("January 2019 at the top") { rowsOnScreen(wall).first?.row.headingText == "January 2019" }
            defer { DesktopStyle.reset() }
            for (suffix, scheme) in [("", ColorScheme.light), ("-dark", .dark)] {
                StyleManager.colorScheme = scheme
                waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                waitUntil("the thumbnails on screen arrived") {
                    let shown = rowsOnScreen(wall).filter {
                        $0.row.showsCells && $0.y + 150 < Double(wall.listView.height)
                    }
                    return !shown.isEmpty
                        && shown.allSatisfy { $0.row.cells.allSatisfy { $0.entry == nil || $0.hasThumbnail } }
                }
                XCTAssertNotNil(saveScreenshot(of: window, named: "archive-wall" + suffix))
            }
            StyleManager.colorScheme = .light
            window.resize(width: 360, height: 700)
            waitUntil("two per row") { wall.layout.columns == 2 }
            // The place is kept: January's heading, at the top, stays at the top.
            waitUntil("January 2019 at the top again") {
                rowsOnScreen(wall).first.map { $0.row.headingText == "January 2019" && abs($0.y) < 1 } ?? false
            }
            waitUntil("the thumbnails on screen arrived") {
                rowsOnScreen(wall).filter(\.row.showsCells).allSatisfy {
                    $0.row.cells.allSatisfy { $0.entry == nil || $0.hasThumbnail }
                }
            }
            XCTAssertNotNil(saveScreenshot(of: window, named: "archive-wall-narrow"))
        }
    }
}

/// The wall's reads of the index, in order (from its background work).
private final class HeldReads: @unchecked Sendable {
    private let lock = NSLock()
    private var reads: [(from: APODDay, rows: Int)] = []
    private let released = NSCondition()
    private var isReleased = false

    /// Every read after the first waits for `release()`.
    func waitWhileHeld() {
        guard !log.isEmpty else { return }
        released.lock()
        while !isReleased { released.wait() }
        released.unlock()
    }

    func release() {
        released.lock()
        isReleased = true
        released.broadcast()
        released.unlock()
    }

    func record(_ from: APODDay, _ rows: Int) {
        lock.withLock { reads.append((from, rows)) }
    }

    var log: [(from: APODDay, rows: Int)] { lock.withLock { reads } }

    /// Rows read by the first `count` reads.
    func rowsRead(before count: Int) -> Int { log.prefix(count).map(\.rows).reduce(0, +) }
}
