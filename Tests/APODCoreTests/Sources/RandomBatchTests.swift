import TestSupport
import XCTest

@testable import APODCore

/// Random batches as streams: each entry arrives on its own, failed days are replaced, and a
/// batch fails only when nothing at all could be had.
final class RandomBatchTests: CoreTestCase {
    private let clock = TestClock(day: "2026-11-28")
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-random-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func science(_ service: FakeScienceService) throws -> (ScienceSource, FakeHTTPServer) {
        let (server, url) = try service.start()
        return (ScienceSource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar), server)
    }

    /// Every day answers, except those `failing` picks, which answer `status` every time.
    private func service(failing: @escaping @Sendable (APODDay) -> Bool, status: Int = 503) -> FakeScienceService {
        FakeScienceService(
            entries: [:],
            override: { request in
                guard let day = APODDay.asked(by: request) else { return nil }
                if failing(day) {
                    return status == 429
                        ? .json(LegacyFixtures.gatewayRateLimit, status: 429)
                        : .html("<h1>\(status)</h1>", status: status)
                }
                return .json(ScienceFixtures.entry(day.description))
            })
    }

    func testTheFirstEntryArrivesWhileTheOthersAreStillOnTheirWay() async throws {
        let gate = AnswerGate()
        let counter = RequestCounter()
        let (source, server) = try science(
            FakeScienceService(
                entries: [:],
                override: { request in
                    guard let day = APODDay.asked(by: request) else { return nil }
                    if counter.next() > 1 { gate.wait() }
                    return .json(ScienceFixtures.entry(day.description))
                }))
        defer { server.stop() }
        var iterator = source.randomStream(count: 4).makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertNotNil(first)
        XCTAssertEqual(gate.passed, 0, "the first entry must not wait for the rest of the batch")
        gate.open()
        var all = [try XCTUnwrap(first)]
        while let entry = try await iterator.next() { all.append(entry) }
        XCTAssertEqual(Set(all.map(\.date)).count, 4)
    }

    func testFailedDaysAreReplacedByOtherDays() async throws {
        let failing: @Sendable (APODDay) -> Bool = { $0.ordinal % 3 == 0 }
        let (source, server) = try science(service(failing: failing))
        defer { server.stop() }
        let entries = try await source.random(count: 12)
        XCTAssertEqual(entries.count, 12)
        XCTAssertEqual(Set(entries.map(\.date)).count, 12)
        XCTAssertTrue(entries.allSatisfy { !failing($0.date) })
        let days = Set(server.requests.map(\.path))
        XCTAssertLessThanOrEqual(days.count, 12 * 2 + 10, "days tried stay bounded")
    }

    func testWhenEveryDayFailsTheBatchFailsWithTheServiceError() async throws {
        let (source, server) = try science(service(failing: { _ in true }))
        defer { server.stop() }
        do {
            _ = try await source.random(count: 40)
            XCTFail("expected serviceError")
        } catch let error as APODError {
            XCTAssertEqual(error, .serviceError(status: 503))
        }
        let days = Set(server.requests.map(\.path)).count
        XCTAssertLessThan(days, 40, "a service that is out ends the batch before its budget of \(40 * 2 + 10) days")
    }

    func testAnExhaustedQuotaEndsTheBatchAtOnceAndIsReported() async throws {
        let (source, server) = try science(service(failing: { _ in true }, status: 429))
        defer { server.stop() }
        do {
            _ = try await source.random(count: 20)
            XCTFail("expected rateLimited")
        } catch let error as APODError {
            XCTAssertEqual(error, .rateLimited)
        }
        XCTAssertLessThanOrEqual(server.requests.count, 6, "no day is asked after the first 429 answers")
    }

    func testTheMostTellingErrorWins() {
        var failures = BatchFailures(limit: 10, firstRound: 4)
        failures.record(.malformedResponse(detail: "x"))
        failures.record(.serviceError(status: 502))
        failures.record(.timedOut(seconds: 5))
        failures.record(.serviceError(status: 503))
        XCTAssertEqual(failures.mostTelling, .timedOut(seconds: 5))
        XCTAssertFalse(failures.shouldStop)
        failures.record(.keyRefused)
        XCTAssertEqual(failures.mostTelling, .keyRefused)
        XCTAssertTrue(failures.shouldStop)
    }

    /// A service that never answers: a batch's first round (one request per science day, one
    /// pick for the legacy API; each tried three times) is all it waits for, then it says the
    /// service did not answer.
    func testADeadServiceEndsTheBatchAfterItsFirstRound() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let client = TestHTTP.client(timeout: 1)
        let science = ScienceSource(
            apiURL: server.baseURL.appendingPathComponent(String(FakeScienceService.route.dropFirst())),
            client: client, calendar: clock.calendar)
        let legacy = LegacySource(
            apiURL: server.baseURL.appendingPathComponent(String(FakeLegacyService.route.dropFirst())),
            client: client, calendar: clock.calendar)
        for (name, source, paths) in [("science", science as any APODSource, 5), ("legacy", legacy, 1)] {
            let before = server.requests.count
            do {
                _ = try await source.random(count: 5)
                XCTFail("\(name): expected timedOut")
            } catch APODError.timedOut {
            }
            let asked = server.requests.dropFirst(before)
            XCTAssertEqual(Set(asked.map(\.target)).count, paths, "\(name): the first round, no more")
            XCTAssertEqual(asked.count, paths * 3, name)
        }
    }

    /// Days that answer at all (here a 404) keep the batch going past its first round.
    func testAnsweredDaysKeepTheBatchGoing() async throws {
        let counter = RequestCounter()
        let (source, server) = try science(
            FakeScienceService(
                entries: [:],
                override: { request in
                    guard let day = APODDay.asked(by: request) else { return nil }
                    return counter.next() <= 3
                        ? .json(ScienceFixtures.notFound, status: 404) : .json(ScienceFixtures.entry(day.description))
                }))
        defer { server.stop() }
        let entries = try await source.random(count: 3)
        XCTAssertEqual(entries.count, 3)
    }

    func testCachingStoresEveryDayOfABatchAsItArrives() async throws {
        let (science, server) = try science(service(failing: { $0.ordinal % 4 == 0 }))
        defer { server.stop() }
        let cache = MetadataCache(root: root, partition: "science", calendar: clock.calendar)
        let source = CachingSource(upstream: science, cache: cache, calendar: clock.calendar)
        var iterator = source.randomStream(count: 6).makeAsyncIterator()
        let next = try await iterator.next()
        let first = try XCTUnwrap(next)
        XCTAssertEqual(cache.lookup(first.date), .entry(first), "stored before the next one is asked for")
        var all = [first]
        while let entry = try await iterator.next() { all.append(entry) }
        XCTAssertEqual(all.count, 6)
        for entry in all { XCTAssertEqual(cache.lookup(entry.date), .entry(entry)) }
    }

    func testLegacyKeepsWhatArrivedWhenAFollowUpFails() async throws {
        let all = (0..<200).map { APODDay("2010-01-01")!.adding(days: $0).description }
        let service = FakeLegacyService(
            entries: Dictionary(uniqueKeysWithValues: all.map { ($0, LegacyFixtures.entry($0)) }),
            today: "2026-11-28")
        let counter = RequestCounter()
        service.countShortfall = 4
        service.override = { _ in counter.next() > 1 ? .html(LegacyFixtures.outagePage, status: 503) : nil }
        let (server, url) = try service.start()
        defer { server.stop() }
        let legacy = LegacySource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar)
        let entries = try await legacy.random(count: 10)
        XCTAssertEqual(entries.count, 6, "the first answer's six entries are kept")
        XCTAssertEqual(
            server.requests.count, 1 + 3 * 3, "three failed follow-ups, each tried three times, end the batch")
    }

    func testLegacyRandomFailsWithTheKeyErrorWhenNothingArrives() async throws {
        let service = FakeLegacyService(entries: [:], validKey: "right", today: "2026-11-28")
        let (server, url) = try service.start()
        defer { server.stop() }
        let legacy = LegacySource(apiURL: url, apiKey: "wrong", client: TestHTTP.client(), calendar: clock.calendar)
        do {
            _ = try await legacy.random(count: 5)
            XCTFail("expected keyRefused")
        } catch let error as APODError {
            XCTAssertEqual(error, .keyRefused)
        }
        XCTAssertEqual(server.requests.count, 1)
    }

    func testLegacyRandomRefusesEntriesFromOutsideTheArchive() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in
            .json("[" + LegacyFixtures.entry("2012-03-04") + "," + LegacyFixtures.entry("2090-01-01") + "]")
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let legacy = LegacySource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar)
        let entries = try await legacy.random(count: 2)
        XCTAssertEqual(entries.map(\.date.description), ["2012-03-04"])
    }
}
