import Foundation
import Synchronization

/// No network at all: whatever the metadata cache holds, plus the bundled sample
/// (`entries.json`, legacy-shaped, with pictures given relative to it). Sample entries win
/// over cached ones for the same day because their pictures are on disk.
public final class OfflineSource: APODSource, Sendable {
    private let cacheRoot: URL?
    private let sampleDirectory: URL?
    private let calendar: ArchiveCalendar
    private let loaded = Mutex<[APODEntry]?>(nil)

    public init(cacheRoot: URL?, sampleDirectory: URL?, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.cacheRoot = cacheRoot
        self.sampleDirectory = sampleDirectory
        self.calendar = calendar
    }

    /// Never synced (`makeSyncSource` refuses the offline source); any range is local anyway.
    public var syncWindowDays: Int { 31 }

    /// No service, no quota.
    public var rateLimit: RateLimit? { nil }

    public func latest() async throws -> APODEntry {
        guard let newest = try available().last else { throw APODError.nothingOffline }
        return newest
    }

    public func entry(for day: APODDay) async throws -> APODEntry {
        try calendar.validate(day)
        guard let entry = try available().first(where: { $0.date == day }) else {
            throw APODError.notStoredOffline(day)
        }
        return entry
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try calendar.validate(start)
        try calendar.validate(end)
        return try available().filter { (start...end).contains($0.date) }
    }

    /// What is stored is all there is: no day is known to be unusable.
    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        RangeAnswer(entries: try await entries(from: start, through: end))
    }

    /// Offline, a player not stored cannot be fetched: the entries stay as they are.
    public func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] { entries }

    /// Up to `count` distinct entries: fewer when fewer are stored.
    public func random(count: Int) async throws -> [APODEntry] {
        try await randomStream(count: count).collected()
    }

    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { [self] yield in
            let all = try available()
            guard !all.isEmpty else { throw APODError.nothingOffline }
            for entry in all.shuffled().prefix(max(0, count)) { yield(entry) }
        }
    }

    /// Every stored entry, ascending, read from disk once.
    private func available() throws -> [APODEntry] {
        if let loaded = loaded.withLock({ $0 }) { return loaded }
        var byDay: [APODDay: APODEntry] = [:]
        if let cacheRoot {
            for entry in MetadataCache.allEntries(under: cacheRoot) { byDay[entry.date] = entry }
        }
        for entry in Self.sampleEntries(in: sampleDirectory) { byDay[entry.date] = entry }
        let all = byDay.values.sorted { $0.date < $1.date }
        loaded.withLock { $0 = all }
        return all
    }

    /// The sample's entries; a missing or unreadable sample simply contributes nothing.
    static func sampleEntries(in directory: URL?) -> [APODEntry] {
        guard let directory,
            let data = try? RegularFile.read(directory.appendingPathComponent(SampleLocator.entriesFile)),
            let objects = try? JSONFields.objects(in: data)
        else { return [] }
        return objects.compactMap { try? LegacyEntryDecoder.entry(from: $0, relativeTo: directory) }
    }
}
