import APODCore
import Foundation

/// `IndexingSource` whose index is opened on first use, inside the request's background work:
/// opening checks the whole file, which must never happen on the main thread (the source is
/// made there, at start-up and when the preferences change it). Without a usable index the
/// upstream answers alone.
final class DeferredIndexingSource: APODSource {
    private let upstream: any APODSource
    /// The upstream's configuration, whose index this is (even after the user switched).
    private let configuration: SourceConfiguration
    private let archive: ArchiveAccess
    private let calendar: ArchiveCalendar

    init(upstream: any APODSource, configuration: SourceConfiguration, archive: ArchiveAccess, calendar: ArchiveCalendar) {
        self.upstream = upstream
        self.configuration = configuration
        self.archive = archive
        self.calendar = calendar
    }

    private var source: any APODSource {
        guard let index = try? archive.openIndex(for: configuration) else { return upstream }
        return IndexingSource(upstream: upstream, index: index, calendar: calendar)
    }

    var rateLimit: RateLimit? { upstream.rateLimit }
    var syncWindowDays: Int { upstream.syncWindowDays }

    func latest() async throws -> APODEntry { try await source.latest() }

    func entry(for day: APODDay) async throws -> APODEntry { try await source.entry(for: day) }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await source.entries(from: start, through: end)
    }

    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try await source.rangeAnswer(from: start, through: end)
    }

    func random(count: Int) async throws -> [APODEntry] { try await source.random(count: count) }

    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        AsyncThrowingStream { continuation in
            let task = Task.detached { [self] in
                do {
                    for try await entry in source.randomStream(count: count) { continuation.yield(entry) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
