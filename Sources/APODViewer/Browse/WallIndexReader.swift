import APODCore

/// How the archive wall reads the index, always off the main thread: the days each month holds
/// (`ArchiveIndex.dayCountsByMonth`), then the entries of one stretch of days at a time, with
/// the Chinese titles known for them when Explanations is Chinese. Tests count and hold the
/// reads through it.
struct WallIndexReader: Sendable {
    var monthCounts: @Sendable () throws -> [(month: ArchiveMonth, days: Int)]
    /// Ascending, `from` through `through`.
    var entries: @Sendable (_ from: APODDay, _ through: APODDay) throws -> [APODEntry]
    /// The titles the cells show instead of NASA's for days `from` through `through` (the
    /// mirror's, kept in the index); none by default.
    var titles: @Sendable (_ from: APODDay, _ through: APODDay) -> [APODDay: String] = { _, _ in [:] }

    /// The index of the source in use, and the known Chinese titles through `translations`.
    static func index(of archive: ArchiveAccess, translations: ViewerTranslations? = nil) -> WallIndexReader {
        WallIndexReader(
            monthCounts: { try archive.openIndex().dayCountsByMonth() },
            entries: { try archive.openIndex().entries(from: $0, through: $1) },
            titles: { translations?.knownTitles(from: $0, through: $1) ?? [:] })
    }

    /// The cells' days `from` through `through`, newest first, each with its shown title.
    func days(_ from: APODDay, _ through: APODDay) throws -> [WallCell.Day] {
        let found = try entries(from, through)
        let known = found.isEmpty ? [:] : titles(from, through)
        return found.reversed().map { WallCell.Day($0, title: known[$0.date]) }
    }
}
