import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate behind `HTTPClient`: collects each task's bytes, stops a task as soon
/// as it exceeds its size cap or its time, vets redirects, and resumes the waiting caller
/// exactly once.
final class TransferRegistry: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<HTTPResponse, Error>
        var requestURL: URL
        var maxBytes: Int?
        var timeout: Int
        var body = Data()
        var tooLarge: String?
        /// Set when the whole-attempt deadline stopped the task.
        var deadlinePassed = false
        var redirects = 0
        /// Why a redirect was not followed, reported instead of the redirect response itself.
        var refusedRedirect: APODError?
    }

    /// More hops than any honest service needs; URLSession's own limit is higher.
    static let maxRedirects = 10

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var transfers: [Int: Transfer] = [:]
    /// Tasks that completed before `start` registered them (cancelled that early); guarded by `lock`.
    private var finishedEarly: [Int: Error] = [:]

    /// Registers the task, then resumes it. The continuation is resumed exactly once, even when
    /// the calling task was cancelled before the transfer was registered.
    func start(_ task: URLSessionDataTask, url: URL, maxBytes: Int?, timeout: Int,
               continuation: CheckedContinuation<HTTPResponse, Error>) {
        lock.lock()
        if let error = finishedEarly.removeValue(forKey: task.taskIdentifier) {
            lock.unlock()
            continuation.resume(throwing: Self.map(error, timeout: timeout))
            return
        }
        transfers[task.taskIdentifier] = Transfer(continuation: continuation, requestURL: url,
                                                  maxBytes: maxBytes, timeout: timeout)
        lock.unlock()
        task.resume()
        let id = task.taskIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout)) { [weak self, weak task] in
            self?.expire(id, task)
        }
    }

    /// The time-out bounds the whole attempt. URLSession on Linux only stops a transfer that
    /// falls silent, so a server trickling a few bytes at a time would otherwise hold it forever.
    private func expire(_ id: Int, _ task: URLSessionTask?) {
        lock.lock()
        let running = transfers[id] != nil
        if running { transfers[id]?.deadlinePassed = true }
        lock.unlock()
        if running { task?.cancel() }
    }

    /// Follows only http and https, and only so many times: a redirect to `file:` (or any other
    /// scheme) or a loop ends the transfer with its own error instead of a generic failure.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        lock.lock()
        var refusal: APODError?
        if !Self.isWeb(request.url) || !Self.locationIsWeb(response) {
            refusal = .redirectRefused
        } else if let redirects = transfers[task.taskIdentifier]?.redirects, redirects >= Self.maxRedirects {
            refusal = .tooManyRedirects
        }
        transfers[task.taskIdentifier]?.redirects += 1
        if let refusal { transfers[task.taskIdentifier]?.refusedRedirect = refusal }
        lock.unlock()
        completionHandler(refusal == nil ? request : nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let announced = response.expectedContentLength
        lock.lock()
        var refuse = false
        if var transfer = transfers[dataTask.taskIdentifier], let cap = transfer.maxBytes,
           announced > Int64(cap) {
            transfer.tooLarge = "\(Self.megabytes(announced)) MB, limit \(Self.megabytes(Int64(cap))) MB"
            transfers[dataTask.taskIdentifier] = transfer
            refuse = true
        }
        lock.unlock()
        completionHandler(.allow)
        if refuse { Self.cancelLater(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        var cancel = false
        let id = dataTask.taskIdentifier
        // Mutate through the subscript: a copy of the transfer would copy its whole body per chunk.
        if transfers[id]?.tooLarge == nil {
            transfers[id]?.body.append(data)
            if let cap = transfers[id]?.maxBytes, let received = transfers[id]?.body.count, received > cap {
                transfers[id]?.tooLarge = "more than \(Self.megabytes(Int64(cap))) MB"
                transfers[id]?.body = Data()
                cancel = true
            }
        }
        lock.unlock()
        if cancel { Self.cancelLater(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let transfer = transfers.removeValue(forKey: task.taskIdentifier)
        if transfer == nil { finishedEarly[task.taskIdentifier] = error ?? URLError(.cancelled) }
        lock.unlock()
        guard let transfer else { return }
        if transfer.deadlinePassed {
            transfer.continuation.resume(throwing: APODError.timedOut(seconds: transfer.timeout))
            return
        }
        if let refusal = transfer.refusedRedirect {
            transfer.continuation.resume(throwing: refusal)
            return
        }
        if let detail = transfer.tooLarge {
            transfer.continuation.resume(throwing: APODError.imageTooLarge(detail: detail))
            return
        }
        if let error {
            var mapped = Self.map(error, timeout: transfer.timeout)
            // Headers had arrived: the server was reached, and then the body was cut off.
            if case APODError.unreachable? = mapped as? APODError, task.response != nil {
                mapped = APODError.connectionLost
            }
            transfer.continuation.resume(throwing: mapped)
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            transfer.continuation.resume(throwing: APODError.malformedResponse(detail: "not an HTTP response"))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        transfer.continuation.resume(returning: HTTPResponse(
            status: http.statusCode, headers: headers, body: transfer.body,
            url: http.url ?? transfer.requestURL))
    }

    /// On Linux, neither the `.cancel` disposition nor `cancel()` called from inside a delegate
    /// callback stops the transfer; cancelling from another queue does.
    private static func cancelLater(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    private static func isWeb(_ url: URL?) -> Bool {
        let scheme = url?.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// FoundationNetworking resolves a `Location` without a host (`file:///etc/passwd`,
    /// `data:…`) against the current http URL, so the new request alone would look harmless:
    /// the header itself decides. Relative locations (no scheme) stay on the web.
    private static func locationIsWeb(_ response: HTTPURLResponse) -> Bool {
        guard let location = response.value(forHTTPHeaderField: "Location")?.trimmingCharacters(in: .whitespaces),
              let url = URL(string: location), url.scheme != nil else { return true }
        return isWeb(url)
    }

    /// URLSession's errors in the project's terms; cancellation stays a `CancellationError`.
    static func map(_ error: Error, timeout: Int) -> Error {
        guard let urlError = error as? URLError else { return APODError.unreachable }
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            return APODError.timedOut(seconds: timeout)
        case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return APODError.malformedResponse(detail: "unreadable HTTP response (\(urlError.code.rawValue))")
        case .unsupportedURL, .badURL:
            return APODError.unsupportedURL
        case .httpTooManyRedirects:
            return APODError.tooManyRedirects
        default:
            return APODError.unreachable
        }
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
