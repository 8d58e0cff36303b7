import Foundation

/// How the bench's server behaves, after the two real picture hosts.
enum Flavour: String, CaseIterable, Sendable {
    /// apod.nasa.gov: full files only, whatever the query says.
    case legacy = "legacy-like"
    /// assets.science.nasa.gov: `w=` returns a file resized to that width.
    case science = "science-like"

    var pathPrefix: String {
        switch self {
        case .legacy: return "/legacy/apod/image/"
        case .science: return "/science/dynamicimage/"
        }
    }
}

extension Flavour {
    /// The `w` in the science CDN's full-size `hdurl`s.
    static let fullSizeWidth = 4096

    /// The picture URLs of a grid of `count` entries on the server at `base`, as entries name
    /// them (the science CDN's `hdurl`s carry a full-size `w`/`h`).
    func urls(base: URL, count: Int) -> [URL] {
        (0..<count).map { index in
            let query = self == .science ? "?w=\(Flavour.fullSizeWidth)&h=2731&fit=clip" : ""
            return URL(string: "\(base.absoluteString)\(pathPrefix)\(index).jpg\(query)")!
        }
    }
}
