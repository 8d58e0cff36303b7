import Foundation

/// A place APOD entries come from. The viewer and the `apod` command only ever talk to this.
///
/// Every method throws `APODError`. Callers should trust `entry.date`, not the date they asked
/// for: asking for today before it is published answers with the previous day.
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
    /// The quota the service reported on its last answer, if it reports one.
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
        guard let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            return nil
        }
        self.init(limit: headers["x-ratelimit-limit"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
                  remaining: remaining)
    }
}

/// A range as a source answered it. A day missing from `entries` is a day without a picture
/// unless it is in `unusableDays`: the service had an entry for it that could not be used
/// (no title, say), which may well be fixed tomorrow and must not be remembered as "no picture".
public struct RangeAnswer: Sendable {
    public var entries: [APODEntry]
    public var unusableDays: Set<APODDay>

    public init(entries: [APODEntry], unusableDays: Set<APODDay> = []) {
        self.entries = entries
        self.unusableDays = unusableDays
    }
}

extension APODSource {
    /// Only sources behind a rate-limited gateway report one.
    public var rateLimit: RateLimit? { nil }

    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        RangeAnswer(entries: try await entries(from: start, through: end))
    }

    /// For sources that can only answer a batch as a whole: the batch, one entry at a time.
    /// A source whose `random(count:)` collects its stream must implement this itself.
    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { yield in
            for entry in try await random(count: count) { yield(entry) }
        }
    }
}

extension AsyncThrowingStream where Failure == Error, Element: Sendable {
    /// A stream fed by `produce`, which runs in a task of its own (never on the caller's
    /// actor) and is cancelled when the consumer stops listening.
    static func producing(_ produce: @escaping @Sendable (_ yield: @escaping @Sendable (Element) -> Void) async throws -> Void) -> Self {
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
    func collected() async throws -> [Element] {
        var all: [Element] = []
        for try await element in self { all.append(element) }
        return all
    }
}
