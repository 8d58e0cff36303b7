import Foundation

/// Entries already fetched, one small JSON file per day under
/// `<cache>/metadata/<partition>/YYYY-MM-DD.json`, so past days cost no request.
///
/// Freshness: a past day's entry is kept for good; today's is refreshed after an hour; a
/// "nothing that day" answer for a past day is trusted for a day at most, because NASA
/// back-fills missed days. Files are written to a temporary name and renamed into place, so
/// a reader never sees half a file and a crash never leaves one.
public final class MetadataCache: Sendable {
    public enum Lookup: Equatable, Sendable {
        /// Fresh enough to use without asking the service.
        case entry(APODEntry)
        /// Fresh "no picture that day".
        case noEntry
        /// Known but too old: use only when the service cannot be reached.
        case stale(APODEntry)
        case miss
    }

    public static let todayLifetime: TimeInterval = 3600
    public static let noEntryLifetime: TimeInterval = 86_400

    public let root: URL
    public let directory: URL
    private let calendar: ArchiveCalendar

    /// - Parameters:
    ///   - root: the cache directory (`~/.cache/apod-viewer` by default).
    ///   - partition: keeps sources apart (`science`, `legacy`, or a self-hosted host).
    public init(root: URL, partition: String, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.root = root
        self.directory = root.appendingPathComponent("metadata", isDirectory: true)
            .appendingPathComponent(Self.safeName(partition), isDirectory: true)
        self.calendar = calendar
    }

    public func lookup(_ day: APODDay) -> Lookup {
        guard let record = read(file(for: day)) else { return .miss }
        let age = calendar.currentDate.timeIntervalSince(record.fetchedAt)
        let isPast = day < calendar.today
        guard let entry = record.restoredEntry else {
            return isPast && age < Self.noEntryLifetime && age >= 0 ? .noEntry : .miss
        }
        if isPast || (age < Self.todayLifetime && age >= 0) { return .entry(entry) }
        return .stale(entry)
    }

    public func store(_ entry: APODEntry) {
        write(
            Record(
                fetchedAt: calendar.currentDate, entry: EntryJSON(entry),
                explanationLinks: entry.explanationLinks.map { StoredLink(text: $0.text, url: $0.url.absoluteString) }),
            to: file(for: entry.date))
    }

    /// Remembers that a past day has no entry. Today is never stored: it may appear any minute.
    public func storeNoEntry(_ day: APODDay) {
        guard day < calendar.today else { return }
        write(Record(fetchedAt: calendar.currentDate, entry: nil, explanationLinks: nil), to: file(for: day))
    }

    /// Every cached entry of every partition under `root`, newest record per day, for offline use.
    public static func allEntries(under root: URL) -> [APODEntry] {
        let metadata = root.appendingPathComponent("metadata", isDirectory: true)
        let manager = FileManager.default
        var byDay: [APODDay: (Date, APODEntry)] = [:]
        for partition in (try? manager.contentsOfDirectory(at: metadata, includingPropertiesForKeys: nil)) ?? [] {
            for file in (try? manager.contentsOfDirectory(at: partition, includingPropertiesForKeys: nil)) ?? []
            where file.pathExtension == "json" {
                guard let record = read(file), let entry = record.restoredEntry else { continue }
                if let known = byDay[entry.date], known.0 >= record.fetchedAt { continue }
                byDay[entry.date] = (record.fetchedAt, entry)
            }
        }
        return byDay.values.map(\.1).sorted { $0.date < $1.date }
    }

    private struct Record: Codable {
        var fetchedAt: Date
        var entry: EntryJSON?
        /// The explanation's links (`APODEntry.explanationLinks`), kept beside the entry so
        /// `apod --json`'s keys stay as they are; absent in records written before.
        var explanationLinks: [StoredLink]?

        enum CodingKeys: String, CodingKey {
            case fetchedAt = "fetched_at"
            case entry
            case explanationLinks = "explanation_links"
        }

        var restoredEntry: APODEntry? {
            guard var entry = entry?.entry else { return nil }
            entry.explanationLinks = (explanationLinks ?? []).compactMap { link in
                WebURL.normalize(link.url).map { TextLink(text: link.text, url: $0) }
            }
            return entry
        }
    }

    private struct StoredLink: Codable {
        var text: String
        var url: String
    }

    private func file(for day: APODDay) -> URL {
        directory.appendingPathComponent("\(day.description).json")
    }

    private static func read(_ file: URL) -> Record? {
        guard let data = try? RegularFile.read(file) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(Record.self, from: data)
    }

    private func read(_ file: URL) -> Record? { Self.read(file) }

    /// Best effort: a cache that cannot be written only costs a request next time.
    private func write(_ record: Record, to file: URL) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(record) else { return }
        try? AtomicFile.write(data, to: file)
    }

    private static func safeName(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let cleaned = String(text.map { allowed.contains($0) ? $0 : "_" })
        return cleaned.isEmpty || cleaned.hasPrefix(".") ? "_" + cleaned : cleaned
    }
}
