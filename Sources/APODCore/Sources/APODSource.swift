import Foundation

/// A place APOD entries come from. The viewer and the `apod` command only ever talk to this.
///
/// Every method throws `APODError`. Callers should trust `entry.date`, not the date they asked
/// for: asking for today before it is published answers with the previous day.
///
/// No member has a default: a source that talks to a service states each one, and a source in
/// front of another is a `ForwardingSource`, whose defaults pass every member on. So neither
/// kind can silently answer a member the way the protocol guessed (a wrapper once dropped
/// `unusableDays` that way, another the sync window size).
public protocol APODSource: Sendable {
    /// The most recent published entry.
    func latest() async throws -> APODEntry
    /// The entry for one day; `APODError.noEntry` when nothing was published that day.
    func entry(for day: APODDay) async throws -> APODEntry
    /// Every entry from `start` through `end`, ascending; days without an entry are skipped.
    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry]
    /// `entries(from:through:)` with what a cache needs to tell gaps apart: the days whose
    /// entry arrived unusable. Sources that cannot tell report none.
    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer
    /// Up to `count` distinct random entries: `randomStream(count:)` gathered, so fewer when
    /// not all could be had; throws only when none could.
    func random(count: Int) async throws -> [APODEntry]
    /// `count` distinct random entries, each yielded as soon as it arrives, so a grid can show
    /// its first cell after one round trip instead of after the slowest. Finishes early (with
    /// fewer entries) rather than failing once some arrived; throws only when none could be had.
    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error>
    /// `entries`, in the same order, with the players of their videos that came without one. science.nasa.gov
    /// keeps a video's address only in the entry's page (`basic_html`, tens of KB), so its
    /// lists and days leave it out; it is asked for here, when a video is about to be played
    /// or its address printed, not for every video a sync or a grid comes across. Entries
    /// that are not videos, or already have their player, cost nothing; a player that cannot
    /// be had leaves its entry as it was (the entry's web page still plays the video).
    func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry]
    /// The quota the service reported on its last answer, if it reports one; nil for services
    /// that report none.
    var rateLimit: RateLimit? { get }
    /// Days a sync asks for in one `rangeAnswer`: as many as the service answers in one
    /// request, so that a window costs one. No default: a wrapper that forgot to pass its
    /// upstream's on made every science window two requests.
    var syncWindowDays: Int { get }
}

/// What api.nasa.gov said about the key's remaining quota on its last answer.
public struct RateLimit: Equatable, Sendable {
    /// Requests allowed per hour, when announced.
    public var limit: Int?
    /// Requests left in the current hour.
    public var remaining: Int

    public init(limit: Int?, remaining: Int) {
        self.limit = limit
        self.remaining = remaining
    }

    /// Reads `X-RateLimit-Limit` / `X-RateLimit-Remaining`; `nil` when the answer has none.
    public init?(headers: [String: String]) {
        guard let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else {
            return nil
        }
        self.init(
            limit: headers["x-ratelimit-limit"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            remaining: remaining)
    }
}

/// A range as a source answered it. A day missing from `entries` is a day without a picture
/// unless it is in `unusableDays`: the service had an entry for it that could not be used
/// (no title, say), which may well be fixed tomorrow and must not be remembered as "no picture".
public struct RangeAnswer: Sendable {
    public var entries: [APODEntry]
    public var unusableDays: Set<APODDay>
    /// Days the service gave more than once with different content; `entries` holds the last.
    public var conflictingDays: Set<APODDay>

    public init(entries: [APODEntry], unusableDays: Set<APODDay> = [], conflictingDays: Set<APODDay> = []) {
        self.entries = entries
        self.unusableDays = unusableDays
        self.conflictingDays = conflictingDays
    }
}

/// A source in front of another (a cache, an index, a switch): every member it does not
/// implement itself goes to `upstream` unchanged. Only what the wrapper adds is written in it,
/// and a member added to `APODSource` later reaches the service through every wrapper.
public protocol ForwardingSource: APODSource {
    /// Where what this source does not answer itself is asked.
    var upstream: any APODSource { get }
}

extension ForwardingSource {
    public func latest() async throws -> APODEntry { try await upstream.latest() }

    public func entry(for day: APODDay) async throws -> APODEntry { try await upstream.entry(for: day) }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await upstream.entries(from: start, through: end)
    }

    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try await upstream.rangeAnswer(from: start, through: end)
    }

    public func random(count: Int) async throws -> [APODEntry] { try await upstream.random(count: count) }

    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        upstream.randomStream(count: count)
    }

    public func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] {
        try await upstream.withVideoAddresses(entries)
    }

    public var rateLimit: RateLimit? { upstream.rateLimit }

    public var syncWindowDays: Int { upstream.syncWindowDays }
}

extension AsyncThrowingStream where Failure == Error, Element: Sendable {
    /// A stream fed by `produce`, which runs in a task of its own (never on the caller's
    /// actor) and is cancelled when the consumer stops listening.
    public static func producing(
        _ produce: @escaping @Sendable (_ yield: @escaping @Sendable (Element) -> Void) async throws -> Void
    ) -> Self {
        AsyncThrowingStream { continuation in
            let task = Task.detached {
                do {
                    try await produce { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Everything the stream yields, once it has finished.
    public func collected() async throws -> [Element] {
        var all: [Element] = []
        for try await element in self { all.append(element) }
        return all
    }
}
