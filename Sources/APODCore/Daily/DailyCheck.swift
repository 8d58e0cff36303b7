import Foundation

/// One look for a new picture: asks the source for its latest entry and compares its day with
/// the last one handled (`LastSeenDay`). The caller marks a picture as seen once it has dealt
/// with it (background set, notification sent), so a failure half-way is retried next time.
public struct DailyCheck: Sendable {
    public enum Result: Sendable {
        /// A picture newer than the last one handled.
        case newPicture(APODEntry)
        /// The latest entry was already handled.
        case nothingNew(latest: APODDay)
        case failed(APODError)

        /// What the schedule needs to know.
        public var scheduleOutcome: DailyCheckSchedule.Outcome {
            switch self {
            case .newPicture(let entry): return .answered(latest: entry.date)
            case .nothingNew(let latest): return .answered(latest: latest)
            case .failed: return .failed
            }
        }
    }

    public let source: any APODSource
    public let lastSeen: LastSeenDay

    public init(source: any APODSource, lastSeen: LastSeenDay) {
        self.source = source
        self.lastSeen = lastSeen
    }

    public func run() async -> Result {
        do {
            let entry = try await source.latest()
            if let seen = lastSeen.load(), entry.date <= seen {
                return .nothingNew(latest: entry.date)
            }
            return .newPicture(entry)
        } catch let error as APODError {
            return .failed(error)
        } catch {
            return .failed(.malformedResponse(detail: String(describing: error)))
        }
    }

    public func markSeen(_ day: APODDay) throws {
        try lastSeen.save(day)
    }
}
