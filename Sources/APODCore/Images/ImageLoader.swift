import Foundation

/// The one image loader: everything that shows or saves a picture gets its bytes here.
///
/// - At most `maxConcurrentDownloads` downloads run at once; waiting ones leave in priority
///   order (`.display` and `.hd` before `.thumbnail`), so the main picture never queues behind
///   a grid.
/// - Concurrent requests for the same URL share one download; a cancelled caller leaves
///   without stopping it for the others, and the last one to leave cancels it.
/// - Bytes are validated (http/https, image magic, size limit) before they are cached or
///   returned, and served from the disk cache when present.
/// - Thumbnails from the science CDN are fetched at the width asked for (see `ImageSizing`);
///   GIFs never are, and a resized picture answering 404 is fetched once as the original.
/// - The display side may keep small re-encoded renditions beside the originals
///   (`cachedRendition`), so a grid opened again decodes a few kilobytes per cell.
/// - `file:` URLs are read only inside `localFolders` (the offline sample).
public final class ImageLoader: ImageFetching, @unchecked Sendable {
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
    private let coalescer = RequestCoalescer<URL, DownloadSlots.Ticket, Data>()

    /// A loader downloading through `client`, caching in `cache` (nil: memory only).
    public convenience init(client: HTTPClient, cache: ImageDiskCache?,
                            maxConcurrentDownloads: Int = ImageLoader.defaultConcurrency,
                            maxBytes: Int = ImageValidation.defaultMaxBytes,
                            resizingHosts: Set<String> = [ImageSizing.resizingHost],
                            localFolders: [URL] = []) {
        self.init(transport: client, cache: cache, maxConcurrentDownloads: maxConcurrentDownloads,
                  maxBytes: maxBytes, resizingHosts: resizingHosts, localFolders: localFolders)
    }

    init(transport: any ImageTransport, cache: ImageDiskCache?,
         maxConcurrentDownloads: Int = ImageLoader.defaultConcurrency,
         maxBytes: Int = ImageValidation.defaultMaxBytes,
         resizingHosts: Set<String> = [ImageSizing.resizingHost],
         localFolders: [URL] = []) {
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
        if url.isFileURL { return try localImage(at: url) }
        try ImageValidation.checkScheme(of: url)
        let target = ImageSizing.url(url, for: purpose, resizingHosts: resizingHosts)
        let priority = Self.priority(of: purpose)
        do {
            return try await shared(target, priority: priority)
        } catch PictureMissing.notFound where target != url {
            do {
                return try await shared(url, priority: priority)
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
    private func shared(_ url: URL, priority: Int) async throws -> Data {
        let slots = self.slots
        return try await coalescer.value(
            for: url,
            makeContext: { slots.ticket(priority: priority) },
            join: { slots.raise($0, to: priority) },
            operation: { [self] ticket in try await load(url, ticket: ticket) }
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

    private func load(_ url: URL, ticket: DownloadSlots.Ticket) async throws -> Data {
        let key = url.absoluteString
        // A cached bomb (stored before sizes were checked) is fetched again, and refused.
        if let cached = cache?.data(for: key), ImageValidation.format(of: cached) != nil,
           (try? ImageValidation.requireSensibleSize(cached)) != nil {
            return cached
        }
        try await slots.acquire(ticket)
        defer { slots.release() }
        try Task.checkCancellation()
        let (status, body) = try await Self.pictureDownload { try await transport.download(url, maxBytes: maxBytes) }
        try Self.check(status: status)
        try ImageValidation.requireImage(body)
        cache?.store(body, for: key)
        return body
    }

    /// A picture of the offline sample, with the same checks as a download.
    private func localImage(at url: URL) throws -> Data {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard localFolders.contains(where: { path.hasPrefix($0.path + "/") }) else { throw APODError.unsupportedURL }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
            throw APODError.notAnImage
        }
        guard size <= maxBytes else { throw APODError.imageTooLarge(detail: "more than \(maxBytes >> 20) MB") }
        guard let data = FileManager.default.contents(atPath: path) else { throw APODError.notAnImage }
        try ImageValidation.requireImage(data)
        return data
    }

    /// Renditions live in the disk cache beside the originals; nil when absent or damaged.
    public func cachedRendition(of url: URL, width: Int) -> Data? {
        guard let data = cache?.data(for: Self.renditionKey(url, width)),
              ImageValidation.format(of: data) != nil else { return nil }
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

    /// Runs a download, naming connection failures as the picture's: its server is often
    /// another host than the APOD service's.
    private static func pictureDownload<T>(_ download: () async throws -> T) async throws -> T {
        do {
            return try await download()
        } catch APODError.unreachable {
            throw APODError.pictureUnreachable(interrupted: false)
        } catch APODError.connectionLost {
            throw APODError.pictureUnreachable(interrupted: true)
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
