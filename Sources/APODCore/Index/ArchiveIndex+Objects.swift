import Foundation

/// The sky objects of the index's entries (`entry_objects`): found by `SkyObjectFinder` as
/// entries are written, and found again for every entry when the catalogue changes (on opening,
/// so an index of an earlier version gets them once). Every method reads or writes the
/// database: call them from background work, never on a GUI's main thread; `ArchiveIndex` is
/// safe to share between threads and tasks.
extension ArchiveIndex {
    // MARK: Reading

    /// The objects the entry of `day` names, in the order it names them (the title's first),
    /// each with the number of entries of the index about it (this one included). Empty for a
    /// day the index does not hold. At most `limit` of them.
    public func objects(on day: APODDay, limit: Int = Int.max) throws -> [SkyObjectCount] {
        try guarded {
            try database.rows(
                """
                SELECT o.object, (SELECT count(*) FROM entry_objects c WHERE c.object = o.object)
                FROM entry_objects o WHERE o.day = ? ORDER BY o.place LIMIT ?
                """, [.integer(day.ordinal), .integer(max(0, limit))]
            ).compactMap(Self.objectCount)
        }
    }

    /// Every object of the index with its number of entries, the most pictured first (then by
    /// id); with a query, only those whose id, names or other designations contain it in any
    /// case ("nebula", "NGC 70").
    public func objects(matching query: String = "") throws -> [SkyObjectCount] {
        let wanted = Array(query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8)
        let catalogue = SkyCatalogue.shared
        let all = try guarded {
            try database.rows("SELECT object, count(*) FROM entry_objects GROUP BY object").compactMap(Self.objectCount)
        }
        return all.filter { counted in
            wanted.isEmpty
                || ([counted.object.id] + catalogue.spellings(of: counted.object)).contains {
                    Self.contains(Array($0.lowercased().utf8), wanted)
                }
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.object.id < $1.object.id }
    }

    /// Whether `bytes` hold `wanted` (short texts: a plain scan beats Foundation's search on Linux).
    private static func contains(_ bytes: [UInt8], _ wanted: [UInt8]) -> Bool {
        guard bytes.count >= wanted.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { start in
            bytes[start..<(start + wanted.count)].elementsEqual(wanted)
        }
    }

    /// How many entries of the index are about the object.
    public func count(of object: SkyObject) throws -> Int {
        try guarded { try database.integer("SELECT count(*) FROM entry_objects WHERE object = ?", [.text(object.id)]) }
    }

    /// The entries about the object, newest first: at most `limit`, older than `before` when it
    /// is given (the next page starts before the last day shown), `excluding` one day (the
    /// entry the user is looking at).
    public func entries(
        of object: SkyObject, before: APODDay? = nil, excluding: APODDay? = nil,
        limit: Int = Int.max
    ) throws -> [APODEntry] {
        try guarded {
            try database.rows(
                """
                SELECT e.day, e.title, e.explanation, e.copyright, e.media_type, e.image_url, e.hd_image_url,
                       e.thumbnail_url, e.video_url, e.page_url, e.alt_text
                FROM entry_objects o JOIN entries e ON e.day = o.day
                WHERE o.object = ? AND o.day < ? AND o.day IS NOT ?
                ORDER BY o.day DESC LIMIT ?
                """,
                [
                    .text(object.id), .integer(before?.ordinal ?? Int.max),
                    excluding.map { .integer($0.ordinal) } ?? .null,
                    .integer(max(0, limit)),
                ]
            ).compactMap(Self.entry)
        }
    }

    /// For the first `objects` objects the entry of `day` names, its count, and for the first
    /// `withEntries` of those its `limit` newest other entries: all a detail view needs for its
    /// chips and "More of M31 (87)" rows, in one call. Only what is shown is read: loading
    /// entries for every object of a hostile entry (13,225) took the viewer to 1.95 GB.
    public func related(
        to day: APODDay, objects objectLimit: Int = Int.max, withEntries: Int = Int.max, limit: Int
    ) throws -> [RelatedEntries] {
        try objects(on: day, limit: objectLimit).enumerated().map { place, counted in
            RelatedEntries(
                object: counted.object, count: counted.count,
                entries: place < withEntries ? try entries(of: counted.object, excluding: day, limit: limit) : [])
        }
    }

    private static func objectCount(_ row: SQLiteRow) -> SkyObjectCount? {
        guard let id = row.text(0), let count = row.integer(1) else { return nil }
        return SkyObjectCount(object: SkyCatalogue.shared.object(id: id), count: count)
    }

    // MARK: Search by object

    /// The entries naming the object by any of its names and designations (full-text), best
    /// first, then those the finder tied to it that the words alone miss ("Orion Nebulas").
    /// Every way of writing the object's name therefore finds the same entries.
    func search(_ object: SkyObject, limit: Int) throws -> [APODEntry] {
        guard limit > 0 else { return [] }
        let query = SearchQuery(anyOf: SkyCatalogue.shared.spellings(of: object))
        let found = try search(query, limit: limit)
        guard found.count < limit else { return found }
        let more = try guarded {
            try database.rows(
                """
                SELECT e.day, e.title, e.explanation, e.copyright, e.media_type, e.image_url, e.hd_image_url,
                       e.thumbnail_url, e.video_url, e.page_url, e.alt_text
                FROM entry_objects o JOIN entries e ON e.day = o.day
                WHERE o.object = ? AND o.day NOT IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)
                ORDER BY o.day DESC LIMIT ?
                """, [.text(object.id), .text(query.matchExpression), .integer(limit - found.count)]
            ).compactMap(Self.entry)
        }
        return found + more
    }

    /// How many entries `search(object)` can find.
    func matchCount(_ object: SkyObject) throws -> Int {
        let query = SearchQuery(anyOf: SkyCatalogue.shared.spellings(of: object))
        return try guarded {
            try database.integer(
                """
                SELECT count(*) FROM (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?
                                      UNION SELECT day FROM entry_objects WHERE object = ?)
                """, [.text(query.matchExpression), .text(object.id)])
        }
    }

    // MARK: Writing

    /// `entry_objects` rows for these entries (object, day, place), found outside any transaction.
    static func objectRows(_ entries: [APODEntry]) -> [[SQLiteValue]] {
        let finder = SkyObjectFinder()
        return entries.flatMap { entry in
            finder.objects(title: entry.title, explanation: entry.explanation).enumerated().map { place, mention in
                [.text(mention.id), .integer(entry.date.ordinal), .integer(place)]
            }
        }
    }

    /// Replaces the objects of these days; inside the transaction that writes their entries.
    func replaceObjects(of days: [APODDay], with rows: [[SQLiteValue]]) throws {
        try database.run("DELETE FROM entry_objects WHERE day = ?", each: days.map { [.integer($0.ordinal)] })
        try database.run("INSERT OR IGNORE INTO entry_objects(object, day, place) VALUES (?, ?, ?)", each: rows)
        for day in days { try addTranslationObjects(of: day) }
    }

    /// Places of objects found in a translation come after the English text's.
    static let translationObjectPlaces = 1000

    /// Adds the objects `day`'s kept translation names (仙女座星系 → M31) to those NASA's text
    /// names; inside the caller's transaction.
    func addTranslationObjects(of day: APODDay) throws {
        try database.rows(
            "DELETE FROM entry_objects WHERE day = ? AND place >= ?",
            [.integer(day.ordinal), .integer(Self.translationObjectPlaces)])
        guard
            let row = try database.rows(
                "SELECT title, explanation FROM translations WHERE day = ? AND explanation IS NOT NULL",
                [.integer(day.ordinal)]
            ).first
        else { return }
        try insertTranslationObjects(day: day.ordinal, title: row.text(0) ?? "", explanation: row.text(1) ?? "")
    }

    private func insertTranslationObjects(day: Int, title: String, explanation: String) throws {
        let ids = SkyNamesChinese.shared.objects(in: title + "\n" + explanation)
        try database.run(
            "INSERT OR IGNORE INTO entry_objects(object, day, place) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM entries WHERE day = ?)",
            each: ids.enumerated().map { place, id in
                [.text(id), .integer(day), .integer(Self.translationObjectPlaces + place), .integer(day)]
            })
    }

    /// The version `entry_objects` was found with: the catalogue's and the Chinese names'.
    static var objectsVersion: String {
        "\(SkyCatalogue.shared.version)-zh\(SkyCatalogue.fnv1a(SkyNamesChineseText.text))"
    }

    /// Finds every entry's objects again when they were found with another catalogue version
    /// (or none: an index of an earlier version), in one transaction, a thousand entries at a
    /// time. Another process doing the same meanwhile is waited for, then nothing is left to do.
    func refreshObjects() throws {
        let version = Self.objectsVersion
        func current() throws -> Bool {
            try database.rows("SELECT version FROM objects_version").first?.text(0) == version
        }
        guard try !current() else { return }
        try guarded {
            try database.transaction {
                guard try !current() else { return }
                try database.execute("DELETE FROM entry_objects")
                var after = Int.min
                while true {
                    let entries = try database.rows(
                        """
                        SELECT day, title, explanation FROM entries WHERE day > ? ORDER BY day LIMIT 1000
                        """, [.integer(after)]
                    ).compactMap { row -> APODEntry? in
                        guard let day = row.integer(0), let title = row.text(1) else { return nil }
                        return APODEntry(date: APODDay(ordinal: day), title: title, explanation: row.text(2) ?? "")
                    }
                    guard let last = entries.last else { break }
                    try replaceObjects(of: [], with: Self.objectRows(entries))
                    after = last.date.ordinal
                }
                for row in try database.rows(
                    "SELECT day, title, explanation FROM translations WHERE explanation IS NOT NULL")
                {
                    guard let day = row.integer(0) else { continue }
                    try insertTranslationObjects(day: day, title: row.text(1) ?? "", explanation: row.text(2) ?? "")
                }
                try database.execute("DELETE FROM objects_version")
                try database.rows("INSERT INTO objects_version(version) VALUES (?)", [.text(version)])
            }
        }
    }
}
