import Foundation

/// Fetches many single days (or pages) at once with a cap on requests in flight, for sources
/// whose service answers one day or one page per request. Keys answering nil are left out.
enum DayFetching {
    /// - Returns: what was found, keyed by the day (or page) asked for.
    static func fetch<Key: Hashable & Sendable, Found: Sendable>(
        _ days: [Key], concurrency: Int,
        _ fetchDay: @escaping @Sendable (Key) async throws -> Found?
    ) async throws -> [Key: Found] {
        var found: [Key: Found] = [:]
        try await withThrowingTaskGroup(of: (Key, Found?).self) { group in
            var pending = days[...]
            func startNext() {
                guard let day = pending.popFirst() else { return }
                group.addTask { (day, try await fetchDay(day)) }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let (day, entry) = try await group.next() {
                if let entry { found[day] = entry }
                startNext()
            }
        }
        return found
    }

    /// `count` distinct random days from `range`, none of them in `excluded`.
    static func randomDays(_ count: Int, in range: ClosedRange<APODDay>, excluding excluded: Set<APODDay>) -> [APODDay]
    {
        let first = range.lowerBound.ordinal
        let last = range.upperBound.ordinal
        let available = last - first + 1 - excluded.count
        var chosen = Set<APODDay>()
        while chosen.count < min(count, max(0, available)) {
            let day = APODDay(ordinal: Int.random(in: first...last))
            if !excluded.contains(day) { chosen.insert(day) }
        }
        return Array(chosen)
    }

    /// Every day from `start` through `end`.
    static func days(from start: APODDay, through end: APODDay) -> [APODDay] {
        guard start <= end else { return [] }
        return (start.ordinal...end.ordinal).map(APODDay.init(ordinal:))
    }
}
