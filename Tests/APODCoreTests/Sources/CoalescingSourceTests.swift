import TestSupport
import XCTest

@testable import APODCore

/// Callers asking for the same thing at the same time share one request, through the source
/// `SourceConfiguration.makeSource` builds (as the viewer's windows and daily check hold it).
final class CoalescingSourceTests: CoreTestCase, @unchecked Sendable {
    private var root: URL!
    private let clock = TestClock(day: "2026-11-28")
    /// Long enough that the second caller always asks while the first request is in flight.
    private let serviceDelay: TimeInterval = 1

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-coalescing-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func startService(days: [String] = ["2026-11-27", "2026-11-28"]) throws -> (FakeHTTPServer, URL) {
        var service = FakeScienceService(
            entries: Dictionary(uniqueKeysWithValues: days.map { ($0, ScienceFixtures.entry($0)) }))
        service.delay = serviceDelay
        return try service.start()
    }

    private func source(_ url: URL, useCache: Bool = true) -> any APODSource {
        SourceConfiguration(kind: .science, apiURL: url, cacheDirectory: root, useCache: useCache)
            .makeSource(client: TestHTTP.client(), calendar: clock.calendar)
    }

    /// The viewer's start-up: the main window and the daily check both want the latest entry.
    func testTwoCallersAskingForTheLatestAtOnceShareOneRequest() async throws {
        let (server, url) = try startService()
        defer { server.stop() }
        let source = source(url)
        async let first = source.latest()
        async let second = source.latest()
        let answers = try await [first, second]
        XCTAssertEqual(answers.map(\.date.description), ["2026-11-28", "2026-11-28"])
        XCTAssertEqual(server.requests.map(\.path), [FakeScienceService.route], "one request for both callers")
    }

    func testTheSameDayIsAskedOnceAndAnotherDayOnItsOwn() async throws {
        let (server, url) = try startService()
        defer { server.stop() }
        let source = source(url, useCache: false)
        let day = APODDay("2026-11-27")!
        async let first = source.entry(for: day)
        async let second = source.entry(for: day)
        async let other = source.latest()
        let answers = try await [first, second, other]
        XCTAssertEqual(answers.map(\.date.description), ["2026-11-27", "2026-11-27", "2026-11-28"])
        XCTAssertEqual(
            server.requests.map(\.path).sorted(), [FakeScienceService.route, FakeScienceService.route + "/261127"])
    }

    /// Before today's picture is published the latest is yesterday's, which the cache does not
    /// keep as the latest: a caller a moment after the first answer still asks nothing.
    func testTheLatestIsReusedForAMinuteAfterItsAnswer() async throws {
        let (server, url) = try startService(days: ["2026-11-26", "2026-11-27"])
        defer { server.stop() }
        let source = source(url)
        let first = try await source.latest()
        XCTAssertEqual(first.date.description, "2026-11-27", "today is not published yet")
        clock.advance(CoalescingSource.latestReuse - 1)
        _ = try await source.latest()
        XCTAssertEqual(server.requests.count, 1, "reused within the minute")
        clock.advance(2)
        _ = try await source.latest()
        XCTAssertEqual(server.requests.count, 2, "asked again after it")
    }

    /// Days are shared only while in flight: without the cache, a later caller asks afresh.
    func testALaterCallerForADayAsksAgain() async throws {
        let (server, url) = try startService()
        defer { server.stop() }
        let source = source(url, useCache: false)
        _ = try await source.entry(for: APODDay("2026-11-27")!)
        _ = try await source.entry(for: APODDay("2026-11-27")!)
        XCTAssertEqual(server.requests.count, 2)
    }
}
