import Foundation
import Synchronization

/// Sends one request for the latest entry, or for a day, however many callers ask for it at
/// the same time. At start-up the viewer's daily-picture check and its main window both ask for
/// the latest entry; the live service takes about a second to answer, so without this it would
/// be asked twice for the same answer.
///
/// The main window may ask a moment after the check got its answer (a slow first window), when
/// there is no request left to join, and `CachingSource` only keeps today's entry: before the
/// day's picture is published the latest is yesterday's, which it would ask for again. So an
/// answer for the latest entry is also reused for `latestReuse` seconds. Days are shared only
/// while in flight; remembering them is the cache's job. A caller that is cancelled leaves at
/// once; the request goes on while anyone still waits for it.
public final class CoalescingSource: ForwardingSource, Sendable {
    private enum Request: Hashable, Sendable {
        case latest
        case day(APODDay)
    }

    /// A minute: start-up is over by then, and a new picture appears once a day.
    public static let latestReuse: TimeInterval = 60

    public let upstream: any APODSource
    private let calendar: ArchiveCalendar
    private let requests = RequestCoalescer<Request, Void, APODEntry>()
    private let recentLatest = Mutex<(entry: APODEntry, answeredAt: Date)?>(nil)

    public init(upstream: any APODSource, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.upstream = upstream
        self.calendar = calendar
    }

    public func latest() async throws -> APODEntry {
        let now = calendar.currentDate
        if let recent = recentLatest.withLock({ $0 }), now.timeIntervalSince(recent.answeredAt) < Self.latestReuse,
            now >= recent.answeredAt
        {
            return recent.entry
        }
        let entry = try await shared(.latest) { [upstream] in try await upstream.latest() }
        recentLatest.withLock { $0 = (entry, calendar.currentDate) }
        return entry
    }

    public func entry(for day: APODDay) async throws -> APODEntry {
        try await shared(.day(day)) { [upstream] in try await upstream.entry(for: day) }
    }

    private func shared(_ request: Request, _ fetch: @escaping @Sendable () async throws -> APODEntry) async throws
        -> APODEntry
    {
        try await requests.value(for: request, makeContext: {}, join: { _ in }, operation: { _ in try await fetch() })
    }
}
