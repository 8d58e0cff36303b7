import APODCore
import Foundation

/// The source every window holds. The application replaces what stands behind it when the
/// preferences change or it falls back to offline, and each window's next request goes to
/// the new one without the window being rebuilt.
final class SwitchableSource: APODSource, @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var current: any APODSource

    init(_ source: any APODSource) {
        current = source
    }

    var upstream: any APODSource {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    var rateLimit: RateLimit? { upstream.rateLimit }

    func latest() async throws -> APODEntry { try await upstream.latest() }

    func entry(for day: APODDay) async throws -> APODEntry { try await upstream.entry(for: day) }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await upstream.entries(from: start, through: end)
    }

    func random(count: Int) async throws -> [APODEntry] { try await upstream.random(count: count) }

    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> { upstream.randomStream(count: count) }
}
