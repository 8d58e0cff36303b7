import LoopbackServer
import TestSupport
import XCTest

@testable import APODCore

/// A whole archive over loopback from a science route that has no entry for 84 days, in the
/// pattern a replay of the real service showed (`ArchiveGaps`: month ends, runs of 12 and 23
/// days): the sync ends complete, says so truthfully, and stays cheap; days the service
/// publishes later arrive; cut-off and failed answers are fetched again.
final class ArchiveGapsSyncTests: CoreTestCase {
    /// A whole archive over HTTP, 460 requests: about 40 s alone, several times that on a
    /// machine shared by many builds.
    override class var timeLimit: TimeInterval { 600 }

    private var folder: URL!
    private let clock = TestClock(day: "2026-11-30")
    private var servers: [FakeHTTPServer] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gaps-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        servers.forEach { $0.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    private static let today = APODDay("2026-11-30")!
    private static let allDays = DayFetching.days(from: ArchiveCalendar.firstDay, through: today).map(\.description)
    private static let gaps = Set(ArchiveGaps.replay)
    /// Every day's entry into next year, gaps included: the service decides what it lacks
    /// (`lacks`), and days after the test's today are not published yet.
    private static let bodies = Dictionary(
        uniqueKeysWithValues: DayFetching.days(from: ArchiveCalendar.firstDay, through: APODDay("2027-02-28")!).map {
            ($0.description, ScienceFixtures.entry($0.description))
        })

    /// The service lacking `lacking` (the 84 days unless told), answering `override` first.
    private func service(
        lacking: @escaping @Sendable (String) -> Bool = { ArchiveGapsSyncTests.gaps.contains($0) },
        override: (@Sendable (FakeRequest) -> FakeResponse?)? = nil
    ) throws -> (source: any APODSource, server: FakeHTTPServer) {
        var service = FakeScienceService(entries: Self.bodies, override: override)
        let calendar = clock.calendar
        // Days after the first today are compared with the moving one only: a list asks for every day.
        service.lacks = { day in lacking(day) || (day > "2026-11-30" && day > calendar.today.description) }
        let (server, url) = try service.start()
        servers.append(server)
        let source = try SourceConfiguration(kind: .science, apiURL: url, cacheDirectory: folder)
            .makeSyncSource(client: TestHTTP.client(), calendar: clock.calendar)
        return (source, server)
    }

    private func sync(_ source: any APODSource, _ index: ArchiveIndex) async throws -> SyncSummary {
        try await ArchiveSync(source: source, index: index, calendar: clock.calendar).run()
    }

    private func openIndex() throws -> ArchiveIndex {
        try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
    }

    /// The archive's windows (25 days) holding any of `days`.
    private func windows(holding days: [String]) -> [ClosedRange<APODDay>] {
        ArchiveSync.windows(size: 25, through: Self.today).filter { window in
            days.contains { window.contains(APODDay($0)!) }
        }
    }

    func testTheGapPatternIs84DaysOfMonthEndsAndTwoRuns() {
        XCTAssertEqual(ArchiveGaps.replay.count, 84)
        XCTAssertEqual(Set(ArchiveGaps.replay).count, 84)
        XCTAssertTrue(ArchiveGaps.replay.contains("2013-10-12") && !ArchiveGaps.replay.contains("2013-10-13"))
        XCTAssertTrue(ArchiveGaps.replay.contains("2025-10-23") && !ArchiveGaps.replay.contains("2025-10-24"))
        let monthEnds = ArchiveGaps.replay.filter { day in
            APODDay(day).map { $0.adding(days: 1).day == 1 } == true
        }
        XCTAssertEqual(monthEnds.count, 45)
    }

    func testAWholeSyncOfAServiceLacking84DaysEndsCompleteAndTellsTheTruth() async throws {
        let (source, server) = try service()
        let index = try openIndex()
        let summary = try await sync(source, index)

        let pictures = Self.allDays.count - 84
        XCTAssertEqual(summary.entriesIndexed, pictures)
        XCTAssertEqual(summary.incompleteWindows, [])
        XCTAssertEqual(summary.failedWindows, [])
        XCTAssertEqual(summary.emptyWindows, [])
        let status = try XCTUnwrap(summary.status)
        XCTAssertEqual(status.absentDays, 84)
        XCTAssertEqual(status.failedDays, 0)
        XCTAssertEqual(status.unfetchedDays, 0)
        XCTAssertFalse(status.hasFailures)
        XCTAssertTrue(status.isComplete)
        XCTAssertTrue(try index.coversArchive(), "every day present or absent")
        XCTAssertEqual(try index.status(), status)
        XCTAssertEqual(status.figures, "11,407 pictures in the index; the service has no entry for 84 days")
        XCTAssertEqual(
            try index.coveredSpans(), [ArchiveCalendar.firstDay...Self.today.adding(days: -1)],
            "the gaps are settled too")

        // The index answers now: a random 100, a month with a gap, a gap itself, no request.
        let indexed = IndexingSource(upstream: source, index: index, calendar: clock.calendar)
        let before = server.requests.count
        let picked = try await indexed.randomStream(count: 100).collected()
        XCTAssertEqual(Set(picked.map(\.date)).count, 100)
        let month = try await indexed.entries(from: APODDay("2013-10-01")!, through: APODDay("2013-10-31")!)
        XCTAssertEqual(month.first?.date, APODDay("2013-10-13"))
        do {
            _ = try await indexed.entry(for: APODDay("2025-10-05")!)
            XCTFail("a day the service lacks has no entry")
        } catch let error as APODError {
            XCTAssertEqual(error, .noEntry(APODDay("2025-10-05")!))
        }
        XCTAssertEqual(server.requests.count, before, "no request once the archive is complete")

        let again = try await sync(source, index)
        XCTAssertLessThanOrEqual(server.requests.count - before, 3, "a sync right after a complete one")
        XCTAssertEqual(again.entriesAdded, 0)
        XCTAssertEqual(again.recheckedDays, 0, "absent days are checked at most once a day")
        XCTAssertEqual(again.status?.absentDays, 84)
    }

    func testDaysTheServicePublishesLaterArriveWithinADayAndCheaply() async throws {
        let published = Locked(false)
        let backFilled = Set(ArchiveGaps.backFilled)
        let (source, server) = try service(lacking: { day in
            Self.gaps.contains(day) && !(published.value && backFilled.contains(day))
        })
        let index = try openIndex()
        _ = try await sync(source, index)
        published.value = true

        var before = server.requests.count
        let soon = try await sync(source, index)
        XCTAssertLessThanOrEqual(server.requests.count - before, 3)
        XCTAssertEqual(soon.backFilledDays, 0, "not asked again within a day")

        clock.advance(25 * 3600)
        before = server.requests.count
        let nextDay = try await sync(source, index)
        let asked = server.requests.count - before
        XCTAssertLessThanOrEqual(asked, 3, "the current window and a few checks")
        XCTAssertEqual(nextDay.backFilledDays, 23, "the newest gaps are checked first")
        XCTAssertEqual(nextDay.status?.absentDays, 84 - 23)
        XCTAssertEqual(nextDay.status?.failedDays, 0)
        XCTAssertEqual(nextDay.status?.isComplete, true)
        for day in backFilled {
            XCTAssertEqual(try index.entry(for: APODDay(day)!)?.title, "Picture of \(day)", day)
        }
        let checks = server.requests.dropFirst(before).filter { $0.query["date_from"]?.hasPrefix("2510") == true }
        XCTAssertFalse(checks.isEmpty, "the run of 23 was asked for as a range")

        before = server.requests.count
        let later = try await sync(source, index)
        XCTAssertLessThanOrEqual(server.requests.count - before, 3, "checked days wait another day")
        XCTAssertEqual(later.backFilledDays, 0)

        // Day after day, every window of absent days is asked again, oldest check first.
        var checkedWindows = 0
        for _ in 0..<30 {
            clock.advance(25 * 3600)
            let summary = try await sync(source, index)
            if summary.recheckedDays > 0 { checkedWindows += 1 }
            XCTAssertEqual(summary.status?.absentDays, 84 - 23)
        }
        XCTAssertGreaterThan(checkedWindows, 10)
    }

    /// Pages cut short (fewer items than `X-WP-Total` announced) and a body cut mid-way: their
    /// days are failed, not absent, and fetched at the next sync.
    func testCutOffPagesAreFailedDaysFetchedAgain() async throws {
        let shortWindow = windows(holding: ["2010-03-01"])[0]
        let brokenWindow = windows(holding: ["2016-07-01"])[0]
        let cut = Locked(true)
        let (source, server) = try service(override: { request in
            guard cut.value, request.path == FakeScienceService.route,
                let from = request.query["date_from"].flatMap(FakeScienceService.day(compact:))
            else { return nil }
            guard from == shortWindow.lowerBound.description || from == brokenWindow.lowerBound.description else {
                return nil
            }
            let items = DayFetching.days(from: APODDay(from)!, through: APODDay(from)!.adding(days: 24))
                .map(\.description).filter { !Self.gaps.contains($0) }.reversed().map { Self.bodies[$0]! }
            if from == shortWindow.lowerBound.description {
                return .json(
                    "[" + items.prefix(10).joined(separator: ",") + "]",
                    headers: ["X-WP-Total": String(items.count), "X-WP-TotalPages": "1"])
            }
            if from == brokenWindow.lowerBound.description {
                let body = "[" + items.joined(separator: ",") + "]"
                return .json(String(body.prefix(body.count / 2)))
            }
            return nil
        })
        let index = try openIndex()
        let first = try await sync(source, index)
        XCTAssertEqual(first.incompleteWindows, [shortWindow])
        XCTAssertEqual(first.failedWindows, [brokenWindow])
        let status = try XCTUnwrap(first.status)
        XCTAssertEqual(status.failedDays, 15 + 25, "the 15 days the short page lost, the broken window's 25")
        XCTAssertEqual(status.absentDays, 84)
        XCTAssertTrue(status.hasFailures)
        XCTAssertFalse(status.isComplete)
        XCTAssertEqual(
            status.figures,
            "11,367 pictures in the index; the service has no entry for 84 days; 40 days could not be fetched")
        XCTAssertEqual(try index.entries(from: shortWindow.lowerBound, through: shortWindow.upperBound).count, 10)

        cut.value = false
        let before = server.requests.count
        let second = try await sync(source, index)
        XCTAssertEqual(
            server.requests.dropFirst(before).compactMap { $0.query["date_from"] }.sorted(),
            [shortWindow, brokenWindow, windows(holding: [Self.today.description])[0]].map(\.lowerBound.compactForm)
                .sorted(),
            "the two windows and the current one")
        XCTAssertEqual(second.status?.failedDays, 0)
        XCTAssertEqual(second.status?.absentDays, 84)
        XCTAssertEqual(second.status?.isComplete, true)
        XCTAssertEqual(second.entriesIndexed, Self.allDays.count - 84)
    }

    /// A window answered with a server error is failed and the sync goes on; the next sync
    /// fetches it. A gap inside it that was settled before stays absent.
    func testAFailingWindowIsRecordedAndFetchedAgain() async throws {
        let failing = windows(holding: ["2025-10-10"])
        let fails = Locked(false)
        let (source, _) = try service(override: { request in
            guard fails.value, request.path == FakeScienceService.route,
                let from = request.query["date_from"].flatMap(FakeScienceService.day(compact:)),
                failing.contains(where: { $0.lowerBound.description == from })
            else { return nil }
            return .json(#"{"code":"internal_server_error","message":"oops","data":{"status":500}}"#, status: 500)
        })
        let index = try openIndex()
        fails.value = true
        let first = try await sync(source, index)
        XCTAssertEqual(first.failedWindows, failing)
        XCTAssertEqual(failing.map(\.lowerBound), [APODDay("2025-09-16")!])
        let days = 25
        XCTAssertEqual(first.status?.failedDays, days, "every day of the window, with or without an entry")
        XCTAssertEqual(first.status?.absentDays, 84 - 10, "2025-10-01…10 are in the failed window")
        XCTAssertEqual(first.status?.isComplete, false)
        XCTAssertTrue(first.status?.figures.hasSuffix("\(days) days could not be fetched") == true)

        fails.value = false
        let second = try await sync(source, index)
        XCTAssertEqual(second.failedWindows, [])
        XCTAssertEqual(second.status?.failedDays, 0)
        XCTAssertEqual(second.status?.absentDays, 84)
        XCTAssertEqual(second.status?.isComplete, true)
    }

    /// An index of the version before day states: its covered days without an entry become
    /// days the service has no entry for, checked when they were synced.
    func testAnEarlierIndexKnowsItsGapsAsAbsent() throws {
        let index = try openIndex()
        let window = APODDay("2019-01-01")!...APODDay("2019-01-25")!
        try index.storeWindow(
            window, entries: [APODDay("2019-01-02")!, APODDay("2019-01-03")!].map(SyntheticArchiveSource.entry),
            through: APODDay("2019-01-04")!)
        try index.database.execute(
            """
            DROP TRIGGER entries_states_ai; DROP TABLE day_states; DROP TABLE translations; DROP TABLE translations_fts;
            ALTER TABLE entries DROP COLUMN picture_width; ALTER TABLE entries DROP COLUMN picture_height;
            """)
        try index.database.setUserVersion(3)
        let reopened = try openIndex()
        XCTAssertEqual(try reopened.status().absentDays, 2, "2019-01-01 and 2019-01-04")
        XCTAssertEqual(
            try reopened.absentDaysDue(checkedBefore: clock.calendar.currentDate.addingTimeInterval(1), windowDays: 25),
            [[APODDay("2019-01-01")!, APODDay("2019-01-04")!]])
    }
}
