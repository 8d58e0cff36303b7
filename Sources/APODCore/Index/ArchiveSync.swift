import Foundation

/// How far a sync has come, for a progress bar.
public struct SyncProgress: Sendable, Equatable {
    /// Days of the archive fetched so far, of those this sync has to fetch.
    public var daysDone: Int
    public var daysTotal: Int
    /// Entries in the index now.
    public var entriesIndexed: Int
    /// Estimated from the pace so far; `nil` until a window is done.
    public var secondsLeft: Double?

    public var fraction: Double { daysTotal == 0 ? 1 : Double(daysDone) / Double(daysTotal) }
}

/// What a finished sync did, for its one summary line.
public struct SyncSummary: Sendable, Equatable {
    /// Windows fetched (one request each when the service honours the range), and their days.
    public var windowsFetched: Int
    public var daysFetched: Int
    /// Entries the index holds now, and how many of them are new.
    public var entriesIndexed: Int
    public var entriesAdded: Int
    /// Past windows the service answered with nothing at all: not marked done, so the next
    /// sync asks again (no stretch of a window's length is missing from the archive).
    public var emptyWindows: [ClosedRange<APODDay>]
    /// Windows some of whose days came back unusable or may have been left out (a repeated
    /// day, an item from elsewhere, a cut-off answer): their good entries are kept, those days
    /// are recorded as failed, and the next sync asks for the window again.
    public var incompleteWindows: [ClosedRange<APODDay>] = []
    /// Days the service gave twice or more with different content, ascending: the last one
    /// given is what the index keeps, and the sync says so.
    public var conflictingDays: [APODDay] = []
    /// Windows whose request failed (a server error, a broken answer): every day of theirs not
    /// settled before is recorded as failed and asked again next time.
    public var failedWindows: [ClosedRange<APODDay>] = []
    /// Days known absent that were asked again, and how many of them have an entry now.
    public var recheckedDays = 0
    public var backFilledDays = 0
    public var seconds: Double
    /// The index after the sync, in the figures every surface shows.
    public var status: ArchiveStatus? = nil
}

/// Fills an index window by window through the source's range answer, a few windows at a
/// time. A window is as many days as the source answers in one request
/// (`APODSource.syncWindowDays`: 25 on the science route, one page), counted from the
/// archive's first day, so the whole archive costs about one request per window.
///
/// Each window's entries and the mark that it is done are written in one transaction, so a
/// sync killed at any instant resumes where it stopped with no duplicate or half entry. A
/// window is done through yesterday at most, so the current one is asked again by every
/// sync: an up-to-date index costs one range request (two just after a window turned).
public struct ArchiveSync: Sendable {
    /// Windows fetched at once: polite to the service, and enough to hide its latency.
    public static let defaultConcurrency = 4
    /// A sync that fetched this many days compacts the index afterwards (about a second
    /// for the whole archive); the monthly top-up does not.
    static let daysWorthCompacting = 730
    /// The requests of a sync of an up-to-date index: the current window (two just after it
    /// turned) and, in what is left, windows of days known absent asked again (one range
    /// request each), at least one per sync, so a back-filled day arrives within days.
    static let requestsOfAnUpToDateSync = 3
    /// How long a day known absent is not asked again.
    static let recheckInterval: TimeInterval = 86_400
    /// Windows failing one after another that stop the sync: the service is down, and asking
    /// for the rest would only record the whole archive as failed.
    static var failuresThatStop: Int { 2 * defaultConcurrency }

    public let source: any APODSource
    public let index: ArchiveIndex
    private let calendar: ArchiveCalendar
    private let concurrency: Int
    private let windowDays: Int

    /// - Parameter source: the network source itself, not one behind the metadata cache
    ///   (a sync would fill the cache with a file per day).
    public init(
        source: any APODSource, index: ArchiveIndex, calendar: ArchiveCalendar = ArchiveCalendar(),
        concurrency: Int = defaultConcurrency
    ) {
        self.source = source
        self.index = index
        self.calendar = calendar
        self.concurrency = max(1, concurrency)
        self.windowDays = max(1, source.syncWindowDays)
    }

    /// The archive cut into windows of `size` days from its first day through `today`,
    /// oldest first; the last one ends today.
    public static func windows(size: Int, through today: APODDay) -> [ClosedRange<APODDay>] {
        stride(from: ArchiveCalendar.firstDay.ordinal, through: today.ordinal, by: max(1, size)).map {
            APODDay(ordinal: $0)...APODDay(ordinal: min($0 + max(1, size) - 1, today.ordinal))
        }
    }

    /// How many days `window` holds.
    static func length(of window: ClosedRange<APODDay>) -> Int {
        window.upperBound.ordinal - window.lowerBound.ordinal + 1
    }

    /// Windows still to fetch, newest first (recent pictures are the ones looked for first):
    /// those whose days are not all answered, through today for the current one. Done-marks
    /// of another window size (the calendar months of earlier versions) count day by day.
    public func windowsToFetch() throws -> [ClosedRange<APODDay>] {
        let spans = try index.coveredSpans()
        return Self.windows(size: windowDays, through: calendar.today).reversed().filter { window in
            !spans.contains { $0.lowerBound <= window.lowerBound && window.upperBound <= $0.upperBound }
        }
    }

    /// Groups of days known absent to ask again this sync: those not checked for a day, the
    /// window checked longest ago first, none lying in a window this sync fetches anyway.
    func absentDaysToCheck(besides windows: [ClosedRange<APODDay>]) throws -> [ClosedRange<APODDay>] {
        let due = try index.absentDaysDue(
            checkedBefore: calendar.currentDate.addingTimeInterval(-Self.recheckInterval), windowDays: windowDays)
        return due.compactMap { days -> ClosedRange<APODDay>? in
            guard let first = days.first, let last = days.last,
                !windows.contains(where: { $0.contains(first) || $0.contains(last) })
            else { return nil }
            return first...last
        }.prefix(max(1, Self.requestsOfAnUpToDateSync - windows.count)).map { $0 }
    }

    /// Runs until every window is fetched, then asks again for a few days known absent. A
    /// window whose request fails is recorded as failed and the sync goes on, unless
    /// `failuresThatStop` windows fail in a row (the service is down).
    /// - Throws: `APODError.syncInProgress` when another sync is filling this index, the
    ///   source's error when it stopped answering or is out of reach, the index's
    ///   (`.diskFull`…), or `CancellationError` (windows already written are kept).
    public func run(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncSummary {
        let lock = try SyncLock(for: index.file)
        defer { withExtendedLifetime(lock) {} }
        let started = ContinuousClock.now
        let windows = try windowsToFetch()
        let rechecks = try absentDaysToCheck(besides: windows)
        let daysTotal = windows.reduce(0) { $0 + Self.length(of: $1) }
        let before = try index.count()
        var daysDone = 0
        var summary = SyncSummary(
            windowsFetched: 0, daysFetched: 0, entriesIndexed: before, entriesAdded: 0, emptyWindows: [], seconds: 0)
        var failuresInARow = 0
        var conflicting = Set<APODDay>()
        progress(SyncProgress(daysDone: 0, daysTotal: daysTotal, entriesIndexed: before, secondsLeft: nil))

        try await withThrowingTaskGroup(of: (ClosedRange<APODDay>, Result<RangeAnswer, Error>).self) { group in
            var pending = windows[...]
            func startNext() {
                guard !Task.isCancelled, let window = pending.popFirst() else { return }
                group.addTask {
                    do {
                        return (
                            window,
                            .success(try await source.rangeAnswer(from: window.lowerBound, through: window.upperBound))
                        )
                    } catch let error where Self.failsOnlyItsWindow(error) {
                        return (window, .failure(error))
                    }
                }
            }
            for _ in 0..<concurrency { startNext() }
            while let (window, answer) = try await group.next() {
                switch answer {
                case .success(let answer):
                    failuresInARow = 0
                    conflicting.formUnion(
                        answer.conflictingDays.union(ListAnswer.conflictingDays(answer.entries)).filter(window.contains)
                    )
                    switch try write(window, answer) {
                    case .done: break
                    case .empty: summary.emptyWindows.append(window)
                    case .incomplete: summary.incompleteWindows.append(window)
                    }
                case .failure(let error):
                    failuresInARow += 1
                    if failuresInARow >= Self.failuresThatStop { throw error }
                    try recordFailure(of: window)
                    summary.failedWindows.append(window)
                }
                summary.windowsFetched += 1
                daysDone += Self.length(of: window)
                let elapsed = (ContinuousClock.now - started).seconds
                progress(
                    SyncProgress(
                        daysDone: daysDone, daysTotal: daysTotal, entriesIndexed: try index.count(),
                        secondsLeft: elapsed / Double(daysDone) * Double(daysTotal - daysDone)))
                startNext()
            }
        }
        try Task.checkCancellation()
        for days in rechecks {
            let (asked, found) = try await recheck(days)
            summary.recheckedDays += asked
            summary.backFilledDays += found
        }
        if daysDone >= Self.daysWorthCompacting { index.compact() }
        let after = try index.count()
        summary.daysFetched = daysDone
        summary.entriesIndexed = after
        summary.entriesAdded = max(0, after - before)
        summary.emptyWindows.sort { $0.lowerBound < $1.lowerBound }
        summary.incompleteWindows.sort { $0.lowerBound < $1.lowerBound }
        summary.failedWindows.sort { $0.lowerBound < $1.lowerBound }
        summary.conflictingDays = conflicting.sorted()
        summary.seconds = (ContinuousClock.now - started).seconds
        summary.status = try index.status()
        return summary
    }

    /// Errors of one answer (a server error, a broken or oversized body, a time-out, a dropped
    /// connection): the other windows may well come. Being offline, refused or out of quota,
    /// a full disk or a cancelled task stop the sync instead.
    static func failsOnlyItsWindow(_ error: Error) -> Bool {
        switch error as? APODError {
        case .serviceError, .malformedResponse, .unusableEntry, .responseTooLarge, .timedOut, .connectionLost:
            return true
        default:
            return false
        }
    }

    /// A window whose request failed: every day of it not already settled is failed.
    private func recordFailure(of window: ClosedRange<APODDay>) throws {
        let through = min(window.upperBound, calendar.today.adding(days: -1))
        let spans = try index.coveredSpans()
        let unsettled = DayFetching.days(from: window.lowerBound, through: through).filter { day in
            !spans.contains { $0.contains(day) }
        }
        try index.storeWindow(window, entries: [], failed: Set(unsettled), through: window.lowerBound.adding(days: -1))
    }

    /// Asks the service again for days known absent (one range request); what has appeared is
    /// indexed. A failed check changes nothing and is tried again at the next sync.
    /// - Returns: the days asked about and how many have an entry now.
    private func recheck(_ days: ClosedRange<APODDay>) async throws -> (asked: Int, found: Int) {
        let absent = try index.absentDaysDue(
            checkedBefore: calendar.currentDate.addingTimeInterval(-Self.recheckInterval), windowDays: windowDays
        ).flatMap { $0 }.filter(days.contains)
        let answer: RangeAnswer
        do {
            answer = try await source.rangeAnswer(from: days.lowerBound, through: days.upperBound)
        } catch let error where Self.failsOnlyItsWindow(error) {
            return (0, 0)
        }
        let wanted = Set(absent)
        let found = ListAnswer.distinctAscending(answer.entries.filter { wanted.contains($0.date) })
        try index.storeRecheck(of: absent, entries: found)
        return (absent.count, found.count)
    }

    /// How a window's answer was written.
    private enum Written {
        case done, empty, incomplete
    }

    /// Writes what the service said about one window; only entries inside it count, one per
    /// day. A day a clean answer does not list is absent: the service has no entry for it. A
    /// day that came back unusable, or that a doubtful answer (a day given twice, an entry from
    /// outside the window, a cut-off answer) may have left out, is failed, and so is every day
    /// of a window answered with nothing at all (the archive lacks at most 23 days in a row; a
    /// whole window missing is the service failing).
    private func write(_ window: ClosedRange<APODDay>, _ answer: RangeAnswer) throws -> Written {
        var byDay: [APODDay: APODEntry] = [:]
        var given = 0
        for entry in answer.entries where window.contains(entry.date) {
            byDay[entry.date] = entry
            given += 1
        }
        let entries = byDay.values.sorted { $0.date < $1.date }
        // Today itself may not be published yet, so a window is settled through yesterday at most.
        let through = min(window.upperBound, calendar.today.adding(days: -1))
        let unusable = answer.unusableDays.filter { window.contains($0) && byDay[$0] == nil }
        let missing = DayFetching.days(from: window.lowerBound, through: through).filter { byDay[$0] == nil }
        if entries.isEmpty && unusable.isEmpty && missing.count > 1 {
            try index.storeWindow(window, entries: [], failed: Set(missing), through: through)
            return .empty
        }
        let doubtful = given != entries.count || given != answer.entries.count
        let failed = Set(missing.filter { doubtful || unusable.contains($0) })
        try index.storeWindow(
            window, entries: entries, absent: Set(missing).subtracting(failed), failed: failed, through: through)
        return failed.isEmpty ? .done : .incomplete
    }
}

extension Duration {
    /// The duration in seconds, as a fraction.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
