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
        // `{n}` rather than `{count}`: the count grouped as everywhere ("11,407").
        func grouped(_ count: Int) -> [String: String] { ["n": DisplayNumber.grouped(count)] }
        var parts = [
            trn("{n} picture in the index", "{n} pictures in the index", count: pictures, grouped(pictures))
        ]
        if absentDays > 0 {
            parts.append(
                trn(
                    "the service has no entry for {n} day", "the service has no entry for {n} days", count: absentDays,
                    grouped(absentDays)))
        }
        if failedDays > 0 {
            parts.append(
                trn(
                    "{n} day could not be fetched", "{n} days could not be fetched", count: failedDays,
                    grouped(failedDays)))
        }
        if unfetchedDays > 0 && !isComplete {
            parts.append(
                trn(
                    "{n} day not downloaded yet", "{n} days not downloaded yet", count: unfetchedDays,
                    grouped(unfetchedDays)))
        }
        return parts.joined(separator: tr("; "))
    }
}
