import Foundation

/// Chooses the URL actually fetched for a purpose. The science CDN resizes on the fly, so a grid
/// cell asks it for the width it needs instead of a 4000 px original; other hosts only serve
/// full files, which the viewer then decodes at size.
public enum ImageSizing {
    /// The resizing CDN behind science.nasa.gov's `hdurl`s.
    public static let resizingHost = "assets.science.nasa.gov"

    /// `url` with `w` set to the thumbnail width and `h` dropped (so the CDN keeps the aspect
    /// ratio) when `url` is on a resizing host and the purpose is a thumbnail; `url` otherwise.
    /// `resizingHosts` exists for the bench's loopback stand-in of the CDN.
    public static func url(
        _ url: URL, for purpose: ImagePurpose,
        resizingHosts: Set<String> = [resizingHost]
    ) -> URL {
        guard case .thumbnail(let width) = purpose, width > 0,
            let host = url.host?.lowercased(), resizingHosts.contains(host), canResize(url)
        else {
            return url
        }
        return settingWidth(of: url, to: width)
    }

    /// The CDN resizes everything but GIFs: a `w=` request for a GIF answers 404, so GIFs
    /// are always fetched as they are.
    public static func canResize(_ url: URL) -> Bool {
        url.pathExtension.lowercased() != "gif"
    }

    /// `url` with its `w` query parameter set to `width` (in place, or appended) and `h`
    /// removed; every other parameter keeps its position and its percent-encoding.
    public static func settingWidth(of url: URL, to width: Int) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let wanted = URLQueryItem(name: "w", value: String(width))
        var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != "h" }
        if let index = items.firstIndex(where: { $0.name == "w" }) {
            items[index] = wanted
            items.removeAll { $0.name == "w" && $0 != wanted }
        } else {
            items.append(wanted)
        }
        components.percentEncodedQueryItems = items
        return components.url ?? url
    }
}
