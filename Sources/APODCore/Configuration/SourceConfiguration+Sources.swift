import Foundation

extension SourceConfiguration {
    /// An HTTP client with this configuration's time-out; share one per process.
    public func makeHTTPClient() -> HTTPClient {
        HTTPClient(timeout: timeout)
    }

    /// The configured source, behind the metadata cache unless `--no-cache` was given; callers
    /// asking for the same day at the same time share one request (`CoalescingSource`).
    /// Pass the process's client so the image loader and the source share one session.
    public func makeSource(client: HTTPClient? = nil, calendar: ArchiveCalendar = ArchiveCalendar()) -> any APODSource {
        let client = client ?? makeHTTPClient()
        let upstream: any APODSource
        switch kind {
        case .offline:
            return OfflineSource(cacheRoot: useCache ? cacheDirectory : nil, sampleDirectory: sampleDirectory,
                                 calendar: calendar)
        case .science:
            upstream = CoalescingSource(upstream: ScienceSource(apiURL: apiURL, client: client, calendar: calendar), calendar: calendar)
        case .legacy:
            upstream = CoalescingSource(upstream: LegacySource(apiURL: apiURL, apiKey: apiKey, client: client, calendar: calendar),
                                        calendar: calendar)
        }
        guard useCache else { return upstream }
        let cache = MetadataCache(root: cacheDirectory, partition: cachePartition, calendar: calendar)
        return CachingSource(upstream: upstream, cache: cache, calendar: calendar)
    }

    /// `science` / `legacy` for the public services; a self-hosted or test server gets its own
    /// partition (`legacy-host_port`) so its answers never mix with NASA's.
    var cachePartition: String {
        let standard = kind == .legacy ? Self.legacyURL : Self.scienceURL
        guard apiURL != standard, let host = apiURL.host else { return kind.rawValue }
        return "\(kind.rawValue)-\(host)" + (apiURL.port.map { "_\($0)" } ?? "")
    }
}
