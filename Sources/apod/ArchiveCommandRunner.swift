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
        case .sync:
            try await sync()
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
            Output.print(tr("Added {date} “{title}” to the favourites.", ["date": day.description, "title": entry.title]))
        case .removeFavorite(let day):
            let removed = try dataFolder.openLibrary().removeFavourite(day)
            Output.print(removed ? tr("Removed {date} from the favourites.", ["date": day.description])
                                 : tr("{date} was not a favourite.", ["date": day.description]))
        case .onThisDay(let month, let day, let json):
            let today = ArchiveCalendar().today
            try await onThisDay(month: month ?? today.month, day: day ?? today.day, json: json)
        }
    }

    private func sync() async throws {
        let index = try index.get()
        let sync = ArchiveSync(source: try configuration.makeSyncSource(client: client), index: index)
        let onTerminal = isatty(STDERR_FILENO) == 1
        let summary = try await sync.run { progress in
            if onTerminal { FileHandle.standardError.write(Data(("\r" + Self.progressLine(progress) + "\u{1B}[K").utf8)) }
        }
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        Output.print(tr("{count} pictures in the index ({new} new, {days} days fetched in {seconds} s).", [
            "count": String(summary.entriesIndexed), "new": String(summary.entriesAdded),
            "days": String(summary.daysFetched), "seconds": String(format: "%.1f", summary.seconds)]))
        if !summary.emptyWindows.isEmpty {
            Output.error("apod: " + tr("the service sent nothing for {days}; run apod sync again later to fetch them.",
                                       ["days": Self.describe(summary.emptyWindows)]))
        }
        if !summary.incompleteWindows.isEmpty {
            Output.error("apod: " + tr("some days of {days} came back unusable or incomplete; run apod sync again later to fetch them.",
                                       ["days": Self.describe(summary.incompleteWindows)]))
        }
    }

    /// Windows listed when there are a few (`2003-03-01…2003-03-25, 2010-01-01…2010-01-25`),
    /// counted when there are many: a service that sent nothing for the whole archive made a
    /// line of 459 windows.
    static func describe(_ windows: [ClosedRange<APODDay>]) -> String {
        guard windows.count > 3, let first = windows.first, let last = windows.last else {
            return windows.map { "\($0.lowerBound)…\($0.upperBound)" }.joined(separator: ", ")
        }
        return tr("{count} stretches of days between {first} and {last}",
                  ["count": String(windows.count), "first": first.lowerBound.description, "last": last.upperBound.description])
    }

    /// `3075/11488 days · 3040 pictures · about 2 min left`
    static func progressLine(_ progress: SyncProgress) -> String {
        var line = tr("{done}/{total} days · {count} pictures", [
            "done": String(progress.daysDone), "total": String(progress.daysTotal), "count": String(progress.entriesIndexed)])
        if let seconds = progress.secondsLeft {
            let left = seconds >= 90 ? tr("{minutes} min", ["minutes": String(Int((seconds / 60).rounded()))])
                                     : tr("{seconds} s", ["seconds": String(Int(seconds.rounded()))])
            line += " · " + tr("about {time} left", ["time": left])
        }
        return line
    }

    private func onThisDay(month: Int, day: Int, json: Bool) async throws {
        try list(try await OnThisDay.entries(month: month, day: day, index: try index.get(), source: source), json: json)
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
        guard try !index.coversArchive() else { return }
        Output.error("apod: " + tr("the index holds {count} pictures so far; run apod sync to search the whole archive.",
                                   ["count": String(try index.count())]))
    }
}
