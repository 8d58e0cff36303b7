import TestSupport
import XCTest

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

    /// The synthetic source's windows through the test's today, oldest first.
    private var windows: [ClosedRange<APODDay>] {
        ArchiveSync.windows(size: SyntheticArchiveSource.windowDays, through: clock.calendar.today)
    }

    private func window(containing day: String) -> ClosedRange<APODDay> {
        windows.first { $0.contains(APODDay(day)!) }!
    }

    /// Every stored entry lies in a stretch marked done (today's in the window marked done
    /// through yesterday), and every done stretch is whole.
    private func assertOnlyWholeWindows(
        _ index: ArchiveIndex, _ source: SyntheticArchiveSource,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let spans = try index.coveredSpans()
        let stored = try index.entries(from: ArchiveCalendar.firstDay, through: clock.calendar.today)
        XCTAssertEqual(Set(stored.map(\.date)).count, stored.count, "duplicates", file: file, line: line)
        for entry in stored {
            let marked = spans.contains { $0.contains(entry.date) || $0.upperBound.adding(days: 1) == entry.date }
            XCTAssertTrue(marked, "\(entry.date) in an unfinished window", file: file, line: line)
            XCTAssertEqual(entry, SyntheticArchiveSource.entry(entry.date), file: file, line: line)
        }
        for span in spans {
            XCTAssertEqual(
                try index.entries(from: span.lowerBound, through: span.upperBound).map(\.date),
                source.published.filter(span.contains), "\(span)", file: file, line: line)
        }
    }

    func testAFullSyncIndexesTheWholeArchiveFourWindowsAtATime() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try openIndex()
        let seen = ProgressLog()
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run {
            seen.append($0)
        }

        XCTAssertEqual(summary.entriesIndexed, source.published.count)
        XCTAssertEqual(summary.entriesAdded, source.published.count)
        XCTAssertEqual(summary.windowsFetched, windows.count)
        XCTAssertEqual(windows.count, 460, "11,490 days in windows of 25")
        XCTAssertEqual(Set(source.rangeCalls), Set(windows), "one range per window of the source's size")
        XCTAssertEqual(source.rangeCalls.count, windows.count)
        XCTAssertLessThanOrEqual(source.maxInFlight, ArchiveSync.defaultConcurrency)
        XCTAssertGreaterThan(source.maxInFlight, 1, "windows are fetched in parallel")
        // The first windows start together, so only their set is ordered, not who asks first.
        XCTAssertTrue(
            source.rangeCalls.prefix(ArchiveSync.defaultConcurrency).contains(
                APODDay("2026-11-15")!...APODDay("2026-11-30")!),
            "newest window in the first round")
        XCTAssertTrue(
            source.rangeCalls.contains(APODDay("1995-06-16")!...APODDay("1995-07-10")!), "the archive starts mid-June")
        XCTAssertTrue(try index.coversArchive())
        XCTAssertEqual(try index.coveredSpans(), [ArchiveCalendar.firstDay...APODDay("2026-11-29")!])
        try assertOnlyWholeWindows(index, source)

        let updates = seen.all
        XCTAssertEqual(updates.first?.daysDone, 0)
        XCTAssertEqual(
            updates.last?.daysDone,
            DayFetching.days(from: ArchiveCalendar.firstDay, through: clock.calendar.today).count)
        XCTAssertEqual(updates.last?.daysDone, updates.last?.daysTotal)
        XCTAssertEqual(updates.map(\.daysDone), updates.map(\.daysDone).sorted())
        XCTAssertEqual(updates.last?.entriesIndexed, source.published.count)
        XCTAssertNotNil(updates.last?.secondsLeft)
    }

    func testASecondSyncAsksOnlyForTheCurrentWindow() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let index = try openIndex()
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        let before = source.requestCount
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(source.requestCount - before, 1)
        XCTAssertEqual(source.rangeCalls.last, APODDay("2026-11-15")!...APODDay("2026-11-30")!)
        XCTAssertEqual(summary.entriesAdded, 0)

        clock.advance(11 * 86_400)
        let later = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(
            Array(source.rangeCalls.suffix(3)).sorted { $0.lowerBound < $1.lowerBound },
            [
                APODDay("2020-06-10")!...APODDay("2020-06-10")!,
                APODDay("2026-11-15")!...APODDay("2026-12-09")!, APODDay("2026-12-10")!...APODDay("2026-12-11")!,
            ],
            "after the window turned: the new window, the rest of the old one, and one check of days known absent")
        XCTAssertEqual(later.recheckedDays, 1)
        XCTAssertEqual(try index.count(), source.published.count)
    }

    /// An index written by a version that marked calendar months done keeps them: after the
    /// schema migration a sync asks only for the current window.
    func testMonthMarksOfAnOlderIndexStillCount() async throws {
        let index = try openIndex()
        _ = try await ArchiveSync(
            source: SyntheticArchiveSource(calendar: clock.calendar), index: index, calendar: clock.calendar
        ).run()
        try index.database.execute(
            """
            CREATE TABLE months (month INTEGER PRIMARY KEY, covered_through INTEGER NOT NULL, synced_at REAL NOT NULL);
            DROP TABLE covered;
            DROP TRIGGER entries_objects_ad;
            DROP TABLE entry_objects;
            DROP TABLE objects_version;
            DROP TABLE translations;
            DROP TABLE translations_fts;
            DROP TRIGGER entries_states_ai;
            DROP TABLE day_states;
            ALTER TABLE entries DROP COLUMN picture_width;
            ALTER TABLE entries DROP COLUMN picture_height;
            """)
        let yesterday = clock.calendar.today.adding(days: -1)
        for month in ArchiveMonth.all(from: ArchiveCalendar.firstDay, through: yesterday) {
            _ = try index.database.rows(
                "INSERT INTO months VALUES (?, ?, 0)",
                [.integer(month.key), .integer(min(month.lastDay, yesterday).ordinal)])
        }
        try index.database.setUserVersion(1)

        let reopened = try openIndex()
        XCTAssertEqual(try reopened.database.integer("PRAGMA user_version"), ArchiveIndex.migrations.count)
        XCTAssertEqual(
            try reopened.coveredSpans(), [APODDay("1995-06-01")!...yesterday], "each month from its first day")
        XCTAssertTrue(try reopened.coversArchive())
        XCTAssertEqual(try reopened.status().absentDays, 4, "the archive's gaps, not the days before it began")
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let summary = try await ArchiveSync(source: source, index: reopened, calendar: clock.calendar).run()
        XCTAssertEqual(
            source.rangeCalls,
            [
                APODDay("2026-11-15")!...APODDay("2026-11-30")!, APODDay("2020-06-10")!...APODDay("2020-06-10")!,
                APODDay("1995-06-17")!...APODDay("1995-06-19")!,
            ],
            "the current window, and the gaps the old index knew, asked again once (never checked since)")
        XCTAssertEqual(summary.entriesAdded, 0)
        XCTAssertEqual(summary.recheckedDays, 4)
    }

    func testAnInterruptedSyncResumesWithoutDuplicatesOrHalfWindows() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        source.answersBeforeStall = 30
        let index = try openIndex()
        let progress = ProgressLog()
        let calendar = clock.calendar
        let sync = Task {
            try await ArchiveSync(source: source, index: index, calendar: calendar).run { progress.append($0) }
        }
        try await waitUntil { (progress.all.last?.daysDone ?? 0) >= 30 * 25 - 9 && source.rangeCalls.count >= 34 }
        sync.cancel()
        do {
            _ = try await sync.value
            XCTFail("a cancelled sync must not report success")
        } catch is CancellationError {}
        let left = try ArchiveSync(source: source, index: index, calendar: clock.calendar).windowsToFetch()
        XCTAssertEqual(left.count, windows.count - 29, "30 answered, the current one of them asked again")
        try assertOnlyWholeWindows(index, source)

        let resumed = SyntheticArchiveSource(calendar: clock.calendar)
        let summary = try await ArchiveSync(source: resumed, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(Set(resumed.rangeCalls), Set(left), "the rest, and the current window again")
        XCTAssertEqual(resumed.rangeCalls.count, left.count)
        XCTAssertEqual(summary.entriesIndexed, source.published.count)
        try assertOnlyWholeWindows(index, resumed)
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
            _ = try await ArchiveSync(
                source: SyntheticArchiveSource(calendar: clock.calendar), index: other, calendar: clock.calendar
            ).run()
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

    /// A symbolic link at the lock file is refused, not followed: the file it names is not
    /// created (a sync would otherwise make files wherever a link points).
    func testASymbolicLinkAtTheLockFileIsNotFollowed() async throws {
        let index = try openIndex()
        let target = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(
            atPath: index.file.path + ".sync-lock", withDestinationPath: target.path)
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        do {
            _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
            XCTFail("the sync ran through a symbolic link")
        } catch let error as APODError {
            XCTAssertEqual(error, .cannotWriteFile(path: index.file.path + ".sync-lock"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        XCTAssertEqual(source.requestCount, 0)
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
        let left = try ArchiveSync(source: source, index: index, calendar: clock.calendar).windowsToFetch().count
        XCTAssertGreaterThan(left, 1)
        XCTAssertLessThan(left, windows.count)
        try assertOnlyWholeWindows(index, source)

        try index.database.setMaxPageCount(1 << 30)
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(try index.count(), source.published.count)
    }

    /// A day given twice with different content was resolved silently (the last one won).
    func testDaysGivenTwiceWithDifferentContentAreReported() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let twice = window(containing: "2010-01-01")
        source.answer = { range, entries in
            guard range == twice, let first = entries.first else { return entries }
            var other = first
            other.title = "Another picture"
            return entries + [other, entries[1]]
        }
        let index = try openIndex()
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(summary.conflictingDays.count, 1, "the same content twice is no conflict")
        let day = try XCTUnwrap(summary.conflictingDays.first)
        XCTAssertTrue(twice.contains(day))
        XCTAssertEqual(try index.entry(for: day)?.title, "Another picture", "the last one given is kept")
    }

    func testOddAnswersAreTamed() async throws {
        let source = SyntheticArchiveSource(calendar: clock.calendar)
        let emptyWindow = window(containing: "2003-03-01")
        let oddWindow = window(containing: "2010-01-01")
        source.answer = { range, entries in
            if range == emptyWindow { return [] }
            if range == oddWindow {
                // The same page twice, strays from outside the window, a 26th item.
                var stray = SyntheticArchiveSource.entry(APODDay("2011-05-05")!)
                stray.title = "Stray"
                return entries + entries + [stray, SyntheticArchiveSource.entry(oddWindow.lowerBound.adding(days: -1))]
            }
            return entries
        }
        let index = try openIndex()
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(summary.emptyWindows, [emptyWindow])
        XCTAssertEqual(try index.entries(from: oddWindow.lowerBound, through: oddWindow.upperBound).count, 25)
        XCTAssertEqual(
            try index.entry(for: APODDay("2011-05-05")!)?.title, "Picture of 2011-05-05",
            "an entry outside the asked window is not taken (May 2011 was written before January 2010)")
        XCTAssertFalse(
            try index.covers(from: emptyWindow.lowerBound, through: emptyWindow.lowerBound),
            "an empty past window is asked again")
        XCTAssertFalse(try index.coversArchive())

        source.answer = nil
        let before = source.rangeCalls.count
        _ = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(source.rangeCalls.count - before, 2, "the empty window and the current one")
        XCTAssertEqual(try index.count(), source.published.count)
        try assertOnlyWholeWindows(index, source)
    }

    /// Over HTTP with the science route: a window of 25 days is one request of the list route
    /// (the issue's ~460 for the whole archive), never more than four at a time.
    func testAScienceWindowIsOneListRequest() async throws {
        let clock = TestClock(day: "1996-06-15")
        let days = DayFetching.days(from: ArchiveCalendar.firstDay, through: APODDay("1996-06-15")!)
        var service = FakeScienceService(
            entries: Dictionary(
                uniqueKeysWithValues: days.map {
                    ($0.description, ScienceFixtures.entry($0.description))
                }))
        let inFlight = InFlightCount()
        service.override = { _ in
            inFlight.enter()
            Thread.sleep(forTimeInterval: 0.005)
            inFlight.leave()
            return nil
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        // The source the app and `apod sync` use, wrappers included: each must pass on the
        // science route's window size (one that did not made every window two requests).
        let source = try SourceConfiguration(kind: .science, apiURL: url, cacheDirectory: folder)
            .makeSyncSource(client: TestHTTP.client(), calendar: clock.calendar)
        let index = try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()

        let windows = ArchiveSync.windows(size: 25, through: clock.calendar.today)
        XCTAssertEqual(windows.count, 15, "366 days")
        XCTAssertEqual(server.requests.count, windows.count, "one request per window")
        XCTAssertEqual(
            Set(server.requests.compactMap { $0.query["date_from"] }), Set(windows.map(\.lowerBound.compactForm)))
        XCTAssertLessThanOrEqual(inFlight.maximum, ArchiveSync.defaultConcurrency)
        XCTAssertEqual(summary.entriesIndexed, days.count)
        XCTAssertTrue(try index.covers(from: ArchiveCalendar.firstDay, through: APODDay("1996-06-14")!))
    }

    /// Over HTTP with the legacy service: impossible dates and a page of 26 in a month's answer.
    func testALegacyServiceWithImpossibleDatesAndLongPages() async throws {
        let clock = TestClock(day: "1995-08-10")
        let entries = Dictionary(
            uniqueKeysWithValues: DayFetching.days(from: ArchiveCalendar.firstDay, through: APODDay("1995-08-10")!)
                .map { ($0.description, LegacyFixtures.entry($0.description)) })
        let service = FakeLegacyService(entries: entries, today: "1995-08-10")
        service.override = { request in
            guard request.query["start_date"] == "1995-06-16" else { return nil }
            let days = DayFetching.days(from: APODDay("1995-06-16")!, through: APODDay("1995-07-11")!).map(
                \.description)
            let bad = ["1995-07-32", "1995-02-30", "banana"].map {
                LegacyFixtures.entry("1995-07-01").replacingOccurrences(of: "1995-07-01", with: $0)
            }
            return .json("[" + (days.map { entries[$0]! } + bad).joined(separator: ",") + "]")
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let source = LegacySource(apiURL: url, apiKey: "DEMO_KEY", client: TestHTTP.client(), calendar: clock.calendar)
        let index = try ArchiveIndex.open(in: folder, partition: "legacy", calendar: clock.calendar)
        let summary = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(
            try index.entries(from: APODDay("1995-06-16")!, through: APODDay("1995-07-16")!).count, 31,
            "the follow-up request fetched the rest of the first window")
        XCTAssertEqual(
            Set(server.requests.compactMap { $0.query["start_date"] }), ["1995-06-16", "1995-07-12", "1995-07-17"],
            "windows of a month's worth, the first one followed up")
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

/// The most requests a fake service was answering at once.
final class InFlightCount: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private var most = 0

    func enter() {
        lock.withLock {
            now += 1
            most = max(most, now)
        }
    }
    func leave() { lock.withLock { now -= 1 } }
    var maximum: Int { lock.withLock { most } }
}

/// Progress updates as they arrived, from whichever thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var updates: [SyncProgress] = []

    func append(_ update: SyncProgress) { lock.withLock { updates.append(update) } }
    var all: [SyncProgress] { lock.withLock { updates } }
}

/// Windows whose days came back broken are not marked done: the broken days are asked again by
/// the next sync, and fetched once the service heals (they were "not published" for good).
extension ArchiveSyncTests {
    private static let today = "1995-08-10"
    private static var days: [String] {
        DayFetching.days(from: ArchiveCalendar.firstDay, through: APODDay(today)!).map(\.description)
    }

    /// Syncs against a broken service, checks that `lost` days are neither indexed nor covered
    /// and their windows reported, then heals the service and syncs again.
    /// - Parameter lookAbsent: of `lost`, days the broken answer cannot be told from days the
    ///   service has no entry for (they are recorded absent, and arrive once it heals).
    private func assertBrokenDaysAreAskedAgain(
        _ name: String, broken: Locked<Bool>, lost: Set<String>, lookAbsent: Set<String> = [],
        source: any APODSource, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let clock = TestClock(day: Self.today)
        let index = try ArchiveIndex.open(
            in: folder.appendingPathComponent(name), partition: "x", calendar: clock.calendar)
        let first = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        for day in lost {
            XCTAssertNil(try index.entry(for: APODDay(day)!), "\(name): \(day)", file: file, line: line)
            if lookAbsent.contains(day) { continue }
            XCTAssertFalse(
                try index.covers(from: APODDay(day)!, through: APODDay(day)!), "\(name): \(day) done", file: file,
                line: line)
        }
        XCTAssertFalse(first.incompleteWindows.isEmpty, name, file: file, line: line)
        XCTAssertEqual(first.entriesIndexed, Self.days.count - lost.count, name, file: file, line: line)

        broken.value = false
        let second = try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
        XCTAssertEqual(second.incompleteWindows, [], name, file: file, line: line)
        XCTAssertEqual(
            second.entriesIndexed, Self.days.count, "\(name): the lost days were fetched", file: file, line: line)
        XCTAssertTrue(
            try index.covers(from: ArchiveCalendar.firstDay, through: APODDay(Self.today)!.adding(days: -1)),
            name, file: file, line: line)
    }

    private func legacy(_ override: @escaping @Sendable (FakeRequest) -> FakeResponse?) throws -> (
        LegacySource, FakeHTTPServer
    ) {
        let service = FakeLegacyService(
            entries: Dictionary(uniqueKeysWithValues: Self.days.map { ($0, LegacyFixtures.entry($0)) }),
            today: Self.today)
        service.override = override
        let (server, url) = try service.start()
        return (
            LegacySource(apiURL: url, client: TestHTTP.client(), calendar: TestClock(day: Self.today).calendar), server
        )
    }

    private func science(_ service: FakeScienceService) throws -> (ScienceSource, FakeHTTPServer) {
        let (server, url) = try service.start()
        return (
            ScienceSource(apiURL: url, client: TestHTTP.client(), calendar: TestClock(day: Self.today).calendar), server
        )
    }

    private static func legacyRange(_ request: FakeRequest, _ body: (String) -> String?) -> FakeResponse? {
        guard let start = request.query["start_date"] else { return nil }
        let end = request.query["end_date"] ?? today
        return .json("[" + days.filter { $0 >= start && $0 <= end }.compactMap(body).joined(separator: ",") + "]")
    }

    func testLegacyDaysAnsweredWithThePlaceholderAreAskedAgain() async throws {
        let broken = Locked(true)
        let lost: Set<String> = ["1995-06-20", "1995-07-04", "1995-08-01"]
        let (source, server) = try legacy { request in
            guard broken.value else { return nil }
            return Self.legacyRange(request) { day in
                lost.contains(day)
                    ? LegacyFixtures.placeholder.replacingOccurrences(of: "2026-10-02", with: day)
                    : LegacyFixtures.entry(day)
            }
        }
        defer { server.stop() }
        try await assertBrokenDaysAreAskedAgain("placeholder", broken: broken, lost: lost, source: source)
    }

    func testLegacyItemsDatedOutsideTheWindowLeaveItUndone() async throws {
        let broken = Locked(true)
        // Each range is answered a week late: its first week is missing, a week after its end stands in.
        let (source, server) = try legacy { request in
            guard broken.value, let start = request.query["start_date"].flatMap(APODDay.init) else { return nil }
            let end = request.query["end_date"].flatMap(APODDay.init) ?? APODDay(Self.today)!
            let shifted = DayFetching.days(from: start.adding(days: 7), through: end.adding(days: 7))
                .filter { $0 <= APODDay(Self.today)! }.map { LegacyFixtures.entry($0.description) }
            return .json("[" + shifted.joined(separator: ",") + "]")
        }
        defer { server.stop() }
        // The first week of each of the two windows (31 days each). The second is the current
        // one: cut at today, its answer has no stray to give it away, so its first week looks
        // like days without an entry (absent); the current window is asked again by every sync.
        let current = Set(
            DayFetching.days(from: APODDay("1995-07-17")!, through: APODDay("1995-07-23")!).map(\.description))
        let lost = Set(
            DayFetching.days(from: ArchiveCalendar.firstDay, through: APODDay("1995-06-22")!).map(\.description)
        ).union(current)
        try await assertBrokenDaysAreAskedAgain(
            "strays", broken: broken, lost: lost, lookAbsent: current, source: source)
    }

    func testScienceDaysWithEmptyTitlesAreAskedAgain() async throws {
        let broken = Locked(true)
        let lost: Set<String> = ["1995-06-25", "1995-07-15", "1995-08-02"]
        var service = FakeScienceService(
            entries: Dictionary(uniqueKeysWithValues: Self.days.map { ($0, ScienceFixtures.entry($0)) }))
        service.revised = { day in
            broken.value && lost.contains(day)
                ? ScienceFixtures.entry(day).replacingOccurrences(of: "Picture of \(day)", with: " ") : nil
        }
        let (source, server) = try science(service)
        defer { server.stop() }
        try await assertBrokenDaysAreAskedAgain("empty titles", broken: broken, lost: lost, source: source)
    }

    func testScienceWindowsOfOneRepeatedDayAreAskedAgain() async throws {
        let broken = Locked(true)
        let service = FakeScienceService(
            entries: Dictionary(uniqueKeysWithValues: Self.days.map { ($0, ScienceFixtures.entry($0)) }),
            override: { request in
                guard broken.value, request.path == FakeScienceService.route, request.query["date_from"] == "950711",
                    let from = request.query["date_from"].flatMap(FakeScienceService.day(compact:))
                else { return nil }
                return .json(
                    "[" + Array(repeating: ScienceFixtures.entry(from), count: 25).joined(separator: ",") + "]")
            })
        let (source, server) = try science(service)
        defer { server.stop() }
        let lost = Set(
            DayFetching.days(from: APODDay("1995-07-12")!, through: APODDay("1995-08-04")!).map(\.description))
        try await assertBrokenDaysAreAskedAgain("repeated day", broken: broken, lost: lost, source: source)
    }
}
