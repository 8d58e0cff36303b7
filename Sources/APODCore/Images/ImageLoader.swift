import Foundation

/// The one image loader: everything that shows or saves a picture gets its bytes here.
///
/// - At most `maxConcurrentDownloads` downloads run at once; waiting ones leave in priority
///   order (`.display` and `.hd` before `.thumbnail`), so the main picture never queues behind
///   a grid.
/// - Concurrent requests for the same URL share one download; a cancelled caller leaves
///   without stopping it for the others, and the last one to leave cancels it.
/// - Bytes are validated (http/https, image magic, size limit, completeness) before they are
///   cached or returned, and served from the disk cache when present.
/// - Bytes flow once: while a body arrives each chunk goes to the buffer the checks read, to
///   the disk cache's temporary file and to the chunk consumer of the caller that started the
///   download (`imageData(from:for:streamingTo:)`), so a picture is decoded and written while
///   it downloads; the cache entry is put in place and the consumer's work counts only once the
///   whole picture passed the checks.
/// - Thumbnails from the science CDN are fetched at the width asked for (see `ImageSizing`);
///   GIFs never are, and a resized picture answering 404 is fetched once as the original.
/// - The display side may keep small re-encoded renditions beside the originals
///   (`cachedRendition`), so a grid opened again decodes a few kilobytes per cell.
/// - `file:` URLs are read only inside `localFolders` (the offline sample).
public final class ImageLoader: ImageFetching, Sendable {
    public static let defaultConcurrency = 6

    public let maxBytes: Int
    /// Hosts that honour `w=` (the science CDN; the bench adds its loopback server).
    public let resizingHosts: Set<String>
    /// Folders whose pictures may be read through `file:` URLs (the offline sample); any
    /// other `file:` URL is refused like every non-web link.
    public let localFolders: [URL]
    private let transport: any ImageTransport
    private let cache: ImageDiskCache?
    /// The disk cache's size limit in bytes (nil: no disk cache), as the preferences set it.
    public var cacheCapacity: Int64? { cache?.capacity }
    private let slots: DownloadSlots
    private let coalescer = RequestCoalescer<URL, Download, Data>()

    /// What the caller that starts a download brings to it: its place in the queue, and its
    /// chunk consumer when it has one (callers that join later get the finished bytes).
    private struct Download: Sendable {
        let ticket: DownloadSlots.Ticket
        let consumer: ConsumerSlot?
    }

    /// A loader downloading through `client`, caching in `cache` (nil: memory only).
    public convenience init(
        client: HTTPClient, cache: ImageDiskCache?,
        maxConcurrentDownloads: Int = ImageLoader.defaultConcurrency,
        maxBytes: Int = ImageValidation.defaultMaxBytes,
        resizingHosts: Set<String> = [ImageSizing.resizingHost],
        localFolders: [URL] = []
    ) {
        self.init(
            transport: client, cache: cache, maxConcurrentDownloads: maxConcurrentDownloads,
            maxBytes: maxBytes, resizingHosts: resizingHosts, localFolders: localFolders)
    }

    init(
        transport: any ImageTransport, cache: ImageDiskCache?,
        maxConcurrentDownloads: Int = ImageLoader.defaultConcurrency,
        maxBytes: Int = ImageValidation.defaultMaxBytes,
        resizingHosts: Set<String> = [ImageSizing.resizingHost],
        localFolders: [URL] = []
    ) {
        self.transport = transport
        self.resizingHosts = resizingHosts
        self.localFolders = localFolders.map { $0.standardizedFileURL.resolvingSymlinksInPath() }
        self.cache = cache
        self.slots = DownloadSlots(limit: maxConcurrentDownloads)
        self.maxBytes = maxBytes
    }

    /// A resized picture that answers 404 (the CDN cannot resize every picture) is asked for
    /// once more as the original.
    public func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        try await fetch(url, for: purpose, consumer: nil)
    }

    /// The same bytes; when this call starts the download, `consumer` is handed each chunk as
    /// it arrives. Cancelling the calling task detaches the consumer at once, even while the
    /// download goes on for other callers.
    public func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        let slot = ConsumerSlot(consumer)
        let data = try await withTaskCancellationHandler {
            try await fetch(url, for: purpose, consumer: slot)
        } onCancel: {
            slot.detach()
        }
        return FetchedImage(data: data, streamed: slot.delivered)
    }

    private func fetch(_ url: URL, for purpose: ImagePurpose, consumer: ConsumerSlot?) async throws -> Data {
        if url.isFileURL { return try localImage(at: url) }
        try ImageValidation.checkScheme(of: url)
        let target = ImageSizing.url(url, for: purpose, resizingHosts: resizingHosts)
        let priority = Self.priority(of: purpose)
        do {
            return try await shared(target, priority: priority, consumer: consumer)
        } catch PictureMissing.notFound where target != url {
            do {
                return try await shared(url, priority: priority, consumer: consumer)
            } catch PictureMissing.notFound {
                throw APODError.notAnImage
            }
        } catch PictureMissing.notFound {
            throw APODError.notAnImage
        }
    }

    /// A 404, kept apart from other refusals until `imageData` knows whether to try the original.
    private enum PictureMissing: Error {
        case notFound
    }

    /// One download of `url` shared by every caller asking for it at the same time.
    private func shared(_ url: URL, priority: Int, consumer: ConsumerSlot?) async throws -> Data {
        let slots = self.slots
        return try await coalescer.value(
            for: url,
            makeContext: { Download(ticket: slots.ticket(priority: priority), consumer: consumer) },
            join: { slots.raise($0.ticket, to: priority) },
            operation: { [self] download in try await load(url, download: download) }
        )
    }

    /// How many callers wait for the download of `url` for `purpose` (for tests).
    func waitingCallers(for url: URL, purpose: ImagePurpose) -> Int {
        coalescer.waiterCount(for: ImageSizing.url(url, for: purpose, resizingHosts: resizingHosts))
    }

    /// How many downloads wait for a slot (for tests).
    var queuedDownloads: Int { slots.waitingCount }

    /// How many loads have not ended, cancelled ones included (for tests).
    var runningLoads: Int { coalescer.runningOperations }

    private func load(_ url: URL, download: Download) async throws -> Data {
        let key = url.absoluteString
        if let cached = cached(key) { return cached }
        try await slots.acquire(download.ticket)
        defer { slots.release() }
        try Task.checkCancellation()
        let stream = PictureStream(cache: cache, key: key, consumer: download.consumer)
        do {
            try await receive(url, into: stream)
            try ImageValidation.requireImage(stream.data)
        } catch {
            stream.discard()
            throw error
        }
        stream.accept()
        return stream.data
    }

    /// Streams the body of `url` into `stream`. A body cut off or stalled is fetched again
    /// from its first byte when the transport's retry policy allows (the head's own failures
    /// and 5xx answers are retried inside the transport).
    private func receive(_ url: URL, into stream: PictureStream) async throws {
        let policy = transport.retryPolicy
        let started = ContinuousClock.now
        var retry = 0
        while true {
            let response: ImageResponse
            do {
                response = try await transport.open(url, maxBytes: maxBytes)
            } catch let error as APODError {
                throw Self.named(error)
            }
            try Self.check(status: response.status)
            stream.begin(expectedLength: response.expectedLength.map { min($0, maxBytes) })
            do {
                for try await chunk in response.body { await stream.append(chunk) }
                return
            } catch let error as APODError {
                guard retry < policy.retries, policy.shouldRetry(error) else {
                    // A time-out states the seconds spent on every attempt, as `HTTPClient.get`'s does.
                    if case .timedOut(let seconds) = error {
                        throw APODError.timedOut(seconds: HTTPClient.wholeSeconds(since: started, atLeast: seconds))
                    }
                    throw Self.named(error)
                }
            }
            retry += 1
            try await Task.sleep(nanoseconds: UInt64(policy.delay(beforeRetry: retry) * 1_000_000_000))
        }
    }

    /// A picture of the offline sample, with the same checks as a download.
    private func localImage(at url: URL) throws -> Data {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard localFolders.contains(where: { path.hasPrefix($0.path + "/") }) else { throw APODError.unsupportedURL }
        guard let data = try RegularFile.read(URL(fileURLWithPath: path), maxBytes: maxBytes) else {
            throw APODError.notAnImage
        }
        guard data.count <= maxBytes else { throw APODError.imageTooLarge(detail: "more than \(maxBytes >> 20) MB") }
        try ImageValidation.requireImage(data)
        return data
    }

    /// From the disk cache only (or the offline sample's folder), with the checks a cached
    /// download gets; nil when absent.
    public func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? {
        if url.isFileURL { return try? localImage(at: url) }
        return cached(ImageSizing.url(url, for: purpose, resizingHosts: resizingHosts).absoluteString)
    }

    /// The disk cache's bytes for `key`. A cached bomb (stored before sizes were checked) is
    /// not answered: it is fetched again, and refused.
    private func cached(_ key: String) -> Data? {
        guard let data = cache?.data(for: key), ImageValidation.format(of: data) != nil,
            (try? ImageValidation.requireSensibleSize(data)) != nil
        else { return nil }
        return data
    }

    /// Renditions live in the disk cache beside the originals; nil when absent or damaged.
    public func cachedRendition(of url: URL, width: Int) -> Data? {
        guard let data = cache?.data(for: Self.renditionKey(url, width)),
            ImageValidation.format(of: data) != nil
        else { return nil }
        return data
    }

    /// Stores a rendition unless it is not an image (or there is no disk cache).
    public func storeRendition(_ data: Data, of url: URL, width: Int) {
        guard ImageValidation.format(of: data) != nil else { return }
        cache?.store(data, for: Self.renditionKey(url, width))
    }

    private static func renditionKey(_ url: URL, _ width: Int) -> String {
        "rendition w=\(width) " + url.absoluteString
    }

    /// Names connection failures as the picture's: its server is often another host than the
    /// APOD service's.
    private static func named(_ error: APODError) -> APODError {
        switch error {
        case .unreachable: return .pictureUnreachable(interrupted: false)
        case .connectionLost: return .pictureUnreachable(interrupted: true)
        default: return error
        }
    }

    /// Maps a picture's HTTP status to an error naming the picture's server: no API key is
    /// sent with pictures and their host is often a CDN, not the APOD service.
    private static func check(status: Int) throws {
        switch status {
        case 200..<300: return
        case 404: throw PictureMissing.notFound
        case 429: throw APODError.pictureRateLimited
        case 500...: throw APODError.pictureServerError(status: status)
        default: throw APODError.notAnImage
        }
    }

    private static func priority(of purpose: ImagePurpose) -> Int {
        switch purpose {
        case .display, .hd: return 1
        case .thumbnail: return 0
        }
    }
}
