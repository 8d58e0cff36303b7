import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How many connections the HTTP session may hold open, decided from the process's file
/// limit: under `ulimit -n 12` a grid of 50 must queue its transfers on one or two sockets
/// rather than fail on the first `socket()` that finds no descriptor left.
struct ConnectionBudget: Equatable {
    /// At most this many connections in all (the image loader runs 6 downloads at once, and
    /// metadata requests come on top).
    static let standardConnections = 16
    /// At most this many to one host: the CDN serves a whole grid, so it gets the loader's 6
    /// and some room for the HD picture and metadata.
    static let standardPerHost = 8
    /// Descriptors the rest of the process needs whatever the network does: standard streams,
    /// the runtime's and GLib's wake-up and poll descriptors, a cache file being written, the
    /// configuration being read.
    static let reserved = 16

    var connections: Int
    var connectionsPerHost: Int

    /// The budget for a soft limit of `openFiles` descriptors: half of what is left after the
    /// reserve (a connection may briefly need a second descriptor, e.g. for name lookup), and
    /// never less than one connection.
    init(openFiles: Int) {
        let spare = max(0, openFiles - Self.reserved) / 2
        connections = max(1, min(Self.standardConnections, spare))
        connectionsPerHost = min(Self.standardPerHost, connections)
    }

    /// The budget for this process's current `RLIMIT_NOFILE`.
    static func current() -> ConnectionBudget {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return ConnectionBudget(openFiles: Int.max / 2)
        }
        return ConnectionBudget(openFiles: Int(clamping: limit.rlim_cur))
    }
}
