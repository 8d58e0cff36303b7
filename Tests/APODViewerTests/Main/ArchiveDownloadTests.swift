import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// "Download the Archive" in the preferences, against a legacy service on loopback that holds
/// a tiny entry for every day (one range request per 31-day window).
final class ArchiveDownloadTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var server: FakeHTTPServer?

    override func tearDown() {
        server?.stop()
        super.tearDown()
        files.remove()
    }

    /// Answers `start_date`…`end_date` with an entry per day but those `lacking`, after `delay`;
    /// a range starting on a day of `failing` gets a 500.
    private func startService(
        delay: TimeInterval = 0, lacking: Set<String> = [], failing: Set<String> = []
    ) throws -> URL {
        let picture = pictures.url("/900x600.jpg").absoluteString
        let server = try FakeHTTPServer { request in
            if let count = request.query["count"].flatMap(Int.init) {
                let days = (0..<count).map { APODDay("2001-01-01")!.adding(days: $0 * 37) }
                return .json(
                    "["
                        + days.map {
                            #"{"date":"\#($0)","title":"Random \#($0)","explanation":"","media_type":"image","service_version":"v1","url":"\#(picture)"}"#
                        }
                        .joined(separator: ",") + "]")
            }
            if let start = request.query["start_date"], failing.contains(start) {
                return .json(#"{"code":500,"msg":"Internal Service Error","service_version":"v1"}"#, status: 500)
            }
            guard let start = request.query["start_date"].flatMap(APODDay.init),
                let end = request.query["end_date"].flatMap(APODDay.init)
            else {
                return .json(
                    #"{"date":"2026-11-29","title":"Today","explanation":"","media_type":"image","service_version":"v1","url":"\#(picture)"}"#
                )
            }
            var items: [String] = []
            var day = start
            while day <= end {
                defer { day = day.adding(days: 1) }
                if lacking.contains(day.description) { continue }
                items.append(
                    #"{"date":"\#(day)","title":"Sky of \#(day)","explanation":"","media_type":"image","service_version":"v1","url":"\#(picture)"}"#
                )
            }
            var response = FakeResponse.json("[" + items.joined(separator: ",") + "]")
            response.delay = delay
            return response
        }
        self.server = server
        return server.baseURL.appendingPathComponent("planetary/apod")
    }

    @MainActor
    private func startApp(apiURL: URL) throws -> ViewerServices {
        try startApp(configuration: files.configuration(.legacy, apiURL: apiURL))
    }

    @MainActor
    private func startApp(configuration: SourceConfiguration) throws -> ViewerServices {
        let services = ViewerServices(
            configuration: configuration, store: files.store,
            calendar: calendar, dataFolder: DataFolder(root: files.folder.appendingPathComponent("data")))
        try start(services: services)
        return services
    }

    func testADownloadFillsTheIndexAndRandomPicksNeedNoRequest() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService())
            app.application.activateAction(AppAction.preferences)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            waitUntil("the count of pictures so far") { section.stateRow.title.contains("days not downloaded yet") }
            XCTAssertTrue(section.downloadButton.isVisible)
            XCTAssertFalse(section.cancelButton.isVisible)

            section.downloadButton.activate()
            waitUntil("done", timeout: 90) { section.stateRow.subtitle.hasPrefix("Done:") }
            let windows = ArchiveSync.windows(size: 31, through: calendar.today).count
            XCTAssertGreaterThanOrEqual(server!.requests.count, windows)
            XCTAssertTrue(try XCTUnwrap(services.archive).indexState().isComplete)
            XCTAssertTrue(section.downloadButton.isVisible)

            let before = server!.requests.count
            app.showRandom(count: 12)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("twelve random cells") { grid.cells.count == 12 }
            XCTAssertEqual(server!.requests.count, before, "random pictures came from the index")
        }
    }

    /// Issue 28: a service with no entry for 84 days (month ends, runs of 12 and 23 days).
    /// The download ends complete and says so in the same figures in Preferences and the
    /// toast; Search searched everything; Random 100 needs no request.
    func testADownloadOfAnArchiveLacking84DaysEndsCompleteAndSaysSo() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService(lacking: Set(ArchiveGaps.replay)))
            app.application.activateAction(AppAction.preferences)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            section.downloadButton.activate()
            waitUntil("done", timeout: 120) { section.stateRow.subtitle.hasPrefix("Done:") }
            let pictures = calendar.today.ordinal - ArchiveCalendar.firstDay.ordinal + 1 - 84
            let status = try XCTUnwrap(services.archive).indexState()
            XCTAssertTrue(status.isComplete)
            XCTAssertEqual(status.pictures, pictures)
            XCTAssertEqual(status.absentDays, 84)
            XCTAssertEqual(status.failedDays, 0)
            let expected = ArchiveStatusText.summary(status)
            if tr("; ") == "; " {
                XCTAssertEqual(
                    expected,
                    "\(DisplayNumber.grouped(pictures)) pictures in the index; the service has no entry for 84 days.")
            }
            XCTAssertEqual(section.stateRow.title, expected)
            saveScreenshot(of: try XCTUnwrap(app.preferencesWindow).window, named: "archive-complete-preferences")
            waitUntil("the toast") { app.mainWindow?.toasts.text != nil }
            XCTAssertEqual(app.mainWindow?.toasts.text, expected, "the same figures, no warning")
            saveScreenshot(of: try XCTUnwrap(app.mainWindow).window, named: "archive-complete-toast")

            let before = server!.requests.count
            app.showRandom(count: 100)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("a hundred random cells") { grid.cells.count == 100 }
            XCTAssertEqual(server!.requests.count, before, "random pictures came from the index")
            XCTAssertFalse(grid.archiveOffer.isVisible, "nothing left to offer")

            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(main.window.activateAction(WindowAction.search))
            let views = try XCTUnwrap(app.archiveViews)
            views.searchField.text = "sky"
            waitUntil("results") { (views.searchView?.cells.count ?? 0) > 0 }
            XCTAssertFalse(try XCTUnwrap(views.searchView).noteLabel.isVisible, "the whole archive was searched")
            XCTAssertEqual(server!.requests.count, before)
            main.window.resize(width: 360, height: 700)
            waitForFrames()
            saveScreenshot(of: main.window, named: "archive-complete-search-360")
        }
    }

    /// A window that fails: the download goes on, ends incomplete, and the same figures say how
    /// many days failed and what to do, in Preferences and the toast.
    func testADownloadWithAFailingWindowSaysHowManyDaysFailed() throws {
        try MainActor.assumeIsolated {
            let window = ArchiveSync.windows(size: 31, through: calendar.today)[100]
            let services = try startApp(
                apiURL: try startService(lacking: Set(ArchiveGaps.replay), failing: [window.lowerBound.description]))
            app.application.activateAction(AppAction.preferences)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            section.downloadButton.activate()
            waitUntil("done", timeout: 120) { section.stateRow.subtitle.hasPrefix("Done:") }
            let status = try XCTUnwrap(services.archive).indexState()
            XCTAssertEqual(status.failedDays, 31)
            XCTAssertFalse(status.isComplete)
            let expected = ArchiveStatusText.summary(status)
            XCTAssertTrue(
                expected.hasSuffix(
                    "; 31 days could not be fetched. Download the archive again later to fetch the days that failed."),
                expected)
            XCTAssertEqual(section.stateRow.title, expected)
            waitUntil("the toast") { app.mainWindow?.toasts.text != nil }
            XCTAssertEqual(app.mainWindow?.toasts.text, expected)
        }
    }

    /// The same figures in Traditional Chinese: Preferences and the toast, wide and at 360 px.
    func testTheFiguresOfACompleteDownloadAreTranslated() throws {
        try MainActor.assumeIsolated {
            let chinese = try ChineseLocale()
            defer { chinese.restore() }
            _ = try startApp(apiURL: try startService(lacking: Set(ArchiveGaps.replay)))
            app.application.activateAction(AppAction.preferences)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            section.downloadButton.activate()
            waitUntil("done", timeout: 120) { section.stateRow.subtitle.hasPrefix("完成") }
            let pictures = calendar.today.ordinal - ArchiveCalendar.firstDay.ordinal + 1 - 84
            let expected = "索引中有 \(DisplayNumber.grouped(pictures)) 張圖片；服務沒有 84 天的條目。"
            XCTAssertEqual(section.stateRow.title, expected)
            waitUntil("the toast") { app.mainWindow?.toasts.text != nil }
            XCTAssertEqual(app.mainWindow?.toasts.text, expected)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 360, height: 700)
            waitForFrames()
            saveScreenshot(of: main.window, named: "archive-complete-toast-zh_TW-360")
        }
    }

    func testCancelStopsTheDownloadAndKeepsWhatArrived() throws {
        try MainActor.assumeIsolated {
            // Slow enough that the whole archive cannot arrive while the Preferences window is
            // drawn for its screenshot (at 0.05 s a window it finished in about 6 s, before Cancel).
            let services = try startApp(apiURL: try startService(delay: 0.2))
            app.application.activateAction(AppAction.preferences)
            app.application.activateAction(AppAction.downloadArchive)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            waitUntil("a few windows in") {
                if case .running(let progress?) = services.download?.state { return progress.daysDone >= 8 * 31 }
                return false
            }
            XCTAssertTrue(section.progressBar.isVisible)
            XCTAssertTrue(section.progressBar.text.contains("days"), section.progressBar.text)
            XCTAssertTrue(section.stateRow.subtitle.contains("left"), section.stateRow.subtitle)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            waitForFrames()
            waitUntil("the preferences drawn") { preferences.window.renderTexture() != nil }
            saveScreenshot(of: preferences.window, named: "archive-download")

            section.cancelButton.activate()
            waitUntil("stopped") { section.stateRow.title.hasPrefix("Stopped") }
            let kept = try XCTUnwrap(services.archive).indexState()
            XCTAssertGreaterThan(kept.pictures, 0)
            XCTAssertFalse(kept.isComplete)
            XCTAssertFalse(section.progressBar.isVisible)
        }
    }

    /// Issue 10: the first random grid offers the download (dismissible), once ever.
    func testTheFirstRandomGridOffersTheDownloadOnce() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService())
            let archive = try XCTUnwrap(services.archive)
            let marker = archive.dataFolder.url(ArchiveAccess.offerMarkerName)
            XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path))
            app.showRandom(count: 4)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the offer shows") { grid.archiveOffer.isVisible }
            waitUntil("four random cells") { grid.cells.count == 4 }
            XCTAssertTrue(grid.archiveOffer.isDismissible)
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: marker.path), "the offer is remembered in the data folder")
            XCTAssertFalse(archive.claimDownloadOffer(), "offered once: a later grid or search does not offer again")
            // The figures as they were when the offer was made: the grid's entries are indexed
            // meanwhile, so the count of pictures is not compared with a later reading.
            waitUntil("the offer says the index's figures") {
                grid.archiveOffer.label.text.range(
                    of: #"^[0-9,]+ pictures? in the index; [0-9,]+ days not downloaded yet\. With the archive's text"#,
                    options: .regularExpression) != nil
            }
            waitForFrames()
            saveScreenshot(of: grid.window, named: "random-grid-offer")
            XCTAssertTrue(grid.archiveOffer.showsAction)

            grid.window.resize(width: 360, height: 700)
            waitUntil("two per row") { grid.columns == 2 }
            XCTAssertFalse(grid.archiveOffer.showsAction, "narrow, the action is a link in the text")
            XCTAssertTrue(grid.archiveOffer.label.text.hasPrefix("Download the archive"), grid.archiveOffer.label.text)
            waitForFrames()
            XCTAssertLessThanOrEqual(grid.window.width, 360)
            grid.window.resize(width: 1100, height: 820)
            waitUntil("four per row") { grid.columns == 4 }
            XCTAssertTrue(grid.archiveOffer.showsAction)

            grid.archiveOffer.dismiss()
            XCTAssertFalse(grid.archiveOffer.isVisible)
        }
    }

    func testTheOffersDownloadButtonStartsTheDownload() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService(delay: 0.05))
            app.showRandom(count: 4)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the offer shows") { grid.archiveOffer.isVisible }
            grid.archiveOffer.triggerAction()
            XCTAssertFalse(grid.archiveOffer.isVisible)
            XCTAssertTrue(services.download?.isRunning == true)
            let strip = try XCTUnwrap(app.mainWindow?.downloadProgress)
            waitUntil("the main window shows the progress") { strip.isShown }
            XCTAssertNil(app.preferencesWindow, "no other window opens")
            services.download?.cancel()
            waitUntil("the strip goes when the download stops") { !strip.isShown }
            waitUntil("and a toast says so") { app.mainWindow?.toasts.text?.hasPrefix("Download stopped") == true }
        }
    }

    func testAFirstSearchTakesTheOfferFromTheRandomGrid() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService())
            let windows = try XCTUnwrap(app.archiveViews)
            windows.search("sky")
            let search = try XCTUnwrap(windows.searchView)
            waitUntil("the search offers the download") { search.downloadButton.isVisible }
            let marker = try XCTUnwrap(services.archive).dataFolder.url(ArchiveAccess.offerMarkerName)
            waitUntil("the offer is remembered") { FileManager.default.fileExists(atPath: marker.path) }
            XCTAssertFalse(try XCTUnwrap(services.archive).claimDownloadOffer())
        }
    }

    /// A complete index has nothing to offer, and claims nothing.
    func testNoOfferWhenTheArchiveIsOnThisComputer() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService())
            let download = try XCTUnwrap(services.download)
            download.start()
            waitUntil("downloaded", timeout: 90) {
                if case .finished = download.state { return true }
                return false
            }
            let archive = try XCTUnwrap(services.archive)
            XCTAssertFalse(archive.claimDownloadOffer())
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: archive.dataFolder.url(ArchiveAccess.offerMarkerName).path))
        }
    }

    /// With the offline source (`--offline`) a download cannot work: the preferences show the
    /// button insensitive with the reason, a search says why instead of offering it, and the
    /// random grid leaves the one-time offer for later.
    func testTheOfflineSourceSaysWhyInsteadOfOfferingTheDownload() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(configuration: files.configuration(.offline))
            let archive = try XCTUnwrap(services.archive)
            app.application.activateAction(AppAction.preferences)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            XCTAssertFalse(section.downloadButton.isSensitive)
            XCTAssertTrue(section.unavailableLabel.isVisible)
            XCTAssertTrue(section.unavailableLabel.text.contains("offline source"), section.unavailableLabel.text)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            preferences.window.resize(width: 550, height: 1000)
            waitForFrames()
            waitUntil("the preferences drawn") { preferences.window.renderTexture() != nil }
            saveScreenshot(of: preferences.window, named: "archive-download-offline")

            app.application.activateAction(AppAction.downloadArchive)
            XCTAssertFalse(try XCTUnwrap(services.download).isRunning, "no download from the offline source")
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(main.banner.message?.contains("offline source") == true, main.banner.message ?? "no message")

            let windows = try XCTUnwrap(app.archiveViews)
            windows.search("sky")
            let search = try XCTUnwrap(windows.searchView)
            waitUntil("the search says why it searched only this computer") {
                search.noteLabel.isVisible && search.noteLabel.text.contains("offline source")
            }
            XCTAssertFalse(search.downloadButton.isVisible)

            // The offline sample is not in the index: the empty wall says why it stays empty.
            app.openBrowse("")
            let wall = try XCTUnwrap(app.browseView?.wall)
            waitUntil("the wall is empty") { wall.stack.state == .empty }
            XCTAssertTrue(wall.status.descriptionText.contains("offline source"), wall.status.descriptionText)
            XCTAssertTrue(wall.status.shownButtons.isEmpty, "no download offered")

            app.showRandom(count: 4)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("four sample cells") { grid.cells.count == 4 }
            waitForFrames()
            XCTAssertFalse(grid.archiveOffer.isVisible)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: archive.dataFolder.url(ArchiveAccess.offerMarkerName).path))
            XCTAssertTrue(archive.claimDownloadOffer(), "the one-time offer is kept for a source that can download")

            preferences.sourceChoice.selectedValue = .science
            waitUntil("science.nasa.gov can download") { section.downloadButton.isSensitive }
            XCTAssertFalse(section.unavailableLabel.isVisible)
        }
    }

    /// Preferences left open follow the app going offline and coming back.
    func testAnOpenPreferencesWindowFollowsTheOfflineFallback() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService())
            app.application.activateAction(AppAction.preferences)
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            XCTAssertTrue(section.downloadButton.isSensitive)

            services.fallBackOffline()
            XCTAssertFalse(section.downloadButton.isSensitive)
            XCTAssertTrue(section.unavailableLabel.text.contains("cannot be reached"), section.unavailableLabel.text)
            section.downloadButton.activate()
            XCTAssertFalse(try XCTUnwrap(services.download).isRunning, "no download while offline")

            services.goOnline()
            XCTAssertTrue(section.downloadButton.isSensitive)
            XCTAssertFalse(section.unavailableLabel.isVisible)
        }
    }

    /// Issue 19: the main window stays usable while the archive downloads. Search takes typing
    /// meanwhile and says how far the download got instead of offering it.
    func testTheMainWindowIsUsableDuringADownload() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService(delay: 0.2))
            let download = try XCTUnwrap(services.download)
            let main = try XCTUnwrap(app.mainWindow)
            app.application.activateAction(AppAction.downloadArchive)
            XCTAssertTrue(download.isRunning)
            XCTAssertNil(app.preferencesWindow)
            XCTAssertEqual(app.application.visibleWindowTitles, ["APOD Viewer"], "no other window opens")
            let strip = try XCTUnwrap(main.downloadProgress)
            waitUntil("progress in the main window") { strip.isShown && strip.label.text.contains(" of ") }

            XCTAssertTrue(main.window.activateAction(WindowAction.search))
            let views = try XCTUnwrap(app.archiveViews)
            let search = try XCTUnwrap(views.searchView)
            XCTAssertEqual(main.visibleView, MainView.Name.search.rawValue)
            views.searchField.text = "sky"
            waitUntil("Search says how far the download got") {
                search.progressLabel.isVisible && search.progressLabel.text.hasPrefix("Downloading… ")
                    && search.progressLabel.text.hasSuffix(" days")
            }
            XCTAssertTrue(search.progressLabel.text.contains(" of "), search.progressLabel.text)
            XCTAssertEqual(views.searchField.text, "sky", "the field took the text")
            waitUntil("the search answered") { search.summaryLabel.text.contains("match “sky”") }
            // The prompt's page is not the one on show. (Its title alone stays as it was when a
            // grid of results replaces it: the test failed whenever the first search already
            // found pictures the download had brought, as it does on a busy machine.)
            XCTAssertFalse(
                search.stack.state == .empty && search.status.title == "Search the archive",
                "no prompt to type under an answer")
            XCTAssertFalse(search.downloadButton.isVisible, "no offer of the download that is running")
            XCTAssertTrue(download.isRunning, "all this while the download ran")
            waitForFrames()
            saveScreenshot(of: main.window, named: "search-during-download")

            strip.cancelButton.activate()
            waitUntil("stopped") { !download.isRunning }
            waitUntil("the progress goes from Search") { !search.progressLabel.isVisible }
        }
    }

    /// An open wall reads its days again when a download ends (done or cancelled), and the day
    /// at its top stays there.
    func testTheWallShowsTheDaysADownloadBrought() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService(delay: 0.05))
            let download = try XCTUnwrap(services.download)
            app.openBrowse("")
            let wall = try XCTUnwrap(app.browseView?.wall)
            waitUntil("the wall read the index") { wall.stack.state == .empty || wall.isComplete }
            let before = wall.entries.count

            @MainActor func downloadPart(windows: Int) {
                app.application.activateAction(AppAction.downloadArchive)
                waitUntil("\(windows) windows in", timeout: 60) {
                    if case .running(let progress?) = download.state { return progress.daysDone >= windows * 31 }
                    return false
                }
                download.cancel()
                waitUntil("stopped") { !download.isRunning }
            }
            downloadPart(windows: 4)
            waitUntil("the wall shows the new days") {
                wall.isComplete && wall.entries.count >= before + 3 * 31
            }
            XCTAssertEqual(wall.entries.map(\.date), wall.entries.map(\.date).sorted(by: >), "newest first")

            wall.jump(to: try XCTUnwrap(wall.layout.months.dropFirst(2).first))
            let top = { () -> APODDay? in
                let onScreen = wall.cellsOnScreen.compactMap(\.entry?.date)
                return onScreen.max()
            }
            waitUntil("the third month at the top") {
                top().map { ArchiveMonth(containing: $0) } == wall.layout.months.dropFirst(2).first
            }
            let kept = try XCTUnwrap(top())
            let shown = wall.entries.count
            downloadPart(windows: 8)
            waitUntil("the wall shows the newer download's days") { wall.isComplete && wall.entries.count > shown }
            waitUntil("the same day at the top") { top() == kept }
        }
    }

    /// A download that fails part way (the service goes away) keeps what it wrote, and the open
    /// wall shows it.
    func testTheWallShowsWhatAFailedDownloadWrote() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService(delay: 0.05))
            let download = try XCTUnwrap(services.download)
            app.openBrowse("")
            let wall = try XCTUnwrap(app.browseView?.wall)
            waitUntil("the wall read the index") { wall.stack.state == .empty || wall.isComplete }
            let before = wall.entries.count
            app.application.activateAction(AppAction.downloadArchive)
            waitUntil("a few windows in", timeout: 60) {
                if case .running(let progress?) = download.state { return progress.daysDone >= 3 * 31 }
                return false
            }
            server?.stop()
            waitUntil("the download failed", timeout: 90) {
                if case .failed = download.state { return true }
                return false
            }
            waitUntil("the wall shows what arrived") {
                wall.isComplete && wall.entries.count >= before + 2 * 31
            }
        }
    }
}
