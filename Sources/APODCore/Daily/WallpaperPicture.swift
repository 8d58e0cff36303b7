import Foundation

/// The picture a day contributes as a desktop background, and fetching it at a given width.
///
/// On science.nasa.gov's resizing CDN the width is asked for with `w=` (never for GIFs, which
/// the CDN cannot resize, and never above the width the link already names: the CDN would only
/// upscale, and the desktop scales a smaller picture itself); a resized download that fails is
/// tried once more as the original.
/// Other hosts serve their file as it is, and the desktop scales it. A video day offers its
/// still (the poster science.nasa.gov gives, or the legacy API's thumbnail).
public struct WallpaperPicture: Sendable {
    public let images: any ImageFetching

    public init(images: any ImageFetching) {
        self.images = images
    }

    /// The still or picture for `entry`, or nil when it has none.
    public static func original(of entry: APODEntry) -> URL? {
        switch entry.mediaType {
        case .image: return entry.hdImageURL ?? entry.imageURL
        case .video: return entry.thumbnailURL
        default: return nil
        }
    }

    /// `original(of:)` at `width` pixels where the host can make it that much smaller.
    public static func url(for entry: APODEntry, width: Int?) -> URL? {
        guard let original = original(of: entry) else { return nil }
        guard let width, original.pathExtension.lowercased() != "gif",
            width < (namedWidth(of: original) ?? Int.max),
            let resized = ScienceCDN.resized(original, width: width)
        else { return original }
        return resized
    }

    /// The `w=` a CDN link already carries (science.nasa.gov's `hdurl` names the original's).
    private static func namedWidth(of url: URL) -> Int? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "w" }?.value.flatMap(
            Int.init)
    }

    /// The bytes `data(for:width:)` would give when the cache already holds them (at that
    /// width or as the original); nil otherwise. Never downloads.
    public func cachedData(for entry: APODEntry, width: Int?) -> Data? {
        [Self.url(for: entry, width: width), Self.original(of: entry), entry.imageURL].compactMap { $0 }
            .lazy.compactMap { images.cachedImageData(from: $0, for: .hd) }.first
    }

    /// The picture's bytes, validated by the image loader.
    /// - Throws: `APODError.noImage` for a day without a picture or still, else the loader's errors.
    public func data(for entry: APODEntry, width: Int?) async throws -> Data {
        guard let original = Self.original(of: entry), let url = Self.url(for: entry, width: width) else {
            throw APODError.noImage(entry.date)
        }
        do {
            return try await images.imageData(from: url, for: .hd)
        } catch let error as APODError where url != original && !(error == .unsupportedURL) {
            return try await images.imageData(from: original, for: .hd)
        }
    }
}
