import APODCore
import AdwKit
import CGtk
import Foundation
import GtkKit
import LoopbackServer
import TestSupport
import XCTest

@testable import APODViewer

/// The Chinese mirror's text in the detail window and Today: English first, the Chinese when
/// it comes, the toggle to the English original and back, and a quiet line when there is none.
final class ChineseExplanationTests: GUITestCase, @unchecked Sendable {
    private var mirror: FakeHTTPServer!

    override func tearDown() {
        super.tearDown()
        mirror?.stop()
    }

    /// 2015-04-02 translated (Big5, no charset), 2015-04-03 not (404), 2015-04-04 slow.
    private func startMirror() throws -> URL {
        mirror = try FakeHTTPServer { request in
            guard let day = FakeMirror.day(of: request) else { return .html("", status: 404) }
            switch day.day {
            case 2:
                let page = FakeMirror.page(year: 2015, month: 4, day: 2, text: FakeMirror.texts[1])
                return FakeResponse(headers: ["Content-Type": "text/html"], body: FakeMirror.big5(page))
            case 4:
                let page = FakeMirror.page(year: 2015, month: 4, day: 4, text: FakeMirror.texts[0])
                return FakeResponse(headers: ["Content-Type": "text/html"], body: Data(page.utf8), delay: 1.5)
            default:
                return .html("<h1>Not Found</h1>", status: 404)
            }
        }
        return mirror.baseURL.appendingPathComponent("apod/")
    }

    @MainActor
    private func startViewer(language: ExplanationLanguage, entries: [APODEntry]) throws {
        let translations = ViewerTranslations(
            base: try startMirror(), client: HTTPClient(timeout: 5, retryPolicy: .none), archive: nil,
            language: language, calendar: calendar)
        try start(
            environment: ViewerEnvironment(
                source: FakeSource(entries: entries), pictures: PictureLoader(fetcher: pictures.fetcher),
                calendar: calendar, translations: translations),
            options: ViewerOptions(initialDay: APODDay("2015-04-02")))
    }

    private var andromeda: APODEntry { entry("2015-04-02", title: "Andromeda in Infrared", picture: "/640x400.jpg") }

    func testTheDetailWindowShowsTheChineseTextAndTogglesToTheEnglish() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            try startViewer(language: .chinese, entries: [andromeda])
            app.openDetail(for: andromeda)
            let detail = try XCTUnwrap(app.detailWindows[andromeda.date])
            let strip = try XCTUnwrap(detail.translation)
            waitUntil("the Chinese title replaces the English") { detail.caption.titleLabel.text == "仙女座大星系" }
            XCTAssertTrue(detail.explanationLabel.text.hasPrefix("仙女座星系（M31）距離我們"), detail.explanationLabel.text)
            XCTAssertEqual(detail.window.title, "仙女座大星系")
            XCTAssertEqual(detail.caption.dateLabel.text, "2015年4月2日", "the date stays NASA's")
            XCTAssertTrue(strip.creditLabel.isVisible)
            XCTAssertTrue(strip.creditLabel.text.hasPrefix(FakeMirror.translator), strip.creditLabel.text)
            XCTAssertEqual(strip.toggleButton.label, "顯示英文原文(_E)")
            waitForFrames()
            saveScreenshot(of: detail.window, named: "detail-chinese-zh_TW")
            do {
                defer { DesktopStyle.reset() }
                StyleManager.colorScheme = .dark
                waitUntil("the dark style is in use") { StyleManager.isDark }
                detail.window.resize(width: 360, height: 800)
                waitUntil("360 px wide") { detail.window.width <= 360 }
                waitForFrames()
                saveScreenshot(of: detail.window, named: "detail-chinese-zh_TW-360-dark")
                detail.window.resize(width: 900, height: 900)
            }

            XCTAssertTrue(strip.toggleButton.activate())
            waitUntil("the button shows the English") { detail.caption.titleLabel.text == "Andromeda in Infrared" }
            XCTAssertTrue(detail.explanationLabel.text.hasPrefix("An explanation of"))
            XCTAssertEqual(strip.toggleButton.label, "顯示中文翻譯(_C)")
            XCTAssertFalse(strip.creditLabel.isVisible)
            XCTAssertTrue(strip.toggleButton.activate())
            waitUntil("and back") { detail.caption.titleLabel.text == "仙女座大星系" }

            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("Today shows the Chinese text too") { main.caption.titleLabel.text == "仙女座大星系" }
            XCTAssertTrue(main.translation?.isShowingChinese == true, "the toggle is remembered per window")
            waitForFrames()
            saveScreenshot(of: main.window, named: "today-chinese-zh_TW")
            saveNarrowScreenshots(of: main.window, named: "today-chinese-zh_TW")
        }
    }

    func testWithoutTranslationAQuietLineAndTheEnglish() throws {
        try MainActor.assumeIsolated {
            let untranslated = entry("2015-04-03", title: "A Day Not Translated", picture: "/640x400.jpg")
            try startViewer(language: .chinese, entries: [andromeda, untranslated])
            app.openDetail(for: untranslated)
            let detail = try XCTUnwrap(app.detailWindows[untranslated.date])
            let strip = try XCTUnwrap(detail.translation)
            waitUntil("the quiet line says there is no translation") { strip.noticeLabel.isVisible }
            XCTAssertEqual(strip.noticeLabel.text, "No Chinese translation for this day yet")
            XCTAssertFalse(strip.toggleButton.isVisible)
            XCTAssertEqual(detail.caption.titleLabel.text, "A Day Not Translated")
            XCTAssertNil(detail.banner.message, "not an error")
        }
    }

    func testTheEnglishShowsFirstWhileTheMirrorIsSlow() throws {
        try MainActor.assumeIsolated {
            let slow = entry("2015-04-04", title: "Aurora over a Lake", picture: "/640x400.jpg")
            try startViewer(language: .chinese, entries: [andromeda, slow])
            app.openDetail(for: slow)
            let detail = try XCTUnwrap(app.detailWindows[slow.date])
            XCTAssertEqual(detail.caption.titleLabel.text, "Aurora over a Lake", "English at once")
            waitUntil("the Chinese arrives") { detail.caption.titleLabel.text == "冰島夜空中的北極光" }
            XCTAssertEqual(
                detail.explanationRuns.compactMap { run -> String? in
                    if case .link(let text, _) = run { return text }
                    return nil
                }, ["極光"], "the mirror's links are links")
        }
    }

    /// Preferences → Explanations: saved, and the open windows follow at once.
    func testThePreferenceIsSavedAndFollowedAtOnce() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            let services = files.services(.offline, translationURL: try startMirror(), calendar: calendar)
            XCTAssertEqual(services.explanations, .english, "an English interface starts with English")
            try start(services: services)
            app.openDetail(for: andromeda)
            let detail = try XCTUnwrap(app.detailWindows[andromeda.date])
            app.openPreferences()
            let preferences = try XCTUnwrap(app.preferencesWindow)
            XCTAssertEqual(preferences.explanationsChoice.selectedValue, .english)
            preferences.explanationsChoice.selectedValue = .chinese
            waitUntil("the open detail window shows the Chinese") { detail.caption.titleLabel.text == "仙女座大星系" }
            XCTAssertEqual(files.store.value(.explanations), "chinese")
            preferences.explanationsChoice.selectedValue = .english
            waitUntil("and the English again") { detail.caption.titleLabel.text == "Andromeda in Infrared" }
            XCTAssertEqual(files.store.value(.explanations), "english")
        }
    }

    /// Search in zh_TW finds Chinese words inside the translations and Chinese object names.
    func testSearchFindsChineseWords() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-zh-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let aurora = entry("2015-04-04", title: "Aurora over a Lake", picture: "/640x400.jpg")
            let m31 = entry("2015-04-02", title: "M31: The Andromeda Galaxy", picture: "/640x400.jpg")
            let configuration = SourceConfiguration(
                kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
            let index = try archive.openIndex()
            try index.store([aurora, m31])
            let page = URL(string: "http://127.0.0.1:9/apod/ap150404.html")!
            try index.storeTranslation(
                .translated(
                    Translation(
                        day: aurora.date, title: FakeMirror.texts[0].title,
                        explanation: HTMLText.plainText(FakeMirror.texts[0].explanation), pageURL: page)),
                for: aurora.date)
            let translations = ViewerTranslations(
                base: page.deletingLastPathComponent(), client: HTTPClient(timeout: 5, retryPolicy: .none),
                archive: archive, language: .chinese, calendar: calendar)
            try start(
                environment: ViewerEnvironment(
                    source: FakeSource(entries: [aurora, m31]), pictures: PictureLoader(fetcher: pictures.fetcher),
                    calendar: calendar, archive: archive, translations: translations))
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            views.search("極光")
            waitUntil("極光 finds the aurora") { search.page == .grid && search.cells.map(\.entry.date) == [aurora.date] }
            waitUntil("under its Chinese title") { search.cells.first?.titleLabel.text == "冰島夜空中的北極光" }
            // Chinese runs its sentences together: no space after 「。」.
            XCTAssertTrue(search.noteLabel.text.contains("尚未下載。只搜尋了"), search.noteLabel.text)
            waitForFrames()
            if let main = app.mainWindow {
                saveScreenshot(of: main.window, named: "search-chinese-zh_TW")
                saveNarrowScreenshots(of: main.window, named: "search-chinese-zh_TW")
            }
            views.search("仙女座星系")
            waitUntil("仙女座星系 finds M31") { search.page == .grid && search.cells.map(\.entry.date) == [m31.date] }
        }
    }

    /// Search for "Lake" over two indexed days, 2015-04-04 with a known translation and
    /// 2015-04-05 without: the cells of each, once shown.
    @MainActor
    private func searchLakes(explanations language: ExplanationLanguage, in folder: URL) throws -> (
        translated: GridCell, untranslated: GridCell
    ) {
        let aurora = entry("2015-04-04", title: "Aurora over a Lake", picture: "/640x400.jpg")
        let lake = entry("2015-04-05", title: "Another Lake", picture: "/640x400.jpg")
        let configuration = SourceConfiguration(kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
        let archive = ArchiveAccess(
            dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
        let index = try archive.openIndex()
        try index.store([aurora, lake])
        try index.storeTranslation(
            .translated(
                Translation(
                    day: aurora.date, title: FakeMirror.texts[0].title,
                    explanation: HTMLText.plainText(FakeMirror.texts[0].explanation),
                    pageURL: URL(string: "http://127.0.0.1:9/apod/ap150404.html")!)),
            for: aurora.date)
        let translations = ViewerTranslations(
            base: URL(string: "http://127.0.0.1:9/apod/")!, client: HTTPClient(timeout: 5, retryPolicy: .none),
            archive: archive, language: language, calendar: calendar)
        try start(
            environment: ViewerEnvironment(
                source: FakeSource(entries: [aurora, lake]), pictures: PictureLoader(fetcher: pictures.fetcher),
                calendar: calendar, archive: archive, translations: translations))
        let views = try XCTUnwrap(app.archiveViews)
        let search = try XCTUnwrap(views.searchView)
        views.search("Lake")
        waitUntil("Lake finds both days") { search.page == .grid && search.cells.count == 2 }
        return (
            try XCTUnwrap(search.cells.first { $0.entry.date == aurora.date }),
            try XCTUnwrap(search.cells.first { $0.entry.date == lake.date })
        )
    }

    /// Grid cells (here Search's) read the Chinese title when the translation is known and
    /// Explanations is Chinese, in the label, tooltip and accessible name.
    func testCellsShowTheKnownChineseTitle() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-zh-cells-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let (cell, other) = try searchLakes(explanations: .chinese, in: folder)
            waitUntil("the known Chinese title") { cell.titleLabel.text == "冰島夜空中的北極光" }
            XCTAssertTrue(cell.accessibleName.hasPrefix("冰島夜空中的北極光"), cell.accessibleName)
            XCTAssertEqual(cell.tooltip?.split(separator: "\n").first, "冰島夜空中的北極光")
            XCTAssertEqual(other.titleLabel.text, "Another Lake", "no translation known: NASA's title")
            waitForFrames()
            if let main = app.mainWindow { saveScreenshot(of: main.window, named: "search-cells-chinese-zh_TW") }
        }
    }

    /// With Explanations in English, the cells keep NASA's titles though a translation is known.
    func testCellsKeepTheEnglishTitleWithEnglishExplanations() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-en-cells-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let (cell, _) = try searchLakes(explanations: .english, in: folder)
            Gtk.iterate(until: { false }, timeout: 0.5)
            XCTAssertEqual(cell.titleLabel.text, "Aurora over a Lake")
            XCTAssertTrue(cell.accessibleName.hasPrefix("Aurora over a Lake"), cell.accessibleName)
        }
    }

    /// 2015-04-04 with a known translation and 2015-04-05 without, in `index`.
    private func storeLakes(in index: ArchiveIndex) throws -> (aurora: APODEntry, lake: APODEntry) {
        let aurora = entry("2015-04-04", title: "Aurora over a Lake", picture: "/640x400.jpg")
        let lake = entry("2015-04-05", title: "Another Lake", picture: "/640x400.jpg")
        try index.store([aurora, lake])
        try index.storeTranslation(
            .translated(
                Translation(
                    day: aurora.date, title: FakeMirror.texts[0].title,
                    explanation: HTMLText.plainText(FakeMirror.texts[0].explanation),
                    pageURL: URL(string: "http://127.0.0.1:9/apod/ap150404.html")!)),
            for: aurora.date)
        return (aurora, lake)
    }

    /// Browse's wall, shown, with every page of the index arrived.
    @MainActor
    private func showWall() throws -> ArchiveWall {
        let main = try XCTUnwrap(app.mainWindow)
        main.showView(MainView.Name.browse.rawValue)
        let wall = try XCTUnwrap(app.browseView?.wall)
        waitUntil("the wall shows its days") { wall.stack.state == .wall && !wall.cellsOnScreen.isEmpty }
        waitUntil("every page of the index arrived") { wall.isComplete }
        return wall
    }

    /// What a wall cell says: its tooltip's first line and its accessible name.
    @MainActor
    private func texts(of wall: ArchiveWall, day: APODDay) -> (tooltip: String?, name: String?) {
        guard let cell = wall.cellsOnScreen.first(where: { $0.entry?.date == day }) else { return (nil, nil) }
        return (
            cell.tooltipText?.split(separator: "\n").first.map(String.init),
            apod_accessible_label(cell.button.widgetPointer).map { String(cString: $0) }
        )
    }

    /// Browse's cells read the known Chinese title in the tooltip and accessible name when
    /// Explanations is Chinese, as the grids do; a day without translation keeps NASA's.
    func testBrowseCellsShowTheKnownChineseTitle() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-zh-wall-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let configuration = SourceConfiguration(
                kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
            let (aurora, lake) = try storeLakes(in: archive.openIndex())
            let translations = ViewerTranslations(
                base: URL(string: "http://127.0.0.1:9/apod/")!, client: HTTPClient(timeout: 5, retryPolicy: .none),
                archive: archive, language: .chinese, calendar: calendar)
            try start(
                environment: ViewerEnvironment(
                    source: FakeSource(entries: [aurora, lake]), pictures: PictureLoader(fetcher: pictures.fetcher),
                    calendar: calendar, archive: archive, translations: translations))
            let wall = try showWall()
            let translated = texts(of: wall, day: aurora.date)
            XCTAssertEqual(translated.tooltip, "冰島夜空中的北極光")
            XCTAssertTrue(translated.name?.contains("冰島夜空中的北極光") == true, translated.name ?? "no name")
            let untranslated = texts(of: wall, day: lake.date)
            XCTAssertEqual(untranslated.tooltip, "Another Lake", "no translation known: NASA's title")
            XCTAssertTrue(untranslated.name?.contains("Another Lake") == true, untranslated.name ?? "no name")
        }
    }

    /// Open grids follow Preferences → Explanations at once, without reopening: Search's cells
    /// and Browse's cells take the Chinese title, then NASA's again.
    func testOpenGridsFollowTheExplanationsPreference() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            let dataFolder = DataFolder(root: files.folder.appendingPathComponent("data", isDirectory: true))
            let (aurora, _) = try storeLakes(
                in: dataFolder.openIndex(for: files.configuration(.offline), calendar: calendar))
            let services = files.services(.offline, calendar: calendar, dataFolder: dataFolder)
            XCTAssertEqual(services.explanations, .english)
            try start(services: services)
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            views.search("Lake")
            waitUntil("Lake finds both days") { search.page == .grid && search.cells.count == 2 }
            let cell = try XCTUnwrap(search.cells.first { $0.entry.date == aurora.date })
            let wall = try showWall()
            XCTAssertEqual(texts(of: wall, day: aurora.date).tooltip, "Aurora over a Lake")

            app.openPreferences()
            let preferences = try XCTUnwrap(app.preferencesWindow)
            waitForFrames()
            waitUntil("the wall's thumbnails were asked for and are settled") {
                wall.requestCount >= wall.cellsOnScreen.count && wall.cellsOnScreen.allSatisfy(\.isSettled)
            }
            let thumbnailRequests = wall.requestCount
            preferences.explanationsChoice.selectedValue = .chinese
            waitUntil("Search's cell takes the Chinese title") { cell.titleLabel.text == "冰島夜空中的北極光" }
            XCTAssertTrue(cell.accessibleName.hasPrefix("冰島夜空中的北極光"), cell.accessibleName)
            XCTAssertEqual(cell.tooltip?.split(separator: "\n").first, "冰島夜空中的北極光")
            waitUntil("Browse's cell takes it too") { texts(of: wall, day: aurora.date).tooltip == "冰島夜空中的北極光" }
            XCTAssertTrue(texts(of: wall, day: aurora.date).name?.contains("冰島夜空中的北極光") == true)
            XCTAssertEqual(wall.requestCount, thumbnailRequests, "only the texts change: no thumbnail asked again")
            XCTAssertTrue(
                wall.cellsOnScreen.allSatisfy(\.isSettled),
                "\(wall.cellsOnScreen.map { ($0.dayIndex ?? -1, $0.isSettled, $0.isLoading, $0.hasThumbnail) })")

            preferences.explanationsChoice.selectedValue = .english
            waitUntil("NASA's title again in Search") { cell.titleLabel.text == "Aurora over a Lake" }
            XCTAssertTrue(cell.accessibleName.hasPrefix("Aurora over a Lake"), cell.accessibleName)
            waitUntil("and in Browse") { texts(of: wall, day: aurora.date).tooltip == "Aurora over a Lake" }
            XCTAssertTrue(texts(of: wall, day: aurora.date).name?.contains("Aurora over a Lake") == true)
        }
    }

    func testEnglishExplanationsNeverAskTheMirror() throws {
        try MainActor.assumeIsolated {
            try startViewer(language: .english, entries: [andromeda])
            app.openDetail(for: andromeda)
            let detail = try XCTUnwrap(app.detailWindows[andromeda.date])
            waitForFrames()
            XCTAssertEqual(detail.caption.titleLabel.text, "Andromeda in Infrared")
            XCTAssertEqual(detail.translation?.root.isVisible, false)
            XCTAssertEqual(mirror.requests.count, 0)
        }
    }
}
