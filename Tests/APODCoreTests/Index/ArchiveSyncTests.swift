import XCTest
import TestSupport
@testable import APODCore

final class ArchiveSyncTests: CoreTestCase {
    private var folder: URL!
    private let clock = TestClock(day: "2026-11-30")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func openIndex() throws -> ArchiveIndex {
        try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
    }

    private var allMonths: Int { ArchiveMonth.all(from: ArchiveCalendar.firstDay, through: clock.calendar.today).count }

    /// Every stored entry belongs to a month marked done, and every done month is whole.
    private func assertOnlyWholeMonths(_ index: ArchiveIndex, _ source: SyntheticArchiveSource,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let coverage = try index.coverage()
        let stored = try index.entries(from: ArchiveCalendar.firstDay, through: clock.calendar.today)
        XCTAssertEqual(Set(stored.map(\.date)).count, stored.count, "duplicates", file: file, line: line)
        for entry in stored {
            XCTAssertNotNil(coverage[ArchiveMonth(containing: entry.date)], "\(entry.date) in an unfinished month", file: file, line: line)
            XCTAssertEqual(entry, SyntheticArchiveSource.entry(entry.date), file: file, line: line)
        }
        for (month, through) in coverage {
            let expected = source.published.filter { ArchiveMonth(containing: $0) == month && $0 <= through }
            XCTAssertEqual(try index.entries(from: month.firstDay, through: through).map(\.date), expected,
                           "month \(month)", file: file, line: line)
        }
    }

    func testAFullSyncIndexesTheWholeArchiveFourMonthsAtATime() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try openIndex()
        let seen = ProgressLog()
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run { seen.append($0) }

        XCTAssertEqual(summary.entriesIndexed, source.published.count)
        XCTAssertEqual(summary.entriesAdded, source.published.count)
        XCTAssertEqual(summary.monthsFetched, allMonths)
        XCTAssertEqual(source.rangeCalls.count, allMonths, "one range per month")
        XCTAssertLessThanOrEqual(source.maxInFlight, ArchiveSync.defaultConcurrency)
        XCTAssertGreaterThan(source.maxInFlight, 1, "months are fetched in parallel")
        // The first months start together, so only their set is ordered, not who asks first.
        XCTAssertTrue(source.rangeCalls.prefix(ArchiveSync.defaultConcurrency).contains { $0.lowerBound == APODDay("2026-11-01") },
                      "newest month in the first round")
        XCTAssertTrue(source.rangeCalls.contains(APODDay("1995-06-16")!...APODDay("1995-06-30")!), "the archive starts mid-June")
        XCTAssertTrue(try index.coversArchive())
        try assertOnlyWholeMonths(index, source)

        let updates = seen.all
        XCTAssertEqual(updates.first?.monthsDone, 0)
        XCTAssertEqual(updates.last?.monthsDone, allMonths)
        XCTAssertEqual(updates.map(\.monthsDone), updates.map(\.monthsDone).sorted())
        XCTAssertEqual(updates.last?.entriesIndexed, source.published.count)
        XCTAssertNotNil(updates.last?.secondsLeft)
    }

    func testASecondSyncAsksOnlyForTheCurrentMonth() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try openIndex()
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        let before = source.requestCount
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(source.requestCount - before, 1)
        XCTAssertEqual(source.rangeCalls.last, APODDay("2026-11-01")!...APODDay("2026-11-30")!)
        XCTAssertEqual(summary.entriesAdded, 0)

        clock.advance(3 * 86_400)
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(Array(source.rangeCalls.suffix(2).map(\.lowerBound)).sorted(), [APODDay("2026-11-01")!, APODDay("2026-12-01")!],
                       "after the month turned: the new month and the rest of the old one")
        XCTAssertEqual(try index.count(), source.published.count)
    }

    func testAnInterruptedSyncResumesWithoutDuplicatesOrHalfMonths() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        source.answersBeforeStall = 30
        let index = try openIndex()
        let progress = ProgressLog()
        let calendar = clock.calendar
        let sync = Task { try await ArchiveSync(source: source, index: index, calendar: calendar).run { progress.append($0) } }
        try await waitUntil { (progress.all.last?.monthsDone ?? 0) >= 30 && source.rangeCalls.count >= 34 }
        sync.cancel()
        do {
            _ = try await sync.value
            XCTFail("a cancelled sync must not report success")
        } catch is CancellationError {}
        let done = try index.coverage().count
        XCTAssertEqual(done, 30)
        try assertOnlyWholeMonths(index, source)

        let resumed = SyntheticArchiveSource(calendar: clock.calendar)
        let summary = try await ArchiveSync(source: resumed, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(resumed.rangeCalls.count, allMonths - done + 1, "the rest, and the current month again")
        XCTAssertEqual(summary.entriesIndexed, source.published.count)
        try assertOnlyWholeMonths(index, resumed)
    }

    func testTwoSyncsAtOnceDoNotBothRun() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        source.answersBeforeStall = 0
        let index = try openIndex()
        let calendar = clock.calendar
        let first = Task { try await ArchiveSync(source: source, index: index, calendar: calendar).run() }
        try await waitUntil { source.rangeCalls.count >= 1 }
        let other = try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
        do {
            _ = try await ArchiveSync(source: SyntheticArchiveSource(calendar: clock.calendar), index: other, calendar: clock.calendar).run()
            XCTFail("a second sync ran alongside the first")
        } catch let error as APODError {
            XCTAssertEqual(error, .syncInProgress)
        }
        first.cancel()
        _ = try? await first.value
        let after = SyntheticArchiveSource(calendar: clock.calendar)
        _ = try await ArchiveSync(source: after, index: other, calendar: clock.calendar).run()
        XCTAssertEqual(try other.count(), after.published.count, "the lock went with the first sync")
    }

    func testAFailingServiceStopsTheSyncAndKeepsFinishedMonths() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        source.failure = .serviceError(status: 503)
        let index = try openIndex()
        do {
            _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
            XCTFail("expected the service error")
        } catch let error as APODError {
            XCTAssertEqual(error, .serviceError(status: 503))
        }
        XCTAssertEqual(try index.count(), 0)
    }

    func testAFullDiskStopsTheSyncCleanlyAndItResumesLater() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try openIndex()
        try index.database.setMaxPageCount(try index.database.integer("PRAGMA page_count") + 60)
        do {
            _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
            XCTFail("expected a full disk")
        } catch let error as APODError {
            XCTAssertEqual(error, .diskFull(path: index.file.path))
            XCTAssertTrue(error.message.contains("full"))
        }
        let partial = try index.coverage().count
        XCTAssertGreaterThan(partial, 0)
        XCTAssertLessThan(partial, allMonths)
        try assertOnlyWholeMonths(index, source)

        try index.database.setMaxPageCount(1 << 30)
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(try index.count(), source.published.count)
    }

    func testOddAnswersAreTamed() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let emptyMonth = ArchiveMonth(year: 2003, month: 3)
        source.answer = { range, entries in
            if range.lowerBound == emptyMonth.firstDay { return [] }
            if range.lowerBound == APODDay("2010-01-01") {
                // The same page twice, strays from outside the window, a 26th item.
                var stray = SyntheticArchiveSource.entry(APODDay("2011-05-05")!)
                stray.title = "Stray"
                return entries + entries + [stray, SyntheticArchiveSource.entry(APODDay("2009-12-31")!)]
            }
            return entries
        }
        let index = try openIndex()
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(summary.emptyMonths, [emptyMonth])
        XCTAssertEqual(try index.entries(from: APODDay("2010-01-01")!, through: APODDay("2010-01-31")!).count, 31)
        XCTAssertEqual(try index.entry(for: APODDay("2011-05-05")!)?.title, "Picture of 2011-05-05",
                       "an entry outside the asked window is not taken (May 2011 was written before January 2010)")
        XCTAssertNil(try index.coverage()[emptyMonth], "an empty past month is asked again")
        XCTAssertFalse(try index.covers(from: emptyMonth.firstDay, through: emptyMonth.lastDay))

        source.answer = nil
        let before = source.rangeCalls.count
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(source.rangeCalls.count - before, 2, "the empty month and the current one")
        XCTAssertEqual(try index.count(), source.published.count)
        try assertOnlyWholeMonths(index, source)
    }

    /// Over HTTP with the legacy service: impossible dates and a page of 26 in a month's answer.
    func testALegacyServiceWithImpossibleDatesAndLongPages() async throws {
        let clock = TestClock(day: "1995-08-10")
        let entries = Dictionary(uniqueKeysWithValues: DayFetching.days(from: ArchiveCalendar.firstDay, through: APODDay("1995-08-10")!)
            .map { ($0.description, LegacyFixtures.entry($0.description)) })
        let service = FakeLegacyService(entries: entries, today: "1995-08-10")
        service.override = { request in
            guard request.query["start_date"] == "1995-07-01" else { return nil }
            let days = (1...26).map { String(format: "1995-07-%02d", $0) }
            let bad = ["1995-07-32", "1995-02-30", "banana"].map { LegacyFixtures.entry("1995-07-01").replacingOccurrences(of: "1995-07-01", with: $0) }
            return .json("[" + (days.map { entries[$0]! } + bad).joined(separator: ",") + "]")
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let source = LegacySource(apiURL: url, apiKey: "DEMO_KEY", client: TestHTTP.client(), calendar: clock.calendar)
        let index = try ArchiveIndex.open(in: folder, partition: "legacy", calendar: clock.calendar)
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(try index.entries(from: APODDay("1995-07-01")!, through: APODDay("1995-07-31")!).count, 31,
                       "the follow-up request fetched the rest of July")
        XCTAssertEqual(summary.entriesIndexed, entries.count)
        XCTAssertTrue(try index.covers(from: APODDay("1995-06-16")!, through: APODDay("1995-08-09")!))
    }

    private func waitUntil(timeout: TimeInterval = 10, _ condition: @escaping () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            guard Date() < deadline else { return XCTFail("condition not met in \(timeout) s") }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// Progress updates as they arrived, from whichever thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var updates: [SyncProgress] = []

    func append(_ update: SyncProgress) { lock.withLock { updates.append(update) } }
    var all: [SyncProgress] { lock.withLock { updates } }
}
