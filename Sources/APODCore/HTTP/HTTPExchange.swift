internal import CSoup
import Foundation

/// One attempt at a GET, driven on the `SoupLoop` thread: sends the request, follows redirects
/// it has vetted, then hands out the body one chunk per `read`.
///
/// - The deadline bounds the whole attempt (head and body), so a server that trickles a byte
///   now and then cannot hold it; the size cap is checked on every chunk after gzip/deflate
///   decoding, so neither an endless body nor a compression bomb gets past it.
/// - One `GCancellable` serves the whole attempt: the calling task's cancellation, the
///   deadline and the cap all cancel it, which stops the socket read in progress.
/// - Each operation resumes its caller exactly once, from the GIO callback that ends it. All
///   mutable state is touched only on the loop's thread; the operations in flight keep the
///   exchange alive.
final class HTTPExchange: @unchecked Sendable {
    struct Head {
        var status: Int
        var headers: [String: String]
        var url: URL
        /// The announced Content-Length, when the body has one.
        var expectedLength: Int?
    }

    private let loop: SoupLoop
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private let requestHeaders: [String: String]
    private let maxBytes: Int?
    let timeout: Int

    private var url: URL
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var deadline: UnsafeMutablePointer<GSource>?
    private var headArrived = false
    private var redirects = 0
    private var received = 0
    /// The announced length of an unencoded body: fewer bytes before the end means the
    /// connection was cut, which libsoup reports as a plain end of stream.
    private var promised: Int?
    /// Set when the exchange was ended from outside an operation (deadline, `close`): the
    /// operation in flight reports this instead of its own error; later reads throw it.
    private var ending: Error?
    /// The end of the body was read.
    private var exhausted = false
    private var pendingHead: CheckedContinuation<Head, Error>?
    private var pendingChunk: CheckedContinuation<Data?, Error>?

    init(loop: SoupLoop, url: URL, headers: [String: String], maxBytes: Int?, timeout: Int) {
        self.loop = loop
        self.url = url
        self.requestHeaders = headers
        self.maxBytes = maxBytes
        self.timeout = timeout
        cancellable = g_cancellable_new()
    }

    deinit {
        // Operations retain the exchange, so none is in flight: what is left is released on
        // the loop's thread, the only one that touches libsoup objects.
        let leftovers = Leftovers(message: message, stream: stream, deadline: deadline, cancellable: cancellable)
        loop.perform { leftovers.release() }
    }

    /// Stops the socket read in progress, from any thread (the calling task was cancelled).
    func cancel() {
        g_cancellable_cancel(cancellable)
    }

    /// Sends the request and waits for the response head, following redirects.
    func start() async throws -> Head {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Head, Error>) in
                loop.perform { [self] in
                    pendingHead = continuation
                    let milliseconds = UInt32(clamping: timeout * 1000)
                    deadline = loop.timer(after: milliseconds) { [weak self] in self?.deadlinePassed() }
                    send()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The next piece of the body as it arrived, or nil at its end.
    func read() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, Error>) in
                loop.perform { [self] in readNext(continuation) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the exchange early (the caller has what it needs): the connection is dropped.
    func close() {
        loop.perform { [self] in
            guard !exhausted, ending == nil else { return }
            end(CancellationError())
        }
    }

    // MARK: On the loop's thread

    private func send() {
        guard !isCancelled else { return finishHead(.failure(CancellationError())) }
        guard let message = soup_message_new("GET", url.absoluteString) else {
            return finishHead(.failure(APODError.unsupportedURL))
        }
        self.message = message
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(message)
        for (name, value) in requestHeaders { soup_message_headers_replace(headers, name, value) }
        soup_session_send_async(loop.session, message, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
            exchange.sent(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let body = soup_session_send_finish(loop.session, result, &error)
        if let ending {
            if let body { discard(body) }
            g_clear_error(&error)
            return finishHead(.failure(ending))
        }
        guard let body else { return finishHead(.failure(consume(error))) }
        stream = body
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = Self.headers(of: soup_message_get_response_headers(message))
        if Self.redirectStatuses.contains(status), let location = headers["location"] {
            return redirect(to: location)
        }
        var head = Head(status: status, headers: headers, url: url, expectedLength: nil)
        let responseHeaders = soup_message_get_response_headers(message)
        if soup_message_headers_get_encoding(responseHeaders) == SOUP_ENCODING_CONTENT_LENGTH {
            head.expectedLength = Int(soup_message_headers_get_content_length(responseHeaders))
        }
        headArrived = true
        if (headers["content-encoding"] ?? "identity").lowercased() == "identity" { promised = head.expectedLength }
        if let cap = maxBytes, let announced = head.expectedLength, announced > cap {
            return finishHead(.failure(APODError.imageTooLarge(
                detail: "\(Self.megabytes(announced)) MB, limit \(Self.megabytes(cap)) MB")))
        }
        finishHead(.success(head))
    }

    /// Follows only http and https, and only so many times: a redirect to `file:` (or any
    /// other scheme) or a loop ends the attempt with its own error.
    private func redirect(to location: String) {
        guard let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL,
              WebURL.isWeb(next) else {
            return finishHead(.failure(APODError.redirectRefused))
        }
        guard redirects < HTTPClient.maxRedirects else { return finishHead(.failure(APODError.tooManyRedirects)) }
        redirects += 1
        url = next
        // The redirect's own body is read to its end (bounded by the deadline), so the
        // connection can carry the next request.
        let old = stream!
        stream = nil
        g_input_stream_close_async(old, G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
            let old = UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GInputStream.self)
            g_input_stream_close_finish(old, result, nil)
            g_object_unref(old)
            exchange.releaseMessage()
            if let ending = exchange.ending { return exchange.finishHead(.failure(ending)) }
            exchange.send()
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func readNext(_ continuation: CheckedContinuation<Data?, Error>) {
        if let ending { return continuation.resume(throwing: ending) }
        guard let stream, !exhausted else { return continuation.resume(returning: nil) }
        pendingChunk = continuation
        g_input_stream_read_bytes_async(stream, gsize(Self.chunkSize), G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
            exchange.arrived(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func arrived(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        if let ending {
            if let bytes { g_bytes_unref(bytes) }
            g_clear_error(&error)
            return finishChunk(.failure(ending))
        }
        guard let bytes else {
            let failure = consume(error)
            end(failure)
            return finishChunk(.failure(failure))
        }
        let size = Int(g_bytes_get_size(bytes))
        guard size > 0 else {
            g_bytes_unref(bytes)
            if let promised, received < promised {
                end(APODError.connectionLost)
                return finishChunk(.failure(APODError.connectionLost))
            }
            exhausted = true
            finishQuietly()
            return finishChunk(.success(nil))
        }
        received += size
        if let cap = maxBytes, received > cap {
            g_bytes_unref(bytes)
            let failure = APODError.imageTooLarge(detail: "more than \(Self.megabytes(cap)) MB")
            end(failure)
            return finishChunk(.failure(failure))
        }
        finishChunk(.success(Self.data(wrapping: bytes, size: size)))
    }

    private func deadlinePassed() {
        g_source_unref(deadline)
        deadline = nil
        guard !exhausted, ending == nil else { return }
        end(APODError.timedOut(seconds: timeout))
    }

    /// Ends the exchange with `error`: stops the I/O in flight (whose callback then reports
    /// `error`), or, with none in flight, releases the stream at once.
    private func end(_ error: Error) {
        ending = error
        g_cancellable_cancel(cancellable)
        if pendingHead == nil && pendingChunk == nil { finishQuietly() }
    }

    /// Releases the stream, message and timer. A stream not read to its end is closed with the
    /// cancellable already cancelled, so closing never waits for the rest of an endless body.
    private func finishQuietly() {
        if let stream {
            discard(stream)
            self.stream = nil
        }
        releaseMessage()
        if let deadline {
            g_source_destroy(deadline)
            g_source_unref(deadline)
            self.deadline = nil
        }
    }

    private func discard(_ body: UnsafeMutablePointer<GInputStream>) {
        g_input_stream_close(body, cancellable, nil)
        g_object_unref(body)
    }

    private func releaseMessage() {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        message = nil
    }

    private func finishHead(_ result: Result<Head, Error>) {
        if case .failure(let error) = result {
            if ending == nil { ending = error }
            finishQuietly()
        }
        let continuation = pendingHead
        pendingHead = nil
        continuation?.resume(with: result)
    }

    private func finishChunk(_ result: Result<Data?, Error>) {
        let continuation = pendingChunk
        pendingChunk = nil
        if case .failure(let error) = result {
            if ending == nil { ending = error }
            finishQuietly()
        }
        continuation?.resume(with: result)
    }

    private var isCancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }

    /// A GIO or libsoup error in the project's terms; frees it. Errors never name the URL.
    private func consume(_ error: UnsafeMutablePointer<GError>?) -> Error {
        defer { if let error { g_error_free(error) } }
        guard let error else { return APODError.unreachable }
        let domain = error.pointee.domain, code = error.pointee.code
        if domain == apod_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CANCELLED: return CancellationError()
            case G_IO_ERROR_TIMED_OUT: return APODError.timedOut(seconds: timeout)
            case G_IO_ERROR_TOO_MANY_OPEN_FILES: return APODError.outOfResources
            default: break
            }
        }
        if domain == apod_soup_session_error_quark() {
            switch SoupSessionError(rawValue: UInt32(code)) {
            case SOUP_SESSION_ERROR_PARSING, SOUP_SESSION_ERROR_ENCODING:
                return APODError.malformedResponse(detail: "unreadable HTTP response (\(code))")
            case SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS: return APODError.tooManyRedirects
            default: break
            }
        }
        // Headers had arrived: the server was reached, and then the body was cut off.
        return headArrived ? APODError.connectionLost : APODError.unreachable
    }

    /// Wraps the chunk without copying it; the GBytes is released with the Data.
    private static func data(wrapping bytes: OpaquePointer, size: Int) -> Data {
        let chunk = Chunk(bytes)
        let start = g_bytes_get_data(bytes, nil)!
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: size,
                    deallocator: .custom { _, _ in chunk.release() })
    }

    private static func headers(of headers: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, headers)
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            let key = String(cString: name).lowercased()
            let text = String(cString: value)
            result[key] = result[key].map { $0 + ", " + text } ?? text
        }
        return result
    }

    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Large enough that a picture crosses few thread hops, small enough that the cap and the
    /// deadline are checked often.
    static let chunkSize = 64 * 1024

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }

    /// A GBytes handed to a Data's deallocator (which may run on any thread: GBytes' refcount
    /// is atomic).
    private final class Chunk: @unchecked Sendable {
        let bytes: OpaquePointer
        init(_ bytes: OpaquePointer) { self.bytes = bytes }
        func release() { g_bytes_unref(bytes) }
    }

    /// What a dead exchange still holds, released on the loop's thread.
    private final class Leftovers: @unchecked Sendable {
        let message: OpaquePointer?
        let stream: UnsafeMutablePointer<GInputStream>?
        let deadline: UnsafeMutablePointer<GSource>?
        let cancellable: UnsafeMutablePointer<GCancellable>

        init(message: OpaquePointer?, stream: UnsafeMutablePointer<GInputStream>?,
             deadline: UnsafeMutablePointer<GSource>?, cancellable: UnsafeMutablePointer<GCancellable>) {
            self.message = message
            self.stream = stream
            self.deadline = deadline
            self.cancellable = cancellable
        }

        func release() {
            if let stream {
                g_cancellable_cancel(cancellable)
                g_input_stream_close(stream, cancellable, nil)
                g_object_unref(stream)
            }
            if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
            if let deadline {
                g_source_destroy(deadline)
                g_source_unref(deadline)
            }
            g_object_unref(cancellable)
        }
    }
}
