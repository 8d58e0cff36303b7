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
            return OfflineSource(
                cacheRoot: useCache ? cacheDirectory : nil, sampleDirectory: sampleDirectory,
                calendar: calendar)
        case .science:
            upstream = CoalescingSource(
                upstream: ScienceSource(apiURL: apiURL, client: client, calendar: calendar), calendar: calendar)
        case .legacy:
            upstream = CoalescingSource(
                upstream: LegacySource(apiURL: apiURL, apiKey: apiKey, client: client, calendar: calendar),
                calendar: calendar)
        }
        guard useCache else { return upstream }
        let cache = MetadataCache(root: cacheDirectory, partition: cachePartition, calendar: calendar)
        return CachingSource(upstream: upstream, cache: cache, calendar: calendar)
    }

    /// `science` / `legacy` for the public services. Any other address gets a partition of its
    /// own, keyed by the whole address: the kind, host and port to read, and a hash of the
    /// address with its path and query (`legacy-127.0.0.1_8080-3f2a9c01b7d4`), so two sources on
    /// one host (two self-hosted copies, the fakes of a test) never answer for each other. The
    /// hash also keeps anything secret in the address out of file names.
    var cachePartition: String {
        guard let host = hostPartition else { return kind.rawValue }
        var address = apiURL.absoluteString
        while address.hasSuffix("/") { address.removeLast() }
        return host + "-" + SHA256.hex(Data("\(kind.rawValue) \(address)".utf8)).prefix(12)
    }

    /// What earlier versions named a self-hosted source by: kind, host and port only
    /// (`legacy-127.0.0.1_8080`); nil for the public services.
    var hostPartition: String? {
        let standard = kind == .legacy ? Self.legacyURL : Self.scienceURL
        guard apiURL != standard, let host = apiURL.host else { return nil }
        return "\(kind.rawValue)-\(host)" + (apiURL.port.map { "_\($0)" } ?? "")
    }
}
