import APODCore

/// How the archive wall reads the index, always off the main thread: the days each month holds
/// (`ArchiveIndex.dayCountsByMonth`), then the entries of one stretch of days at a time. Tests
/// count and hold the reads through it.
struct WallIndexReader: Sendable {
    var monthCounts: @Sendable () throws -> [(month: ArchiveMonth, days: Int)]
    /// Ascending, `from` through `through`.
    var entries: @Sendable (_ from: APODDay, _ through: APODDay) throws -> [APODEntry]

    /// The index of the source in use.
    static func index(of archive: ArchiveAccess) -> WallIndexReader {
        WallIndexReader(
            monthCounts: { try archive.openIndex().dayCountsByMonth() },
            entries: { try archive.openIndex().entries(from: $0, through: $1) })
    }
}
