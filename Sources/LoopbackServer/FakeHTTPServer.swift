import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One request as the fake server saw it.
public struct FakeRequest: Sendable {
    public let method: String
    /// The path without the query, percent-decoded, e.g. `/wp-json/wp/v2/apod-basic/201217`.
    public let path: String
    /// Query parameters (last value wins), percent-decoded.
    public let query: [String: String]
    /// Header names lower-cased.
    public let headers: [String: String]
    /// The request target exactly as sent, for assertions about URLs.
    public let target: String
}

/// What the fake server answers, including the ways real services misbehave.
public struct FakeResponse: Sendable {
    public enum Fault: Sendable {
        /// Accept, read the request, then close without a byte.
        case closeWithoutResponse
        /// Never answer (until the server stops): exercises client time-outs.
        case hang
        /// Send the response a few bytes at a time with a pause between chunks.
        case trickle(chunkSize: Int, interval: TimeInterval)
        /// Announce the full Content-Length but send only this many body bytes, then close.
        case truncateBody(after: Int)
        /// Send this many body bytes, then hold the rest back until `until` returns true (or
        /// 10 s pass): lets a test see what a client does with a body still arriving.
        case holdBody(after: Int, until: @Sendable () -> Bool)
        /// Send the body, then repeat it for ever as chunked transfer encoding (no length),
        /// pausing `interval` between repeats: a body that never ends.
        case endless(interval: TimeInterval)
        /// Send the status line, then `line` over and over until the client hangs up: a head
        /// that never ends (`"X-Filler: …\r\n"`: endless headers; no line break: one header
        /// line with no end).
        case endlessHead(line: String)
    }

    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Wait this long before answering.
    public var delay: TimeInterval
    public var fault: Fault?
    /// When false, no Content-Length is sent and the body ends when the connection closes,
    /// so a client cannot know the size in advance.
    public var announcesLength = true

    public init(
        status: Int = 200, headers: [String: String] = [:], body: Data = Data(),
        delay: TimeInterval = 0, fault: Fault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FakeResponse {
        var h = headers
        h["Content-Type"] = "application/json; charset=UTF-8"
        return FakeResponse(status: status, headers: h, body: Data(text.utf8))
    }

    public static func html(_ text: String, status: Int) -> FakeResponse {
        FakeResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(text.utf8))
    }

    public static func data(_ data: Data, contentType: String, status: Int = 200) -> FakeResponse {
        FakeResponse(status: status, headers: ["Content-Type": contentType], body: data)
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 with an ephemeral port, answering through a handler.
/// Tests start it themselves; nothing ever talks to a real NASA host. One thread per
/// connection and `Connection: close` keep it simple and predictable.
public final class FakeHTTPServer: Sendable {
    public let port: UInt16
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listenFD: Int32
    private let handler: @Sendable (FakeRequest) -> FakeResponse
    private struct State {
        var log: [FakeRequest] = []
        var openConnections: Set<Int32> = []
        var stopped = false
        var profile = NetworkProfile.loopback
        var bytesSent = 0
    }

    private let state = Mutex(State())

    public init(handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        self.listenFD = fd
        self.port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { stop() }

    /// How answers travel from now on: `.loopback` (the default) adds nothing; a test or the
    /// bench opts in to a round trip, think time and a rate per connection.
    public var profile: NetworkProfile {
        get { state.withLock { $0.profile } }
        set { state.withLock { $0.profile = newValue } }
    }

    /// Bytes written to clients so far, heads included: a test sees a download stop here.
    public var bytesSent: Int {
        state.withLock { $0.bytesSent }
    }

    /// Every request received so far, in arrival order.
    public var requests: [FakeRequest] {
        state.withLock { $0.log }
    }

    /// Closes the listening socket and every open connection; hanging responses end at once.
    public func stop() {
        let open: Set<Int32>? = state.withLock { state in
            if state.stopped { return nil }
            state.stopped = true
            return state.openConnections
        }
        guard let fds = open else { return }
        shutdown(listenFD, Int32(SHUT_RDWR))
        close(listenFD)
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            _ = state.withLock { $0.openConnections.insert(client) }
            let thread = Thread { [self] in
                serve(client)
                _ = state.withLock { $0.openConnections.remove(client) }
                close(client)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        let (index, profile) = state.withLock { state in
            state.log.append(request)
            return (state.log.count - 1, state.profile)
        }
        let response = handler(request)
        let wait = response.delay + profile.firstByteDelay(forRequest: index)
        if wait > 0 { sleepUnlessStopped(wait) }
        switch response.fault {
        case .closeWithoutResponse?:
            return
        case .hang?:
            sleepUnlessStopped(3600)
            return
        case .endlessHead(let line)?:
            let repeated = Data(String(repeating: line, count: max(1, 64 * 1024 / max(1, line.utf8.count))).utf8)
            guard writeAll(fd, Data("HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nX-Head: ".utf8))
            else { return }
            while !isStopped, writeAll(fd, repeated) {}
            return
        default:
            break
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        if case .endless? = response.fault {
            headers["Transfer-Encoding"] = "chunked"
        } else if response.announcesLength {
            headers["Content-Length"] = String(response.body.count)
        }
        headers["Connection"] = "close"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        var bytes = Data(head.utf8)
        switch response.fault {
        case .truncateBody(let after)?:
            bytes.append(response.body.prefix(after))
            writeAll(fd, bytes)
        case .holdBody(let after, let until)?:
            bytes.append(response.body.prefix(after))
            guard writeAll(fd, bytes) else { return }
            let deadline = Date().addingTimeInterval(10)
            while !until(), Date() < deadline, !isStopped { sleepUnlessStopped(0.005) }
            writeAll(fd, response.body.dropFirst(after))
        case .trickle(let chunkSize, let interval)?:
            bytes.append(response.body)
            var offset = 0
            while offset < bytes.count, !isStopped {
                let end = min(offset + max(1, chunkSize), bytes.count)
                if !writeAll(fd, bytes[offset..<end]) { return }
                offset = end
                sleepUnlessStopped(interval)
            }
        case .endless(let interval)?:
            guard writeAll(fd, bytes), !response.body.isEmpty else { return }
            var chunk = Data((String(response.body.count, radix: 16) + "\r\n").utf8)
            chunk.append(response.body)
            chunk.append(contentsOf: "\r\n".utf8)
            while !isStopped, writeAll(fd, chunk) {
                if interval > 0 { sleepUnlessStopped(interval) }
            }
        default:
            bytes.append(response.body)
            if let rate = profile.bytesPerSecond {
                writePaced(fd, bytes, bytesPerSecond: rate)
            } else {
                writeAll(fd, bytes)
            }
        }
    }

    /// Sends `data` as a link of `bytesPerSecond` would deliver it: each chunk (a hundredth of
    /// a second's worth) leaves when its last byte would have arrived, so N bytes take at least
    /// N / rate after the first byte was due.
    private func writePaced(_ fd: Int32, _ data: Data, bytesPerSecond: Int) {
        let chunk = max(1, bytesPerSecond / 100)
        let start = Date()
        var offset = 0
        while offset < data.count, !isStopped {
            let end = min(offset + chunk, data.count)
            let due = Double(end) / Double(bytesPerSecond) - Date().timeIntervalSince(start)
            if due > 0 { sleepUnlessStopped(due) }
            if !writeAll(fd, data.subdata(in: offset..<end)) { return }
            offset = end
        }
    }

    private func sleepUnlessStopped(_ seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while !isStopped {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return }
            // At most 20 ms at a time so `stop()` is noticed quickly, and no overshoot, so
            // delays and trickle rates (the bench's network emulation) are accurate.
            usleep(useconds_t(min(remaining, 0.02) * 1_000_000))
        }
    }

    @discardableResult
    private func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var sent = 0
            while sent < raw.count {
                let n = send(fd, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                sent += n
                state.withLock { $0.bytesSent += n }
            }
            return true
        }
    }

    private func readRequest(_ fd: Int32) -> FakeRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while buffer.range(of: terminator) == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            if buffer.count > 1 << 20 { return nil }
        }
        guard let headEnd = buffer.range(of: terminator),
            let head = String(data: buffer[..<headEnd.lowerBound], encoding: .utf8)
        else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let path = components?.percentEncodedPath.removingPercentEncoding ?? target
        return FakeRequest(
            method: String(requestLine[0]), path: path, query: query,
            headers: headers, target: target)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status"
        }
    }
}
