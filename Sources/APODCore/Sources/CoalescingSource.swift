import Foundation

/// Sends one request for the latest entry, or for a day, however many callers ask for it at
/// the same time. At start-up the viewer's main window and its daily-picture check both ask
/// for the latest entry within milliseconds; the live service takes about a second to answer,
/// so without this it would be asked twice for the same answer.
///
/// Only requests in flight are shared (a caller that comes after the answer asks again);
/// remembering answers is `CachingSource`'s job, which sits in front of this one. A caller
/// that is cancelled leaves at once; the request goes on while anyone still waits for it.
public final class CoalescingSource: APODSource {
    private enum Request: Hashable, Sendable {
        case latest
        case day(APODDay)
    }

    public let upstream: any APODSource
    private let requests = RequestCoalescer<Request, Void, APODEntry>()

    public init(upstream: any APODSource) {
        self.upstream = upstream
    }

    public var rateLimit: RateLimit? { upstream.rateLimit }

    public func latest() async throws -> APODEntry {
        try await shared(.latest) { [upstream] in try await upstream.latest() }
    }

    public func entry(for day: APODDay) async throws -> APODEntry {
        try await shared(.day(day)) { [upstream] in try await upstream.entry(for: day) }
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await upstream.entries(from: start, through: end)
    }

    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try await upstream.rangeAnswer(from: start, through: end)
    }

    public func random(count: Int) async throws -> [APODEntry] {
        try await upstream.random(count: count)
    }

    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        upstream.randomStream(count: count)
    }

    private func shared(_ request: Request, _ fetch: @escaping @Sendable () async throws -> APODEntry) async throws -> APODEntry {
        try await requests.value(for: request, makeContext: {}, join: { _ in }, operation: { _ in try await fetch() })
    }
}
