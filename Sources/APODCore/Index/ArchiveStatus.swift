import Foundation

/// Where an index stands against the whole archive, in the figures every surface shows the
/// same way: pictures, days the service has no entry for, days that failed, days not fetched.
public struct ArchiveStatus: Sendable, Equatable {
    /// Entries in the index.
    public var pictures: Int
    /// Days the service answered for without an entry: not a fault, but said.
    public var absentDays: Int
    /// Days whose answer failed or came back broken: the next sync asks for them again.
    public var failedDays: Int
    /// Days through yesterday no sync has answered for yet.
    public var unfetchedDays: Int
    /// When a sync last wrote an answer, if ever.
    public var lastSync: Date?
    /// `ArchiveIndex.coversArchive()`.
    public var isComplete: Bool

    public init(
        pictures: Int, absentDays: Int, failedDays: Int, unfetchedDays: Int, lastSync: Date?, isComplete: Bool
    ) {
        self.pictures = pictures
        self.absentDays = absentDays
        self.failedDays = failedDays
        self.unfetchedDays = unfetchedDays
        self.lastSync = lastSync
        self.isComplete = isComplete
    }

    /// Only failed days are a fault worth a warning; absent ones are how the archive is.
    public var hasFailures: Bool { failedDays > 0 }

    /// "11,408 pictures in the index; the service has no entry for 84 days", with the failed
    /// and not yet fetched days after it when there are any. Each surface adds what to do.
    public var figures: String {
        var parts = [
            pictures == 1
                ? tr("1 picture in the index")
                : tr("{count} pictures in the index", ["count": DisplayNumber.grouped(pictures)])
        ]
        if absentDays > 0 {
            parts.append(
                absentDays == 1
                    ? tr("the service has no entry for 1 day")
                    : tr(
                        "the service has no entry for {count} days", ["count": DisplayNumber.grouped(absentDays)]))
        }
        if failedDays > 0 {
            parts.append(
                failedDays == 1
                    ? tr("1 day could not be fetched")
                    : tr("{count} days could not be fetched", ["count": DisplayNumber.grouped(failedDays)]))
        }
        if unfetchedDays > 0 && !isComplete {
            parts.append(
                unfetchedDays == 1
                    ? tr("1 day not downloaded yet")
                    : tr("{count} days not downloaded yet", ["count": DisplayNumber.grouped(unfetchedDays)]))
        }
        return parts.joined(separator: tr("; "))
    }
}
