import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// Search as you type, the favourite star, Favourites, History, On This Day and the calendar,
/// over an archive index in a temporary data folder.
final class ArchiveViewsTests: GUITestCase, @unchecked Sendable {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apod-archive-gui-\(UUID().uuidString)")
    private var archive: ArchiveAccess!
    private var source: FakeSource!

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the app with `indexed` already in the index and `entries` in the source.
    @MainActor
    private func startWithArchive(indexed: [APODEntry], entries: [APODEntry]) throws {
        let configuration = SourceConfiguration(kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
        archive = ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
        try archive.openIndex().store(indexed)
        source = FakeSource(entries: entries)
        let environment = ViewerEnvironment(
            source: source, pictures: PictureLoader(fetcher: pictures.fetcher),
            calendar: calendar, archive: archive)
        try start(environment: environment)
    }

    private func sky() -> [APODEntry] {
        [
            entry("2017-08-21", title: "Total Eclipse over Poznań"), entry("2024-04-08", title: "Eclipse Shadow"),
            entry("2019-11-29", title: "Moon and Venus"), entry("2010-11-29", title: "Comet in the Morning"),
            entry("2026-11-29", title: "Today's Galaxy"),
        ]
    }

    /// Start-up puts off opening the index until the first picture is on screen; a search typed
    /// before that (here the day never comes) opens the index itself and is answered.
    func testASearchTypedBeforeTheFirstPictureIsAnswered() throws {
        try MainActor.assumeIsolated {
            AfterFirstPicture.timeLimit = 600
            defer { AfterFirstPicture.timeLimit = 3 }
            let configuration = SourceConfiguration(
                kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
            try ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
                .openIndex().store(sky())
            // A fresh access, as the app has at start: nothing opened yet.
            archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
            source = FakeSource(entries: sky())
            source.setLatestDelay(600)
            try start(
                environment: ViewerEnvironment(
                    source: source, pictures: PictureLoader(fetcher: pictures.fetcher), calendar: calendar,
                    archive: archive))
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            views.search("eclipse")
            waitUntil("two results") { search.cells.count == 2 && search.page == .grid }
            XCTAssertFalse(app.afterFirstPicture.isOpen, "still before the first picture")
            XCTAssertNil(app.mainWindow?.entry, "the day has not come")
        }
    }

    /// Search shows one state at a time: clearing the field after results leaves the "Type a
    /// word" page alone, with no count above it, and a result for text since cleared is not shown.
    func testSearchNeverShowsACountOverTheEmptyPage() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: sky(), entries: sky())
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            let twoStates = {
                search.showsSummary && search.page == .empty && search.status.title == "Search the archive"
            }
            views.search("eclipse")
            waitUntil("two results") { search.cells.count == 2 && search.page == .grid }
            XCTAssertTrue(search.showsSummary)
            views.searchField.text = ""
            views.searchField.text = "moon"
            views.searchField.text = ""
            var sawTwo = false
            Gtk.iterate(
                until: {
                    sawTwo = sawTwo || twoStates()
                    return false
                }, timeout: 1)
            XCTAssertFalse(sawTwo, "a count over the empty page")
            XCTAssertEqual(search.page, .empty)
            XCTAssertEqual(search.status.title, "Search the archive")
            XCTAssertFalse(search.showsSummary)
        }
    }

    func testSearchResultsAppearAsYouTypeWithTheirCount() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: sky(), entries: sky())
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the main window shows today") { main.entry != nil }
            XCTAssertTrue(main.window.activateAction(WindowAction.search))
            XCTAssertEqual(main.visibleView, MainView.Name.search.rawValue, "Ctrl+F shows Search")

            let windows = try XCTUnwrap(app.archiveViews)
            windows.searchField.text = "eclipse"
            waitUntil("two results") { windows.searchView?.cells.count == 2 }
            let results = try XCTUnwrap(windows.searchView)
            XCTAssertEqual(results.summaryLabel.text, "2 pictures match “eclipse”", "the count alone, in bold")
            XCTAssertTrue(results.noteLabel.isVisible)
            XCTAssertTrue(
                results.noteLabel.text.contains("Only the pictures already on this computer"), results.noteLabel.text)
            XCTAssertTrue(results.noteLabel.text.contains(" pictures in the index; "), results.noteLabel.text)
            XCTAssertEqual(Set(results.cells.map(\.entry.title)), ["Total Eclipse over Poznań", "Eclipse Shadow"])

            windows.searchField.text = "eclipse poznan"
            waitUntil("one result") {
                results.cells.count == 1 && results.summaryLabel.text.hasPrefix("1 picture matches")
            }
            waitUntil("its thumbnail") { results.cells.first?.hasThumbnail == true && results.window.isMapped }
            waitForFrames()
            saveScreenshot(of: results.window, named: "search-results")

            windows.searchField.text = "(\"NOT\"*)"
            waitUntil("no result, no error") { results.status.title == "No pictures found" }
            XCTAssertEqual(results.stack.state, .empty)

            windows.searchField.text = "moon"
            waitUntil("one result") { results.cells.count == 1 }
            results.flowBox.activate(results.cells[0])
            waitUntil("its detail window") { app.detailWindows[APODDay("2019-11-29")!] != nil }
        }
    }

    /// A pasted 64 KB query: the summary repeats only its first few dozen characters (the
    /// whole query froze the window for about three minutes).
    func testAPastedHugeQueryIsRepeatedOnlyInPart() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: sky(), entries: sky())
            let windows = try XCTUnwrap(app.archiveViews)
            let pasted = "eclipse " + String(repeating: "shadowy penumbra ", count: 64 * 1024 / 17)
            windows.search(pasted)
            waitUntil("the search has answered") { windows.searchView?.status.title == "No pictures found" }
            let summary = try XCTUnwrap(windows.searchView).summaryLabel.text
            XCTAssertTrue(summary.hasPrefix("0 pictures match “eclipse shadowy penumbra"), summary)
            XCTAssertLessThanOrEqual(summary.count, 80, summary)
        }
    }

    /// The search results share the random grid's breakpoint: four per row, two below 600 px.
    func testSearchResultsAreFourPerRowAndTwoWhenNarrow() throws {
        try MainActor.assumeIsolated {
            let nebulae = (1...6).map { entry("2020-03-0\($0)", title: "Nebula \($0)") }
            try startWithArchive(indexed: nebulae, entries: sky())
            let windows = try XCTUnwrap(app.archiveViews)
            windows.search("nebula")
            waitUntil("six results") { windows.searchView?.cells.count == 6 }
            let results = try XCTUnwrap(windows.searchView)
            let rows = { results.cells.compactMap { $0.bounds(in: results.flowBox) }.map(\.y) }
            waitUntil("laid out") { results.cells.allSatisfy { $0.width > 0 } }
            waitForFrames()
            var y = rows()
            XCTAssertEqual(Set(y.prefix(4)).count, 1, "four in the first row: \(y)")
            XCTAssertGreaterThan(y[4], y[3], "the fifth starts the second row")

            results.window.resize(width: 360, height: 700)
            waitUntil("two per row") { results.columns == 2 }
            waitForFrames()
            y = rows()
            XCTAssertEqual(y[0], y[1], "two in the first row: \(y)")
            XCTAssertGreaterThan(y[2], y[1], "the third starts the second row")
            XCTAssertEqual(y[2], y[3])
            XCTAssertGreaterThan(y[4], y[3], "the fifth starts the third row")

            results.window.resize(width: 1100, height: 820)
            waitUntil("four per row again") { results.columns == 4 }
        }
    }

    func testTheStarAddsAndRemovesAFavouriteShownInTheFavouritesGrid() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: [], entries: sky())
            let main = try XCTUnwrap(app.mainWindow)
            let star = try XCTUnwrap(app.mainWindow?.favouriteStar)
            waitUntil("the star is ready") { main.entry != nil && star.button.isSensitive }
            XCTAssertEqual(star.button.iconName, "non-starred-symbolic")

            XCTAssertTrue(main.window.activateAction(WindowAction.toggleFavourite))
            waitUntil("a favourite") { star.isFavourite }
            XCTAssertEqual(star.button.iconName, "starred-symbolic")
            XCTAssertEqual(try archive.favourites().map(\.title), ["Today's Galaxy"])

            app.application.activateAction(AppAction.favourites)
            let windows = try XCTUnwrap(app.archiveViews)
            waitUntil("the favourites grid") { windows.listViews[.favourites]?.cells.first?.hasThumbnail == true }
            waitForFrames()
            saveScreenshot(of: try XCTUnwrap(windows.listViews[.favourites]).window, named: "favourites")

            star.button.activate()
            waitUntil("no longer a favourite") { !star.isFavourite }
            waitUntil("the grid follows") { windows.listViews[.favourites]?.stack.state == .empty }
            XCTAssertEqual(try archive.favourites(), [])

            source.setFailure(.unreachable)
            main.show(day: APODDay("2026-11-28")!)
            waitUntil("the failure shown") { main.entry == nil && main.pictureView.page == .failure }
            XCTAssertTrue(main.window.activateAction(WindowAction.toggleFavourite))
            XCTAssertFalse(star.isBusy, "no entry on screen: the star does nothing")
        }
    }

    func testADetailWindowHasItsOwnStarAndEveryViewedDayIsInTheHistory() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: [], entries: sky())
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today shown") { main.entry != nil }
            app.openDetail(for: sky()[0])
            let detail = try XCTUnwrap(app.detailWindows[APODDay("2017-08-21")!])
            XCTAssertTrue(detail.window.activateAction(WindowAction.toggleFavourite))
            waitUntil("the detail's day is a favourite") {
                (try? self.archive.isFavourite(APODDay("2017-08-21")!)) == true
            }

            app.application.activateAction(AppAction.history)
            let windows = try XCTUnwrap(app.archiveViews)
            waitUntil("both days in the history") { windows.listViews[.history]?.cells.count == 2 }
            XCTAssertEqual(
                windows.listViews[.history]?.cells.first?.entry.date, APODDay("2017-08-21"), "most recent first")
        }
    }

    func testOnThisDayListsTheDayInEveryYearAskingOnlyForYearsNotIndexed() throws {
        try MainActor.assumeIsolated {
            let sky = sky()
            try startWithArchive(indexed: sky.filter { $0.date.year == 2010 }, entries: sky)
            app.application.activateAction(AppAction.onThisDay)
            let windows = try XCTUnwrap(app.archiveViews)
            waitUntil("three Nov. 29s") { windows.listViews[.onThisDay]?.cells.count == 3 }
            let grid = try XCTUnwrap(windows.listViews[.onThisDay])
            XCTAssertEqual(grid.cells.map(\.entry.date.year), [2010, 2019, 2026], "oldest first")
            XCTAssertEqual(
                grid.cells.map(\.dateLabel.text), ["2010 Nov. 29", "2019 Nov. 29", "2026 Nov. 29"],
                "each cell says its year")
            XCTAssertTrue(grid.summaryLabel.text.contains("Nov. 29"), grid.summaryLabel.text)
            XCTAssertFalse(source.requests.contains("entry 2010-11-29"), "an indexed year costs no request")
            XCTAssertTrue(source.requests.contains("entry 1995-11-29"))
        }
    }

    func testTheCalendarMarksIndexedDaysAndShowsTheChosenDay() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: sky(), entries: sky())
            let main = try XCTUnwrap(app.mainWindow)
            let calendarButton = try XCTUnwrap(app.mainWindow?.calendarButton)
            waitUntil("today shown") { main.entry != nil }
            calendarButton.button.popup()
            // An open popover keeps its X keyboard grab past its window: later tests' keys would go nowhere.
            defer {
                calendarButton.button.popdown()
                waitUntil("the calendar closed") { !calendarButton.button.isOpen }
            }
            waitUntil("today's mark") { calendarButton.calendar.isMarked(29) }
            XCTAssertFalse(calendarButton.calendar.isMarked(28))
            waitForFrames()
            saveScreenshot(of: main.window, named: "calendar-popover")

            calendarButton.calendar.select(year: 2026, month: 11, day: 28)
            waitUntil("the 28th asked for") { self.source.requests.contains("entry 2026-11-28") }
            XCTAssertFalse(calendarButton.button.isOpen)
        }
    }

    /// A distant month is one choice away (not 22 clicks on the year arrows): the month list
    /// and the year field over the calendar move it, and it moves them. The popover opens
    /// above its button at the window's bottom and shows the legend's every line; the date
    /// selector's spin buttons say which is which.
    func testTheCalendarReachesADistantMonthFromItsChoicesAndShowsItsWholeLegend() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(
                indexed: sky() + [entry("1999-03-05", title: "Old Favourite")], entries: sky())
            _ = try archive.toggleFavourite(entry("1999-03-05", title: "Old Favourite"))
            let main = try XCTUnwrap(app.mainWindow)
            let calendarButton = try XCTUnwrap(app.mainWindow?.calendarButton)
            let calendar = calendarButton.calendar
            waitUntil("today shown") { main.entry != nil }
            XCTAssertEqual(main.dateSelector.captions.map(\.text), ["Year", "Month", "Day"])
            XCTAssertTrue(main.dateSelector.captions.allSatisfy(\.isMapped), "the spin buttons' names are visible")

            calendarButton.button.popup()
            defer {
                calendarButton.button.popdown()
                waitUntil("the calendar closed") { !calendarButton.button.isOpen }
            }
            waitUntil("today's mark") { calendar.isMarked(29) }
            XCTAssertEqual(calendarButton.yearChoice.value, 2026)
            XCTAssertEqual(calendarButton.monthChoice.selected, 10, "November")

            calendarButton.yearChoice.value = 1999
            XCTAssertEqual(calendar.selected.year, 1999)
            calendarButton.monthChoice.selected = 2
            XCTAssertEqual(calendar.selected.month, 3, "March")
            XCTAssertEqual(calendar.selected.day, 29, "the same day of the month")
            waitUntil("the month's marks and favourites") { calendarButton.legend.text.contains("Favourites: 5") }
            XCTAssertTrue(calendar.isMarked(5))
            XCTAssertTrue(calendarButton.button.isOpen, "choosing a month is browsing, not choosing a day")
            waitForFrames()
            XCTAssertFalse(calendarButton.legend.isCutOff, "the legend's last line shows")
            saveScreenshot(of: main.window, named: "calendar-popover-distant-month")

            // The year field never leaves the archive.
            calendarButton.yearChoice.value = 1990
            XCTAssertEqual(calendar.selected.year, 1995)
            XCTAssertEqual(calendar.selected.month, 6, "the archive begins in June 1995")
            XCTAssertEqual(calendarButton.monthChoice.selected, 5)
            XCTAssertFalse(source.requests.contains { $0.hasPrefix("entry 1999") || $0.hasPrefix("entry 1995") })
        }
    }

    /// GTK 4.8 draws no calendar marks: the marked day's label gets a class the app's
    /// stylesheet styles, and is drawn in another colour than its unmarked neighbour, a blue
    /// one, in the light and the dark style.
    func testMarkedDaysAreDrawnInTheAccentColourInLightAndDark() throws {
        try MainActor.assumeIsolated {
            defer { StyleManager.colorScheme = .followSystem }
            try startWithArchive(indexed: sky() + [entry("2026-11-20", title: "Marked")], entries: sky())
            let main = try XCTUnwrap(app.mainWindow)
            let calendarButton = try XCTUnwrap(app.mainWindow?.calendarButton)
            let calendar = calendarButton.calendar
            waitUntil("today shown") { main.entry != nil }
            calendarButton.button.popup()
            // An open popover keeps its X keyboard grab past its window: later tests' keys would go nowhere.
            defer {
                calendarButton.button.popdown()
                waitUntil("the calendar closed") { !calendarButton.button.isOpen }
            }
            waitUntil("the 20th marked") { calendar.isMarked(20) }
            XCTAssertTrue(calendar.dayHasClass(20, GtkKit.Calendar.markedClass), "the class the stylesheet styles")
            XCTAssertFalse(calendar.dayHasClass(21, GtkKit.Calendar.markedClass))
            XCTAssertTrue(calendarButton.legend.text.contains("bold blue"), calendarButton.legend.text)

            for (scheme, name) in [(ColorScheme.light, "calendar-popover-marked"), (.dark, "calendar-popover-dark")] {
                StyleManager.colorScheme = scheme
                waitUntil("the style applies") { StyleManager.isDark == (scheme == .dark) }
                let marked = try XCTUnwrap(calendar.dayTextColor(20))
                let plain = try XCTUnwrap(calendar.dayTextColor(21))
                XCTAssertGreaterThan(marked.blue - max(marked.red, marked.green), 0.15, "\(scheme): blue, \(marked)")
                XCTAssertLessThan(abs(plain.blue - plain.red), 0.05, "\(scheme): unmarked days stay grey, \(plain)")
                XCTAssertEqual(plain.red > 0.5, scheme == .dark, "\(scheme): light text on dark")
                waitForFrames()
                saveScreenScreenshot(named: name)
            }
        }
    }

    /// GtkCalendar cannot disable a day: days outside 1995-06-16…today are dimmed by a class
    /// of ours, and choosing one puts the selection back on the nearest day there is, saying
    /// why, without asking the source for it.
    func testDaysOutsideTheArchiveAreDimmedAndRefused() throws {
        try MainActor.assumeIsolated {
            try startWithArchive(indexed: sky(), entries: sky())
            let main = try XCTUnwrap(app.mainWindow)
            let calendarButton = try XCTUnwrap(app.mainWindow?.calendarButton)
            let calendar = calendarButton.calendar
            let outside = DayCalendarButton.outsideClass
            waitUntil("today shown") { main.entry != nil }
            calendarButton.button.popup()
            // An open popover keeps its X keyboard grab past its window: later tests' keys would go nowhere.
            defer {
                calendarButton.button.popdown()
                waitUntil("the calendar closed") { !calendarButton.button.isOpen }
            }
            waitUntil("today's mark") { calendar.isMarked(29) }
            XCTAssertTrue(calendar.dayHasClass(30, outside), "tomorrow")
            XCTAssertFalse(calendar.dayHasClass(29, outside))
            XCTAssertFalse(calendar.dayHasClass(28, outside))
            let dimmed = try XCTUnwrap(calendar.dayTextColor(30))
            let plain = try XCTUnwrap(calendar.dayTextColor(28))
            XCTAssertLessThan(dimmed.alpha, plain.alpha * 0.6, "tomorrow is dimmed")

            calendar.select(year: 2026, month: 11, day: 30)
            XCTAssertEqual(calendar.selected.day, 29, "the selection goes back to today")
            XCTAssertTrue(calendarButton.button.isOpen, "the popover stays to say why")
            XCTAssertTrue(calendarButton.legend.text.contains("not published yet"), calendarButton.legend.text)

            calendar.select(year: 1995, month: 6, day: 20)
            XCTAssertTrue(calendar.dayHasClass(15, outside))
            XCTAssertFalse(calendar.dayHasClass(16, outside), "the first APOD")
            calendar.select(year: 1995, month: 6, day: 10)
            XCTAssertEqual(calendar.selected.day, 16, "the selection goes forward to the first APOD")
            XCTAssertTrue(calendarButton.legend.text.contains("begins on 1995 Jun. 16"), calendarButton.legend.text)
            XCTAssertTrue(calendarButton.button.isOpen)
            Gtk.iterate()
            XCTAssertFalse(
                source.requests.contains { $0.hasPrefix("entry 1995-06-10") || $0.hasPrefix("entry 2026-11-30") })
        }
    }

    func testADamagedIndexIsSaidInTheMainWindow() throws {
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(repeating: 9, count: 8192).write(
                to: folder.appendingPathComponent(ArchiveIndex.fileName(partition: "science")))
            let configuration = SourceConfiguration(
                kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
            archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
            source = FakeSource(entries: sky())
            try start(
                environment: ViewerEnvironment(
                    source: source, pictures: PictureLoader(fetcher: pictures.fetcher),
                    calendar: calendar, archive: archive))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the banner says so") { main.banner.message?.contains("was damaged") == true }
        }
    }
}
