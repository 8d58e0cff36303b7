import Foundation

/// How far a sync has come, for a progress bar.
public struct SyncProgress: Sendable, Equatable {
    public var monthsDone: Int
    public var monthsTotal: Int
    /// Entries in the index now.
    public var entriesIndexed: Int
    /// Estimated from the pace so far; `nil` until a month is done.
    public var secondsLeft: Double?

    public var fraction: Double { monthsTotal == 0 ? 1 : Double(monthsDone) / Double(monthsTotal) }
}

/// What a finished sync did, for its one summary line.
public struct SyncSummary: Sendable, Equatable {
    public var monthsFetched: Int
    /// Entries the index holds now, and how many of them are new.
    public var entriesIndexed: Int
    public var entriesAdded: Int
    /// Past months the service answered with nothing at all: not marked done, so the next
    /// sync asks again (no month of the archive is empty).
    public var emptyMonths: [ArchiveMonth]
    public var seconds: Double
}

/// Fills an index month by month through the source's range answer, a few months at a time.
///
/// Each month's entries and the mark that it is done are written in one transaction, so a
/// sync killed at any instant resumes where it stopped with no duplicate or half entry. A
/// month is done through yesterday at most, so the current month is asked again by every
/// sync: an up-to-date index costs one range request (two pages at most).
public struct ArchiveSync: Sendable {
    /// Months fetched at once: polite to the service, and enough to hide its latency.
    public static let defaultConcurrency = 4
    /// A sync that fetched this many months compacts the index afterwards (about a second
    /// for the whole archive); the monthly top-up does not.
    static let monthsWorthCompacting = 24

    public let source: any APODSource
    public let index: ArchiveIndex
    private let calendar: ArchiveCalendar
    private let concurrency: Int

    /// - Parameter source: the network source itself, not one behind the metadata cache
    ///   (a sync would fill the cache with a file per day).
    public init(source: any APODSource, index: ArchiveIndex, calendar: ArchiveCalendar = ArchiveCalendar(),
                concurrency: Int = defaultConcurrency) {
        self.source = source
        self.index = index
        self.calendar = calendar
        self.concurrency = max(1, concurrency)
    }

    /// Months still to fetch, newest first (recent pictures are the ones looked for first):
    /// those not answered through their last day, or through today for the current month.
    public func monthsToFetch() throws -> [ArchiveMonth] {
        let coverage = try index.coverage()
        return ArchiveMonth.all(from: ArchiveCalendar.firstDay, through: calendar.today).reversed().filter { month in
            guard let through = coverage[month] else { return true }
            return through < window(of: month).upperBound
        }
    }

    /// Runs until every month is fetched, the task is cancelled (months already written are
    /// kept) or a request fails for good.
    /// - Throws: `APODError.syncInProgress` when another sync is filling this index, the
    ///   source's error, the index's (`.diskFull`…), or `CancellationError`.
    public func run(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncSummary {
        let lock = try SyncLock(for: index.file)
        defer { withExtendedLifetime(lock) {} }
        let started = ContinuousClock.now
        let months = try monthsToFetch()
        let before = try index.count()
        var done = 0
        var empty: [ArchiveMonth] = []
        progress(SyncProgress(monthsDone: 0, monthsTotal: months.count, entriesIndexed: before, secondsLeft: nil))

        try await withThrowingTaskGroup(of: (ArchiveMonth, RangeAnswer).self) { group in
            var pending = months[...]
            func startNext() {
                guard !Task.isCancelled, let month = pending.popFirst() else { return }
                let window = self.window(of: month)
                group.addTask { (month, try await source.rangeAnswer(from: window.lowerBound, through: window.upperBound)) }
            }
            for _ in 0..<concurrency { startNext() }
            while let (month, answer) = try await group.next() {
                if try !write(month, answer) { empty.append(month) }
                done += 1
                let elapsed = (ContinuousClock.now - started).seconds
                progress(SyncProgress(monthsDone: done, monthsTotal: months.count, entriesIndexed: try index.count(),
                                      secondsLeft: elapsed / Double(done) * Double(months.count - done)))
                startNext()
            }
        }
        try Task.checkCancellation()
        if done >= Self.monthsWorthCompacting { index.compact() }
        let after = try index.count()
        return SyncSummary(monthsFetched: done, entriesIndexed: after, entriesAdded: max(0, after - before),
                           emptyMonths: empty.sorted(), seconds: (ContinuousClock.now - started).seconds)
    }

    /// Writes what the service said about one month; only entries inside the month count,
    /// one per day. - Returns: false for a past month answered with nothing (not marked done).
    private func write(_ month: ArchiveMonth, _ answer: RangeAnswer) throws -> Bool {
        let window = window(of: month)
        var byDay: [APODDay: APODEntry] = [:]
        for entry in answer.entries where window.contains(entry.date) { byDay[entry.date] = entry }
        let entries = byDay.values.sorted { $0.date < $1.date }
        let through = doneThrough(month)
        if entries.isEmpty && answer.unusableDays.isEmpty && through >= window.upperBound {
            return false
        }
        if through >= window.lowerBound {
            try index.storeMonth(month, entries: entries, coveredThrough: through)
        } else {
            try index.store(entries)
        }
        return true
    }

    /// The days of `month` inside the archive.
    private func window(of month: ArchiveMonth) -> ClosedRange<APODDay> {
        max(month.firstDay, ArchiveCalendar.firstDay)...min(month.lastDay, calendar.today)
    }

    /// The last day of `month` that can be marked done today: today itself may not be
    /// published yet, so the current month is done through yesterday at most.
    private func doneThrough(_ month: ArchiveMonth) -> APODDay {
        min(month.lastDay, calendar.today.adding(days: -1))
    }
}

extension Duration {
    /// The duration in seconds, as a fraction.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
