import Foundation

/// How often the background changes between new pictures ("every hour / 6 hours / day"), and
/// from where the next picture comes.
public enum BackgroundRotation: String, CaseIterable, Sendable {
    case off
    case hourly = "1h"
    case sixHours = "6h"
    case daily = "1d"

    public enum Source: String, CaseIterable, Sendable {
        case favourites
        /// A random day of the archive index.
        case archive
    }

    public var interval: TimeInterval? {
        switch self {
        case .off: return nil
        case .hourly: return 3600
        case .sixHours: return 6 * 3600
        case .daily: return 24 * 3600
        }
    }
}

/// When the rotating background last changed, kept in the data folder (`daily/rotation`, the
/// instant as seconds since 1970), so neither a restart nor a suspend resets or repeats the
/// interval: the next change is due `interval` after the last one by the wall clock, whenever
/// the app looks (its timer, a resume from suspend, a start). Changes missed while the computer
/// slept are not made up: one change on waking, then the interval again.
///
/// A change under way, or one that failed (no network, no favourite), is looked at again after
/// `retryDelay` (`postpone()`) without touching the file. The clock is injected, so tests can
/// run days in a moment.
public struct RotationSchedule: Sendable {
    public static let retryDelay: TimeInterval = 600

    public let fileURL: URL
    private let clock: @Sendable () -> Date
    private var retryAt: Date?

    public init(dataFolder: DataFolder, clock: @escaping @Sendable () -> Date = { Date() }) {
        fileURL = dataFolder.url("daily/rotation")
        self.clock = clock
    }

    /// The last change, from the file; nil before the first.
    public var lastChange: Date? {
        guard let text = try? RegularFile.text(fileURL),
            let seconds = TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines)), seconds.isFinite
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// When the next change is due with `interval` between changes: at once before the first
    /// change, and when the clock was set back past the last one.
    public func nextChange(every interval: TimeInterval) -> Date {
        let now = clock()
        if let retryAt { return retryAt }
        guard let last = lastChange, last <= now else { return now }
        return last + interval
    }

    public func isDue(every interval: TimeInterval) -> Bool { clock() >= nextChange(every: interval) }

    /// Seconds until the next change (0 when due).
    public func secondsUntilDue(every interval: TimeInterval) -> TimeInterval {
        max(0, nextChange(every: interval).timeIntervalSince(clock()))
    }

    /// The background changed now.
    /// - Throws: `APODError.cannotWriteFile` when the data folder cannot be written.
    public mutating func changed() throws {
        retryAt = nil
        do {
            try AtomicFile.write(Data("\(clock().timeIntervalSince1970)\n".utf8), to: fileURL)
        } catch {
            throw APODError.cannotWriteFile(path: fileURL.path)
        }
    }

    /// A change is under way or could not be made now: look again after `retryDelay` unless
    /// `changed()` comes first.
    public mutating func postpone() {
        retryAt = clock() + Self.retryDelay
    }
}
