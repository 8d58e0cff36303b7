import Foundation

/// What an automatically set background shows: the day's entry, each monitor's picture when
/// they were given (a rotation's picks), and what it was made for. Kept in the data folder
/// beside the background (`daily/shown`), so that after a restart, or after "Skip" puts the
/// one before back, the app still makes it again when the monitors change.
public struct BackgroundShows: Equatable, Sendable {
    public var entry: APODEntry
    public var perMonitor: [APODEntry]?
    /// The composition key (`DailyBackground.compositionKey`) or the single copy's.
    public var key: String?

    public init(entry: APODEntry, perMonitor: [APODEntry]? = nil, key: String? = nil) {
        self.entry = entry
        self.perMonitor = perMonitor
        self.key = key
    }
}

extension BackgroundHistory {
    private struct Record: Codable {
        var file: String
        var entry: EntryJSON
        var perMonitor: [EntryJSON]?
        var key: String?
    }

    /// Records what `file` (a kept background) shows; records of files no longer kept go.
    public func record(_ shows: BackgroundShows, for file: URL) {
        let path = file.standardizedFileURL.path
        let keptPaths = Set(kept.map(\.standardizedFileURL.path))
        let others = records.filter { $0.file != path && keptPaths.contains($0.file) }
        let record = Record(
            file: path, entry: EntryJSON(shows.entry), perMonitor: shows.perMonitor?.map(EntryJSON.init), key: shows.key
        )
        guard let data = try? JSONEncoder().encode(others + [record]) else { return }
        try? AtomicFile.write(data, to: shownURL)
    }

    /// What `file` shows, when it was recorded and `file` is still kept.
    public func shows(of file: URL) -> BackgroundShows? {
        let path = file.standardizedFileURL.path
        guard kept.contains(where: { $0.standardizedFileURL.path == path }),
            let record = records.last(where: { $0.file == path }), let entry = record.entry.entry
        else { return nil }
        let perMonitor = record.perMonitor.map { $0.compactMap(\.entry) }
        guard perMonitor == nil || perMonitor?.count == record.perMonitor?.count else { return nil }
        return BackgroundShows(entry: entry, perMonitor: perMonitor, key: record.key)
    }

    private var shownURL: URL { listURL.deletingLastPathComponent().appendingPathComponent("shown") }

    private var records: [Record] {
        guard let data = try? RegularFile.read(shownURL, maxBytes: 1 << 20) else { return [] }
        return (try? JSONDecoder().decode([Record].self, from: data)) ?? []
    }
}
