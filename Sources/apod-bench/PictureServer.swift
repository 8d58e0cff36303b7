import Foundation
import GtkKit
import LoopbackServer
import Synchronization

/// The bench's stand-in for NASA's picture hosts: the loopback server serving picture `i` of
/// either flavour as original `i % originals.count`, over a `NetworkProfile`, counting the
/// bytes it sends.
///
/// Unchecked only for `server`, written once in `init` (its handler needs `self`) and never
/// again; the rest is immutable or behind its `Mutex`.
final class PictureServer: @unchecked Sendable {
    private let originals: [Data]
    /// Resized copies by original, then width, made once: a CDN resizes at its edge once, and
    /// the bench must not charge a client for the server's work.
    private let resized = Mutex<[Int: [Int: Data]]>([:])
    private let served = Mutex(0)
    private var server: FakeHTTPServer!

    init(originals: [Data], network: NetworkProfile) throws {
        self.originals = originals
        server = try FakeHTTPServer { [unowned self] request in respond(to: request) }
        server.profile = network
    }

    var baseURL: URL { server.baseURL }

    var network: NetworkProfile {
        get { server.profile }
        set { server.profile = newValue }
    }

    /// The original bytes behind picture `index`.
    func original(_ index: Int) -> Data { originals[index % originals.count] }

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
        served.withLock { served in
            defer { served = 0 }
            return served
        }
    }

    func stop() { server.stop() }

    private func respond(to request: FakeRequest) -> FakeResponse {
        guard let flavour = Flavour.allCases.first(where: { request.path.hasPrefix($0.pathPrefix) }),
            let index = Int(request.path.dropFirst(flavour.pathPrefix.count).dropLast(4)), index >= 0
        else {
            return .html("<html><body>Not found</body></html>", status: 404)
        }
        let original = index % originals.count
        var body = originals[original]
        if flavour == .science, let width = request.query["w"].flatMap(Int.init),
            let smaller = try? rendition(original, width: width)
        {
            body = smaller
        }
        served.withLock { $0 += body.count }
        return .data(body, contentType: "image/jpeg")
    }

    /// The smallest prepared copy at least `width` wide (at most a few tens of percent more
    /// bytes than an exact resize); made on demand when none is.
    private func rendition(_ index: Int, width: Int) throws -> Data {
        let prepared = resized.withLock { $0[index] ?? [:] }
        if let nearest = prepared.keys.filter({ $0 >= width }).min(), let data = prepared[nearest] { return data }
        return try resizedPicture(index, width: width)
    }

    /// Picture `index` at most `width` wide.
    private func resizedPicture(_ index: Int, width: Int) throws -> Data {
        if let cached = resized.withLock({ $0[index]?[width] }) { return cached }
        let full = try Pixbuf.decode(originals[index])
        let data = full.width > width ? try Pixbufs.jpeg(full.scaled(toWidth: width), quality: 85) : originals[index]
        resized.withLock { $0[index, default: [:]][width] = data }
        return data
    }
}

extension NetworkProfile {
    /// One line for the table's header.
    var summary: String {
        var parts = ["\(Int((roundTrip * 1000).rounded())) ms round trip"]
        if thinkTime.upperBound > 0 {
            parts.append(String(format: "%.1f–%.1f s think time", thinkTime.lowerBound, thinkTime.upperBound))
        }
        parts.append(bytesPerSecond.map { "\($0 / 1_000_000) MB/s per connection" } ?? "unlimited rate")
        return parts.joined(separator: ", ")
    }
}
