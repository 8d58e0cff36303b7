import Foundation

/// The status line and headers of an answer whose body is still arriving (see
/// `HTTPClient.stream`).
public struct HTTPResponseHead: Sendable {
    public let status: Int
    /// Header names are lower-cased, values as sent.
    public let headers: [String: String]
    /// The final URL, after redirects.
    public let url: URL
    /// The announced Content-Length (before any gzip/deflate decoding), when there is one.
    public let expectedLength: Int?

    public init(status: Int, headers: [String: String], url: URL, expectedLength: Int?) {
        self.status = status
        self.headers = headers
        self.url = url
        self.expectedLength = expectedLength
    }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
