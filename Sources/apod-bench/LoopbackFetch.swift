import Foundation
import Synchronization

/// The leanest way to move a picture over loopback: a blocking socket, one GET, the answer
/// read into a reused buffer and dropped. What the grid's transfer costs at the least.
enum LoopbackFetch {
    /// Fetches every URL (all on 127.0.0.1) over `connections` parallel connections; returns
    /// the bytes received, headers included.
    static func fetchAll(_ urls: [URL], connections: Int) -> Int {
        let queue = WorkQueue(urls)
        let group = DispatchGroup()
        for _ in 0..<max(1, connections) {
            group.enter()
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 1 << 18)
                while let url = queue.next() { queue.add(fetch(url, into: &buffer)) }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return queue.total
    }

    private static func fetch(_ url: URL, into buffer: inout [UInt8]) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(url.port ?? 80).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return 0 }
        let target = url.path + (url.query.map { "?" + $0 } ?? "")
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return 0 }
        var received = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return received }
            received += n
        }
    }

    private final class WorkQueue: Sendable {
        private let pending: Mutex<ArraySlice<URL>>
        private let received = Mutex(0)

        init(_ urls: [URL]) { pending = Mutex(urls[...]) }

        func next() -> URL? { pending.withLock { $0.popFirst() } }

        func add(_ bytes: Int) { received.withLock { $0 += bytes } }

        var total: Int { received.withLock { $0 } }
    }
}
