import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// The daily picture's schedule run over simulated weeks: a fake clock jumps from one planned
/// check to the next, and a counting fake service publishes each day near Eastern midnight.
final class DailyCheckScheduleTests: CoreTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-daily-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private static var eastern: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ArchiveCalendar.publishingTimeZone
        return calendar
    }

    private static func instant(_ day: String, hour: Int, minute: Int = 0) -> Date {
        let parsed = APODDay(day)!
        return eastern.date(
            from: DateComponents(
                year: parsed.year, month: parsed.month, day: parsed.day,
                hour: hour, minute: minute))!
    }

    /// Runs the schedule from `start` for `days` days, answering resume events at `wakes`.
    /// Returns the simulation so tests can look at requests and deliveries.
    private func simulate(
        from start: Date, days: Int, service: CountingDailyService,
        wakes: [Date] = []
    ) async throws -> Simulation {
        let clock = Locked(start)
        service.clock = { clock.value }
        var generator = SplitMix(seed: 12)
        let delays = (0..<200).map { _ in Double(generator.next() % 1000) / 1000 }
        let counter = DelayIndex()
        var schedule = DailyCheckSchedule(
            clock: { clock.value },
            randomDelay: { range in
                range.lowerBound + delays[counter.next() % delays.count] * (range.upperBound - range.lowerBound)
            })
        let check = DailyCheck(source: service, lastSeen: LastSeenDay(dataFolder: DataFolder(root: folder)))
        var simulation = Simulation()
        let end = start + TimeInterval(days) * 86_400
        var pendingWakes = wakes.sorted()
        while true {
            var target = schedule.nextCheck
            var isWake = false
            if let wake = pendingWakes.first, wake < target {
                target = wake
                isWake = true
                pendingWakes.removeFirst()
            }
            guard target < end else { break }
            clock.value = target
            if isWake && !schedule.shouldCheckOnWake() { continue }
            let result = await check.run()
            if case .newPicture(let entry) = result {
                try check.markSeen(entry.date)
                simulation.deliveries.append((entry.date, target))
            }
            schedule.record(result.scheduleOutcome)
        }
        simulation.requests = service.requestTimes
        return simulation
    }

    func testAMonthOfQuietDaysCostsAtMostThreeRequestsADay() async throws {
        let service = CountingDailyService(publishedAt: Self.varyingPublication)
        let start = Self.instant("2026-10-20", hour: 9)
        let wakes = (0..<30).map { start + Double($0) * 86_400 + 3600 * Double(5 + $0 % 12) }
        let simulation = try await simulate(from: start, days: 30, service: service, wakes: wakes)

        let perDay = Dictionary(grouping: simulation.requests, by: ArchiveCalendar.day(containing:)).mapValues(\.count)
        // 30 days from 09:00 touch 31 Eastern days (the last one until 09:00).
        XCTAssertEqual(perDay.count, 31, "a check every day")
        XCTAssertLessThanOrEqual(perDay.values.max() ?? 0, 3, "requests per day: \(perDay.sorted { $0.key < $1.key })")
        let days = simulation.deliveries.map(\.day)
        let expected = (0..<31).map { APODDay("2026-10-20")!.adding(days: $0) }
        XCTAssertEqual(days, expected, "each day's picture once, in order")
        for (day, at) in simulation.deliveries.dropFirst() {
            let published = Self.varyingPublication(day)
            XCTAssertLessThan(
                at.timeIntervalSince(published), 3 * 3600, "\(day) handled \(at) for publication \(published)")
        }
    }

    func testServiceDownAtMidnightBacksOffThenSucceeds() async throws {
        let outage = Self.instant("2026-11-10", hour: 0)...Self.instant("2026-11-10", hour: 1, minute: 10)
        let service = CountingDailyService(publishedAt: { Self.instant($0.description, hour: 0) - 600 }, outage: outage)
        let simulation = try await simulate(from: Self.instant("2026-11-08", hour: 12), days: 4, service: service)

        let outageDay = simulation.requests.filter { ArchiveCalendar.day(containing: $0) == APODDay("2026-11-10")! }
        let gaps = zip(outageDay.dropFirst(), outageDay).map { $0.timeIntervalSince($1) }
        XCTAssertEqual(Array(gaps.prefix(3)), [60, 300, 900], "1, 5 and 15 minutes between failed checks")
        XCTAssertEqual(gaps.count, 4, "then one hour later it answers: \(gaps)")
        XCTAssertEqual(gaps.last, 3600)
        let delivered = try XCTUnwrap(simulation.deliveries.first { $0.day == APODDay("2026-11-10")! })
        XCTAssertGreaterThan(delivered.at, outage.upperBound)
        XCTAssertEqual(
            simulation.deliveries.map(\.day),
            ["2026-11-08", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12"].map { APODDay($0)! })
        let nextDay = simulation.requests.filter { ArchiveCalendar.day(containing: $0) == APODDay("2026-11-11")! }
        XCTAssertEqual(nextDay.count, 1)
    }

    func testAResumeChecksOnlyWhenThePlannedTimePassedOrTheLastCheckFailed() {
        let clock = Locked(Self.instant("2026-11-10", hour: 12))
        var schedule = DailyCheckSchedule(clock: { clock.value }, randomDelay: { $0.lowerBound })
        XCTAssertTrue(schedule.isDue, "a check at start")
        schedule.record(.answered(latest: APODDay("2026-11-10")!))
        XCTAssertEqual(schedule.nextCheck, Self.instant("2026-11-11", hour: 0, minute: 2))
        clock.value = Self.instant("2026-11-10", hour: 20)
        XCTAssertFalse(schedule.shouldCheckOnWake(), "today's picture is in hand")
        clock.value = Self.instant("2026-11-11", hour: 7)
        XCTAssertTrue(schedule.shouldCheckOnWake(), "slept through midnight")
        schedule.record(.failed)
        clock.value += 10
        XCTAssertTrue(schedule.shouldCheckOnWake(), "the network came back after a failure")
    }

    func testNextMidnightFollowsDaylightSavingTime() {
        let utc = ISO8601DateFormatter()
        XCTAssertEqual(
            DailyCheckSchedule.nextEasternMidnight(after: Self.instant("2026-10-31", hour: 12)),
            utc.date(from: "2026-11-01T04:00:00Z"))
        XCTAssertEqual(
            DailyCheckSchedule.nextEasternMidnight(after: Self.instant("2026-11-01", hour: 12)),
            utc.date(from: "2026-11-02T05:00:00Z"))
    }

    func testDataFolderHonoursTheOverrideThenXDG() {
        XCTAssertEqual(
            DataFolder(environment: ["APOD_DATA_DIR": "/tmp/x", "XDG_DATA_HOME": "/d", "HOME": "/h"]).root.path,
            "/tmp/x")
        XCTAssertEqual(DataFolder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).root.path, "/d/apod-viewer")
        XCTAssertEqual(
            DataFolder(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).root.path,
            "/h/.local/share/apod-viewer")
    }

    /// Publication drifts between 23:00 the evening before and 00:40 Eastern.
    private static func varyingPublication(_ day: APODDay) -> Date {
        instant(day.description, hour: 0) + TimeInterval((day.ordinal * 37) % 100 - 60) * 60
    }

    /// A picture whose background could not be set is looked for again after the error
    /// back-off, not after the next midnight, though the service answered each time.
    func testAnUnfinishedPictureIsRetriedWithBackOff() {
        let clock = Locked(Self.instant("2026-11-29", hour: 9))
        var schedule = DailyCheckSchedule(clock: { clock.value }, randomDelay: { $0.lowerBound })
        var delays: [TimeInterval] = []
        for _ in 0..<5 {
            schedule.record(.answered(latest: APODDay("2026-11-29")!))
            delays.append(schedule.recordUnfinished().timeIntervalSince(clock.value))
            XCTAssertTrue(schedule.shouldCheckOnWake(), "a wake retries at once")
        }
        XCTAssertEqual(delays, [60, 300, 900, 3600, 3600])
        schedule.recordFinished()
        schedule.record(.answered(latest: APODDay("2026-11-29")!))
        XCTAssertEqual(schedule.nextCheck, DailyCheckSchedule.nextEasternMidnight(after: clock.value) + 120)
        XCTAssertEqual(schedule.recordUnfinished().timeIntervalSince(clock.value), 60, "backs off from the start")
    }
}

private struct Simulation {
    var requests: [Date] = []
    var deliveries: [(day: APODDay, at: Date)] = []
}

private final class DelayIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

/// A deterministic generator, so a failing run can be repeated.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The service as the schedule sees it: `latest()` answers the newest day published by the
/// time the simulated clock reads (recorded per request), or fails during `outage`.
final class CountingDailyService: APODSource, @unchecked Sendable {
    var syncWindowDays: Int { 31 }
    var rateLimit: RateLimit? { nil }
    private let lock = NSLock()
    private var times: [Date] = []
    private let publishedAt: @Sendable (APODDay) -> Date
    private let outage: ClosedRange<Date>?
    /// Read by `latest()`: the simulated instant of the request.
    var clock: () -> Date = { Date() }

    init(publishedAt: @escaping @Sendable (APODDay) -> Date, outage: ClosedRange<Date>? = nil) {
        self.publishedAt = publishedAt
        self.outage = outage
    }

    var requestTimes: [Date] { lock.withLock { times } }

    func latest() async throws -> APODEntry {
        let now = clock()
        lock.withLock { times.append(now) }
        if let outage, outage.contains(now) { throw APODError.serviceError(status: 503) }
        var day = ArchiveCalendar.day(containing: now).adding(days: 1)
        while publishedAt(day) > now { day = day.adding(days: -1) }
        return APODEntry(date: day, title: "Picture of \(day)")
    }

    func entry(for day: APODDay) async throws -> APODEntry { throw APODError.noEntry(day) }
    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] { [] }
    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer { RangeAnswer(entries: []) }
    func random(count: Int) async throws -> [APODEntry] { [] }
    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> { .producing { _ in } }
    func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] { entries }

}
