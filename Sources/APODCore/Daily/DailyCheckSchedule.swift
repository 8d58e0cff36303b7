import Foundation

/// When the daily picture looks for a new entry. A new APOD appears shortly after midnight US
/// Eastern, so instead of polling the schedule checks once at start, then a few random minutes
/// after the next Eastern midnight (the random part spreads every installed copy over a quarter
/// of an hour), and otherwise only when something may have changed: a resume from suspend or the
/// network coming back. Errors back off (1, 5, 15, then every 60 minutes); a day that is not
/// published yet is asked about again after 30 minutes, 2 hours, then every 4 hours, never later
/// than the next midnight. A new picture whose background could not be set this time (the
/// desktop did not answer in time, the download failed) is looked for again after the error
/// back-off, counted apart from the service's errors since the service did answer. All is well:
/// one or two requests a day.
///
/// The clock and the random delay are injected, so tests can run a month in a moment.
public struct DailyCheckSchedule: Sendable {
    /// What a check found out.
    public enum Outcome: Equatable, Sendable {
        /// The service answered; `latest` is its newest published day.
        case answered(latest: APODDay)
        /// The service could not be reached or answered with an error.
        case failed
    }

    public static let errorBackOff: [TimeInterval] = [60, 300, 900, 3600]
    public static let unpublishedRetries: [TimeInterval] = [1800, 7200, 14_400]
    public static let afterMidnight: ClosedRange<TimeInterval> = 120...900

    private let clock: @Sendable () -> Date
    private let randomDelay: @Sendable (ClosedRange<TimeInterval>) -> TimeInterval
    /// When the next check is due; at first, now (a check at start).
    public private(set) var nextCheck: Date
    /// Checks that failed in a row.
    public private(set) var failures = 0
    private var unpublishedChecks = 0
    /// New pictures in a row whose background could not be set.
    public private(set) var unfinished = 0

    public init(
        clock: @escaping @Sendable () -> Date = { Date() },
        randomDelay: @escaping @Sendable (ClosedRange<TimeInterval>) -> TimeInterval = { .random(in: $0) }
    ) {
        self.clock = clock
        self.randomDelay = randomDelay
        nextCheck = clock()
    }

    public var now: Date { clock() }

    public var isDue: Bool { clock() >= nextCheck }

    /// Seconds until the next check (0 when due).
    public var secondsUntilNextCheck: TimeInterval { max(0, nextCheck.timeIntervalSince(clock())) }

    /// Plans the next check after `outcome`; returns when it is due.
    @discardableResult
    public mutating func record(_ outcome: Outcome) -> Date {
        let now = clock()
        let afterMidnight = Self.nextEasternMidnight(after: now) + randomDelay(Self.afterMidnight)
        switch outcome {
        case .failed:
            nextCheck = now + Self.errorBackOff[min(failures, Self.errorBackOff.count - 1)]
            failures += 1
        case .answered(let latest):
            failures = 0
            if latest >= ArchiveCalendar.day(containing: now) {
                unpublishedChecks = 0
                nextCheck = afterMidnight
            } else {
                let delay = Self.unpublishedRetries[min(unpublishedChecks, Self.unpublishedRetries.count - 1)]
                unpublishedChecks += 1
                nextCheck = min(now + delay, afterMidnight)
            }
        }
        return nextCheck
    }

    /// The new picture was not dealt with (its background could not be set this time): the
    /// next check comes after the error back-off, instead of after the next midnight.
    @discardableResult
    public mutating func recordUnfinished() -> Date {
        nextCheck = clock() + Self.errorBackOff[min(unfinished, Self.errorBackOff.count - 1)]
        unfinished += 1
        return nextCheck
    }

    /// The new picture was dealt with: later unfinished ones back off from the start again.
    public mutating func recordFinished() {
        unfinished = 0
    }

    /// After a resume from suspend or when the network comes back: whether to check at once
    /// (the last check failed, or the planned time passed while asleep). Otherwise the planned
    /// time stands; callers re-arm their timer, since a suspended monotonic timer runs late.
    public func shouldCheckOnWake() -> Bool {
        failures > 0 || unfinished > 0 || isDue
    }

    /// The first instant of the US Eastern day after the one containing `instant`.
    public static func nextEasternMidnight(after instant: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ArchiveCalendar.publishingTimeZone
        let start = calendar.startOfDay(for: instant)
        return calendar.date(byAdding: .day, value: 1, to: start)!
    }
}
