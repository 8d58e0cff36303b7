import APODCore
import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// A zh_TW user meets no English label: every window is opened in Traditional Chinese, each of
/// its views shown, and every title, label, tooltip and accessible text of every window is
/// read; one without a Han character must be an allowed exception (below) or the entries' own
/// text (NASA's titles, explanations and credits stay English).
final class NoEnglishLeftTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    /// The allowed exceptions: texts that are not words of the interface, each with why it
    /// stays as it is. Besides these, `isAllowed` lets pass what has no letters (numbers, dates,
    /// symbols), key names (`keyNames`), web addresses (http://, https://) and the entries' own
    /// English (NASA's titles, explanations, credits). Only what the walk meets is listed: a
    /// name added to the interface must be added here, with its reason, to pass.
    static let allowedWithReasons: [String: String] = [
        "science.nasa.gov": "the data source's name is its host (Preferences → Data Source, About's details)",
        "Robert Nemiroff": "a person's name: APOD's author, in About's credits",
        "Jerry Bonnell": "a person's name: APOD's author, in About's credits",
    ]

    static var allowed: Set<String> { Set(allowedWithReasons.keys) }

    /// Key names as GNOME's zh_TW writes them, alone or joined by "+" ("Shift+Ctrl+C", "F11").
    static let keyNames: Set<String> = [
        "Ctrl", "Shift", "Alt", "Super", "Home", "End", "Esc", "Escape", "Tab", "Enter", "Space", "Delete",
        "Page Up", "Page Down", "Left", "Right", "Up", "Down", "Backspace",
    ]

    /// GtkCalendar names the months and weekdays once per process, when its class is first
    /// made: after an earlier test made a calendar in English, these are its English names (in
    /// a fresh process, and in the app, they come from the zh_TW locale: 十二月, 日 一 二).
    static let calendarNames: Set<String> = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
    ]

    static func isKeys(_ text: String) -> Bool {
        text.split(separator: "+", omittingEmptySubsequences: false).allSatisfy { key in
            let name = String(key)
            return keyNames.contains(name) || name.count == 1
                || (name.hasPrefix("F") && Int(name.dropFirst()) != nil) || name.isEmpty
        }
    }

    /// Web and network addresses, one or a list ("smb://gnome.org, ssh://192.168.0.1", GTK's
    /// examples of a server address).
    static func isAddresses(_ text: String) -> Bool {
        text.components(separatedBy: ", ").allSatisfy {
            $0.range(of: "^[a-z][a-z0-9+.-]*://\\S+$", options: .regularExpression) != nil
        }
    }

    /// The folders a file chooser shows of this computer: the home, working and Pictures
    /// folders' paths and their names (the user's own, as the entries' texts are NASA's).
    @MainActor
    static func userFolders() -> Set<String> {
        let paths = [NSHomeDirectory(), FileManager.default.currentDirectoryPath, Window.picturesFolder]
        return Set(paths + paths.flatMap { URL(fileURLWithPath: $0).pathComponents.filter { $0 != "/" } })
    }

    /// What may be left: empty, no letters (numbers, dates, symbols), an allowed name, an
    /// address, a version, or text the entries brought.
    static func isAllowed(_ text: String, entryTexts: Set<String>) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || CJKText.containsHan(trimmed) || !trimmed.contains(where: \.isLetter) { return true }
        if allowed.contains(trimmed) || isKeys(trimmed) || isAddresses(trimmed) { return true }
        if trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == " " || $0 == "-" }) { return true }
        return entryTexts.contains { !$0.isEmpty && (trimmed.contains($0) || $0.contains(trimmed)) }
    }

    /// No letter is the access key of two labels on screen in one window (「今天(_T)」 twice).
    /// With `wholeWindowTitled`, every label of that window counts, shown or not, the same
    /// label on two pages once (About's Website row is on its main page or on Details).
    @MainActor
    private func assertNoAccessKeyTwice(
        _ place: String, wholeWindowTitled: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (window, keys) in AccessKeys.onScreen(wholeWindows: wholeWindowTitled != nil)
        where wholeWindowTitled == nil || window == wholeWindowTitled {
            for (key, labels) in keys where (wholeWindowTitled == nil ? labels.count : Set(labels).count) > 1 {
                XCTFail("\(place): \(window) uses \(key) for \(labels)", file: file, line: line)
            }
        }
    }

    /// The sample's titles, credits and explanations: the entries' own English.
    static func sampleTexts() -> Set<String> {
        let file = TestConfiguration.sampleDirectory.appendingPathComponent("entries.json")
        let objects = (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [[String: Any]] ?? []
        return Set(
            objects.flatMap { object in
                ["title", "copyright", "explanation"].compactMap { (object[$0] as? String).map(HTMLText.plainText) }
            })
    }

    func testEveryWindowSpeaksChineseOnly() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            let english = EnglishLeft()
            let main = try startOffline(english)
            main.showView(MainView.Name.today.rawValue)
            for view in MainView.Name.allCases {
                main.showView(view.rawValue)
                Gtk.iterate(until: { false }, timeout: 0.5)
                english.read("main window, \(view.rawValue)")
            }
            main.showView(MainView.Name.today.rawValue)
            waitForFrames()
            assertNoAccessKeyTwice("Today")
            // Accessible names are read too (Random's count button has one).
            XCTAssertTrue(WindowText.all(excluding: english.earlier).contains(tr("How many pictures")))
            let sample = try XCTUnwrap(main.entry)
            app.openDetail(for: sample)
            english.read("detail window")
            assertNoAccessKeyTwice("the detail window")
            // A sky object's grid (its chip in the detail window), empty: no indexed day is about M31.
            app.openObjectGrid(SkyCatalogue.shared.object(id: "M31"))
            waitUntil("the object's grid says it is empty") { app.windows.objectGrids["M31"]?.grid.page == .empty }
            english.read("M31's grid", showing: app.windows.objectGrids["M31"]?.grid.status.title)
            app.openPreferences()
            english.read("preferences")
            assertNoAccessKeyTwice("Preferences")
            app.showAbout()
            english.read("about")
            // Every page of About at once: its rows' keys work from any page (「網站(_W)」 on
            // Details took 新功能's W).
            assertNoAccessKeyTwice("About", wholeWindowTitled: "關於")
            if let about = app.aboutWindow { saveScreenshot(of: about, named: "about-zh_TW") }
            app.showShortcuts()
            english.read("shortcuts")
            assertNoAccessKeyTwice("the shortcuts window")
            english.assertNoneLeft()
        }
    }

    /// The questions the app asks in message dialogs (grep `MessageDialog(`): Clear Cache's
    /// confirmation and the daily options' consent to keep running, heading, body and buttons.
    func testEveryDialogSpeaksChineseOnly() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            let english = EnglishLeft()
            _ = try startOffline(english)
            app.openPreferences()
            let preferences = try XCTUnwrap(app.preferencesWindow)
            preferences.clearButton.activate()
            waitUntil("Clear Cache asks first") { preferences.clearConfirmation?.window.isMapped == true }
            english.read("Clear Cache's confirmation", showing: preferences.clearConfirmation?.heading)
            assertNoAccessKeyTwice("Clear Cache's confirmation")
            if let dialog = preferences.clearConfirmation {
                saveScreenshot(of: dialog.window, named: "clear-cache-zh_TW")
            }
            let confirmation = try XCTUnwrap(preferences.clearConfirmation)
            confirmation.respond("cancel")
            waitUntil("the confirmation closes") { confirmation.window.isDestroyed }

            preferences.dailySection.notifySwitch.isOn = true
            waitUntil("the app asks before it stays") {
                preferences.dailySection.consent?.question?.window.isMapped == true
            }
            english.read("the background consent", showing: preferences.dailySection.consent?.question?.heading)
            assertNoAccessKeyTwice("the background consent")
            if let dialog = preferences.dailySection.consent?.question {
                saveScreenshot(of: dialog.window, named: "consent-zh_TW")
            }
            try XCTUnwrap(preferences.dailySection.consent?.question).respond(BackgroundConsent.cancelResponse)
            waitUntil("the question closes") { !preferences.dailySection.isAsking }
            // The refusal's reason, said in Preferences.
            english.read("Preferences after the refused consent")
            english.assertNoneLeft()
        }
    }

    /// Save: what the desktop's file chooser is asked to say (its title and buttons, through
    /// the FileChooser portal), the toast once saved, the banner when the place cannot be written.
    func testSavingSpeaksChineseOnly() throws {
        try withDesktopPortals {
            let chinese = try ChineseLocale()
            defer { chinese.restore() }
            try MainActor.assumeIsolated {
                let english = EnglishLeft()
                let portal = try XCTUnwrap(FakeFileChooserPortal(), "no session bus (run under scripts/test-session)")
                portal.publish()
                defer { portal.unpublish() }
                waitUntil("the portal owns its name") { portal.ownsName }
                let main = try startOffline(english)
                let sample = try XCTUnwrap(main.entry)
                app.openDetail(for: sample)
                let detail = try XCTUnwrap(app.detailWindows[sample.date])
                waitUntil("the picture is shown") { detail.header.saveButton.isSensitive }
                XCTAssertTrue(detail.header.saveButton.activate())
                waitUntil("the portal is asked where to save") { portal.isOpen }
                let call = try XCTUnwrap(portal.calls.last)
                english.check(call.title, in: "the file chooser's title")
                english.check(call.options.string("accept_label") ?? "", in: "the file chooser's Save button")
                XCTAssertNotNil(call.options.string("accept_label"), "the app names the Save button")
                let folder = files.folder.appendingPathComponent("saved", isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                portal.choose(folder.appendingPathComponent("picture.jpg").path)
                waitUntil("saved, said in a toast") { detail.toasts.isShown }
                english.read("the detail window once saved")

                XCTAssertTrue(detail.header.saveButton.activate())
                waitUntil("the portal is asked again") { portal.isOpen }
                portal.choose(folder.appendingPathComponent("missing/sub/picture.jpg").path)
                waitUntil("the failure is said") { detail.banner.message != nil }
                english.read("the detail window when saving failed")
                english.assertNoneLeft()
            }
        }
    }

    /// Save without the desktop's portal: GTK's own file chooser, in the app's process, with
    /// the app's title and buttons and GTK's zh_TW words. The suggested file name is the
    /// entry's own (its date and title), the folders are the user's own.
    func testTheFileChooserWithoutAPortalSpeaksChineseOnly() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            let english = EnglishLeft()
            let main = try startOffline(english)
            let sample = try XCTUnwrap(main.entry)
            english.entryTexts.insert(sample.suggestedFileName)
            english.entryTexts.formUnion(Self.userFolders())
            app.openDetail(for: sample)
            let detail = try XCTUnwrap(app.detailWindows[sample.date])
            waitUntil("the picture is shown") { detail.header.saveButton.isSensitive }
            XCTAssertTrue(detail.header.saveButton.activate())
            var chooser: UnsafeMutableRawPointer?
            waitUntil("GTK's file chooser is open") {
                chooser = Self.openFileChooser()
                return chooser != nil
            }
            guard let chooser else { return }
            waitForFrames()
            english.read("the file chooser")
            gtk_dialog_response(chooser.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_CANCEL.rawValue)
            waitUntil("the file chooser is gone") { Self.openFileChooser() == nil }
            english.assertNoneLeft()
        }
    }

    /// The file chooser dialog GtkFileChooserNative shows in the app's process without a portal.
    @MainActor
    private static func openFileChooser() -> UnsafeMutableRawPointer? {
        WindowText.toplevels().first { window in
            g_type_check_instance_is_a(
                window.assumingMemoryBound(to: GTypeInstance.self), gtk_file_chooser_dialog_get_type()) != 0
                && gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0
        }
    }

    /// Every main view's empty state: a service without pictures (Today) and an empty index
    /// and library (Search before and after a query, Favourites, History, On This Day, Browse).
    func testEveryEmptyStateSpeaksChineseOnly() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            let english = EnglishLeft()
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: files.folder.appendingPathComponent("data", isDirectory: true)),
                configuration: files.configuration(.science), calendar: calendar)
            try start(
                environment: ViewerEnvironment(
                    source: FakeSource(entries: []), pictures: PictureLoader(fetcher: pictures.fetcher),
                    calendar: calendar, archive: archive))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("Today says there is no picture") { [.failure, .status].contains(main.pictureView.page) }
            english.read("Today without a picture", showing: main.pictureView.shownStatusPage.title)
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            main.showView(MainView.Name.search.rawValue)
            waitUntil("Search waits for a query") { search.page == .empty }
            english.read("Search before a query", showing: search.status.title)
            let prompt = search.status.title
            views.search("極光")
            waitUntil("no results") { search.page == .empty && search.status.title != prompt }
            english.read("Search without results", showing: search.status.title)
            for list in ArchiveViews.List.allCases {
                main.showView(list.view.rawValue)
                let view = try XCTUnwrap(views.listViews[list])
                waitUntil("\(list) is empty") { view.page == .empty }
                english.read("\(list.view.rawValue), empty", showing: view.status.title)
            }
            main.showView(MainView.Name.browse.rawValue)
            waitUntil("Browse is empty") { app.browseView?.wall.stack.state == .empty }
            english.read("Browse, empty", showing: app.browseView?.wall.status.title)
            saveScreenshot(of: main.window, named: "browse-empty-zh_TW")
            english.assertNoneLeft()
        }
    }

    /// Every main view's failed state: the service unreachable (Today, Random) and the data
    /// folder unusable (Search, Favourites, History, On This Day, Browse).
    func testEveryFailedStateSpeaksChineseOnly() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            let english = EnglishLeft()
            let source = FakeSource(entries: [])
            source.setFailure(.unreachable)
            // A file where the data folder should be: nothing of the archive can be opened.
            let blocked = files.folder.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: files.folder, withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: blocked)
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: blocked), configuration: files.configuration(.science),
                calendar: calendar)
            try start(
                environment: ViewerEnvironment(
                    source: source, pictures: PictureLoader(fetcher: pictures.fetcher), calendar: calendar,
                    archive: archive))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("Today says it failed") { main.pictureView.page == .failure }
            english.read("Today, failed", showing: main.pictureView.shownStatusPage.title)
            main.showView(MainView.Name.random.rawValue)
            let random = try XCTUnwrap(main.randomView)
            waitUntil("Random says it failed") { random.stack.state == .error }
            english.read("Random, failed", showing: random.status.title)
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            main.showView(MainView.Name.search.rawValue)
            views.search("極光")
            waitUntil("Search says it failed") { search.page == .failed }
            english.read("Search, failed", showing: search.failure.title)
            saveScreenshot(of: main.window, named: "search-failed-zh_TW")
            for list in ArchiveViews.List.allCases {
                main.showView(list.view.rawValue)
                let view = try XCTUnwrap(views.listViews[list])
                waitUntil("\(list) says it failed") { view.page == .failed }
                english.read("\(list.view.rawValue), failed", showing: view.failure.title)
            }
            main.showView(MainView.Name.browse.rawValue)
            waitUntil("Browse says it failed") { app.browseView?.wall.stack.state == .failed }
            english.read("Browse, failed", showing: app.browseView?.wall.failure.title)
            english.assertNoneLeft()
        }
    }

    /// The offline sample with a few indexed days (so Browse shows month headings), at the
    /// newest sample day; the sample's texts count as the entries' own.
    @MainActor
    private func startOffline(_ english: EnglishLeft) throws -> MainWindow {
        let dataFolder = DataFolder(root: files.folder.appendingPathComponent("data", isDirectory: true))
        let indexed = (1...5).map { entry(String(format: "2026-11-%02d", $0), title: "Indexed Day \($0)") }
        try dataFolder.openIndex(for: files.configuration(.offline), calendar: calendar).store(indexed)
        try start(
            services: files.services(.offline, calendar: calendar, dataFolder: dataFolder),
            options: ViewerOptions(initialDay: APODDay(TestConfiguration.newestSampleDate)))
        let main = try XCTUnwrap(app.mainWindow)
        waitUntil("the newest sample entry is shown") { main.entry != nil }
        let sample = try XCTUnwrap(main.entry)
        english.entryTexts.formUnion([sample.title, sample.explanation, sample.copyright ?? "", sample.altText ?? ""])
        english.entryTexts.formUnion(Self.sampleTexts())
        english.entryTexts.formUnion(indexed.flatMap { [$0.title, $0.explanation, $0.copyright ?? ""] })
        return main
    }

    /// What the windows opened since it was made still say in English, by place, and the months
    /// written in Chinese numerals; reported once at the end.
    @MainActor
    private final class EnglishLeft {
        /// Windows earlier tests left open (their shortcuts windows) were made in English.
        let earlier = WindowText.toplevels()
        let calendarNamedInEnglish = g_type_class_peek(gtk_calendar_get_type()) != nil
        var entryTexts: Set<String> = []
        private var leftovers: [String: Set<String>] = [:]
        private var chineseNumeralMonths: Set<String> = []

        /// Every text of the windows opened since, once they have drawn; `showing` is a text
        /// the place must hold (a state page's title), so the walk is known to have reached it.
        func read(_ place: String, showing expected: String? = nil, file: StaticString = #filePath, line: UInt = #line)
        {
            Gtk.iterate(until: { false }, timeout: 0.2)
            let texts = WindowText.all(excluding: earlier, skippingHiddenTooltips: true)
            if let expected {
                XCTAssertFalse(expected.isEmpty, "\(place): no title", file: file, line: line)
                XCTAssertTrue(texts.contains(expected), "\(place): \(expected) not read", file: file, line: line)
            }
            for text in texts { check(text, in: place) }
        }

        /// One text shown outside the windows (what the desktop's file chooser is asked to say).
        func check(_ text: String, in place: String) {
            // One style of numerals, the cells' 「2026年12月1日」: no heading reads 「2026年十二月」.
            if text.range(of: "年[一二三四五六七八九十]+月", options: .regularExpression) != nil {
                chineseNumeralMonths.insert(text)
            }
            guard !NoEnglishLeftTests.isAllowed(text, entryTexts: entryTexts) else { return }
            if calendarNamedInEnglish && NoEnglishLeftTests.calendarNames.contains(text) { return }
            leftovers[text, default: []].insert(place)
        }

        func assertNoneLeft(file: StaticString = #filePath, line: UInt = #line) {
            let report = leftovers.sorted { $0.key < $1.key }.map {
                "\"\($0.key)\" in \($0.value.sorted().joined(separator: ", "))"
            }
            XCTAssertEqual(
                report, [], "English left in zh_TW:\n" + report.joined(separator: "\n"), file: file, line: line)
            XCTAssertEqual(
                chineseNumeralMonths, [], "months in Chinese numerals beside Arabic ones", file: file, line: line)
        }
    }
}
