import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate behind `HTTPClient`: collects each task's bytes, stops a task as soon
/// as it exceeds its size cap, and resumes the waiting caller exactly once.
final class TransferRegistry: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<HTTPResponse, Error>
        var requestURL: URL
        var maxBytes: Int?
        var timeout: Int
        var body = Data()
        var tooLarge: String?
    }

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
        if var transfer = transfers[dataTask.taskIdentifier], transfer.tooLarge == nil {
            transfer.body.append(data)
            if let cap = transfer.maxBytes, transfer.body.count > cap {
                transfer.tooLarge = "more than \(Self.megabytes(Int64(cap))) MB"
                transfer.body = Data()
                cancel = true
            }
            transfers[dataTask.taskIdentifier] = transfer
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
        if let detail = transfer.tooLarge {
            transfer.continuation.resume(throwing: APODError.imageTooLarge(detail: detail))
            return
        }
        if let error {
            transfer.continuation.resume(throwing: Self.map(error, timeout: transfer.timeout))
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
        default:
            return APODError.unreachable
        }
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
