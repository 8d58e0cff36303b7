import Foundation

/// Puts the metadata cache in front of a network source: fresh cached days are answered
/// without a request, every answer is stored, and when the service cannot be reached a
/// stale copy of the same day is better than an error.
public final class CachingSource: ForwardingSource {
    public let upstream: any APODSource
    public let cache: MetadataCache
    private let calendar: ArchiveCalendar

    public init(upstream: any APODSource, cache: MetadataCache, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.upstream = upstream
        self.cache = cache
        self.calendar = calendar
    }

    public func latest() async throws -> APODEntry {
        let today = calendar.today
        if case .entry(let entry) = cache.lookup(today) { return entry }
        do {
            let entry = try await upstream.latest()
            cache.store(entry)
            return entry
        } catch let error as APODError where error.isTransient {
            for day in [today, today.adding(days: -1)] {
                if let entry = cached(day, allowingStale: true) { return entry }
            }
            throw error
        }
    }

    public func entry(for day: APODDay) async throws -> APODEntry {
        try calendar.validate(day)
        switch cache.lookup(day) {
        case .entry(let entry): return entry
        case .noEntry: throw APODError.noEntry(day)
        case .stale, .miss: break
        }
        do {
            let entry = try await upstream.entry(for: day)
            cache.store(entry)
            return entry
        } catch APODError.noEntry(let missing) {
            cache.storeNoEntry(missing)
            throw APODError.noEntry(missing)
        } catch let error as APODError where error.isTransient {
            if let entry = cached(day, allowingStale: true) { return entry }
            throw error
        }
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    /// Only the span between the first and last day not fresh in the cache is asked for; the
    /// days the upstream found unusable are passed on (and not remembered as days without a
    /// picture).
    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try calendar.validate(start)
        try calendar.validate(end)
        let days = DayFetching.days(from: start, through: end)
        var known: [APODDay: APODEntry] = [:]
        var missing: [APODDay] = []
        var unusable = Set<APODDay>()
        for day in days {
            switch cache.lookup(day) {
            case .entry(let entry): known[day] = entry
            case .noEntry: break
            case .stale, .miss: missing.append(day)
            }
        }
        if let first = missing.first, let last = missing.last {
            let answer = try await upstream.rangeAnswer(from: first, through: last)
            for entry in answer.entries {
                cache.store(entry)
                known[entry.date] = entry
            }
            // An unusable entry is not a day without a picture: it is asked for again next time.
            let answered = Set(answer.entries.map(\.date)).union(answer.unusableDays)
            for day in missing where !answered.contains(day) { cache.storeNoEntry(day) }
            unusable = answer.unusableDays.filter { (start...end).contains($0) && known[$0] == nil }
        }
        return RangeAnswer(
            entries: known.values.filter { (start...end).contains($0.date) }.sorted { $0.date < $1.date },
            unusableDays: unusable)
    }

    public func random(count: Int) async throws -> [APODEntry] {
        try await randomStream(count: count).collected()
    }

    /// Always asks the service (a cached pick would not be random); each entry is stored as it
    /// arrives, so a batch cut short still leaves every day that came in the cache.
    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { [upstream, cache] yield in
            for try await entry in upstream.randomStream(count: count) {
                cache.store(entry)
                yield(entry)
            }
        }
    }

    /// Players fetched before are in the cache; new ones are stored with their entry.
    public func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] {
        try await StoredVideoAddresses.completed(
            entries, upstream: upstream, stored: { [self] in cached($0, allowingStale: true) },
            keep: { [cache] in $0.forEach(cache.store) })
    }

    private func cached(_ day: APODDay, allowingStale: Bool) -> APODEntry? {
        switch cache.lookup(day) {
        case .entry(let entry): return entry
        case .stale(let entry): return allowingStale ? entry : nil
        case .noEntry, .miss: return nil
        }
    }
}
