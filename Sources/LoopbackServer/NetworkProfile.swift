import Foundation

/// How a fake server's answers travel: what a real host adds to loopback. The server applies
/// it to every answer: it waits one round trip plus the host's think time before the first
/// byte, then sends no faster than the link's rate. `.loopback` adds nothing.
///
/// Think times are drawn per request from `seed`, so a run can be repeated exactly.
public struct NetworkProfile: Sendable, Equatable {
    /// Between the request and the first byte of its answer, on top of the think time.
    public var roundTrip: TimeInterval
    /// The host's own work per request; each request draws uniformly from this range.
    public var thinkTime: ClosedRange<TimeInterval>
    /// Bytes per second on one connection; nil for no limit.
    public var bytesPerSecond: Int?
    public var seed: UInt64

    public init(
        roundTrip: TimeInterval = 0, thinkTime: ClosedRange<TimeInterval> = 0...0,
        bytesPerSecond: Int? = nil, seed: UInt64 = 1
    ) {
        self.roundTrip = max(0, roundTrip)
        self.thinkTime = max(0, thinkTime.lowerBound)...max(0, thinkTime.upperBound)
        self.bytesPerSecond = bytesPerSecond.flatMap { $0 > 0 ? $0 : nil }
        self.seed = seed
    }

    /// Raw loopback: answers at once, as fast as the kernel copies.
    public static let loopback = NetworkProfile()

    /// science.nasa.gov's metadata route from a good home connection: 0.7–1.5 s per request
    /// (the reported latency of the live route), 40 ms round trip, 20 MB/s per connection.
    public static let realistic = NetworkProfile(roundTrip: 0.04, thinkTime: 0.7...1.5, bytesPerSecond: 20_000_000)

    /// A picture CDN over the same connection: answers after one round trip, no think time.
    public static let realisticCDN = NetworkProfile(roundTrip: 0.04, bytesPerSecond: 20_000_000)

    /// The think time of the server's `index`-th request (from 0): the same for the same seed
    /// and index, spread uniformly over `thinkTime`.
    public func thinkTime(forRequest index: Int) -> TimeInterval {
        let span = thinkTime.upperBound - thinkTime.lowerBound
        guard span > 0 else { return thinkTime.lowerBound }
        let unit =
            Double(Self.mix(seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15) >> 11) / Double(1 << 53)
        return thinkTime.lowerBound + unit * span
    }

    /// How long the server waits before the first byte of its answer to request `index`.
    public func firstByteDelay(forRequest index: Int) -> TimeInterval {
        roundTrip + thinkTime(forRequest: index)
    }

    /// The least time `byteCount` bytes take on one connection at this rate.
    public func transferTime(bytes byteCount: Int) -> TimeInterval {
        guard let bytesPerSecond else { return 0 }
        return Double(byteCount) / Double(bytesPerSecond)
    }

    /// SplitMix64's finaliser: a well-spread 64-bit value for each input.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
