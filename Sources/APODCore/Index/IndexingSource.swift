import Foundation

/// Puts the archive index in front of a source: every entry that passes is written to the
/// index, and what the index covers is answered from it with no request (a range of synced
/// days, a past day, a random pick once the archive is downloaded).
///
/// The index only ever saves requests: when it cannot be read or written, the upstream
/// answers as if it were not there.
public final class IndexingSource: ForwardingSource {
    public let upstream: any APODSource
    public let index: ArchiveIndex
    private let calendar: ArchiveCalendar

    public init(upstream: any APODSource, index: ArchiveIndex, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.upstream = upstream
        self.index = index
        self.calendar = calendar
    }

    public func latest() async throws -> APODEntry {
        let entry = try await upstream.latest()
        try? index.store([entry])
        return entry
    }

    /// A past day already indexed is answered from the index; past entries do not change.
    public func entry(for day: APODDay) async throws -> APODEntry {
        try calendar.validate(day)
        if day < calendar.today, let entry = try? index.entry(for: day) { return entry }
        if day < calendar.today, (try? index.covers(from: day, through: day)) == true { throw APODError.noEntry(day) }
        let entry: APODEntry
        do {
            entry = try await upstream.entry(for: day)
        } catch APODError.noEntry(let missing) where missing == day && day < calendar.today.adding(days: -1) {
            // The service has no entry for that past day: absent, asked again by a later sync.
            try? index.storeWindow(day...day, entries: [], absent: [day], through: day)
            throw APODError.noEntry(day)
        }
        try? index.store([entry])
        return entry
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try calendar.validate(start)
        try calendar.validate(end)
        if (try? index.covers(from: start, through: end)) == true,
            let entries = try? index.entries(from: start, through: end)
        {
            return RangeAnswer(entries: entries)
        }
        let answer = try await upstream.rangeAnswer(from: start, through: end)
        try? index.store(answer.entries)
        return answer
    }

    public func random(count: Int) async throws -> [APODEntry] {
        if let picked = pickedFromIndex(count) { return picked }
        let entries = try await upstream.random(count: count)
        try? index.store(entries)
        return entries
    }

    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        if let picked = pickedFromIndex(count) {
            return AsyncThrowingStream { continuation in
                picked.forEach { continuation.yield($0) }
                continuation.finish()
            }
        }
        return .producing { [upstream, index] yield in
            for try await entry in upstream.randomStream(count: count) {
                try? index.store([entry])
                yield(entry)
            }
        }
    }

    /// Players fetched before are in the index; new ones are written to it.
    public func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] {
        try await StoredVideoAddresses.completed(
            entries, upstream: upstream, stored: { [index] in try? index.entry(for: $0) },
            keep: { [index] in try? index.store($0) })
    }

    /// A random pick from the index once it holds the archive and enough entries.
    private func pickedFromIndex(_ count: Int) -> [APODEntry]? {
        guard count > 0, (try? index.coversArchive()) == true,
            let picked = try? index.random(count: count), picked.count == count
        else { return nil }
        return picked
    }
}
