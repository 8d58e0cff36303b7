import APODCore
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Issue 19: one main window with views. Shortcuts switch views instead of opening windows,
/// Today lays its picture and text out by width, and History records every day shown.
final class MainViewsTests: GUITestCase, @unchecked Sendable {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apod-views-gui-\(UUID().uuidString)")
    private var archive: ArchiveAccess!

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    private func sky() -> [APODEntry] {
        [
            entry("2026-11-27", title: "Dust Lanes"), entry("2026-11-28", title: "Comet Tail"),
            entry("2026-11-29", title: "Today's Galaxy"), entry("2019-11-29", title: "Moon and Venus"),
        ]
    }

    @MainActor
    private func startWithArchive(random: [APODEntry] = []) throws -> FakeSource {
        let configuration = SourceConfiguration(kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
        archive = ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
        let source = FakeSource(entries: sky(), random: random.isEmpty ? sky() : random)
        try start(
            environment: ViewerEnvironment(
                source: source, pictures: PictureLoader(fetcher: pictures.fetcher),
                calendar: calendar, archive: archive))
        return source
    }

    /// The header's view switcher keeps one layout on every view: the tabs stay where they
    /// are under the pointer (Today's star hid and gave the switcher room to change from
    /// icons over labels to icons beside them). A view changed by a shortcut takes the focus
    /// ring with it, when the tabs had it.
    func testTheViewSwitcherKeepsItsLayoutAndItsFocusFollowsTheView() throws {
        try MainActor.assumeIsolated {
            _ = try startWithArchive()
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today shown") { main.entry != nil }
            // The header's squeezer crossfades between its switchers (at the first showing, and
            // again if a part of the header arrives later): both are shown during the fade, so
            // the tabs are read once one switcher alone is left.
            @MainActor func settledTabs() -> [Rect] {
                waitForFrames()
                waitUntil("the seven tabs of one switcher in the header") { main.windowTitle.shownToggles.count == 7 }
                return main.windowTitle.shownToggles.map(\.bounds)
            }
            let onToday = settledTabs()
            for view in [MainView.Name.random, .favourites, .browse, .today] {
                main.showView(view)
                XCTAssertEqual(settledTabs(), onToday, "\(view): the tabs did not move")
            }

            XCTAssertTrue(main.windowTitle.focusShownToggle(0), "the Today tab takes the keyboard")
            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "favourites"))
            waitUntil("the focus follows to the Favourites tab") {
                main.windowTitle.shownToggles.map(\.hasFocus) == [false, false, false, true, false, false, false]
            }
            XCTAssertEqual(main.windowTitle.shownToggles.firstIndex { $0.isActive }, 3)

            // The focus in a view that goes (Random's count field) lands on the new view's tab,
            // not on the first tab at the next key press.
            main.showView(.random)
            let random = try XCTUnwrap(app.randomView)
            waitUntil("the count field takes the keyboard") {
                random.countSpin.grabFocus() && random.countSpin.containsFocus
            }
            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "history"))
            waitUntil("the focus on the History tab") { main.windowTitle.shownToggles.map(\.hasFocus)[4] }
        }
    }

    /// The accelerators' actions, as the keys run them: still one window on screen after each.
    func testCtrlRCtrlFAndFavouritesShowViewsInTheOneWindow() throws {
        try MainActor.assumeIsolated {
            _ = try startWithArchive()
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today shown") { main.entry != nil }
            XCTAssertEqual(app.application.visibleWindowTitles.count, 1)
            XCTAssertTrue(app.application.accelerators(for: AppAction.openRandomGrid).contains("<Control>r"))
            XCTAssertTrue(app.application.accelerators(for: WindowAction.search.detailedName).contains("<Control>f"))
            XCTAssertEqual(app.application.accelerators(for: WindowAction.showView(.history)), ["<Alt>5"])

            app.application.activateAction(AppAction.random, int: 0)
            XCTAssertEqual(main.visibleView, MainView.Name.random.rawValue)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the first batch, asked for when the view was shown") { grid.cells.count == sky().count }
            XCTAssertTrue(main.window.activateAction(WindowAction.search))
            XCTAssertEqual(main.visibleView, MainView.Name.search.rawValue)
            app.application.activateAction(AppAction.favourites)
            XCTAssertEqual(main.visibleView, MainView.Name.favourites.rawValue)
            app.application.activateAction(AppAction.history)
            XCTAssertEqual(main.visibleView, MainView.Name.history.rawValue)
            app.application.activateAction(AppAction.onThisDay)
            XCTAssertEqual(main.visibleView, MainView.Name.onThisDay.rawValue)
            waitForFrames()
            XCTAssertEqual(app.application.visibleWindowTitles, ["APOD Viewer"], "one top-level window")
            XCTAssertEqual(app.openWindowCount, 1)

            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "today"))
            XCTAssertTrue(main.isShowing(.today))
        }
    }

    /// Browse is a view too: its wall reads nothing at start-up, Ctrl+B (and Alt+7) show it in
    /// the one window, and its days are read when it is first shown.
    func testCtrlBShowsBrowseInTheOneWindowAndItsWallLoadsWhenFirstShown() throws {
        try MainActor.assumeIsolated {
            _ = try startWithArchive()
            try archive.openIndex().store(sky())
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today shown") { main.entry != nil }
            let browse = try XCTUnwrap(app.browseView)
            XCTAssertFalse(browse.hasLoaded, "nothing read before the view is shown")
            XCTAssertNotEqual(browse.wall.stack.state, .wall)
            XCTAssertNil(app.browseCensus, "no census while another view is shown")
            XCTAssertTrue(app.application.accelerators(for: AppAction.openBrowse).contains("<Control>b"))
            XCTAssertEqual(app.application.accelerators(for: WindowAction.showView(.browse)), ["<Alt>7"])

            app.application.activateAction(AppAction.browse, string: "")
            XCTAssertEqual(main.visibleView, MainView.Name.browse.rawValue)
            XCTAssertTrue(browse.hasLoaded)
            waitUntil("the wall shows the indexed days") { browse.wall.stack.state == .wall && browse.wall.isComplete }
            XCTAssertEqual(browse.wall.entries.count, sky().count)
            XCTAssertEqual(app.browseCensus?.days, sky().count)
            waitForFrames()
            XCTAssertEqual(app.application.visibleWindowTitles, ["APOD Viewer"], "one top-level window")
            XCTAssertEqual(app.openWindowCount, 1)

            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "today"))
            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "browse"))
            XCTAssertEqual(main.visibleView, MainView.Name.browse.rawValue)
            XCTAssertEqual(app.application.visibleWindowTitles, ["APOD Viewer"])
        }
    }

    /// Start-up builds Today alone: the other six views have their tabs in both switchers but
    /// no widgets until first shown, by whichever way (a switcher, Alt+2…7, an action, the
    /// Shell's search), and each is built once.
    func testOnlyTodayIsBuiltAtStartAndEachViewWhenFirstShown() throws {
        try MainActor.assumeIsolated {
            _ = try startWithArchive()
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today shown") { main.entry != nil }
            waitUntil("the seven tabs") { main.windowTitle.shownToggles.count == 7 }
            XCTAssertEqual(main.builtViews, ["today"])
            XCTAssertNil(main.randomView)
            XCTAssertNil(main.browseView)
            @MainActor func widgetCount() -> Int { main.window.descendants(ofType: gtk_widget_get_type()).count }
            var widgets = widgetCount()
            @MainActor func expectBuilt(_ view: MainView.Name, by route: String) {
                XCTAssertEqual(main.visibleView, view.rawValue, route)
                XCTAssertTrue(main.builtViews.contains(view.rawValue), "\(view) built when shown by \(route)")
                let now = widgetCount()
                XCTAssertGreaterThan(now, widgets, "\(view)'s widgets came with it")
                widgets = now
            }

            main.views.visiblePage = MainView.Name.favourites.rawValue
            expectBuilt(.favourites, by: "a switcher")
            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "random"))
            expectBuilt(.random, by: "Alt+2")
            let random = try XCTUnwrap(main.randomView)
            app.application.activateAction(AppAction.history)
            expectBuilt(.history, by: "the History action")
            app.showSearch("Moon")
            expectBuilt(.search, by: "the Shell's search")
            XCTAssertEqual(main.builtViews.count, 5, "On This Day and Browse still wait")
            app.application.activateAction(AppAction.onThisDay)
            expectBuilt(.onThisDay, by: "the On This Day action")
            app.application.activateAction(AppAction.browse, string: "")
            expectBuilt(.browse, by: "Ctrl+B")
            XCTAssertEqual(main.builtViews, Set(MainView.Name.allCases.map(\.rawValue)))

            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            let favourites = try XCTUnwrap(views.listViews[.favourites])
            let browse = try XCTUnwrap(main.browseView)
            for view in MainView.Name.allCases { main.showView(view) }
            XCTAssertTrue(main.randomView === random, "built once")
            XCTAssertTrue(views.searchView === search)
            XCTAssertTrue(views.listViews[.favourites] === favourites)
            XCTAssertTrue(main.browseView === browse)
        }
    }

    /// A view another part of the app adds is switchable like the others.
    func testAViewAddedLaterIsSwitchable() throws {
        try MainActor.assumeIsolated {
            _ = try startWithArchive()
            let main = try XCTUnwrap(app.mainWindow)
            var shown = 0
            let label = Label("A wall of pictures")
            main.install(
                .view(
                    MainView(
                        name: "extra", title: "_Extra", iconName: "view-grid-symbolic", content: label,
                        onShown: { shown += 1 })))
            XCTAssertTrue(main.window.activateAction(WindowAction.showView.detailedName, string: "extra"))
            XCTAssertEqual(main.visibleView, "extra")
            XCTAssertEqual(shown, 1)
            waitForFrames()
            XCTAssertTrue(label.isMapped)
        }
    }

    /// Wide, the explanation is in a column beside the picture; narrow, under it. Open Details
    /// opens the detail window, as a click on the picture does.
    func testTodayPutsTheTextBesideThePictureWhenWideAndUnderItWhenNarrow() throws {
        try MainActor.assumeIsolated {
            _ = try startWithArchive()
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the picture is shown") { main.pictureView.page == .picture }
            waitForFrames()
            XCTAssertTrue(main.showsTextBesidePicture)
            XCTAssertTrue(
                main.explanationLabel.text.hasPrefix("An explanation of Today's Galaxy"), main.explanationLabel.text)
            var picture = try XCTUnwrap(main.pictureView.root.bounds(in: main.window))
            var text = try XCTUnwrap(main.explanationScroller.bounds(in: main.window))
            XCTAssertGreaterThanOrEqual(text.x, picture.x + picture.width, "the text right of the picture")
            XCTAssertLessThan(abs(text.y - picture.y), picture.height / 2, "side by side")

            main.window.resize(width: 600, height: 900)
            waitUntil("stacked") { !main.showsTextBesidePicture }
            waitForFrames()
            picture = try XCTUnwrap(main.pictureView.root.bounds(in: main.window))
            text = try XCTUnwrap(main.explanationScroller.bounds(in: main.window))
            XCTAssertGreaterThanOrEqual(text.y, picture.y + picture.height, "the text under the picture")
            XCTAssertLessThanOrEqual(text.x + text.width, Double(main.window.width) + 0.5)

            XCTAssertTrue(main.detailsButton.isVisible)
            main.detailsButton.activate()
            waitUntil("its detail window") { app.detailWindows[APODDay("2026-11-29")!] != nil }
        }
    }

    /// Every day shown is in the history: stepped to in Today, and stepped to with Left and Right
    /// in a detail window opened from the Random view.
    func testHistoryRecordsEveryDayShownHoweverReached() throws {
        try MainActor.assumeIsolated {
            let batch = [
                entry("2001-01-01", title: "First"), entry("2002-02-02", title: "Second"),
                entry("2003-03-03", title: "Third"),
            ]
            _ = try startWithArchive(random: batch)
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today shown") { main.entry != nil }
            XCTAssertTrue(main.window.activateAction(WindowAction.previousDay))
            waitUntil("the day before") { main.entry?.date == APODDay("2026-11-28") }

            app.showRandom(count: 3)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("three cells") { grid.cells.count == 3 }
            grid.flowBox.activate(grid.cells[0])
            let detail = try XCTUnwrap(app.detailWindows[batch[0].date])
            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            waitUntil("the detail stepped") { detail.entry.date == batch[1].date }
            XCTAssertTrue(detail.window.activateAction(WindowAction.next))
            waitUntil("and again") { detail.entry.date == batch[2].date }

            let expected = Set([APODDay("2026-11-29")!, APODDay("2026-11-28")!] + batch.map(\.date))
            waitUntil("every day in the history") {
                Set(((try? self.archive.history()) ?? []).map(\.date)).isSuperset(of: expected)
            }
            app.application.activateAction(AppAction.history)
            let history = try XCTUnwrap(app.archiveViews?.listViews[.history])
            waitUntil("the History view lists them") { history.cells.count == expected.count }
            XCTAssertEqual(history.cells.first?.entry.date, batch[2].date, "most recent first")
        }
    }
}
