import APODCore
import Foundation

/// The source every window holds; the application swaps what stands behind it.
typealias SwitchableSource = Switchable<any APODSource>

extension Switchable: APODSource where Upstream == any APODSource {
    var rateLimit: RateLimit? { upstream.rateLimit }
    var syncWindowDays: Int { upstream.syncWindowDays }

    func latest() async throws -> APODEntry { try await upstream.latest() }

    func entry(for day: APODDay) async throws -> APODEntry { try await upstream.entry(for: day) }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await upstream.entries(from: start, through: end)
    }

    func random(count: Int) async throws -> [APODEntry] { try await upstream.random(count: count) }

    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> { upstream.randomStream(count: count) }
}
