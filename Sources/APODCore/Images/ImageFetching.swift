import Foundation

/// Why a picture is wanted: decides priority and, on the science CDN, the width asked for.
public enum ImagePurpose: Hashable, Sendable {
    /// A grid cell: `width` is the cell's width in device pixels (already times the scale).
    case thumbnail(width: Int)
    /// The main window's picture: fetched before any thumbnail.
    case display
    /// The detail window's full-resolution picture.
    case hd
}

/// Hands out validated image bytes (JPEG, PNG, GIF or WebP by their first bytes).
/// The viewer, `apod download` and the bench all go through one implementation, `ImageLoader`.
/// Cancelling the calling task cancels the download unless another caller still waits for it.
public protocol ImageFetching: Sendable {
    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data

    /// The same bytes; when this call downloads them, `consumer` is handed each chunk as it
    /// arrives, so decoding can overlap the transfer. `FetchedImage.streamed` says whether the
    /// consumer saw the whole picture; when not, decode `data`.
    func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage

    /// The bytes of `url` for `purpose` when they are already in the disk cache; nil otherwise.
    /// Never downloads: a metered connection's background rotation uses only what is here, and
    /// GNOME Shell's search, which must answer at once, takes result icons from here.
    /// No default on purpose: a wrapper that forgot to forward it would always answer nil.
    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data?

    /// A small picture the display side made from `url` at `width` pixels, re-encoded (JPEG or
    /// PNG) and handed to `storeRendition`; nil when there is none. A grid opened again decodes
    /// these few kilobytes instead of the original.
    func cachedRendition(of url: URL, width: Int) -> Data?

    /// Keeps `data`, an encoded rendition of `url` at `width` pixels, for `cachedRendition`.
    func storeRendition(_ data: Data, of url: URL, width: Int)
}

extension ImageFetching {
    /// Fetchers that cannot stream hand over the finished bytes.
    public func imageData(
        from url: URL, for purpose: ImagePurpose,
        streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        FetchedImage(data: try await imageData(from: url, for: purpose), streamed: false)
    }

    /// Fetchers without a disk cache keep no renditions.
    public func cachedRendition(of url: URL, width: Int) -> Data? { nil }

    public func storeRendition(_ data: Data, of url: URL, width: Int) {}
}
