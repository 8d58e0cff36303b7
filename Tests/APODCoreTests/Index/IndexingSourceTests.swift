import XCTest

@testable import APODCore

final class IndexingSourceTests: CoreTestCase {
    private var folder: URL!
    private let clock = TestClock(day: "2026-11-30")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("indexing-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func makeIndex() throws -> ArchiveIndex {
        try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
    }

    func testEveryFetchedEntryIsIndexed() async throws {
        let upstream = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try makeIndex()
        let source = IndexingSource(upstream: upstream, index: index, calendar: clock.calendar)
        let latest = try await source.latest()
        let day = try await source.entry(for: APODDay("2001-09-09")!)
        let range = try await source.entries(from: APODDay("2002-02-02")!, through: APODDay("2002-02-04")!)
        let random = try await source.random(count: 3)
        var streamed: [APODEntry] = []
        for try await entry in source.randomStream(count: 2) { streamed.append(entry) }
        for entry in [latest, day] + range + random + streamed {
            XCTAssertEqual(try index.entry(for: entry.date), entry)
        }
    }

    /// A past day the service answers "no entry" for is absent: asked once, then answered by
    /// the index, and counted as a day the service has none for.
    func testAPastDayWithoutAnEntryIsRememberedAsAbsent() async throws {
        let upstream = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try makeIndex()
        let source = IndexingSource(upstream: upstream, index: index, calendar: clock.calendar)
        let gap = APODDay("2020-06-10")!
        for _ in 0..<2 {
            do {
                _ = try await source.entry(for: gap)
                XCTFail("no entry that day")
            } catch let error as APODError {
                XCTAssertEqual(error, .noEntry(gap))
            }
        }
        XCTAssertEqual(upstream.otherCalls, ["entry 2020-06-10"], "asked once")
        XCTAssertEqual(try index.status().absentDays, 1)
        XCTAssertTrue(try index.covers(from: gap, through: gap))
    }

    func testAnIndexedPastDayCostsNoRequest() async throws {
        let upstream = SyntheticArchiveSource(calendar: clock.calendar)
        let source = IndexingSource(upstream: upstream, index: try makeIndex(), calendar: clock.calendar)
        _ = try await source.entry(for: APODDay("2001-09-09")!)
        let before = upstream.requestCount
        let again = try await source.entry(for: APODDay("2001-09-09")!)
        XCTAssertEqual(again.date, APODDay("2001-09-09"))
        XCTAssertEqual(upstream.requestCount, before)
    }

    func testASyncedRangeAndRandomPicksCostNoRequest() async throws {
        let upstream = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try makeIndex()
        _ = try await ArchiveSync(source: upstream, index: index, calendar: clock.calendar).run()
        let source = IndexingSource(upstream: upstream, index: index, calendar: clock.calendar)
        let before = upstream.requestCount

        let june = try await source.entries(from: APODDay("2020-06-01")!, through: APODDay("2020-06-30")!)
        XCTAssertEqual(june.count, 29, "2020-06-10 has no picture")
        do {
            _ = try await source.entry(for: APODDay("2020-06-10")!)
            XCTFail("a covered day without a picture")
        } catch let error as APODError {
            XCTAssertEqual(error, .noEntry(APODDay("2020-06-10")!))
        }
        let random = try await source.random(count: 100)
        XCTAssertEqual(Set(random.map(\.date)).count, 100)
        var streamed = 0
        for try await _ in source.randomStream(count: 100) { streamed += 1 }
        XCTAssertEqual(streamed, 100)
        XCTAssertEqual(upstream.requestCount, before, "all of it came from the index")

        _ = try await source.entries(from: APODDay("2026-11-20")!, through: APODDay("2026-11-30")!)
        XCTAssertEqual(upstream.requestCount, before + 1, "today is not covered yet: asked for")
    }

    func testRandomGoesToTheNetworkWhileTheIndexIsIncomplete() async throws {
        let upstream = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try makeIndex()
        try index.store(
            (0..<200).map { SyntheticArchiveSource.entry(APODDay(ordinal: APODDay("2010-01-01")!.ordinal + $0)) })
        let source = IndexingSource(upstream: upstream, index: index, calendar: clock.calendar)
        _ = try await source.random(count: 5)
        XCTAssertEqual(upstream.otherCalls, ["random 5"])
    }
}
