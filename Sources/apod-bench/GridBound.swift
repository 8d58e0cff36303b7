import APODViewer
import Foundation
import Synchronization

/// The least a cold grid of full-size pictures can take on this machine, measured in the same
/// run as the grid it bounds: moving the bytes over loopback (`LoopbackFetch`, as many
/// connections as the loader opens) plus decoding every picture at thumbnail size with the
/// viewer's own decoder on every core, from memory. On two cores both are CPU work, so the
/// bound is their sum; a grid that overlaps them perfectly and copies nothing gets near it.
struct GridBound: Sendable {
    var transferSeconds: Double
    var decodeSeconds: Double
    var megabytes: Double

    var seconds: Double { transferSeconds + decodeSeconds }

    static func measure(server: PictureServer, flavour: Flavour, count: Int, width: Int) throws -> GridBound {
        let urls = flavour.urls(base: server.baseURL, count: count)
        let transferStart = Clock.now()
        let bytes = LoopbackFetch.fetchAll(urls, connections: 6)
        let transfer = Clock.now() - transferStart
        _ = server.takeBytesServed()

        let failures = FailureCount()
        let decodeStart = Clock.now()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            if (try? TextureDecoder.decode(server.original(index), maxSize: width)) == nil { failures.add() }
        }
        let decode = Clock.now() - decodeStart
        guard failures.value == 0 else {
            throw BenchFailure(description: "the bound's decoder failed \(failures.value) times")
        }
        return GridBound(transferSeconds: transfer, decodeSeconds: decode, megabytes: Double(bytes) / 1_000_000)
    }

    private final class FailureCount: Sendable {
        private let count = Mutex(0)

        func add() { count.withLock { $0 += 1 } }

        var value: Int { count.withLock { $0 } }
    }
}
