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
    /// day, an item from elsewhere): their good entries are kept, the window is done only up
    /// to its first such day, and the next sync asks for it again.
    public var incompleteWindows: [ClosedRange<APODDay>] = []
    /// Days the service gave twice or more with different content, ascending: the last one
    /// given is what the index keeps, and the sync says so.
    public var conflictingDays: [APODDay] = []
    public var seconds: Double
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
    /// The most days of one window the real archive lacks (1995-06-17…19): an answer missing
    /// more has left days out, even when nothing else about it is wrong.
    static let mostMissingDays = 3

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

    /// Runs until every window is fetched, the task is cancelled (windows already written are
    /// kept) or a request fails for good.
    /// - Throws: `APODError.syncInProgress` when another sync is filling this index, the
    ///   source's error, the index's (`.diskFull`…), or `CancellationError`.
    public func run(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncSummary {
        let lock = try SyncLock(for: index.file)
        defer { withExtendedLifetime(lock) {} }
        let started = ContinuousClock.now
        let windows = try windowsToFetch()
        let daysTotal = windows.reduce(0) { $0 + Self.length(of: $1) }
        let before = try index.count()
        var windowsDone = 0
        var daysDone = 0
        var empty: [ClosedRange<APODDay>] = []
        var incomplete: [ClosedRange<APODDay>] = []
        var conflicting = Set<APODDay>()
        progress(SyncProgress(daysDone: 0, daysTotal: daysTotal, entriesIndexed: before, secondsLeft: nil))

        try await withThrowingTaskGroup(of: (ClosedRange<APODDay>, RangeAnswer).self) { group in
            var pending = windows[...]
            func startNext() {
                guard !Task.isCancelled, let window = pending.popFirst() else { return }
                group.addTask {
                    (window, try await source.rangeAnswer(from: window.lowerBound, through: window.upperBound))
                }
            }
            for _ in 0..<concurrency { startNext() }
            while let (window, answer) = try await group.next() {
                conflicting.formUnion(
                    answer.conflictingDays.union(ListAnswer.conflictingDays(answer.entries)).filter(window.contains))
                switch try write(window, answer) {
                case .done: break
                case .empty: empty.append(window)
                case .incomplete: incomplete.append(window)
                }
                windowsDone += 1
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
        if daysDone >= Self.daysWorthCompacting { index.compact() }
        let after = try index.count()
        return SyncSummary(
            windowsFetched: windowsDone, daysFetched: daysDone, entriesIndexed: after,
            entriesAdded: max(0, after - before), emptyWindows: empty.sorted { $0.lowerBound < $1.lowerBound },
            incompleteWindows: incomplete.sorted { $0.lowerBound < $1.lowerBound },
            conflictingDays: conflicting.sorted(), seconds: (ContinuousClock.now - started).seconds)
    }

    /// How a window's answer was written.
    private enum Written {
        case done, empty, incomplete
    }

    /// Writes what the service said about one window; only entries inside it count, one per
    /// day. A day without an entry is a day without a picture only when the answer is clean;
    /// the window is marked done up to the first day that came back unusable, or that a
    /// doubtful answer (a day given twice, an entry from outside the window, more days missing
    /// than the archive ever lacks) may have left out.
    private func write(_ window: ClosedRange<APODDay>, _ answer: RangeAnswer) throws -> Written {
        var byDay: [APODDay: APODEntry] = [:]
        var given = 0
        for entry in answer.entries where window.contains(entry.date) {
            byDay[entry.date] = entry
            given += 1
        }
        let entries = byDay.values.sorted { $0.date < $1.date }
        // Today itself may not be published yet, so a window is done through yesterday at most.
        let through = min(window.upperBound, calendar.today.adding(days: -1))
        let unusable = answer.unusableDays.filter { window.contains($0) && byDay[$0] == nil }
        if entries.isEmpty && unusable.isEmpty && through >= window.upperBound {
            return .empty
        }
        let missing = DayFetching.days(from: window.lowerBound, through: through).filter { byDay[$0] == nil }
        let doubtful = given != entries.count || given != answer.entries.count || missing.count > Self.mostMissingDays
        let uncertain = missing.first { doubtful || unusable.contains($0) }
        let done = uncertain.map { $0.adding(days: -1) } ?? through
        if done >= window.lowerBound {
            try index.storeWindow(window, entries: entries, coveredThrough: done)
        } else {
            try index.store(entries)
        }
        return uncertain == nil ? .done : .incomplete
    }
}

extension Duration {
    /// The duration in seconds, as a fraction.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
