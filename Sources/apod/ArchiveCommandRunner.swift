import APODCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Carries out an `ArchiveCommand` against the index of the configured source and the
/// favourites library, both in the data folder.
struct ArchiveCommandRunner {
    let configuration: SourceConfiguration
    let dataFolder: DataFolder
    let client: HTTPClient
    /// The configured source, with the index in front when it could be opened.
    let source: any APODSource
    /// The index, or why it could not be opened.
    let index: Result<ArchiveIndex, Error>

    func perform(_ command: ArchiveCommand) async throws {
        switch command {
        case .sync(let translations):
            try await sync()
            if translations { try await syncTranslations() }
        case .status(let json):
            try status(of: try index.get(), json: json)
        case .search(let query, let limit, let json):
            let index = try index.get()
            let found = try index.search(query, limit: limit)
            try list(found, json: json)
            if found.isEmpty && !json {
                Output.error("apod: " + tr("no pictures match \"{query}\".", ["query": SearchQuery.echo(query)]))
            }
            try noteIncomplete(index)
        case .favorites(let json):
            let favourites = try dataFolder.openLibrary().favourites()
            try list(favourites, json: json)
            if favourites.isEmpty && !json {
                Output.error("apod: " + tr("no favourites yet: add one with apod favorites add DATE."))
            }
        case .addFavorite(let day):
            let library = try dataFolder.openLibrary()
            let entry = try await source.entry(for: day)
            guard entry.date == day else { throw APODError.noEntry(day) }
            try library.addFavourite(entry)
            Output.print(
                tr("Added {date} “{title}” to the favourites.", ["date": day.description, "title": entry.title]))
        case .removeFavorite(let day):
            let removed = try dataFolder.openLibrary().removeFavourite(day)
            Output.print(
                removed
                    ? tr("Removed {date} from the favourites.", ["date": day.description])
                    : tr("{date} was not a favourite.", ["date": day.description]))
        case .onThisDay(let month, let day, let json):
            let today = ArchiveCalendar().today
            try await onThisDay(month: month ?? today.month, day: day ?? today.day, json: json)
        case .objects(let query, let json):
            let index = try index.get()
            if let query, let object = SkyCatalogue.shared.object(named: query) {
                try entries(of: object, in: index, json: json)
            } else {
                try objects(matching: query, in: index, json: json)
            }
            try noteIncomplete(index)
        }
    }

    /// `M31 · Andromeda Galaxy (87), newest first:` and its entries, or them as JSON.
    private func entries(of object: SkyObject, in index: ArchiveIndex, json: Bool) throws {
        let entries = try index.entries(of: object)
        if !json && !entries.isEmpty {
            Output.print(
                tr("{object} ({count}), newest first:", ["object": object.label, "count": String(entries.count)]))
        }
        try list(entries, json: json)
        if entries.isEmpty && !json {
            Output.error("apod: " + tr("no pictures of {object} in the index.", ["object": object.label]))
        }
    }

    /// One `COUNT  ID · NAME` line per object, the most pictured first, or them as JSON.
    private func objects(matching query: String?, in index: ArchiveIndex, json: Bool) throws {
        let objects = try index.objects(matching: query ?? "")
        if json {
            Output.print(String(decoding: try EntryJSON.encoded(objects.map(ObjectJSON.init)), as: UTF8.self))
        } else if let widest = objects.first.map({ String($0.count).count }) {
            Output.print(
                objects.map {
                    String(repeating: " ", count: widest - String($0.count).count) + "\($0.count)  \($0.object.label)"
                }
                .joined(separator: "\n"))
        }
        if objects.isEmpty && !json {
            Output.error(
                "apod: "
                    + (query.map { tr("no sky objects match \"{query}\".", ["query": SearchQuery.echo($0)]) }
                        ?? tr("no sky objects in the index yet: run apod sync.")))
        }
    }

    private func sync() async throws {
        let index = try index.get()
        let sync = ArchiveSync(source: try configuration.makeSyncSource(client: client), index: index)
        let onTerminal = isatty(STDERR_FILENO) == 1
        let summary = try await sync.run { progress in
            if onTerminal {
                FileHandle.standardError.write(Data(("\r" + Self.progressLine(progress) + "\u{1B}[K").utf8))
            }
        }
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let status = try summary.status ?? index.status()
        Output.print(
            status.figures + " "
                + tr(
                    "({new} new, {days} days fetched in {seconds} s).",
                    [
                        "new": DisplayNumber.grouped(summary.entriesAdded),
                        "days": DisplayNumber.grouped(summary.daysFetched),
                        "seconds": String(format: "%.1f", summary.seconds),
                    ]))
        let doubted = (summary.emptyWindows + summary.incompleteWindows + summary.failedWindows).sorted {
            $0.lowerBound < $1.lowerBound
        }
        if status.hasFailures {
            Output.error(
                "apod: "
                    + tr(
                        "{count} days could not be fetched ({days}); run apod sync again later to fetch them.",
                        ["count": DisplayNumber.grouped(status.failedDays), "days": Self.describe(doubted)]))
        }
        if let first = summary.conflictingDays.first, let last = summary.conflictingDays.last {
            let days =
                summary.conflictingDays.count <= 3
                ? summary.conflictingDays.map(\.description).joined(separator: ", ")
                : tr(
                    "{count} days between {first} and {last}",
                    [
                        "count": String(summary.conflictingDays.count), "first": first.description,
                        "last": last.description,
                    ])
            Output.error(
                "apod: "
                    + tr(
                        "the service gave {days} more than once with different content; the last one given was kept.",
                        ["days": days]))
        }
    }

    /// The Chinese mirror's texts for the indexed days: progress on a terminal, one line at the end.
    private func syncTranslations() async throws {
        let index = try index.get()
        let source = TranslationSource(base: configuration.translationURL, client: client, index: index)
        let onTerminal = isatty(STDERR_FILENO) == 1
        let summary = try await TranslationSync(source: source, index: index).run { progress in
            if onTerminal {
                let line = tr(
                    "Translations: {done} of {total} days",
                    ["done": String(progress.done), "total": String(progress.total)])
                FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
            }
        }
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        Output.print(
            tr(
                "{count} days with a Chinese translation ({new} new of {asked} asked, in {seconds} s).",
                [
                    "count": String(summary.translationsIndexed), "new": String(summary.translated),
                    "asked": String(summary.asked), "seconds": String(format: "%.1f", summary.seconds),
                ]))
        if summary.mirrorUnreachable {
            Output.error(
                "apod: " + tr("the Chinese mirror cannot be reached; run apod sync --translations again later."))
        }
    }

    /// `apod status`: the index's figures and when it was last synced, on one line.
    private func status(of index: ArchiveIndex, json: Bool) throws {
        let status = try index.status()
        let lastSync = status.lastSync.map { Self.timestamp.string(from: $0) }
        if json {
            Output.print(String(decoding: try EntryJSON.encoded(StatusJSON(status, lastSync: lastSync)), as: UTF8.self))
            return
        }
        let line =
            status.figures + tr("; ")
            + (lastSync.map { tr("last synced {time}", ["time": $0]) } ?? tr("never synced: run apod sync"))
        Output.print(tr("{figures}.", ["figures": line]))
    }

    /// `2026-12-02 16:40 UTC`: the same for every reader, whatever their time zone.
    static let timestamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter
    }()

    /// Windows listed when there are a few (`2003-03-01…2003-03-25, 2010-01-01…2010-01-25`),
    /// counted when there are many: a service that sent nothing for the whole archive made a
    /// line of 459 windows.
    static func describe(_ windows: [ClosedRange<APODDay>]) -> String {
        guard windows.count > 3, let first = windows.first, let last = windows.last else {
            return windows.map { "\($0.lowerBound)…\($0.upperBound)" }.joined(separator: ", ")
        }
        return tr(
            "{count} stretches of days between {first} and {last}",
            [
                "count": String(windows.count), "first": first.lowerBound.description,
                "last": last.upperBound.description,
            ])
    }

    /// `3075/11488 days · 3040 pictures · about 2 min left`
    static func progressLine(_ progress: SyncProgress) -> String {
        var line = tr(
            "{done}/{total} days · {count} pictures",
            [
                "done": String(progress.daysDone), "total": String(progress.daysTotal),
                "count": String(progress.entriesIndexed),
            ])
        if let seconds = progress.secondsLeft {
            let left =
                seconds >= 90
                ? tr("{minutes} min", ["minutes": String(Int((seconds / 60).rounded()))])
                : tr("{seconds} s", ["seconds": String(Int(seconds.rounded()))])
            line += " · " + tr("about {time} left", ["time": left])
        }
        return line
    }

    private func onThisDay(month: Int, day: Int, json: Bool) async throws {
        try list(
            try await OnThisDay.entries(month: month, day: day, index: try index.get(), source: source), json: json)
    }

    /// JSON with the same keys as `show`, or one `DATE  TITLE` line per entry.
    private func list(_ entries: [APODEntry], json: Bool) throws {
        if json {
            try Output.entries(entries, json: true, asArray: true)
        } else if !entries.isEmpty {
            Output.print(entries.map { "\($0.date)  \($0.title)" }.joined(separator: "\n"))
        }
    }

    private func noteIncomplete(_ index: ArchiveIndex) throws {
        let status = try index.status()
        guard !status.isComplete else { return }
        Output.error(
            "apod: " + status.figures + tr("; ") + tr("run apod sync to search the whole archive."))
    }
}

/// The index's figures as `apod status --json` gives them.
private struct StatusJSON: Encodable {
    let pictures: Int
    let absentDays: Int
    let failedDays: Int
    let unfetchedDays: Int
    let complete: Bool
    let lastSync: String?

    init(_ status: ArchiveStatus, lastSync: String?) {
        pictures = status.pictures
        absentDays = status.absentDays
        failedDays = status.failedDays
        unfetchedDays = status.unfetchedDays
        complete = status.isComplete
        self.lastSync = lastSync
    }

    enum CodingKeys: String, CodingKey {
        case pictures, complete
        case absentDays = "absent_days"
        case failedDays = "failed_days"
        case unfetchedDays = "unfetched_days"
        case lastSync = "last_sync"
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pictures, forKey: .pictures)
        try container.encode(absentDays, forKey: .absentDays)
        try container.encode(failedDays, forKey: .failedDays)
        try container.encode(unfetchedDays, forKey: .unfetchedDays)
        try container.encode(complete, forKey: .complete)
        try container.encode(lastSync, forKey: .lastSync)
    }
}

/// An object as `apod objects --json` lists it: `name` is null when it has none besides its id.
private struct ObjectJSON: Encodable {
    let id: String
    let name: String?
    let count: Int

    init(_ counted: SkyObjectCount) {
        id = counted.object.id
        name = counted.object.name
        count = counted.count
    }

    enum CodingKeys: String, CodingKey { case id, name, count }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(count, forKey: .count)
    }
}
