import Foundation

@testable import APODCore

/// An in-memory transport that counts downloads, tracks how many run at once, and can hold
/// downloads open until released, so ordering and cancellation can be observed exactly.
final class FakeImageTransport: ImageTransport, @unchecked Sendable {
    struct Reply: Sendable {
        var status = 200
        var body = Data()
        /// Thrown instead of answering, as `HTTPClient` throws its failures.
        var error: APODError?
    }

    private let lock = NSLock()
    private var replies: [URL: Reply] = [:]
    private var fallback: Reply?
    private var held = false
    private var gates: [CheckedContinuation<Void, Never>] = []
    private(set) var started: [URL] = []
    private(set) var cancelled: [URL] = []
    private(set) var maxBytesSeen: [Int] = []
    private var active = 0
    private(set) var peakActive = 0

    init(fallback: Reply? = nil) { self.fallback = fallback }

    func set(_ reply: Reply, for url: URL) { lock.withLock { replies[url] = reply } }

    /// While held, every download waits (after being counted) until `releaseAll`.
    func hold() { lock.withLock { held = true } }

    func releaseAll() {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            held = false
            defer { gates = [] }
            return gates
        }
        waiting.forEach { $0.resume() }
    }

    var downloadCount: Int { lock.withLock { started.count } }
    var startedURLs: [URL] { lock.withLock { started } }
    var cancelledURLs: [URL] { lock.withLock { cancelled } }
    var peak: Int { lock.withLock { peakActive } }

    let retryPolicy = RetryPolicy.none

    /// The reply's body arrives in one chunk once the download may go on.
    func open(_ url: URL, maxBytes: Int) async throws -> ImageResponse {
        let (status, body) = try await download(url, maxBytes: maxBytes)
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(body)
            continuation.finish()
        }
        return ImageResponse(status: status, expectedLength: body.count, body: chunks)
    }

    private func download(_ url: URL, maxBytes: Int) async throws -> (status: Int, body: Data) {
        lock.withLock {
            started.append(url)
            maxBytesSeen.append(maxBytes)
            active += 1
            peakActive = max(peakActive, active)
        }
        defer { lock.withLock { active -= 1 } }
        await withCheckedContinuation { (gate: CheckedContinuation<Void, Never>) in
            let wait = lock.withLock { () -> Bool in
                if held { gates.append(gate) }
                return held
            }
            if !wait { gate.resume() }
        }
        // A real client notices cancellation while the body streams in.
        try? await Task.sleep(nanoseconds: 2_000_000)
        if Task.isCancelled {
            lock.withLock { cancelled.append(url) }
            throw CancellationError()
        }
        guard let reply = lock.withLock({ replies[url] ?? fallback }) else {
            return (404, Data("<html>Not found</html>".utf8))
        }
        if let error = reply.error { throw error }
        return (reply.status, reply.body)
    }
}

/// Minimal bodies that pass or fail the magic-byte check.
enum ImageBytes {
    /// SOI, an empty scan header, `size - 8` bytes of "scan data", EOI.
    static func jpeg(_ seed: UInt8 = 1, size: Int = 64) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) + Data(repeating: seed, count: max(0, size - 8))
            + Data([0xFF, 0xD9])
    }

    // Computed, not stored: LeakSanitizer cannot see the packed pointer inside a global `Data`.
    static var html: Data { Data("<!DOCTYPE html><html><body>Page moved</body></html>".utf8) }
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(timeout: TimeInterval = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return condition()
}
