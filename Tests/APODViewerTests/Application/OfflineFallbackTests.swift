import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// Start-up without the service: the banner, the sample and cache instead, and "Try again".
final class OfflineFallbackTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var service: FakeHTTPServer?

    override func tearDown() {
        service?.stop()
        super.tearDown()
        files.remove()
    }

    /// A science.nasa.gov stand-in that drops every connection until `healthy` is set.
    private final class Switch: @unchecked Sendable {
        private let lock = NSLock()
        private var on = false
        var healthy: Bool {
            get { lock.withLock { on } }
            set { lock.withLock { on = newValue } }
        }
    }

    private func scienceServer(_ state: Switch) throws -> FakeHTTPServer {
        let picture = pictures.url("/1200x800.jpg").absoluteString
        return try FakeHTTPServer { request in
            guard state.healthy else { return FakeResponse(fault: .closeWithoutResponse) }
            // A day route's answer must carry the day asked for (`/261128` is 2026-11-28).
            let compact = request.path.split(separator: "/").last.map(String.init) ?? ""
            let day =
                compact.count == 6 && compact.allSatisfy(\.isNumber)
                ? (compact.hasPrefix("9") ? "19" : "20")
                    + "\(compact.prefix(2))-\(compact.dropFirst(2).prefix(2))-\(compact.suffix(2))"
                : "2026-11-28"
            return .json(
                """
                [{"date": "\(day)", "title": "Live Sky", "explanation": "From the service.",
                  "media_type": "image", "hdurl": "\(picture)", "url": "https://science.nasa.gov/apod/261128",
                  "permalink": "https://science.nasa.gov/apod/261128"}]
                """)
        }
    }

    private func scienceRoute(_ server: FakeHTTPServer) -> URL {
        server.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic")
    }

    func testAnUnreachableServiceAtStartUpShowsTheBannerAndTheSample() throws {
        let closed = try FakeHTTPServer { _ in .json("[]") }
        let url = scienceRoute(closed)
        closed.stop()
        try MainActor.assumeIsolated {
            try start(services: files.services(.science, apiURL: url, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the sample's newest entry is shown") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }
            XCTAssertTrue(main.offlineBanner.isShown)
            XCTAssertTrue(
                main.offlineBanner.root.label.text.hasPrefix("Offline — showing cached and sample pictures\n"))
            XCTAssertNil(main.failureMessage, "no error on top of the notice")
            XCTAssertNil(main.banner.message, "one strip")
            waitUntil("the sample picture is shown") { main.pictureView.page == .picture }

            app.application.activateAction(AppAction.random, int: 3)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("three sample entries fill the grid") { grid.cells.count == 3 }
            XCTAssertTrue(
                grid.cells.allSatisfy { $0.entry.title.hasPrefix("Sample") }, "\(grid.cells.map(\.entry.title))")
        }
    }

    func testAGridOpenedWhileTheServiceIsUnreachableFallsBackToo() throws {
        let closed = try FakeHTTPServer { _ in .json("[]") }
        let url = scienceRoute(closed)
        closed.stop()
        try MainActor.assumeIsolated {
            try start(
                services: files.services(.science, apiURL: url, calendar: calendar),
                options: ViewerOptions(randomCount: 4))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("four sample entries fill the grid") { grid.cells.count == 4 }
            XCTAssertEqual(grid.stack.state, .grid, "no error page")
            XCTAssertTrue(
                grid.cells.allSatisfy { $0.entry.title.hasPrefix("Sample") }, "\(grid.cells.map(\.entry.title))")
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(main.offlineBanner.isShown)
            waitUntil("the main window shows the sample") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }
            XCTAssertNil(main.failureMessage)
            XCTAssertNil(main.banner.message)

            main.window.close()
            app.services?.goOnline()
            app.application.activateAction(AppAction.random, int: 2)
            let reopened = try XCTUnwrap(app.randomView)
            waitUntil("the reopened window's batch falls back as well") { reopened.cells.count == 2 }
            XCTAssertEqual(reopened.stack.state, .grid)
            XCTAssertTrue(app.services?.isFallenBack == true)
        }
    }

    func testTryAgainGoesBackOnlineOnceTheServiceAnswers() throws {
        let state = Switch()
        let server = try scienceServer(state)
        service = server
        try MainActor.assumeIsolated {
            try start(services: files.services(.science, apiURL: scienceRoute(server), calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the app fell back to the sample", timeout: 30) { main.offlineBanner.isShown }
            waitUntil("the sample's newest entry is shown") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }

            state.healthy = true
            main.offlineBanner.root.triggerAction()
            waitUntil("the service's entry is shown") { main.caption.titleLabel.text == "Live Sky" }
            XCTAssertFalse(main.offlineBanner.isShown)
            waitUntil("its picture is shown") { main.pictureView.shownImage?.originalWidth == 1200 }

            state.healthy = false
            app.application.activateAction(AppAction.showDate, string: "2026-11-20")
            waitUntil("a later failure is an ordinary error, not a fallback", timeout: 30) {
                main.failureMessage != nil
            }
            XCTAssertFalse(main.offlineBanner.isShown)
        }
    }

    /// A grid batch that arrived online counts as the service answering, like an entry in the
    /// main window: a later failure in the main window is an ordinary error, not a fall-back.
    func testAGridLoadedOnlineCountsAsTheServiceAnswering() throws {
        let state = Switch()
        state.healthy = true
        let server = try scienceServer(state)
        service = server
        try MainActor.assumeIsolated {
            try start(services: files.services(.science, apiURL: scienceRoute(server), calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the service's entry is shown") { main.caption.titleLabel.text == "Live Sky" }
            let services = try XCTUnwrap(app.services)
            services.goOnline()
            XCTAssertFalse(services.hasReachedService, "a fresh start as far as the fallback knows")

            app.application.activateAction(AppAction.random, int: 1)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid shows the service's entry") { grid.cells.map(\.entry.title) == ["Live Sky"] }
            XCTAssertTrue(services.hasReachedService, "the grid's batch is the service answering")

            state.healthy = false
            app.application.activateAction(AppAction.showDate, string: "2026-11-20")
            waitUntil("a later failure is an ordinary error, not a fallback", timeout: 30) {
                main.failureMessage != nil
            }
            XCTAssertFalse(main.offlineBanner.isShown)
            XCTAssertFalse(services.isFallenBack)
        }
    }

    func testOfflineOnPurposeShowsTheSampleWithoutTheBanner() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the sample's newest entry is shown") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }
            XCTAssertFalse(main.offlineBanner.isShown)
        }
    }
}
