import APODCore
import Foundation

/// Bytes from the core's `ImageFetching`, decoded for their purpose, through the memory cache.
/// Thumbnails also go through the fetcher's renditions: once decoded at cell size they are
/// kept as a small JPEG, so a grid showing them again decodes kilobytes, not the original.
/// Everything here runs in the caller's (background) task; cancelling it stops the download.
/// Decoding itself runs on `decoder`'s threads, at most one per core at a time; a display or
/// HD picture is decoded there while it downloads (`StreamingTextureDecoder`). Callers asking
/// for the same thumbnail at once share one fetch and decode (`thumbnailsUnderWay`).
public struct PictureLoader: Sendable {
    let fetcher: any ImageFetching
    let cache: TextureCache
    let decoder: DecodeQueue
    /// The thumbnails being fetched and decoded, by cache key: the wall and a grid, or Search
    /// and Favourites, showing one day at once wait for the same work.
    let thumbnailsUnderWay = RequestCoalescer<String, Void, DecodedImage>()
    /// Where a video day without a poster gets its still (nil: such days show the placeholder).
    let stills: VideoStills?

    public init(
        fetcher: any ImageFetching, cache: TextureCache = TextureCache(), decoder: DecodeQueue = .shared,
        stills: VideoStills? = nil
    ) {
        self.fetcher = fetcher
        self.stills = stills
        self.cache = cache
        self.decoder = decoder
    }

    /// The picture at `url` decoded for `purpose`; `box` is the area it is shown in, in device
    /// pixels: a display or HD picture is decoded to fit it rather than at full size.
    public func picture(from url: URL, for purpose: ImagePurpose, fitting box: PixelSize? = nil) async throws
        -> DecodedImage
    {
        let longSide = purpose.decodeLongSide
        let box = purpose.isThumbnail ? nil : box
        let key = Self.key(url, longSide: longSide, box: box)
        if let cached = cache.image(for: key) { return cached }
        guard purpose.isThumbnail else {
            return try await load(url, for: purpose, longSide: longSide, box: box, key: key)
        }
        let loader = self
        return try await thumbnailsUnderWay.value(
            for: key, makeContext: {}, join: { _ in },
            operation: { _ in try await loader.load(url, for: purpose, longSide: longSide, box: box, key: key) })
    }

    /// The key a picture is cached and shared under.
    static func key(_ url: URL, longSide: Int, box: PixelSize?) -> String {
        "\(longSide) \(box?.description ?? "-") \(url.absoluteString)"
    }

    /// What `picture` does past the memory cache: fetch and decode.
    private func load(
        _ url: URL, for purpose: ImagePurpose, longSide: Int, box: PixelSize?, key: String
    ) async throws -> DecodedImage {
        if case .thumbnail(let width) = purpose, let rendition = fetcher.cachedRendition(of: url, width: width),
            let image = try? await decoder.run({
                try TextureDecoder.decode(rendition, maxSize: longSide, cancellable: $0)
            })
        {
            cache.insert(image, for: key)
            return image
        }
        let fetched: FetchedImage
        let stream: StreamingTextureDecoder?
        if purpose.isThumbnail {
            // A grid's pictures arrive faster than they decode, and partial decodes of dozens of
            // them at once cost CPU and memory (measured: docs/performance.md, "Bytes flow once").
            stream = nil
            fetched = FetchedImage(data: try await fetcher.imageData(from: url, for: purpose), streamed: false)
        } else {
            // The one large picture: decoded while it downloads. Bytes that came whole (disk
            // cache, another caller's download) are decoded below. Once no one waits for the
            // picture, its loader and the chunks it has not decoded are dropped at once.
            let decoding = StreamingTextureDecoder(maxSize: longSide, fitting: box, queue: decoder)
            stream = decoding
            fetched = try await withTaskCancellationHandler {
                try await fetcher.imageData(from: url, for: purpose, streamingTo: decoding)
            } onCancel: {
                decoding.cancel()
            }
        }
        try Task.checkCancellation()
        let (image, rendition) = try await decoder.run(at: stream?.ticket) { cancellable in
            let image =
                if let stream, fetched.streamed, stream.streams { try stream.finish() } else {
                    try TextureDecoder.decode(fetched.data, maxSize: longSide, fitting: box, cancellable: cancellable)
                }
            guard case .thumbnail = purpose, image.width < image.originalWidth else { return (image, Data?.none) }
            return (image, image.texture.jpegData())
        }
        cache.insert(image, for: key)
        if case .thumbnail(let width) = purpose, let rendition {
            fetcher.storeRendition(rendition, of: url, width: width)
        }
        return image
    }

    /// The raw bytes, for saving the picture as the service sent it.
    public func data(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        try await fetcher.imageData(from: url, for: purpose)
    }
}
