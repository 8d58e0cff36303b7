import APODCore
import Foundation

/// `IndexingSource` whose index is opened on first use, inside the request's background work:
/// opening reads the file and may migrate or set it aside, which must never happen on the main
/// thread (the source is made there, at start-up and when the preferences change it). Without
/// a usable index the upstream answers alone.
final class DeferredIndexingSource: ForwardingSource {
    /// The source without the index.
    private let network: any APODSource
    /// The upstream's configuration, whose index this is (even after the user switched).
    private let configuration: SourceConfiguration
    private let archive: ArchiveAccess
    private let calendar: ArchiveCalendar

    init(
        upstream: any APODSource, configuration: SourceConfiguration, archive: ArchiveAccess, calendar: ArchiveCalendar
    ) {
        self.network = upstream
        self.configuration = configuration
        self.archive = archive
        self.calendar = calendar
    }

    /// The index in front of the network source, opened now; the network source alone without
    /// a usable index. Only ever read inside a request's background work.
    var upstream: any APODSource {
        guard let index = try? archive.openIndex(for: configuration) else { return network }
        return IndexingSource(upstream: network, index: index, calendar: calendar)
    }

    /// Asked on the main thread: answered without opening the index.
    var rateLimit: RateLimit? { network.rateLimit }
    var syncWindowDays: Int { network.syncWindowDays }

    /// Called on the main thread (a grid starting): the index is opened in the stream's task.
    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { [self] yield in
            for try await entry in upstream.randomStream(count: count) { yield(entry) }
        }
    }
}
