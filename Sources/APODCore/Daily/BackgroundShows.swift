import Foundation

/// What an automatically set background shows: the day's entry, each monitor's picture when
/// they were given (a rotation's picks), the picture each monitor got and the layout it was
/// made for, and its key. Kept in the data folder beside the background (`daily/shown`), so
/// that after a restart, or after "Skip" puts the one before back, the app still makes it
/// again when the monitors change, each remaining monitor keeping its picture.
public struct BackgroundShows: Equatable, Sendable {
    public var entry: APODEntry
    public var perMonitor: [APODEntry]?
    /// The composition key (`DailyBackground.compositionKey`) or the single copy's.
    public var key: String?
    /// The picture each monitor got, in the layout's order; nil when not known (the portal).
    public var monitors: [MonitorPick]?
    /// The layout it was made for (`MonitorLayout.layoutText`); nil when not known.
    public var layout: String?

    public init(
        entry: APODEntry, perMonitor: [APODEntry]? = nil, key: String? = nil, monitors: [MonitorPick]? = nil,
        layout: String? = nil
    ) {
        self.entry = entry
        self.perMonitor = perMonitor
        self.key = key
        self.monitors = monitors
        self.layout = layout
    }

    /// The picture recorded for `monitor`, when there is one.
    public func picture(of monitor: String) -> APODEntry? {
        monitors?.first { $0.monitor == monitor }?.entry
    }
}

/// The picture one monitor showed; the monitor named by its connector where the display gives
/// one ("DP-1"), else by its size and place (`WxH@S+X+Y`), so that it is found again in
/// another layout.
public struct MonitorPick: Equatable, Sendable {
    public var monitor: String
    public var entry: APODEntry

    public init(monitor: String, entry: APODEntry) {
        self.monitor = monitor
        self.entry = entry
    }
}

extension BackgroundHistory {
    private struct Record: Codable {
        var file: String
        var entry: EntryJSON
        var perMonitor: [EntryJSON]?
        var key: String?
        var monitors: [Pick]?
        var layout: String?
    }

    private struct Pick: Codable {
        var monitor: String
        var entry: EntryJSON
    }

    /// Records what `file` (a kept background) shows; records of files no longer kept go.
    /// Reads and writes `daily/shown`: never on the GTK main thread.
    public func record(_ shows: BackgroundShows, for file: URL) {
        let path = file.standardizedFileURL.path
        let keptPaths = Set(kept.map(\.standardizedFileURL.path))
        let others = records.filter { $0.file != path && keptPaths.contains($0.file) }
        let record = Record(
            file: path, entry: EntryJSON(shows.entry), perMonitor: shows.perMonitor?.map(EntryJSON.init),
            key: shows.key,
            monitors: shows.monitors?.map { Pick(monitor: $0.monitor, entry: EntryJSON($0.entry)) },
            layout: shows.layout)
        guard let data = try? JSONEncoder().encode(others + [record]) else { return }
        try? AtomicFile.write(data, to: shownURL)
    }

    /// What `file` shows, when it was recorded and `file` is still kept. Reads `daily/shown`:
    /// never on the GTK main thread.
    public func shows(of file: URL) -> BackgroundShows? {
        let path = file.standardizedFileURL.path
        guard kept.contains(where: { $0.standardizedFileURL.path == path }),
            let record = records.last(where: { $0.file == path }), let entry = record.entry.entry
        else { return nil }
        let perMonitor = record.perMonitor.map { $0.compactMap(\.entry) }
        guard perMonitor == nil || perMonitor?.count == record.perMonitor?.count else { return nil }
        let monitors = record.monitors.map { picks in
            picks.compactMap { pick in pick.entry.entry.map { MonitorPick(monitor: pick.monitor, entry: $0) } }
        }
        return BackgroundShows(
            entry: entry, perMonitor: perMonitor, key: record.key,
            monitors: monitors?.count == record.monitors?.count ? monitors : nil, layout: record.layout)
    }

    private var shownURL: URL { listURL.deletingLastPathComponent().appendingPathComponent("shown") }

    private var records: [Record] {
        guard let data = try? RegularFile.read(shownURL, maxBytes: 1 << 20) else { return [] }
        return (try? JSONDecoder().decode([Record].self, from: data)) ?? []
    }
}
