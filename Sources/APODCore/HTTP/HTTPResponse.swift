import Foundation

/// One HTTP answer, whatever its status: the client leaves status codes to the caller, because
/// what a 404 means (no entry that day, or a broken picture link) depends on what was asked.
public struct HTTPResponse: Sendable {
    public let status: Int
    /// Header names are lower-cased (`x-ratelimit-remaining`), values as sent.
    public let headers: [String: String]
    public let body: Data
    /// The final URL, after redirects.
    public let url: URL

    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Whether the body claims to be HTML (an outage page rather than JSON or an image).
    public var isHTML: Bool {
        headers["content-type"]?.lowercased().contains("text/html") ?? false
    }
}
