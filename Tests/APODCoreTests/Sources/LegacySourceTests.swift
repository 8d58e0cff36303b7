import TestSupport
import XCTest

@testable import APODCore

final class LegacySourceTests: CoreTestCase, @unchecked Sendable {
    private let clock = TestClock(day: "2026-11-28")

    private func days(_ list: [String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: list.map { ($0, LegacyFixtures.entry($0)) })
    }

    private func source(_ url: URL, key: String = "DEMO_KEY", retries: Int = 2) -> LegacySource {
        LegacySource(apiURL: url, apiKey: key, client: TestHTTP.client(retries: retries), calendar: clock.calendar)
    }

    func testDaySendsTrimmedKeyDateAndThumbsAndExposesRateLimit() async throws {
        let service = FakeLegacyService(
            entries: ["2019-02-10": LegacyFixtures.youTubeVideo], validKey: "my-key", today: "2026-11-28")
        let (server, url) = try service.start()
        defer { server.stop() }
        let legacy = source(url, key: " my-key\n")
        XCTAssertNil(legacy.rateLimit)
        let entry = try await legacy.entry(for: APODDay("2019-02-10")!)
        XCTAssertEqual(entry.thumbnailURL?.host, "img.youtube.com")
        let query = try XCTUnwrap(server.requests.first?.query)
        XCTAssertEqual(query["api_key"], "my-key")
        XCTAssertEqual(query["date"], "2019-02-10")
        XCTAssertEqual(query["thumbs"], "true")
        XCTAssertEqual(legacy.rateLimit, RateLimit(limit: 30, remaining: 29))
    }

    func testPast404IsNoEntryAndToday404FallsBack() async throws {
        let (server, url) = try FakeLegacyService(entries: days(["2026-11-27"]), today: "2026-11-28").start()
        defer { server.stop() }
        do {
            _ = try await source(url).entry(for: APODDay("2020-06-10")!)
            XCTFail("expected noEntry")
        } catch let error as APODError {
            XCTAssertEqual(error, .noEntry(APODDay("2020-06-10")!))
        }
        let today = try await source(url).entry(for: APODDay("2026-11-28")!)
        XCTAssertEqual(today.date.description, "2026-11-27")
    }

    func testServerStillOnYesterdayIsTreatedAsNotPublished() async throws {
        let (server, url) = try FakeLegacyService(entries: days(["2026-11-27"]), today: "2026-11-27").start()
        defer { server.stop() }
        let entry = try await source(url).entry(for: APODDay("2026-11-28")!)
        XCTAssertEqual(entry.date.description, "2026-11-27")
    }

    /// Asked for 2019-01-05, an answer for 2019-01-06 is refused; so is a "latest" from 2090.
    func testAnswersForAnotherDayOrOutsideTheArchiveAreRefused() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { request in
            .json(LegacyFixtures.entry(request.query["date"] == nil ? "2090-01-01" : "2019-01-06"))
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        await assertMalformed { try await source(url).entry(for: APODDay("2019-01-05")!) }
        await assertMalformed { try await source(url).latest() }
    }

    func testLatestAsksWithoutADate() async throws {
        let (server, url) = try FakeLegacyService(entries: days(["2026-11-28"]), today: "2026-11-28").start()
        defer { server.stop() }
        let entry = try await source(url).latest()
        XCTAssertEqual(entry.date.description, "2026-11-28")
        XCTAssertNil(server.requests.first?.query["date"])
    }

    func testRateLimitIsNotRetriedAndExplainsTheKey() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in
            .json(LegacyFixtures.gatewayRateLimit, status: 429, headers: ["X-RateLimit-Remaining": "0"])
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let legacy = source(url)
        do {
            _ = try await legacy.entry(for: APODDay("2020-01-01")!)
            XCTFail("expected rateLimited")
        } catch let error as APODError {
            XCTAssertEqual(error, .rateLimited)
            XCTAssertTrue(error.message.contains("api.nasa.gov"))
        }
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(legacy.rateLimit?.remaining, 0)
    }

    func testRefusedKeyNeverAppearsInTheMessage() async throws {
        let (server, url) = try FakeLegacyService(entries: [:], validKey: "right", today: "2026-11-28").start()
        defer { server.stop() }
        do {
            _ = try await source(url, key: "wrong-secret-key").entry(for: APODDay("2020-01-01")!)
            XCTFail("expected keyRefused")
        } catch let error as APODError {
            XCTAssertEqual(error, .keyRefused)
            XCTAssertFalse(error.message.contains("wrong-secret-key"))
        }
        XCTAssertEqual(server.requests.count, 1)
    }

    func testBadRequestCarriesTheServiceMessage() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in .json(LegacyFixtures.backendBadDate, status: 400) }
        let (server, url) = try service.start()
        defer { server.stop() }
        do {
            _ = try await source(url).entry(for: APODDay("2020-01-01")!)
            XCTFail("expected requestRejected")
        } catch let error as APODError {
            XCTAssertEqual(
                error, .requestRejected(status: 400, message: "time data 'banana' does not match format '%Y-%m-%d'"))
        }
    }

    func testOutagePagesAreRetriedThenReported() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in .html(LegacyFixtures.outagePage, status: 503) }
        let (server, url) = try service.start()
        defer { server.stop() }
        do {
            _ = try await source(url).entry(for: APODDay("2020-01-01")!)
            XCTFail("expected serviceError")
        } catch let error as APODError {
            XCTAssertEqual(error, .serviceError(status: 503))
            XCTAssertTrue(error.isTransient)
        }
        XCTAssertEqual(server.requests.count, 3)
    }

    func testBackend500ForAnUnknownDateIsAServiceError() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in .json(LegacyFixtures.backendServerError, status: 500) }
        let (server, url) = try service.start()
        defer { server.stop() }
        do {
            _ = try await source(url, retries: 0).entry(for: APODDay("2026-09-11")!)
            XCTFail("expected serviceError")
        } catch let error as APODError {
            XCTAssertEqual(error, .serviceError(status: 500))
        }
    }

    func testTruncatedRangesAreContinued() async throws {
        let all = (0..<60).map { APODDay("2019-01-01")!.adding(days: $0).description }
        let service = FakeLegacyService(entries: days(all.filter { $0 != "2019-01-30" }), today: "2026-11-28")
        service.maxRange = 25
        let (server, url) = try service.start()
        defer { server.stop() }
        let entries = try await source(url).entries(from: APODDay("2019-01-01")!, through: APODDay("2019-03-01")!)
        XCTAssertEqual(entries.map(\.date.description), all.filter { $0 != "2019-01-30" })
        XCTAssertEqual(server.requests.count, 3)
        XCTAssertEqual(server.requests.first?.query["start_date"], "2019-01-01")
        XCTAssertEqual(server.requests.first?.query["end_date"], "2019-03-01")
        XCTAssertNil(server.requests.first?.query["date"])
    }

    func testShortRandomAnswersAreToppedUp() async throws {
        let all = (0..<200).map { APODDay("2010-01-01")!.adding(days: $0).description }
        let service = FakeLegacyService(entries: days(all), today: "2026-11-28")
        service.countShortfall = 3
        let (server, url) = try service.start()
        defer { server.stop() }
        let entries = try await source(url).random(count: 10)
        XCTAssertEqual(entries.count, 10)
        XCTAssertEqual(Set(entries.map(\.date)).count, 10)
        XCTAssertGreaterThan(server.requests.count, 1)
        XCTAssertEqual(server.requests.first?.query["count"], "10")
    }

    func testPlaceholderAnswersAreNotShownAsEntries() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { request in
            request.query["date"] != nil
                ? .json(LegacyFixtures.placeholder)
                : .json("[" + LegacyFixtures.entry("2026-10-01") + "," + LegacyFixtures.placeholder + "]")
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        do {
            _ = try await source(url).entry(for: APODDay("2026-10-02")!)
            XCTFail("expected malformedResponse")
        } catch APODError.malformedResponse {}
        let range = try await source(url).entries(from: APODDay("2026-10-01")!, through: APODDay("2026-10-02")!)
        XCTAssertEqual(range.map(\.date.description), ["2026-10-01"])
    }

    func testUnusableListItemsAreSkipped() async throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in
            .json("[" + LegacyFixtures.entry("2019-01-01") + "," + LegacyFixtures.missingTitle + "]")
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let entries = try await source(url).entries(from: APODDay("2019-01-01")!, through: APODDay("2019-01-02")!)
        XCTAssertEqual(entries.map(\.date.description), ["2019-01-01"])
    }
}

/// Legacy ranges behind the metadata cache: an unusable item is not a day without a picture.
final class LegacyRangeCachingTests: CoreTestCase, @unchecked Sendable {
    private let clock = TestClock(day: "2026-11-28")
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-legacy-range-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func cachedRange(answering items: [String]) async throws -> MetadataCache {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in .json("[" + items.joined(separator: ",") + "]") }
        let (server, url) = try service.start()
        defer { server.stop() }
        let cache = MetadataCache(root: root, partition: "legacy", calendar: clock.calendar)
        let source = CachingSource(
            upstream: LegacySource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar),
            cache: cache, calendar: clock.calendar)
        _ = try await source.entries(from: APODDay("2019-01-01")!, through: APODDay("2019-01-04")!)
        return cache
    }

    func testADatedUnusableItemIsAskedForAgain() async throws {
        let untitled = #"{"date":"2019-01-03","title":"","media_type":"image","explanation":"","service_version":"v1"}"#
        let cache = try await cachedRange(answering: [
            LegacyFixtures.entry("2019-01-01"), untitled, LegacyFixtures.entry("2019-01-04"),
        ])
        XCTAssertEqual(cache.lookup(APODDay("2019-01-02")!), .noEntry, "a real gap")
        XCTAssertEqual(cache.lookup(APODDay("2019-01-03")!), .miss)
    }

    func testAnUndatedUnusableItemLeavesNoDayCertain() async throws {
        let undated = #"{"title":"Lost","media_type":"image"}"#
        let cache = try await cachedRange(answering: [
            LegacyFixtures.entry("2019-01-01"), undated, LegacyFixtures.entry("2019-01-04"),
        ])
        XCTAssertEqual(cache.lookup(APODDay("2019-01-02")!), .miss)
        XCTAssertEqual(cache.lookup(APODDay("2019-01-03")!), .miss)
        if case .entry = cache.lookup(APODDay("2019-01-04")!) {} else { XCTFail("the usable entries are cached") }
    }
}

/// Answers of the wrong shape are broken answers: never "no picture that day", never cached.
final class LegacyWrongShapeTests: CoreTestCase, @unchecked Sendable {
    private let clock = TestClock(day: "2026-11-28")
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-shape-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A legacy source behind the metadata cache, answering `body` until `healed` is set.
    private func service(_ body: String) throws -> (CachingSource, FakeHTTPServer, FaultSwitch) {
        let faults = FaultSwitch()
        faults.current = { _ in .json(body) }
        let service = FakeLegacyService(entries: ["2019-01-05": LegacyFixtures.image], today: "2026-11-28")
        service.override = { faults.current?($0) }
        let (server, url) = try service.start()
        let legacy = LegacySource(apiURL: url, client: TestHTTP.client(), calendar: clock.calendar)
        let cache = MetadataCache(root: root, partition: "shape", calendar: clock.calendar)
        return (CachingSource(upstream: legacy, cache: cache, calendar: clock.calendar), server, faults)
    }

    func testWrongShapesForOneDayAreMalformedAndNotCached() async throws {
        for body in ["[1,2,3]", "[]", #"["2019-01-05"]"#, "42", #""text""#, "null"] {
            let (source, server, faults) = try service(body)
            defer { server.stop() }
            do {
                _ = try await source.entry(for: APODDay("2019-01-05")!)
                XCTFail("\(body): expected malformedResponse")
            } catch let error as APODError {
                guard case .malformedResponse = error else { return XCTFail("\(body): \(error)") }
            }
            faults.current = nil
            let healed = try await source.entry(for: APODDay("2019-01-05")!)
            XCTAssertEqual(healed.title, "Comet & Stars", body)
            try FileManager.default.removeItem(at: root)
        }
    }

    func testTitleOfTheWrongTypeIsAnUnusableEntryNotCached() async throws {
        let (source, server, faults) = try service(#"{"date":"2019-01-05","title":["Comet"]}"#)
        defer { server.stop() }
        do {
            _ = try await source.entry(for: APODDay("2019-01-05")!)
            XCTFail("expected unusableEntry")
        } catch let error as APODError {
            XCTAssertEqual(error, .unusableEntry(date: "2019-01-05"))
        }
        faults.current = nil
        let healed = try await source.entry(for: APODDay("2019-01-05")!)
        XCTAssertEqual(healed.title, "Comet & Stars")
    }

    func testListWithoutOneUsableEntryIsMalformedNotAnEmptyRange() async throws {
        let (source, server, faults) = try service(#"[{"a":1},{"title":"no date"}]"#)
        defer { server.stop() }
        do {
            _ = try await source.entries(from: APODDay("2019-01-04")!, through: APODDay("2019-01-06")!)
            XCTFail("expected malformedResponse")
        } catch let error as APODError {
            guard case .malformedResponse = error else { return XCTFail("\(error)") }
        }
        faults.current = nil
        let healed = try await source.entries(from: APODDay("2019-01-04")!, through: APODDay("2019-01-06")!)
        XCTAssertEqual(healed.map(\.date.description), ["2019-01-05"])
    }
}
