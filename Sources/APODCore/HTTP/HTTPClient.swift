import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The project's one HTTP client: GET with a whole-second time-out, retries for transient
/// failures, a size cap enforced while bytes arrive, and cancellation that reaches the socket.
///
/// It returns every status as an `HTTPResponse` (after retrying 5xx) and throws only
/// `APODError` (or `CancellationError` when the calling task is cancelled). Mapping statuses to
/// errors is left to the caller because a 404 means different things to different callers.
/// Errors never contain the URL, so an API key in a query string cannot leak through them.
public final class HTTPClient: Sendable {
    /// The time-out in whole seconds. On Linux it bounds the whole request, not just silences.
    public let timeout: Int
    public let retryPolicy: RetryPolicy
    /// Sent with every request so service operators can tell this client apart.
    public static let userAgent = "APOD-Viewer/0.1 (Linux; +https://github.com/apodviewer)"
    private let session: URLSession
    private let transfers: TransferRegistry

    public init(timeout: Int = 30, retryPolicy: RetryPolicy = .standard) {
        self.timeout = max(1, timeout)
        self.retryPolicy = retryPolicy
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(self.timeout)
        configuration.timeoutIntervalForResource = TimeInterval(self.timeout)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": Self.userAgent]
        let transfers = TransferRegistry()
        self.transfers = transfers
        self.session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Fetches `url`, retrying 5xx answers and transient failures as `retryPolicy` says.
    ///
    /// - Parameter maxBytes: refuse bodies larger than this, announced or not, without
    ///   downloading the rest (`APODError.imageTooLarge`).
    /// - Returns: the last response, whatever its status.
    public func get(_ url: URL, headers: [String: String] = [:], maxBytes: Int? = nil) async throws -> HTTPResponse {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            throw APODError.unsupportedURL
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.timeoutInterval = TimeInterval(timeout)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }

        var attempt = 0
        while true {
            try Task.checkCancellation()
            do {
                let response = try await perform(request, maxBytes: maxBytes)
                guard attempt < retryPolicy.retries, retryPolicy.shouldRetry(status: response.status) else {
                    return response
                }
            } catch let error as APODError {
                guard attempt < retryPolicy.retries, retryPolicy.shouldRetry(error) else { throw error }
            }
            attempt += 1
            let pause = retryPolicy.delay(beforeRetry: attempt)
            try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
        }
    }

    /// One attempt, cancelled with the calling task.
    private func perform(_ request: URLRequest, maxBytes: Int?) async throws -> HTTPResponse {
        let task = session.dataTask(with: request)
        let url = request.url!
        let seconds = timeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                transfers.start(task, url: url, maxBytes: maxBytes, timeout: seconds, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}
