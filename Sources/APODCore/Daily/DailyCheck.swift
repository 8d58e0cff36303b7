import Foundation

/// One look for a new picture: asks the source for its latest entry and compares its day with
/// the last one handled (`LastSeenDay`). The caller marks a picture as seen once it has dealt
/// with it (background set, notification sent), so a failure half-way is retried next time.
public struct DailyCheck: Sendable {
    public enum Result: Sendable {
        /// A picture newer than the last one handled.
        case newPicture(APODEntry)
        /// The latest entry, already handled.
        case nothingNew(APODEntry)
        case failed(APODError)

        /// The service's latest entry, when it answered.
        public var latest: APODEntry? {
            switch self {
            case .newPicture(let entry), .nothingNew(let entry): return entry
            case .failed: return nil
            }
        }

        /// What the schedule needs to know.
        public var scheduleOutcome: DailyCheckSchedule.Outcome {
            switch self {
            case .newPicture(let entry): return .answered(latest: entry.date)
            case .nothingNew(let entry): return .answered(latest: entry.date)
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
                return .nothingNew(entry)
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
