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

    /// Texts that are not words of the interface: proper names (APOD's authors, the services),
    /// addresses, numbers.
    static let allowed: Set<String> = [
        "APOD", "NASA", "science.nasa.gov", "api.nasa.gov", "DEMO_KEY", "GitHub", "GNOME", "Adwaita",
        "Robert Nemiroff", "Jerry Bonnell",
    ]

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

    /// What may be left: empty, no letters (numbers, dates, symbols), an allowed name, an
    /// address, a version, or text the entries brought.
    static func isAllowed(_ text: String, entryTexts: Set<String>) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || CJKText.containsHan(trimmed) || !trimmed.contains(where: \.isLetter) { return true }
        if allowed.contains(trimmed) || isKeys(trimmed) || trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://")
        {
            return true
        }
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
            // Windows earlier tests left open (their shortcuts windows) were made in English.
            let earlier = WindowText.toplevels()
            let calendarNamedInEnglish = g_type_class_peek(gtk_calendar_get_type()) != nil
            // A few indexed days, so Browse shows month headings.
            let dataFolder = DataFolder(root: files.folder.appendingPathComponent("data", isDirectory: true))
            let indexed = (1...5).map { entry(String(format: "2026-11-%02d", $0), title: "Indexed Day \($0)") }
            try dataFolder.openIndex(for: files.configuration(.offline), calendar: calendar).store(indexed)
            try start(
                services: files.services(.offline, calendar: calendar, dataFolder: dataFolder),
                options: ViewerOptions(initialDay: APODDay(TestConfiguration.newestSampleDate)))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the newest sample entry is shown") { main.entry != nil }
            let sample = try XCTUnwrap(main.entry)
            var entryTexts: Set<String> = [
                sample.title, sample.explanation, sample.copyright ?? "", sample.altText ?? "",
            ]
            entryTexts.formUnion(Self.sampleTexts())
            entryTexts.formUnion(indexed.flatMap { [$0.title, $0.explanation, $0.copyright ?? ""] })
            var leftovers: [String: Set<String>] = [:]
            var chineseNumeralMonths: Set<String> = []
            @MainActor func read(_ place: String) {
                waitForFrames()
                // One style of numerals, the cells' 「2026年12月1日」: no heading reads 「2026年十二月」.
                for text in WindowText.all(excluding: earlier)
                where text.range(of: "年[一二三四五六七八九十]+月", options: .regularExpression) != nil {
                    chineseNumeralMonths.insert(text)
                }
                for text in WindowText.all(excluding: earlier) where !Self.isAllowed(text, entryTexts: entryTexts) {
                    if calendarNamedInEnglish && Self.calendarNames.contains(text) { continue }
                    leftovers[text, default: []].insert(place)
                }
            }
            for view in MainView.Name.allCases {
                main.showView(view.rawValue)
                Gtk.iterate(until: { false }, timeout: 0.5)
                read("main window, \(view.rawValue)")
            }
            main.showView(MainView.Name.today.rawValue)
            waitForFrames()
            assertNoAccessKeyTwice("Today")
            // Accessible names are read too (Random's count button has one).
            XCTAssertTrue(WindowText.all(excluding: earlier).contains(tr("How many pictures")))
            app.openDetail(for: sample)
            read("detail window")
            assertNoAccessKeyTwice("the detail window")
            app.openPreferences()
            read("preferences")
            assertNoAccessKeyTwice("Preferences")
            app.showAbout()
            read("about")
            // Every page of About at once: its rows' keys work from any page (「網站(_W)」 on
            // Details took 新功能's W).
            assertNoAccessKeyTwice("About", wholeWindowTitled: "關於")
            if let about = app.aboutWindow { saveScreenshot(of: about, named: "about-zh_TW") }
            app.showShortcuts()
            read("shortcuts")
            assertNoAccessKeyTwice("the shortcuts window")
            let report = leftovers.sorted { $0.key < $1.key }.map {
                "\"\($0.key)\" in \($0.value.sorted().joined(separator: ", "))"
            }
            XCTAssertEqual(report, [], "English left in zh_TW:\n" + report.joined(separator: "\n"))
            XCTAssertEqual(chineseNumeralMonths, [], "months in Chinese numerals beside Arabic ones")
        }
    }
}
