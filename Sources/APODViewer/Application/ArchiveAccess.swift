import APODCore
import Foundation
import Synchronization

/// The viewer's way to the archive index of the source in use and to the favourites library.
/// Both are opened lazily and reopened when the source changes; every call reads or writes a
/// database, so windows call it from their background work, never on the main thread.
public final class ArchiveAccess: BackgroundPool, Sendable {
    public let dataFolder: DataFolder
    private let calendar: ArchiveCalendar
    private struct Opened {
        var configuration: SourceConfiguration
        /// Opened indexes by source address: a request still running for the previous source
        /// writes to that source's index, never to the new one's.
        var indexes: [String: ArchiveIndex] = [:]
        var library: UserLibrary?
        /// A damaged file set aside on opening, said once by the next window that asks.
        var pendingNotices: [APODError] = []
    }

    private let opened: Mutex<Opened>

    public init(
        dataFolder: DataFolder, configuration: SourceConfiguration, calendar: ArchiveCalendar = ArchiveCalendar()
    ) {
        self.dataFolder = dataFolder
        opened = Mutex(Opened(configuration: configuration))
        self.calendar = calendar
    }

    /// From now on, the index of this source.
    func use(_ configuration: SourceConfiguration) {
        opened.withLock { $0.configuration = configuration }
    }

    /// The index of the source in use, opened on first use.
    /// - Throws: `APODError.indexTooNew`, `.diskFull`, `.indexUnavailable`.
    func openIndex() throws -> ArchiveIndex {
        try openIndex(for: opened.withLock { $0.configuration })
    }

    /// The index of `configuration`'s source, opened on first use.
    func openIndex(for configuration: SourceConfiguration) throws -> ArchiveIndex {
        try opened.withLock { state in
            let key =
                configuration.kind == .offline ? "offline" : "\(configuration.kind.rawValue) \(configuration.apiURL)"
            if let index = state.indexes[key] { return index }
            let opened = try dataFolder.openIndex(for: configuration, calendar: calendar)
            if let notice = opened.notice { state.pendingNotices.append(notice) }
            state.indexes[key] = opened
            return opened
        }
    }

    func openLibrary() throws -> UserLibrary {
        try opened.withLock { state in
            if let library = state.library { return library }
            let opened = try dataFolder.openLibrary()
            if let notice = opened.notice { state.pendingNotices.append(notice) }
            state.library = opened
            return opened
        }
    }

    /// What happened to damaged files since the last call (each said once).
    func takeNotices() -> [APODError] {
        opened.withLock { state in
            defer { state.pendingNotices = [] }
            return state.pendingNotices
        }
    }

    /// The source in front of the configured one: answers what the index covers, and indexes
    /// what it fetches (the offline source is left alone, as `makeIndexedSource` does). The
    /// index is opened by the first request, off the main thread.
    func indexedSource(_ configuration: SourceConfiguration, client: HTTPClient) -> any APODSource {
        use(configuration)
        let source = configuration.makeSource(client: client, calendar: calendar)
        guard configuration.kind != .offline else { return source }
        return DeferredIndexingSource(upstream: source, configuration: configuration, archive: self, calendar: calendar)
    }

    // MARK: Reading and writing (off the main thread)

    struct SearchResult: Sendable {
        var entries: [APODEntry]
        var count: Int
        /// Where the index stands; when it holds the whole archive nothing is missing from the result.
        var status: ArchiveStatus
        var isComplete: Bool { status.isComplete }
    }

    func search(_ text: String, limit: Int) throws -> SearchResult {
        let index = try openIndex()
        return SearchResult(
            entries: try index.search(text, limit: limit), count: try index.matchCount(text), status: try index.status()
        )
    }

    func isFavourite(_ day: APODDay) throws -> Bool {
        try openLibrary().isFavourite(day)
    }

    /// Adds or removes the entry. - Returns: whether it is a favourite now.
    func toggleFavourite(_ entry: APODEntry) throws -> Bool {
        let library = try openLibrary()
        if try library.removeFavourite(entry.date) { return false }
        try library.addFavourite(entry)
        return true
    }

    public func favourites() throws -> [APODEntry] {
        try openLibrary().favourites()
    }

    func history() throws -> [APODEntry] {
        try openLibrary().history(limit: 100)
    }

    func recordView(_ entry: APODEntry) {
        try? openLibrary().recordView(entry)
    }

    public func randomArchiveEntries(count: Int) throws -> [APODEntry] {
        try openIndex().random(count: count)
    }

    func onThisDay(month: Int, day: Int) throws -> [APODEntry] {
        try openIndex().onThisDay(month: month, day: day)
    }

    /// The days of a month with an indexed entry and those that are favourites.
    func marks(in month: ArchiveMonth) throws -> (indexed: Set<APODDay>, favourites: Set<APODDay>) {
        (try openIndex().indexedDays(in: month), try openLibrary().favouriteDays(in: month))
    }

    /// Whether "Download the archive" should be offered now: only while the index lacks part
    /// of the archive, and only once ever (the first search or the first random grid), so a
    /// marker file in the data folder remembers that it was. Claiming writes the marker.
    func claimDownloadOffer() -> Bool {
        let marker = dataFolder.url(Self.offerMarkerName)
        guard !FileManager.default.fileExists(atPath: marker.path),
            (try? openIndex().coversArchive()) == false
        else { return false }
        try? FileManager.default.createDirectory(at: dataFolder.root, withIntermediateDirectories: true)
        // O_EXCL: of two windows asking at once, one gets the offer.
        let descriptor = open(marker.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// The data folder's marker that "Download the archive" was offered once.
    static let offerMarkerName = "archive-download-offered"

    /// Where the index stands against the whole archive (`ArchiveIndex.status`).
    func indexState() throws -> ArchiveStatus {
        try openIndex().status()
    }
}
