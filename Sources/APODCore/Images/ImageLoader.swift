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
/// - Thumbnails from the science CDN are fetched at the width asked for (see `ImageSizing`).
public final class ImageLoader: ImageFetching, @unchecked Sendable {
    public static let defaultConcurrency = 6

    public let maxBytes: Int
    private let transport: any ImageTransport
    private let cache: ImageDiskCache?
    private let slots: DownloadSlots
    private let coalescer = RequestCoalescer<URL, DownloadSlots.Ticket, Data>()

    init(transport: any ImageTransport, cache: ImageDiskCache?,
         maxConcurrentDownloads: Int = ImageLoader.defaultConcurrency,
         maxBytes: Int = ImageValidation.defaultMaxBytes) {
        self.transport = transport
        self.cache = cache
        self.slots = DownloadSlots(limit: maxConcurrentDownloads)
        self.maxBytes = maxBytes
    }

    public func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        try ImageValidation.checkScheme(of: url)
        let target = ImageSizing.url(url, for: purpose)
        let priority = Self.priority(of: purpose)
        let slots = self.slots
        return try await coalescer.value(
            for: target,
            makeContext: { slots.ticket(priority: priority) },
            join: { slots.raise($0, to: priority) },
            operation: { [self] ticket in try await load(target, ticket: ticket) }
        )
    }

    private func load(_ url: URL, ticket: DownloadSlots.Ticket) async throws -> Data {
        let key = url.absoluteString
        if let cached = cache?.data(for: key), ImageValidation.format(of: cached) != nil {
            return cached
        }
        try await slots.acquire(ticket)
        defer { slots.release() }
        try Task.checkCancellation()
        let (status, body) = try await transport.download(url, maxBytes: maxBytes)
        try Self.check(status: status)
        try ImageValidation.requireImage(body)
        cache?.store(body, for: key)
        return body
    }

    private static func check(status: Int) throws {
        switch status {
        case 200..<300: return
        case 429: throw APODError.rateLimited
        case 500...: throw APODError.serviceError(status: status)
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
