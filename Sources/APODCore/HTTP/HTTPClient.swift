import Foundation

/// The project's one HTTP client: GET with a whole-second time-out per attempt, retries for
/// transient failures, a size cap enforced while bytes arrive, and cancellation that reaches
/// the socket. It runs on libsoup 3 (see `SoupLoop`), so it uses the desktop's proxy settings,
/// keeps connections alive, decodes gzip and deflate, and costs no CPU while it waits.
///
/// It returns every status (after retrying 5xx) and throws only `APODError` (or
/// `CancellationError` when the calling task is cancelled). Mapping statuses to errors is left
/// to the caller because a 404 means different things to different callers.
/// Errors never contain the URL, so an API key in a query string cannot leak through them.
public final class HTTPClient: Sendable {
    /// The time-out in whole seconds. It bounds each whole attempt, not just silences.
    public let timeout: Int
    public let retryPolicy: RetryPolicy
    /// Sent with every request so service operators can tell this client apart.
    public static let userAgent = "APOD-Viewer/0.1 (Linux; +https://github.com/apodviewer)"
    /// Redirects followed per request: more hops than any honest service needs.
    public static let maxRedirects = 10

    public init(timeout: Int = 30, retryPolicy: RetryPolicy = .standard) {
        self.timeout = max(1, timeout)
        self.retryPolicy = retryPolicy
    }

    /// Fetches `url` whole, retrying 5xx answers and transient failures (time-outs, dropped
    /// connections, bodies cut off) as `retryPolicy` says.
    ///
    /// A time-out is reported with the seconds really spent on all attempts and the pauses
    /// between them, so with `timeout` 5 and two retries the message says about 17, not 5.
    ///
    /// - Parameter maxBytes: refuse bodies larger than this, announced or not, without
    ///   downloading the rest (`APODError.imageTooLarge`, never retried).
    /// - Returns: the last response, whatever its status.
    public func get(_ url: URL, headers: [String: String] = [:], maxBytes: Int? = nil) async throws -> HTTPResponse {
        let started = ContinuousClock.now
        return try await retrying(
            since: started, status: \.status, discard: { _ in },
            attempt: {
                let (head, exchange) = try await open(url, headers: headers, maxBytes: maxBytes)
                let body = HTTPBody(exchange: exchange, started: started)
                let data = try await body.collect(expectedLength: head.expectedLength.map { min($0, maxBytes ?? $0) })
                return HTTPResponse(status: head.status, headers: head.headers, body: data, url: head.url)
            })
    }

    /// Fetches `url` and returns as soon as the head arrives; the body is read as it comes
    /// (`HTTPBody`), for callers that feed a decoder or a file chunk by chunk.
    ///
    /// Failures before the head (and 5xx heads) are retried like `get`'s; once the head is
    /// returned nothing is retried, since part of the body may already have been used. The
    /// time-out and `maxBytes` hold for the body too.
    public func stream(_ url: URL, headers: [String: String] = [:], maxBytes: Int? = nil) async throws
        -> HTTPStreamedResponse
    {
        let started = ContinuousClock.now
        let (head, exchange) = try await retrying(
            since: started, status: { $0.0.status }, discard: { $0.1.close() },
            attempt: { try await open(url, headers: headers, maxBytes: maxBytes) })
        let responseHead = HTTPResponseHead(
            status: head.status, headers: head.headers, url: head.url,
            expectedLength: head.expectedLength)
        return HTTPStreamedResponse(head: responseHead, body: HTTPBody(exchange: exchange, started: started))
    }

    /// One attempt up to the response head.
    private func open(_ url: URL, headers: [String: String], maxBytes: Int?) async throws -> (
        HTTPExchange.Head, HTTPExchange
    ) {
        guard WebURL.isWeb(url) else { throw APODError.unsupportedURL }
        let loop = try SoupLoop.shared.get()
        let exchange = HTTPExchange(loop: loop, url: url, headers: headers, maxBytes: maxBytes, timeout: timeout)
        return (try await exchange.start(), exchange)
    }

    /// Runs `attempt` until it gives an answer worth keeping or the retries are spent.
    private func retrying<T>(
        since started: ContinuousClock.Instant, status: (T) -> Int, discard: (T) -> Void,
        attempt: () async throws -> T
    ) async throws -> T {
        var retry = 0
        while true {
            try Task.checkCancellation()
            do {
                let result = try await attempt()
                guard retry < retryPolicy.retries, retryPolicy.shouldRetry(status: status(result)) else {
                    return result
                }
                discard(result)
            } catch let error as APODError {
                guard retry < retryPolicy.retries, retryPolicy.shouldRetry(error) else {
                    if case .timedOut = error {
                        throw APODError.timedOut(seconds: Self.wholeSeconds(since: started, atLeast: timeout))
                    }
                    throw error
                }
            }
            retry += 1
            let pause = retryPolicy.delay(beforeRetry: retry)
            try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
        }
    }

    /// Whole seconds since `started`, rounded down (so the message never overstates the wait),
    /// and never less than the time-out that was actually waited for.
    static func wholeSeconds(since started: ContinuousClock.Instant, atLeast minimum: Int) -> Int {
        max(minimum, Int((ContinuousClock.now - started).components.seconds))
    }
}
