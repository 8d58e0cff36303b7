import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The states a new user meets (a skipped day, a date past the archive, an impossible day,
/// working offline) and the feedback for quick actions (toasts, in-window messages).
final class StatesAndFeedbackTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var main: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    /// The app on one day, with that day's detail window open and its picture shown.
    @MainActor
    private func openConjunction() throws -> (APODEntry, DetailWindow) {
        let item = entry("2020-12-17", title: "The Great Conjunction", picture: "/800x500.jpg")
        try start(FakeSource(entries: [item]))
        app.openDetail(for: item)
        let detail = try XCTUnwrap(app.detailWindows[item.date])
        waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil }
        return (item, detail)
    }

    func testASkippedDayIsACalmEmptyStateWithTheDaysAround() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("1995-06-16", title: "Neutron Star Earth"),
                entry("1995-06-18", title: "Tiny Bubbles"),
            ])
            try start(source, options: ViewerOptions(initialDay: APODDay("1995-06-17")))
            waitUntil("the empty state is shown") { main.isShowingEmptyDay }
            let page = main.pictureView.statusPage
            // The date never breaks over two lines ("1995 / Jun. 17") in the big headline.
            XCTAssertEqual(page.title, "No picture was published on 1995\u{00A0}Jun.\u{00A0}17")
            XCTAssertEqual(main.pictureView.page, .status, "nothing failed: not the failure page, no Retry")
            XCTAssertNil(main.banner.message)
            XCTAssertEqual(main.windowTitle.subtitle, "1995 Jun. 17", "the header says which day this is")
            XCTAssertFalse(main.caption.root.isVisible)
            waitForFrames()
            saveScreenshot(of: main.window, named: "empty-day")

            XCTAssertEqual(page.shownButtons.map(\.label), ["_Previous Day", "_Next Day"])
            XCTAssertTrue(page.shownButtons[1].activate())
            waitUntil("the day after is shown") { main.caption.titleLabel.text == "Tiny Bubbles" }
            main.show(day: APODDay("1995-06-17")!)
            waitUntil("the empty state is back") { main.isShowingEmptyDay }
            XCTAssertTrue(page.shownButtons[0].activate())
            waitUntil("the day before is shown") { main.caption.titleLabel.text == "Neutron Star Earth" }
            XCTAssertFalse(main.isShowingEmptyDay)
        }
    }

    func testADatePastTheArchiveOpensOnTheLatestPictureWithOneWarning() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")])
            try start(source, options: ViewerOptions(initialDay: APODDay("2027-03-01")))
            waitUntil("the latest picture is shown") {
                main.caption.titleLabel.text == "Latest Sky" && main.pictureView.page == .picture
            }
            XCTAssertEqual(source.requests, ["latest"], "not today, which may not be published yet")
            XCTAssertEqual(
                main.banner.message, "There is no picture for 2027 Mar. 1 yet: showing the latest one instead.")
            XCTAssertEqual(main.banner.root.kind, .warning)
            XCTAssertFalse(main.offlineBanner.isShown)
        }
    }

    func testAnImpossibleDayIsExplainedAndEnterInAnyFieldShowsTheDay() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2023-02-28", title: "End of February"), entry("2024-02-29", title: "Leap Day"),
                entry("2026-11-28", title: "Latest Sky"),
            ])
            try start(source)
            waitUntil("the latest picture is shown") {
                main.caption.titleLabel.text == "Latest Sky" && main.pictureView.page == .picture
            }
            let selector = main.dateSelector
            selector.select(APODDay("2024-02-29")!)
            selector.year.value = 2023
            XCTAssertEqual(selector.day.value, 29, "the day is not silently moved to the 28th")
            let asked = source.requests.count
            selector.day.pressEnter()
            waitUntil("the impossible day is explained") { main.banner.message != nil }
            XCTAssertEqual(main.banner.message, "2023 has no Feb. 29.")
            XCTAssertEqual(source.requests.count, asked, "nothing is fetched for a day that does not exist")
            waitForFrames()
            saveScreenshot(of: main.window, named: "impossible-day")

            selector.day.value = 28
            selector.year.pressEnter()
            waitUntil("Enter in the year field shows the day") { main.caption.titleLabel.text == "End of February" }
            XCTAssertNil(main.banner.message)
            selector.year.value = 2024
            selector.day.value = 29
            selector.month.pressEnter()
            waitUntil("Enter in the month field shows the day") { main.caption.titleLabel.text == "Leap Day" }
        }
    }

    func testDatesInMessagesUseTheInterfaceFormat() {
        XCTAssertEqual(
            APODError.noEntry(APODDay("1995-06-17")!).message,
            "No picture was published on 1995 Jun. 17. Try another day.")
        let outside = APODError.dateOutOfRange(
            APODDay("1990-01-01")!, first: APODDay("1995-06-16")!, last: APODDay("2026-11-29")!
        ).message
        XCTAssertEqual(outside, "1990 Jan. 1 is outside the archive: pick a date from 1995 Jun. 16 to 2026 Nov. 29.")
        XCTAssertTrue(APODError.notStoredOffline(APODDay("2020-05-05")!).message.contains("for 2020 May 5 on"))
    }

    func testCopyLinkAndCopyPictureLinkSayLinkCopiedInAToastThatHidesItself() throws {
        try MainActor.assumeIsolated {
            let (item, detail) = try openConjunction()
            XCTAssertFalse(detail.toasts.isShown)
            XCTAssertTrue(detail.window.activateAction(WindowAction.copyLink))
            XCTAssertEqual(
                detail.window.localClipboardText, "https://apod.nasa.gov/apod/ap201217.html", "the APOD page")
            XCTAssertEqual(detail.toasts.text, "Link copied")
            waitForFrames()
            saveScreenshot(of: detail.window, named: "toast-link-copied")
            XCTAssertTrue(detail.window.activateAction(WindowAction.copyPictureLink))
            XCTAssertEqual(detail.window.localClipboardText, item.hdImageURL?.absoluteString, "the picture")
            XCTAssertEqual(detail.toasts.text, "Picture link copied")
            XCTAssertNil(detail.toasts.buttonLabel, "nothing to undo")
            waitUntil("the toast hides itself", timeout: Double(ToastOverlay.visibleSeconds) + 5) {
                !detail.toasts.isShown
            }
        }
    }

    func testTheMainWindowCopiesThePageOrThePictureLinkFromItsMenu() throws {
        try MainActor.assumeIsolated {
            let latest = entry("2026-11-28", title: "Latest Sky", picture: "/640x400.jpg")
            try start(FakeSource(entries: [latest]))
            waitUntil("the picture is shown") { main.pictureView.page == .picture }
            XCTAssertTrue(main.window.activateAction(WindowAction.copyLink))
            XCTAssertEqual(main.window.localClipboardText, "https://apod.nasa.gov/apod/ap261128.html")
            XCTAssertEqual(main.toasts.text, "Link copied")
            XCTAssertTrue(main.window.activateAction(WindowAction.copyPictureLink))
            XCTAssertEqual(main.window.localClipboardText, latest.hdImageURL?.absoluteString)
            XCTAssertEqual(main.toasts.text, "Picture link copied")
        }
    }

    func testSavingSaysWhereInAToastWithOpenFolder() throws {
        try MainActor.assumeIsolated {
            let (_, detail) = try openConjunction()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("saved-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            detail.savePicture(to: folder.appendingPathComponent("conjunction.jpg").path)
            waitUntil("the toast says where") { detail.toasts.text == "Saved to conjunction.jpg" }
            XCTAssertEqual(detail.toasts.buttonLabel, "_Open Folder")
            waitForFrames()
            saveScreenshot(of: detail.window, named: "toast-saved")
        }
    }

    /// Runs only where no browser is registered for web links (as on a bare test machine), so
    /// it never opens one.
    func testWebPageWithNoBrowserSaysWhatToDoInTheWindow() throws {
        try XCTSkipUnless(Self.hasNoBrowser, "a browser is registered for https links")
        try MainActor.assumeIsolated {
            let (item, detail) = try openConjunction()
            detail.openLink(item.webPageURL)
            waitUntil("the window says no browser could open it") { detail.banner.message != nil }
            XCTAssertEqual(detail.banner.message, WebLink.noBrowserMessage)
            XCTAssertEqual(detail.banner.root.kind, .error)
            XCTAssertTrue(detail.banner.root.isDismissible)
            XCTAssertEqual(app.openWindowCount, 2, "no GTK error dialog opened")

            // The strip's Copy Link copies the link that was followed, not the entry's page.
            let followed = URL(string: "https://www.nasa.gov/mission/hubble/")!
            detail.banner.hide()
            detail.openLink(followed)
            waitUntil("the strip offers to copy the link") { detail.banner.linkToCopy != nil }
            XCTAssertEqual(detail.banner.linkToCopy, followed)
            XCTAssertEqual(detail.banner.offeredActionLabel, "Copy _Link")
            detail.banner.root.triggerAction()
            XCTAssertEqual(detail.window.localClipboardText, followed.absoluteString)
            // Quick feedback is a toast: the strip, its action done, goes rather than staying
            // in the window for minutes.
            XCTAssertNil(detail.banner.message, "the strip goes once its link is copied")
            XCTAssertEqual(detail.toasts.text, "Link copied")
        }
    }

    private static var hasNoBrowser: Bool {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gio", "mime", "x-scheme-handler/https"]
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return false }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.contains("No default")
    }

    func testTodayOfflineOnPurposeSaysItIsTheNewestStoredDay() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            waitUntil("the sample's newest entry is shown") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }
            let newest = APODDay(TestConfiguration.newestSampleDate)!
            XCTAssertEqual(
                main.banner.message,
                "Today shows the newest picture stored on this computer, from \(newest.displayString).")
            XCTAssertEqual(main.banner.root.kind, .info, "information, not a warning")
            XCTAssertFalse(main.offlineBanner.isShown, "offline on purpose: no fall-back banner")
            app.application.activateAction(AppAction.showDate, string: TestConfiguration.newestSampleDate)
            waitUntil("a chosen day says nothing more") { main.entry != nil && main.banner.message == nil }
        }
    }

    func testOfflineThereIsOneBannerThatSaysWhatTodayAndTheGridShow() throws {
        let closed = try FakeHTTPServer { _ in .json("[]") }
        let url = closed.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic")
        closed.stop()
        try MainActor.assumeIsolated {
            try start(services: files.services(.science, apiURL: url, calendar: calendar))
            waitUntil("the sample's newest entry is shown") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }
            XCTAssertTrue(main.offlineBanner.isShown)
            let newest = APODDay(TestConfiguration.newestSampleDate)!
            XCTAssertEqual(
                main.offlineBanner.detail,
                "Today shows the newest picture stored on this computer, from \(newest.displayString).")

            app.application.activateAction(AppAction.showDate, string: "2001-01-01")
            waitUntil("the unstored day is explained") { main.pictureView.page == .status && main.entry == nil }
            XCTAssertEqual(
                main.pictureView.status, .notStored(APODError.notStoredOffline(APODDay("2001-01-01")!).message))
            XCTAssertNil(main.offlineBanner.detail, "said once, in place of the picture")
            XCTAssertTrue(main.offlineBanner.isShown, "with Try Again above it")
            XCTAssertFalse(main.banner.root.isVisible, "one banner, not a second one under the blue one")
            waitForFrames()
            saveScreenshot(of: main.window, named: "offline-not-stored")

            app.application.activateAction(AppAction.random, int: 40)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the stored pictures fill the grid") { grid.cells.count > 0 && grid.notice.isVisible }
            XCTAssertLessThan(grid.cells.count, 40)
            XCTAssertEqual(grid.notice.label.text, "Only \(grid.cells.count) pictures are stored on this computer.")
        }
    }
}
