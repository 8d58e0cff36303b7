import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest
@testable import APODViewer

/// "Download the Archive" in the preferences, against a legacy service on loopback that holds
/// a tiny entry for every day (one range request per month).
final class ArchiveDownloadTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var server: FakeHTTPServer?

    override func tearDown() {
        server?.stop()
        super.tearDown()
        files.remove()
    }

    /// Answers `start_date`…`end_date` with an entry per day, after `delay`.
    private func startService(delay: TimeInterval = 0) throws -> URL {
        let picture = pictures.url("/900x600.jpg").absoluteString
        let server = try FakeHTTPServer { request in
            guard let start = request.query["start_date"].flatMap(APODDay.init), let end = request.query["end_date"].flatMap(APODDay.init) else {
                return .json(#"{"date":"2026-11-29","title":"Today","explanation":"","media_type":"image","service_version":"v1","url":"\#(picture)"}"#)
            }
            var items: [String] = []
            var day = start
            while day <= end {
                items.append(#"{"date":"\#(day)","title":"Sky of \#(day)","explanation":"","media_type":"image","service_version":"v1","url":"\#(picture)"}"#)
                day = day.adding(days: 1)
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
        let services = ViewerServices(configuration: files.configuration(.legacy, apiURL: apiURL), store: files.store,
                                      calendar: calendar, dataFolder: DataFolder(root: files.folder.appendingPathComponent("data")))
        try start(services: services)
        return services
    }

    func testADownloadFillsTheIndexAndRandomPicksNeedNoRequest() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService())
            app.application.activateAction("preferences")
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            waitUntil("the count of pictures so far") { section.stateLabel.text.contains("so far") }
            XCTAssertTrue(section.downloadButton.isVisible)
            XCTAssertFalse(section.cancelButton.isVisible)

            section.downloadButton.activate()
            waitUntil("done", timeout: 90) { section.stateLabel.text.hasPrefix("Done:") }
            let months = ArchiveMonth.all(from: ArchiveCalendar.firstDay, through: calendar.today).count
            XCTAssertGreaterThanOrEqual(server!.requests.count, months)
            XCTAssertTrue(try XCTUnwrap(services.archive).indexState().isComplete)
            XCTAssertTrue(section.downloadButton.isVisible)

            let before = server!.requests.count
            app.openGrid(count: 12)
            let grid = try XCTUnwrap(app.gridWindow)
            waitUntil("twelve random cells") { grid.cells.count == 12 }
            XCTAssertEqual(server!.requests.count, before, "random pictures came from the index")
        }
    }

    func testCancelStopsTheDownloadAndKeepsWhatArrived() throws {
        try MainActor.assumeIsolated {
            let services = try startApp(apiURL: try startService(delay: 0.05))
            app.application.activateAction("download-archive")
            let section = try XCTUnwrap(app.preferencesWindow?.archiveSection)
            waitUntil("a few months in") {
                if case .running(let progress?) = services.download?.state { return progress.monthsDone >= 8 }
                return false
            }
            XCTAssertTrue(section.progressBar.isVisible)
            XCTAssertTrue(section.progressBar.text.contains("months"), section.progressBar.text)
            XCTAssertTrue(section.timeLabel.text.contains("left"), section.timeLabel.text)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            settle()
            waitUntil("the preferences drawn") { preferences.window.renderTexture() != nil }
            saveScreenshot(of: preferences.window, named: "archive-download")

            section.cancelButton.activate()
            waitUntil("stopped") { section.stateLabel.text.hasPrefix("Stopped") }
            let kept = try XCTUnwrap(services.archive).indexState()
            XCTAssertGreaterThan(kept.count, 0)
            XCTAssertFalse(kept.isComplete)
            XCTAssertFalse(section.progressBar.isVisible)
        }
    }
}
