import Foundation

/// Cleans the links the services send: protocol-relative `//host/…` becomes `https://host/…`,
/// stray spaces are encoded, and anything but http or https is dropped.
public enum WebURL {
    /// The one test for "a link this app may follow": http or https, with a host.
    public static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    public static func normalize(_ raw: String?) -> URL? {
        guard var text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        if text.hasPrefix("//") { text = "https:" + text }
        let url =
            URL(string: text)
            ?? text.addingPercentEncoding(withAllowedCharacters: allowed).flatMap { URL(string: $0) }
        guard let url, isWeb(url) else { return nil }
        return url
    }

    /// The still YouTube serves for a video link (embed, watch, youtu.be or nocookie forms).
    public static func youTubeThumbnail(for url: URL) -> URL? {
        guard let id = youTubeID(of: url) else { return nil }
        return URL(string: "https://img.youtube.com/vi/\(id)/hqdefault.jpg")
    }

    static func youTubeID(of url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        var candidate: String?
        if host == "youtu.be" || host == "www.youtu.be" {
            candidate = parts.first
        } else if host.hasSuffix("youtube.com") || host.hasSuffix("youtube-nocookie.com") {
            if let index = parts.firstIndex(where: { ["embed", "v", "shorts", "live"].contains($0) }),
                index + 1 < parts.count
            {
                candidate = parts[index + 1]
            } else if parts.first == "watch" {
                candidate =
                    URLComponents(url: url, resolvingAgainstBaseURL: false)?
                    .queryItems?.first(where: { $0.name == "v" })?.value
            }
        }
        guard let id = candidate, (6...32).contains(id.count),
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return id
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.insert(charactersIn: "#%")
        return set
    }()
}
