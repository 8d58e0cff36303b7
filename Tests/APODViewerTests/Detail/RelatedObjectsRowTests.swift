import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The detail window's "More of M31" row: the objects of the entry as chips opening their grids,
/// and the other days of the first objects as thumbnails.
final class RelatedObjectsRowTests: GUITestCase, @unchecked Sendable {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apod-related-gui-\(UUID().uuidString)")

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Eleven days about the Andromeda Galaxy (two also about M32), and days about nothing.
    private func sky() -> [APODEntry] {
        let andromeda = (1...11).map { number in
            entry(
                String(format: "2019-%02d-10", number),
                title: number <= 2 ? "M31 and M32" : "The Andromeda Galaxy, again",
                picture: "/m31/\(number)/400x300.jpg")
        }
        return andromeda + [entry("2019-12-24", title: "A Quiet Sky", picture: "/quiet/400x300.jpg")]
    }

    @MainActor
    private func startWithIndex() throws {
        let configuration = SourceConfiguration(kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
        let archive = ArchiveAccess(
            dataFolder: DataFolder(root: folder), configuration: configuration, calendar: calendar)
        try archive.openIndex().store(sky())
        let environment = ViewerEnvironment(
            source: FakeSource(entries: sky()), pictures: PictureLoader(fetcher: pictures.fetcher),
            calendar: calendar, archive: archive)
        try start(environment: environment)
    }

    /// In zh_TW a chip names the object as Taiwan does: 「M31 · 仙女座星系 (11)」, and the
    /// section under it counts in the same brackets.
    func testChipsUseTheChineseNamesInChinese() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            try startWithIndex()
            let day = APODDay("2019-02-10")!
            app.openDetail(for: try XCTUnwrap(sky().first { $0.date == day }))
            let detail = try XCTUnwrap(app.detailWindows[day])
            let row = try XCTUnwrap(detail.related)
            waitUntil("the objects are shown") { row.root.isVisible && !row.chips.isEmpty }
            XCTAssertEqual(row.chips.map(\.button.label), ["M31 · 仙女座星系 (11)", "M32 (2)"])
            waitUntil("the sections are shown") { !row.sections.isEmpty }
            XCTAssertEqual(row.sections.first?.heading.text, "更多 M31 (10)", "the chips' brackets")
            detail.scroller.scrollToEnd()
            waitForFrames()
            XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-chips-zh_TW"))
            saveNarrowScreenshots(of: detail.window, named: "detail-chips-zh_TW") { detail.scroller.scrollToEnd() }
        }
    }

    func testMoreOfShowsTheOtherDaysAndAChipOpensTheObjectsGridNewestFirst() throws {
        try MainActor.assumeIsolated {
            try startWithIndex()
            let day = APODDay("2019-02-10")!
            app.openDetail(for: try XCTUnwrap(sky().first { $0.date == day }))
            let detail = try XCTUnwrap(app.detailWindows[day])
            let row = try XCTUnwrap(detail.related)
            waitUntil("the objects are shown") { row.root.isVisible && !row.sections.isEmpty }
            XCTAssertEqual(row.chips.map(\.object.id), ["M31", "M32"])
            XCTAssertEqual(row.chips.first?.button.label, "M31 · Andromeda Galaxy (11)")
            let m31 = try XCTUnwrap(row.sections.first)
            XCTAssertEqual(m31.heading.text, "More of M31 (10)", "the other days")
            XCTAssertEqual(
                m31.thumbnails.map(\.entry.date.description),
                [
                    "2019-11-10", "2019-10-10", "2019-09-10", "2019-08-10", "2019-07-10", "2019-06-10", "2019-05-10",
                    "2019-04-10",
                ],
                "the newest eight others, this day left out")
            XCTAssertEqual(row.sections.dropFirst().first?.heading.text, "More of M32 (1)")
            waitUntil("the thumbnails arrive") { row.sections.allSatisfy { $0.thumbnails.allSatisfy(\.hasPicture) } }

            detail.scroller.scrollToEnd()
            waitForFrames()
            defer { DesktopStyle.reset() }
            for (suffix, scheme) in [("", ColorScheme.light), ("-dark", .dark)] {
                StyleManager.colorScheme = scheme
                waitUntil("the style is in use") { StyleManager.isDark == (scheme == .dark) }
                detail.scroller.scrollToEnd()
                XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-more-of" + suffix))
            }

            // A thumbnail opens its day.
            m31.thumbnails[0].button.activate()
            waitUntil("November's detail window") { app.detailWindows[APODDay("2019-11-10")!] != nil }

            // The chip opens every day about M31, newest first.
            XCTAssertTrue(try XCTUnwrap(row.chips.first).button.activate())
            waitUntil("the M31 grid") { app.windows.objectGrids["M31"]?.grid.cells.count == 11 }
            let grid = try XCTUnwrap(app.windows.objectGrids["M31"]?.grid)
            XCTAssertEqual(grid.cells.first?.entry.date, APODDay("2019-11-10"))
            XCTAssertEqual(grid.cells.last?.entry.date, APODDay("2019-01-10"))
            XCTAssertEqual(grid.summaryLabel.text, "11 pictures of M31 · Andromeda Galaxy, newest first")
        }
    }

    func testADayAboutNoObjectHasNoRow() throws {
        try MainActor.assumeIsolated {
            try startWithIndex()
            let day = APODDay("2019-12-24")!
            app.openDetail(for: try XCTUnwrap(sky().first { $0.date == day }))
            let detail = try XCTUnwrap(app.detailWindows[day])
            let row = try XCTUnwrap(detail.related)
            waitForFrames()
            Gtk.iterate(until: { !row.related.isEmpty }, timeout: 1)
            XCTAssertFalse(row.root.isVisible)
            XCTAssertTrue(row.chips.isEmpty)
        }
    }
}
