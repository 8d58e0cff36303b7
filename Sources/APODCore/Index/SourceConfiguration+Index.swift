import Foundation

extension SourceConfiguration {
    /// The configured source with the archive index in front (`IndexingSource`): what it
    /// covers costs no request, and everything fetched is added to it. The offline source is
    /// left as it is: its sample pictures are local files, which do not belong in an index.
    public func makeIndexedSource(
        client: HTTPClient, index: ArchiveIndex, calendar: ArchiveCalendar = ArchiveCalendar()
    ) -> any APODSource {
        let source = makeSource(client: client, calendar: calendar)
        guard kind != .offline else { return source }
        return IndexingSource(upstream: source, index: index, calendar: calendar)
    }

    /// The network source itself, for a sync: behind the metadata cache it would leave a
    /// file per day of the archive there.
    /// - Throws: `APODError.invalidArgument` for the offline source, which has nothing to sync.
    public func makeSyncSource(client: HTTPClient, calendar: ArchiveCalendar = ArchiveCalendar()) throws
        -> any APODSource
    {
        guard kind != .offline else {
            throw APODError.invalidArgument(
                tr("The offline source cannot download the archive: use --source science or legacy."))
        }
        var uncached = self
        uncached.useCache = false
        return uncached.makeSource(client: client, calendar: calendar)
    }
}
