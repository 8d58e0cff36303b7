internal import CSoup
import Foundation

/// One attempt at a GET, driven on the `SoupLoop` thread: sends the request, follows redirects
/// it has vetted, then hands out the body one chunk per `read`.
///
/// - The deadline bounds the whole attempt (head and body), so a server that trickles a byte
///   now and then cannot hold it; the size cap is checked on every chunk after gzip/deflate
///   decoding, so neither an endless body nor a compression bomb gets past it.
/// - One `GCancellable` serves the whole attempt: the calling task's cancellation, the
///   deadline, the cap and `close` all end it, which stops the socket I/O in progress.
/// - Each operation resumes its caller exactly once, from the GIO callback that ends it. All
///   mutable state, and the cancellable, are touched only on the loop's thread; the operations
///   in flight keep the exchange alive.
///
/// Cancelling is only ever done on the loop's thread, and never between "got-headers" and the
/// end of `soup_session_send_async`: libsoup 3.2 drops the response stream it has just made
/// when the send's cancellable is cancelled at that moment, and the stream's clean-up then
/// reads freed I/O state (a crash found by the 10,000-cycle cancellation test). A stop asked
/// for in that window takes effect as soon as the stream arrives.
///
/// Unchecked because its state is confined to one thread rather than locked: every function
/// below "On the loop's thread" asserts that thread (`SoupLoop.assertOnLoopThread`), and the
/// public operations only hop there through `SoupLoop.perform`.
final class HTTPExchange: @unchecked Sendable {
    struct Head {
        var status: Int
        var headers: [String: String]
        var url: URL
        /// The announced Content-Length, when the body has one.
        var expectedLength: Int?
    }

    let timeout: Int
    private let loop: SoupLoop
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private let requestHeaders: [String: String]
    private let maxBytes: Int?

    private var url: URL
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var deadline: UnsafeMutablePointer<GSource>?
    /// A `soup_session_send_async` has not called back yet.
    private var sending = false
    /// The message in flight has its response headers: its stream is on the way (see above).
    private var headersArriving = false
    /// A read or close on the stream has not called back yet.
    private var streamBusy = false
    private var headArrived = false
    private var redirects = 0
    private var received = 0
    /// The announced length of an unencoded body: fewer bytes before the end means the
    /// connection was cut, which libsoup reports as a plain end of stream.
    private var promised: Int?
    /// Why the exchange ended early (deadline, cap, cancellation, failure): the operation in
    /// flight reports this; later reads throw it.
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

    /// Sends the request and waits for the response head, following redirects.
    func start() async throws -> Head {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Head, Error>) in
                loop.perform { [self] in
                    pendingHead = continuation
                    if let ending { return finishHead(.failure(ending)) }
                    deadline = loop.timer(after: UInt32(clamping: timeout * 1000)) { [weak self] in
                        self?.deadlinePassed()
                    }
                    send()
                }
            }
        } onCancel: {
            close()
        }
    }

    /// The next piece of the body as it arrived, or nil at its end.
    func read() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, Error>) in
                loop.perform { [self] in readNext(continuation) }
            }
        } onCancel: {
            close()
        }
    }

    /// Ends the exchange from any thread (the calling task was cancelled, or the caller has
    /// what it needs): the socket I/O in progress stops and the connection is dropped.
    func close() {
        loop.perform { [self] in stop(CancellationError()) }
    }

    // MARK: On the loop's thread

    private func send() {
        loop.assertOnLoopThread()
        guard let message = soup_message_new("GET", url.absoluteString) else {
            return finishHead(.failure(APODError.unsupportedURL))
        }
        self.message = message
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(message)
        for (name, value) in requestHeaders { soup_message_headers_replace(headers, name, value) }
        watch(message)
        sending = true
        headersArriving = false
        // The path only: a query may carry the API key.
        StartupTrace.mark(.firstRequest, url.path)
        soup_session_send_async(
            loop.session, message, G_PRIORITY_DEFAULT, cancellable,
            { _, result, data in
                let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
                exchange.sent(result)
            }, Unmanaged.passRetained(self).toOpaque())
    }

    private func sent(_ result: OpaquePointer?) {
        loop.assertOnLoopThread()
        sending = false
        var error: UnsafeMutablePointer<GError>?
        let body = soup_session_send_finish(loop.session, result, &error)
        if let ending {
            g_clear_error(&error)
            if let body { stream = body }
            return finishHead(.failure(ending))
        }
        guard let body else { return finishHead(.failure(consume(error))) }
        stream = body
        let responseHeaders = soup_message_get_response_headers(message)
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = Self.headers(of: responseHeaders)
        if Self.redirectStatuses.contains(status), let location = headers["location"] {
            return redirect(to: location)
        }
        var head = Head(status: status, headers: headers, url: url, expectedLength: nil)
        if soup_message_headers_get_encoding(responseHeaders) == SOUP_ENCODING_CONTENT_LENGTH {
            head.expectedLength = Int(soup_message_headers_get_content_length(responseHeaders))
        }
        headArrived = true
        if (headers["content-encoding"] ?? "identity").lowercased() == "identity" { promised = head.expectedLength }
        if let cap = maxBytes, let announced = head.expectedLength, announced > cap {
            return finishHead(
                .failure(
                    APODError.imageTooLarge(
                        detail: "\(Self.megabytes(announced)) MB, limit \(Self.megabytes(cap)) MB")))
        }
        finishHead(.success(head))
    }

    /// Follows only http and https, and only so many times: a redirect to `file:` (or any
    /// other scheme) or a loop ends the attempt with its own error.
    private func redirect(to location: String) {
        loop.assertOnLoopThread()
        guard let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL,
            WebURL.isWeb(next)
        else {
            return finishHead(.failure(APODError.redirectRefused))
        }
        guard redirects < HTTPClient.maxRedirects else { return finishHead(.failure(APODError.tooManyRedirects)) }
        redirects += 1
        url = next
        // The redirect's own body is read to its end (bounded by the deadline), so the
        // connection can carry the next request.
        streamBusy = true
        g_input_stream_close_async(
            stream, G_PRIORITY_DEFAULT, cancellable,
            { _, result, data in
                let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
                exchange.redirectBodyClosed(result)
            }, Unmanaged.passRetained(self).toOpaque())
    }

    private func redirectBodyClosed(_ result: OpaquePointer?) {
        loop.assertOnLoopThread()
        streamBusy = false
        g_input_stream_close_finish(stream, result, nil)
        g_object_unref(stream)
        stream = nil
        releaseMessage()
        if let ending { return finishHead(.failure(ending)) }
        send()
    }

    private func readNext(_ continuation: CheckedContinuation<Data?, Error>) {
        loop.assertOnLoopThread()
        if let ending { return continuation.resume(throwing: ending) }
        guard let stream, !exhausted else { return continuation.resume(returning: nil) }
        pendingChunk = continuation
        streamBusy = true
        g_input_stream_read_bytes_async(
            stream, gsize(Self.chunkSize), G_PRIORITY_DEFAULT, cancellable,
            { _, result, data in
                let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
                exchange.arrived(result)
            }, Unmanaged.passRetained(self).toOpaque())
    }

    private func arrived(_ result: OpaquePointer?) {
        loop.assertOnLoopThread()
        streamBusy = false
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        if let ending {
            if let bytes { g_bytes_unref(bytes) }
            g_clear_error(&error)
            return finishChunk(.failure(ending))
        }
        guard let bytes else { return finishChunk(.failure(consume(error))) }
        let size = Int(g_bytes_get_size(bytes))
        guard size > 0 else {
            g_bytes_unref(bytes)
            if let promised, received < promised { return finishChunk(.failure(APODError.connectionLost)) }
            exhausted = true
            release()
            return finishChunk(.success(nil))
        }
        if received == 0 { StartupTrace.mark(.firstByte, url.path) }
        received += size
        if let cap = maxBytes, received > cap {
            g_bytes_unref(bytes)
            return finishChunk(.failure(APODError.imageTooLarge(detail: "more than \(Self.megabytes(cap)) MB")))
        }
        finishChunk(.success(Self.data(wrapping: bytes, size: size)))
    }

    private func deadlinePassed() {
        loop.assertOnLoopThread()
        g_source_unref(deadline)
        deadline = nil
        stop(APODError.timedOut(seconds: timeout))
    }

    /// Ends the exchange with `error`. I/O in flight is cancelled and its callback reports
    /// `error`; with none in flight everything is released at once.
    private func stop(_ error: Error) {
        loop.assertOnLoopThread()
        guard ending == nil, !exhausted else { return }
        ending = error
        if sending && headersArriving { return }
        g_cancellable_cancel(cancellable)
        if !sending && !streamBusy { release() }
    }

    /// Releases the stream, message and timer. A stream not read to its end is closed with the
    /// cancellable cancelled, so closing never waits for the rest of an endless body.
    private func release() {
        loop.assertOnLoopThread()
        if let stream {
            if !exhausted { g_cancellable_cancel(cancellable) }
            g_input_stream_close(stream, cancellable, nil)
            g_object_unref(stream)
            self.stream = nil
        }
        releaseMessage()
        if let deadline {
            g_source_destroy(deadline)
            g_source_unref(deadline)
            self.deadline = nil
        }
    }

    private func releaseMessage() {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        message = nil
    }

    private func finishHead(_ result: Result<Head, Error>) {
        loop.assertOnLoopThread()
        if case .failure(let error) = result {
            if ending == nil { ending = error }
            release()
        }
        let continuation = pendingHead
        pendingHead = nil
        continuation?.resume(with: result)
    }

    private func finishChunk(_ result: Result<Data?, Error>) {
        loop.assertOnLoopThread()
        if case .failure(let error) = result {
            if ending == nil { ending = error }
            release()
        }
        let continuation = pendingChunk
        pendingChunk = nil
        continuation?.resume(with: result)
    }

    /// Tracks the message's "got-headers" and "restarted" signals (see the type's comment).
    private func watch(_ message: OpaquePointer) {
        let observer = Unmanaged.passRetained(HeadersObserver(self)).toOpaque()
        let gotHeaders: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            Unmanaged<HeadersObserver>.fromOpaque(data!).takeUnretainedValue().exchange?.headersArriving = true
        }
        let restarted: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            guard let exchange = Unmanaged<HeadersObserver>.fromOpaque(data!).takeUnretainedValue().exchange else {
                return
            }
            exchange.headersArriving = false
            if exchange.ending != nil { g_cancellable_cancel(exchange.cancellable) }
        }
        let instance = UnsafeMutableRawPointer(message)
        g_signal_connect_data(
            instance, "got-headers", unsafeBitCast(gotHeaders, to: GCallback.self), observer, nil, GConnectFlags(0))
        g_signal_connect_data(
            instance, "restarted", unsafeBitCast(restarted, to: GCallback.self), observer,
            { data, _ in
                Unmanaged<HeadersObserver>.fromOpaque(data!).release()
            }, GConnectFlags(0))
    }

    /// A GIO or libsoup error in the project's terms; frees it. Errors never name the URL.
    private func consume(_ error: UnsafeMutablePointer<GError>?) -> Error {
        defer { if let error { g_error_free(error) } }
        guard let error else { return APODError.unreachable }
        let domain = error.pointee.domain
        let code = error.pointee.code
        if domain == apod_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CANCELLED: return CancellationError()
            case G_IO_ERROR_TIMED_OUT: return APODError.timedOut(seconds: timeout)
            case G_IO_ERROR_TOO_MANY_OPEN_FILES: return APODError.outOfResources
            case G_IO_ERROR_PARTIAL_INPUT where Self.isHeadTooLarge(error):
                // The server answered, with a head libsoup will not read to its end (100 MB
                // of headers, a header line with no end): asking again gets the same.
                return APODError.malformedResponse(detail: "a response head too large to read")
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

    /// libsoup's "Header too big", which shares its code (partial input) with a connection
    /// closed before any answer; compared in the user's language, as libsoup words it.
    private static func isHeadTooLarge(_ error: UnsafeMutablePointer<GError>) -> Bool {
        guard let message = error.pointee.message else { return false }
        return strcmp(message, g_dgettext("libsoup-3.0", "Header too big")) == 0
            || strcmp(message, "Header too big") == 0
    }

    /// Wraps the chunk without copying it; the GBytes is released with the Data.
    private static func data(wrapping bytes: OpaquePointer, size: Int) -> Data {
        let chunk = Chunk(bytes)
        let start = g_bytes_get_data(bytes, nil)!
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: size,
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

    /// The exchange as the message's signal handlers see it: weakly, since the message may
    /// outlive it inside libsoup.
    private final class HeadersObserver {
        weak var exchange: HTTPExchange?
        init(_ exchange: HTTPExchange) { self.exchange = exchange }
    }

    /// A GBytes handed to a Data's deallocator (which may run on any thread: GBytes' refcount
    /// is atomic). Unchecked: the pointer is immutable and GBytes is thread-safe.
    private final class Chunk: @unchecked Sendable {
        let bytes: OpaquePointer
        init(_ bytes: OpaquePointer) { self.bytes = bytes }
        func release() { g_bytes_unref(bytes) }
    }

    /// What a dead exchange still holds, released on the loop's thread. Unchecked: the pointers
    /// are immutable and only dereferenced there (`release`).
    private final class Leftovers: @unchecked Sendable {
        let message: OpaquePointer?
        let stream: UnsafeMutablePointer<GInputStream>?
        let deadline: UnsafeMutablePointer<GSource>?
        let cancellable: UnsafeMutablePointer<GCancellable>

        init(
            message: OpaquePointer?, stream: UnsafeMutablePointer<GInputStream>?,
            deadline: UnsafeMutablePointer<GSource>?, cancellable: UnsafeMutablePointer<GCancellable>
        ) {
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
