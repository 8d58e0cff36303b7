import Foundation
import LoopbackServer

/// The bench's stand-in for NASA's picture hosts: the tests' loopback server serving
/// `count` pictures under both flavours' paths and counting the bytes it sends.
final class PictureServer: @unchecked Sendable {
    /// What a real host adds to loopback: a wait before the first byte of each answer and a
    /// per-connection transfer rate. Zero for both is raw loopback.
    struct Network: Sendable {
        var latency: TimeInterval
        /// Bytes per second on one connection; 0 means unlimited.
        var bytesPerSecond: Int

        var summary: String {
            let rate = bytesPerSecond > 0 ? "\(bytesPerSecond / 1_000_000) MB/s per connection" : "unlimited rate"
            return "emulated network: \(Int(latency * 1000)) ms to first byte, \(rate)"
        }
    }

    /// Bandwidth is emulated by sending one chunk per tick.
    private static let tick: TimeInterval = 0.01

    private let originals: [Data]
    private let count: Int
    private let network: Network
    private let lock = NSLock()
    private var resized: [String: Data] = [:]
    private var served = 0
    private var server: FakeHTTPServer!

    /// Serves picture `i` as `originals[i % originals.count]`.
    init(originals: [Data], count: Int, network: Network) throws {
        self.originals = originals
        self.count = count
        self.network = network
        server = try FakeHTTPServer { [unowned self] request in respond(to: request) }
    }

    var baseURL: URL { server.baseURL }

    /// Resizes every original for the thumbnail `width` and for the full-size width in the
    /// pictures' URLs now, so no row pays for the first resize.
    func prepare(width: Int) throws {
        for index in originals.indices {
            _ = try resizedPicture(index, width: width)
            _ = try resizedPicture(index, width: Flavour.fullSizeWidth)
        }
    }

    /// Bytes of bodies sent since the last call.
    func takeBytesServed() -> Int {
        lock.withLock {
            defer { served = 0 }
            return served
        }
    }

    func stop() { server.stop() }

    private func respond(to request: FakeRequest) -> FakeResponse {
        guard let flavour = Flavour.allCases.first(where: { request.path.hasPrefix($0.pathPrefix) }),
              let index = Int(request.path.dropFirst(flavour.pathPrefix.count).dropLast(4)),
              (0..<count).contains(index) else {
            return .html("<html><body>Not found</body></html>", status: 404)
        }
        let original = index % originals.count
        var body = originals[original]
        if flavour == .science, let width = request.query["w"].flatMap(Int.init),
           let smaller = try? resizedPicture(original, width: width) {
            body = smaller
        }
        lock.withLock { served += body.count }
        var response = FakeResponse.data(body, contentType: "image/jpeg")
        response.delay = network.latency
        if network.bytesPerSecond > 0 {
            response.fault = .trickle(chunkSize: max(1, Int(Double(network.bytesPerSecond) * Self.tick)), interval: Self.tick)
        }
        return response
    }

    /// Picture `index` at most `width` wide, made once per width: a CDN resizes at its edge
    /// once, and the bench must not charge a client for the server's work.
    private func resizedPicture(_ index: Int, width: Int) throws -> Data {
        let key = "\(index)/\(width)"
        if let cached = lock.withLock({ resized[key] }) { return cached }
        let full = try Pixbufs.decodeFull(originals[index])
        defer { full.release() }
        var data = originals[index]
        if Pixbufs.size(of: full).width > width {
            let small = Pixbufs.scaled(full, width: width)
            defer { small.release() }
            data = try Pixbufs.jpeg(small, quality: 85)
        }
        lock.withLock { resized[key] = data }
        return data
    }
}
