import TestSupport
import XCTest

@testable import APODCore

/// An in-memory upstream that counts calls and can be switched to failing.
final class RecordingSource: APODSource, @unchecked Sendable {
    var syncWindowDays: Int { 31 }
    var rateLimit: RateLimit? { nil }
    private let lock = NSLock()
    private var published: [APODDay: APODEntry]
    private var failure: APODError?
    private var unusable: Set<APODDay> = []
    private var players: [APODDay: URL] = [:]
    private(set) var calls: [String] = []

    init(days: [String]) {
        published = Dictionary(
            uniqueKeysWithValues: days.map {
                (APODDay($0)!, APODEntry(date: APODDay($0)!, title: "T \($0)"))
            })
    }

    func fail(with error: APODError?) { lock.withLock { failure = error } }

    /// Days a range reports as unusable (an entry came, but could not be used).
    func setUnusable(_ days: [String]) { lock.withLock { unusable = Set(days.map { APODDay($0)! }) } }

    /// Video days and the player `withVideoAddresses` finds for each.
    func publishVideo(_ day: String, player: String) {
        lock.withLock {
            published[APODDay(day)!] = APODEntry(date: APODDay(day)!, title: "T \(day)", mediaType: .video)
            players[APODDay(day)!] = URL(string: player)!
        }
    }

    func publish(_ day: String) {
        lock.withLock { published[APODDay(day)!] = APODEntry(date: APODDay(day)!, title: "T \(day)") }
    }

    private func record(_ call: String) throws -> [APODDay: APODEntry] {
        try lock.withLock {
            calls.append(call)
            if let failure { throw failure }
            return published
        }
    }

    func latest() async throws -> APODEntry {
        try record("latest").values.max { $0.date < $1.date }!
    }

    func entry(for day: APODDay) async throws -> APODEntry {
        guard let entry = try record("entry \(day)")[day] else { throw APODError.noEntry(day) }
        return entry
    }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        let entries = try record("range \(start) \(end)").values.filter { (start...end).contains($0.date) }.sorted {
            $0.date < $1.date
        }
        return RangeAnswer(
            entries: entries, unusableDays: lock.withLock { unusable.filter { (start...end).contains($0) } })
    }

    func random(count: Int) async throws -> [APODEntry] {
        Array(try record("random \(count)").values.prefix(count))
    }

    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { [self] yield in try await random(count: count).forEach(yield) }
    }

    func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] {
        let videos = entries.filter(\.lacksVideoAddress)
        guard !videos.isEmpty else { return entries }
        _ = try record("videos " + videos.map(\.date.description).joined(separator: " "))
        return lock.withLock {
            entries.map { entry in
                var entry = entry
                if entry.lacksVideoAddress { entry.videoURL = players[entry.date] }
                return entry
            }
        }
    }
}

final class CachingSourceTests: CoreTestCase, @unchecked Sendable {
    /// The cache (and, for `ForwardingSourceTests`, the index) of each test.
    var root: URL!
    let clock = TestClock(day: "2026-11-28")

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-caching-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func caching(_ upstream: any APODSource) -> CachingSource {
        CachingSource(
            upstream: upstream, cache: MetadataCache(root: root, partition: "test", calendar: clock.calendar),
            calendar: clock.calendar)
    }

    func testPastDayIsFetchedOnce() async throws {
        let upstream = RecordingSource(days: ["2020-01-01"])
        _ = try await caching(upstream).entry(for: APODDay("2020-01-01")!)
        let again = try await caching(upstream).entry(for: APODDay("2020-01-01")!)
        XCTAssertEqual(again.title, "T 2020-01-01")
        XCTAssertEqual(upstream.calls, ["entry 2020-01-01"])
    }

    func testLatestIsServedFromCacheForAnHour() async throws {
        let upstream = RecordingSource(days: ["2026-11-28"])
        _ = try await caching(upstream).latest()
        clock.advance(1800)
        _ = try await caching(upstream).latest()
        XCTAssertEqual(upstream.calls, ["latest"])
        clock.advance(1900)
        _ = try await caching(upstream).latest()
        XCTAssertEqual(upstream.calls, ["latest", "latest"])
    }

    func testMissingPastDayIsRememberedForADay() async throws {
        let upstream = RecordingSource(days: [])
        for _ in 0..<2 {
            do {
                _ = try await caching(upstream).entry(for: APODDay("2025-10-10")!)
                XCTFail("expected noEntry")
            } catch APODError.noEntry {}
        }
        XCTAssertEqual(upstream.calls.count, 1)
        upstream.publish("2025-10-10")
        clock.advance(86_400 + 1)
        let backfilled = try await caching(upstream).entry(for: APODDay("2025-10-10")!)
        XCTAssertEqual(backfilled.date.description, "2025-10-10")
    }

    func testStaleCopyIsUsedWhenTheServiceIsUnreachable() async throws {
        let upstream = RecordingSource(days: ["2026-11-28"])
        _ = try await caching(upstream).entry(for: APODDay("2026-11-28")!)
        clock.advance(7200)
        upstream.fail(with: .unreachable)
        let stale = try await caching(upstream).entry(for: APODDay("2026-11-28")!)
        XCTAssertEqual(stale.date.description, "2026-11-28")
        let latest = try await caching(upstream).latest()
        XCTAssertEqual(latest.date.description, "2026-11-28")
        do {
            _ = try await caching(upstream).entry(for: APODDay("2020-05-05")!)
            XCTFail("nothing cached: the error must surface")
        } catch let error as APODError {
            XCTAssertEqual(error, .unreachable)
        }
    }

    func testRangeAsksOnlyForTheSpanNotCached() async throws {
        let upstream = RecordingSource(days: (1...10).map { String(format: "2020-03-%02d", $0) })
        _ = try await caching(upstream).entry(for: APODDay("2020-03-01")!)
        _ = try await caching(upstream).entry(for: APODDay("2020-03-10")!)
        let range = try await caching(upstream).entries(from: APODDay("2020-03-01")!, through: APODDay("2020-03-10")!)
        XCTAssertEqual(range.count, 10)
        XCTAssertEqual(upstream.calls.last, "range 2020-03-02 2020-03-09")
        _ = try await caching(upstream).entries(from: APODDay("2020-03-01")!, through: APODDay("2020-03-10")!)
        XCTAssertEqual(upstream.calls.count, 3, "the whole range is cached now")
    }

    /// science.nasa.gov over the cache: a day whose entry is unusable is asked for again on
    /// the next range (and shows once fixed); a real gap is remembered as "no picture".
    func testAnUnusableDayInARangeIsNotRememberedAsNoPicture() async throws {
        let fixed = FaultSwitch()
        var service = FakeScienceService(entries: [
            "2020-06-09": ScienceFixtures.entry("2020-06-09"),
            "2020-06-11": ScienceFixtures.missingTitle,
            "2020-06-12": ScienceFixtures.entry("2020-06-12"),
        ])
        service.revised = { day in
            day == "2020-06-11" && fixed.current != nil ? ScienceFixtures.entry(day) : nil
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let cache = MetadataCache(root: root, partition: "science", calendar: clock.calendar)
        let source = CachingSource(
            upstream: ScienceSource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar),
            cache: cache, calendar: clock.calendar)
        let (first, last) = (APODDay("2020-06-09")!, APODDay("2020-06-12")!)

        let broken = try await source.entries(from: first, through: last)
        XCTAssertEqual(broken.map(\.date.description), ["2020-06-09", "2020-06-12"])
        XCTAssertEqual(cache.lookup(APODDay("2020-06-10")!), .noEntry, "a real gap is remembered")
        XCTAssertEqual(cache.lookup(APODDay("2020-06-11")!), .miss, "an unusable entry is not a day without a picture")

        fixed.current = { _ in nil }
        let healed = try await source.entries(from: first, through: last)
        XCTAssertEqual(healed.map(\.date.description), ["2020-06-09", "2020-06-11", "2020-06-12"])
        let second = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(
            [second.query["date_from"], second.query["date_to"]], ["200611", "200611"],
            "only the unusable day is asked again, not the gap")
    }

    /// Asked for 2019-01-05, a service answering 2019-01-06 ("POISON") is refused and nothing
    /// is cached under either day.
    func testAnAnswerForAnotherDayIsNotCached() async throws {
        let poison = #"{"date":"2019-01-06","title":"POISON","media_type":"image"}"#
        let service = FakeScienceService(entries: [:], override: { _ in .json(poison) })
        let (server, url) = try service.start()
        defer { server.stop() }
        let cache = MetadataCache(root: root, partition: "science", calendar: clock.calendar)
        let source = CachingSource(
            upstream: ScienceSource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar),
            cache: cache, calendar: clock.calendar)
        await assertMalformed { try await source.entry(for: APODDay("2019-01-05")!) }
        XCTAssertEqual(cache.lookup(APODDay("2019-01-05")!), .miss)
        XCTAssertEqual(cache.lookup(APODDay("2019-01-06")!), .miss)
    }

    func testRandomAlwaysAsksAndFillsTheCache() async throws {
        let upstream = RecordingSource(days: ["2001-01-01", "2002-02-02"])
        _ = try await caching(upstream).random(count: 2)
        _ = try await caching(upstream).random(count: 2)
        XCTAssertEqual(upstream.calls, ["random 2", "random 2"])
        _ = try await caching(upstream).entry(for: APODDay("2001-01-01")!)
        XCTAssertEqual(upstream.calls.count, 2)
    }

    func testOutOfRangeIsRefusedWithoutAskingUpstream() async throws {
        let upstream = RecordingSource(days: [])
        do {
            _ = try await caching(upstream).entry(for: APODDay("2030-01-01")!)
            XCTFail("expected dateOutOfRange")
        } catch APODError.dateOutOfRange {}
        XCTAssertTrue(upstream.calls.isEmpty)
    }
}
