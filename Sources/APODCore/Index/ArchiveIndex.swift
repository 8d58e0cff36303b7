import Foundation

/// The archive's metadata on this computer, one SQLite database per source address so that
/// sources never mix: every entry the app fetched or a sync downloaded, a full-text index over
/// its words, and which stretches of days a sync has completed.
///
/// Past entries never change, so once a day is covered it is answered from here
/// with no request. Safe to share between tasks and between processes (WAL, busy time-out).
public final class ArchiveIndex: Sendable {
    /// The database file.
    public let file: URL
    /// Set when the file was damaged and had to be set aside on opening: show it once.
    public let notice: APODError?
    let database: SQLiteDatabase
    private let calendar: ArchiveCalendar
    /// The archive's valid days (its first through today), for the reads in the extensions.
    var validRange: ClosedRange<APODDay> { calendar.validRange }

    static let migrations: [StaticString] = [
        """
        CREATE TABLE entries (
            day INTEGER PRIMARY KEY,          -- APODDay.ordinal
            date TEXT NOT NULL,               -- YYYY-MM-DD
            month_day INTEGER NOT NULL,       -- month * 100 + day, for "on this day"
            title TEXT NOT NULL,
            explanation TEXT NOT NULL,
            copyright TEXT,
            media_type TEXT NOT NULL,
            image_url TEXT, hd_image_url TEXT, thumbnail_url TEXT,
            video_url TEXT, page_url TEXT, alt_text TEXT
        );
        CREATE INDEX entries_month_day ON entries(month_day);
        CREATE TABLE months (
            month INTEGER PRIMARY KEY,        -- ArchiveMonth.key
            covered_through INTEGER NOT NULL, -- last day (ordinal) answered by the service
            synced_at REAL NOT NULL
        );
        CREATE VIRTUAL TABLE entries_fts USING fts5(
            title, explanation, copyright,
            content = 'entries', content_rowid = 'day',
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER entries_ai AFTER INSERT ON entries BEGIN
            INSERT INTO entries_fts(rowid, title, explanation, copyright)
            VALUES (new.day, new.title, new.explanation, new.copyright);
        END;
        CREATE TRIGGER entries_ad AFTER DELETE ON entries BEGIN
            INSERT INTO entries_fts(entries_fts, rowid, title, explanation, copyright)
            VALUES ('delete', old.day, old.title, old.explanation, old.copyright);
        END;
        CREATE TRIGGER entries_au AFTER UPDATE ON entries BEGIN
            INSERT INTO entries_fts(entries_fts, rowid, title, explanation, copyright)
            VALUES ('delete', old.day, old.title, old.explanation, old.copyright);
            INSERT INTO entries_fts(rowid, title, explanation, copyright)
            VALUES (new.day, new.title, new.explanation, new.copyright);
        END;
        """,
        // Done-marks for stretches of any length (a sync window is as many days as the source
        // answers in one request), converted from the calendar months of version 1.
        """
        CREATE TABLE covered (
            first INTEGER PRIMARY KEY,        -- first day (ordinal) of a stretch a sync asked for
            through INTEGER NOT NULL,         -- last day (ordinal) the service answered for it
            synced_at REAL NOT NULL
        );
        INSERT INTO covered(first, through, synced_at)
            SELECT CAST(julianday(printf('%04d-%02d-01', month / 12, month % 12 + 1)) - 2440587.5 AS INTEGER),
                   covered_through, synced_at
            FROM months;
        DROP TABLE months;
        """,
        // The sky objects each entry names (SkyObjectFinder); found again for every entry when
        // the catalogue's version changes (ArchiveIndex+Objects).
        """
        CREATE TABLE entry_objects (
            object TEXT NOT NULL,             -- SkyObject.id
            day INTEGER NOT NULL,             -- entries.day
            place INTEGER NOT NULL,           -- the order the entry names it in, title first
            PRIMARY KEY (object, day)
        ) WITHOUT ROWID;
        CREATE INDEX entry_objects_day ON entry_objects(day, place);
        CREATE TABLE objects_version (
            version TEXT NOT NULL             -- SkyCatalogue.version the rows were found with
        );
        CREATE TRIGGER entries_objects_ad AFTER DELETE ON entries BEGIN
            DELETE FROM entry_objects WHERE day = old.day;
        END;
        """,
        // What the service said about each day it gave no entry for: absent (a complete answer
        // without it) or failed (an error, a broken entry, a cut-off answer). A covered day
        // without an entry of an earlier version was a day the service had none for (from
        // 1995-06-16, day 9297: the months of version 1 began on the 1st).
        """
        CREATE TABLE day_states (
            day INTEGER PRIMARY KEY,          -- APODDay.ordinal of a day the index has no entry for
            absent INTEGER NOT NULL,          -- 1: the service has no entry for it; 0: fetching it failed
            checked_at REAL NOT NULL          -- when the service last answered for it
        );
        WITH RECURSIVE days(day, through, at) AS (
            SELECT first, through, synced_at FROM covered WHERE through >= first
            UNION ALL SELECT day + 1, through, at FROM days WHERE day < through)
        INSERT INTO day_states(day, absent, checked_at)
            SELECT day, 1, max(at) FROM days WHERE day >= 9297 AND day NOT IN (SELECT day FROM entries)
            GROUP BY day;
        CREATE TRIGGER entries_states_ai AFTER INSERT ON entries BEGIN
            DELETE FROM day_states WHERE day = new.day;
        END;
        """,
        translationMigration,
        shapeMigration,
    ]

    /// Opens the index of the source at `partition` under `directory`, creating it if needed.
    /// - Throws: `APODError.indexTooNew`, `.diskFull`, `.indexUnavailable`, `.cannotWriteFile`.
    public static func open(in directory: URL, partition: String, calendar: ArchiveCalendar = ArchiveCalendar()) throws
        -> ArchiveIndex
    {
        try ArchiveIndex(file: directory.appendingPathComponent(fileName(partition: partition)), calendar: calendar)
    }

    /// `index-<partition>.sqlite`, with anything but letters, digits, `.`, `_` and `-` replaced.
    public static func fileName(partition: String) -> String {
        let safe = partition.unicodeScalars.map { scalar -> String in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? String(scalar) : "_"
        }.joined()
        return "index-\(safe).sqlite"
    }

    /// Moves the index at `former` (with its WAL and shared-memory files) to `file`, unless
    /// `file` exists already or `former` does not. A process that loses the race to another
    /// finds nothing left to move; a failed move leaves the old file where it was.
    static func adopt(_ former: URL, as file: URL) {
        let manager = FileManager.default
        guard former != file, !manager.fileExists(atPath: file.path), manager.fileExists(atPath: former.path) else {
            return
        }
        for suffix in ["-wal", "-shm", ""] {
            try? manager.moveItem(atPath: former.path + suffix, toPath: file.path + suffix)
        }
    }

    /// - Parameter readOnly: the caller only reads (a search): a write-protected index still
    ///   answers. Writes to an index opened so fail.
    public init(file: URL, calendar: ArchiveCalendar = ArchiveCalendar(), readOnly: Bool = false) throws {
        self.file = file
        self.calendar = calendar
        (database, notice) = try SQLiteFile.open(file, migrations: Self.migrations, readOnly: readOnly)
        // Objects are only ever an addition: an index that cannot find them again now (or, read
        // only, cannot write them) still opens.
        try? refreshObjects()
    }

    // MARK: Writing

    /// Adds or updates entries; unchanged rows are left alone, so re-syncing a window does not
    /// churn the full-text index.
    public func store(_ entries: [APODEntry]) throws {
        guard !entries.isEmpty else { return }
        let objects = Self.objectRows(entries)
        try guarded { try database.transaction { try insert(entries, objects: objects) } }
    }

    /// A sync window as the service answered it, in one transaction: its entries, the days it
    /// has no entry for (`absent`) or could not give (`failed`), and the marks that every other
    /// day from its first through `through` is settled, so a kill leaves all or none of it.
    /// A failed day is never marked: the next sync asks for its window again. A day already
    /// known absent stays so when a later answer for it fails.
    func storeWindow(
        _ window: ClosedRange<APODDay>, entries: [APODEntry], absent: Set<APODDay> = [],
        failed: Set<APODDay> = [], through: APODDay
    ) throws {
        let objects = Self.objectRows(entries)
        let now = SQLiteValue.real(calendar.currentDate.timeIntervalSince1970)
        let present = Set(entries.map(\.date))
        let settledRuns = Self.runs(
            of: DayFetching.days(from: window.lowerBound, through: min(through, window.upperBound)).filter {
                !failed.contains($0)
            })
        try guarded {
            try database.transaction {
                try insert(entries, objects: objects)
                try database.run(
                    """
                    INSERT INTO day_states(day, absent, checked_at) VALUES (?, 1, ?)
                    ON CONFLICT(day) DO UPDATE SET absent = 1, checked_at = excluded.checked_at
                    """, each: absent.subtracting(present).map { [.integer($0.ordinal), now] })
                try database.run(
                    """
                    INSERT INTO day_states(day, absent, checked_at) VALUES (?, 0, ?)
                    ON CONFLICT(day) DO UPDATE SET checked_at = excluded.checked_at WHERE absent = 0
                    """, each: failed.subtracting(present).map { [.integer($0.ordinal), now] })
                try database.run(
                    """
                    INSERT INTO covered(first, through, synced_at) VALUES (?, ?, ?)
                    ON CONFLICT(first) DO UPDATE SET
                        through = max(through, excluded.through), synced_at = excluded.synced_at
                    """,
                    each: settledRuns.map { [.integer($0.lowerBound.ordinal), .integer($0.upperBound.ordinal), now] })
            }
        }
    }

    /// Ascending days as the stretches of consecutive days they make.
    static func runs(of days: [APODDay]) -> [ClosedRange<APODDay>] {
        var runs: [ClosedRange<APODDay>] = []
        for day in days {
            if let last = runs.last, last.upperBound.adding(days: 1) == day {
                runs[runs.count - 1] = last.lowerBound...day
            } else {
                runs.append(day...day)
            }
        }
        return runs
    }

    /// What a check of days known absent found: the entries that have appeared since (indexed,
    /// which ends their absence) and, for every day asked about, when it was checked.
    func storeRecheck(of days: [APODDay], entries: [APODEntry]) throws {
        let objects = Self.objectRows(entries)
        let now = SQLiteValue.real(calendar.currentDate.timeIntervalSince1970)
        try guarded {
            try database.transaction {
                try insert(entries, objects: objects)
                try database.run(
                    "UPDATE day_states SET checked_at = ? WHERE day = ? AND absent = 1",
                    each: days.map { [now, .integer($0.ordinal)] })
            }
        }
    }

    /// Days known absent that were last checked before `cutoff`, grouped by the sync window
    /// (of `size` days) they lie in, the window checked longest ago first, and of those checked
    /// together the newest first (recent gaps are the ones a service back-fills): each group
    /// is what one range request asks again.
    func absentDaysDue(checkedBefore cutoff: Date, windowDays size: Int) throws -> [[APODDay]] {
        let rows = try guarded {
            try database.rows(
                "SELECT day, checked_at FROM day_states WHERE absent = 1 AND checked_at < ? AND day >= ? ORDER BY day",
                [.real(cutoff.timeIntervalSince1970), .integer(ArchiveCalendar.firstDay.ordinal)])
        }
        var groups: [Int: (days: [APODDay], oldest: Double)] = [:]
        for row in rows {
            guard let ordinal = row.integer(0), let checked = row.real(1) else { continue }
            let key = (ordinal - ArchiveCalendar.firstDay.ordinal) / max(1, size)
            var group = groups[key] ?? ([], .infinity)
            group.days.append(APODDay(ordinal: ordinal))
            group.oldest = min(group.oldest, checked)
            groups[key] = group
        }
        return groups.sorted { ($0.value.oldest, -$0.key) < ($1.value.oldest, -$1.key) }.map(\.value.days)
    }

    /// After a large sync: merges the full-text index into one segment (faster searches) and
    /// rewrites the file without the free space that writing windows in any order leaves.
    /// Needs the database's size again in free disk space, so a failure is left unreported.
    public func compact() {
        try? database.execute("INSERT INTO entries_fts(entries_fts) VALUES ('optimize')")
        try? database.execute("VACUUM")
    }

    /// - Parameter objects: `objectRows(entries)`, found before the transaction so that finding
    ///   them does not hold the write lock.
    private func insert(_ entries: [APODEntry], objects: [[SQLiteValue]]) throws {
        try database.run(
            """
            INSERT INTO entries(day, date, month_day, title, explanation, copyright, media_type,
                                image_url, hd_image_url, thumbnail_url, video_url, page_url, alt_text)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(day) DO UPDATE SET
                title = excluded.title, explanation = excluded.explanation, copyright = excluded.copyright,
                media_type = excluded.media_type, image_url = excluded.image_url,
                hd_image_url = excluded.hd_image_url, thumbnail_url = excluded.thumbnail_url,
                video_url = excluded.video_url, page_url = excluded.page_url, alt_text = excluded.alt_text,
                picture_width = CASE WHEN (media_type, image_url, hd_image_url)
                    IS (excluded.media_type, excluded.image_url, excluded.hd_image_url) THEN picture_width END,
                picture_height = CASE WHEN (media_type, image_url, hd_image_url)
                    IS (excluded.media_type, excluded.image_url, excluded.hd_image_url) THEN picture_height END
            WHERE (title, explanation, copyright, media_type, image_url, hd_image_url, thumbnail_url,
                   video_url, page_url, alt_text)
                IS NOT (excluded.title, excluded.explanation, excluded.copyright, excluded.media_type,
                        excluded.image_url, excluded.hd_image_url, excluded.thumbnail_url,
                        excluded.video_url, excluded.page_url, excluded.alt_text)
            """, each: entries.map(Self.values))
        try replaceObjects(of: entries.map(\.date), with: objects)
    }

    /// The longest address kept: far beyond any real one (CDN links are ~150 characters); a
    /// longer one is left out rather than cut into a wrong address.
    static let addressLimit = 4096

    /// An entry as stored: its texts cut to what the labels show (`BoundedText`), so a hostile
    /// service cannot grow the index without bound (150 KB explanations made a 2.7 GB file).
    private static func values(_ entry: APODEntry) -> [SQLiteValue] {
        func bounded(_ text: String, _ limit: Int) -> String { BoundedText(text, limit: limit).text }
        func address(_ url: URL?) -> SQLiteValue {
            .optionalText(url.map(\.absoluteString).flatMap { $0.utf8.count <= addressLimit ? $0 : nil })
        }
        return [
            .integer(entry.date.ordinal), .text(entry.date.description),
            .integer(entry.date.month * 100 + entry.date.day),
            .text(bounded(entry.title, BoundedText.titleLimit)),
            .text(
                BoundedText(
                    entry.explanation, limit: BoundedText.explanationLimit, byteLimit: BoundedText.explanationByteLimit
                ).text),
            .optionalText(entry.copyright.map { bounded($0, BoundedText.titleLimit) }),
            .text(bounded(entry.mediaType.rawValue, 64)),
            address(entry.imageURL), address(entry.hdImageURL), address(entry.thumbnailURL), address(entry.videoURL),
            address(entry.pageURL), .optionalText(entry.altText.map { bounded($0, BoundedText.altTextLimit) }),
        ]
    }

    // MARK: Reading

    public func entry(for day: APODDay) throws -> APODEntry? {
        try guarded {
            try database.rows(
                "SELECT day, title, explanation, copyright, media_type, image_url, hd_image_url, thumbnail_url, video_url, page_url, alt_text FROM entries WHERE day = ?",
                [.integer(day.ordinal)]
            ).compactMap(Self.entry).first
        }
    }

    /// Indexed entries from `start` through `end`, ascending, inside the archive's valid range
    /// only: a hand-made index reaching year 4733 showed days in Browse that `apod show`
    /// refuses. At most one row a day of that range is read.
    public func entries(from start: APODDay, through end: APODDay) throws -> [APODEntry] {
        let valid = calendar.validRange
        let first = max(start, valid.lowerBound)
        let last = min(end, valid.upperBound)
        guard first <= last else { return [] }
        return try guarded {
            try database.rows(
                "SELECT day, title, explanation, copyright, media_type, image_url, hd_image_url, thumbnail_url, video_url, page_url, alt_text FROM entries WHERE day BETWEEN ? AND ? ORDER BY day LIMIT ?",
                [.integer(first.ordinal), .integer(last.ordinal), .integer(last.ordinal - first.ordinal + 1)]
            ).compactMap(Self.entry)
        }
    }

    /// How many entries each month holds, inside the archive's valid range, newest month first:
    /// one query over the days alone, so that a view can lay out the whole archive before it
    /// reads any entry (Browse's wall sizes its month headings from it).
    public func dayCountsByMonth() throws -> [(month: ArchiveMonth, days: Int)] {
        let valid = calendar.validRange
        return try guarded {
            try database.rows(
                "SELECT CAST(strftime('%Y', day * 86400, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', day * 86400, 'unixepoch') AS INTEGER) - 1 AS month, count(*) FROM entries WHERE day BETWEEN ? AND ? GROUP BY month ORDER BY month DESC",
                [.integer(valid.lowerBound.ordinal), .integer(valid.upperBound.ordinal)]
            ).compactMap { row in
                guard let key = row.integer(0), let days = row.integer(1) else { return nil }
                return (ArchiveMonth(key: key), days)
            }
        }
    }

    /// How many entries the index holds.
    public func count() throws -> Int {
        try guarded { try database.integer("SELECT count(*) FROM entries") }
    }

    /// Whether a sync has seen every day from `start` through `end`, so that a day missing
    /// here is a day without a picture.
    public func covers(from start: APODDay, through end: APODDay) throws -> Bool {
        try coveredSpans().contains { $0.lowerBound <= start && end <= $0.upperBound }
    }

    /// Whether the index holds the archive, so that random picks, search, ranges and days come
    /// from here with no request: every day is present or absent (the service has no entry for
    /// it), none failed, but for the last two months and this one, which a sync fills next time
    /// (a random pick does not need this week). The one test the viewer and `apod` both use.
    public func coversArchive() throws -> Bool {
        let recent = ArchiveMonth(key: ArchiveMonth(containing: calendar.today).key - 2)
        return try covers(from: ArchiveCalendar.firstDay, through: recent.firstDay.adding(days: -1))
    }

    /// Where the index stands against the whole archive, for the one summary every surface
    /// shows (`apod status`, `apod sync`, Preferences, Search, the download's toast).
    public func status() throws -> ArchiveStatus {
        let yesterday = calendar.today.adding(days: -1)
        let spans = try coveredSpans()
        let settled = spans.reduce(0) { total, span in
            let end = min(span.upperBound, yesterday)
            return total + max(0, end.ordinal - span.lowerBound.ordinal + 1)
        }
        return try guarded {
            let absent = try database.integer("SELECT count(*) FROM day_states WHERE absent = 1")
            let failed = try database.integer("SELECT count(*) FROM day_states WHERE absent = 0")
            let lastSync = try database.rows("SELECT max(synced_at) FROM covered").first?.real(0)
            let archiveDays = max(0, yesterday.ordinal - ArchiveCalendar.firstDay.ordinal + 1)
            return ArchiveStatus(
                pictures: try count(), absentDays: absent, failedDays: failed,
                unfetchedDays: max(0, archiveDays - settled - failed),
                lastSync: lastSync.map(Date.init(timeIntervalSince1970:)), isComplete: try coversArchive())
        }
    }

    /// The days a sync has answered, as disjoint stretches in ascending order: the done-marks
    /// of windows that meet or overlap are joined.
    func coveredSpans() throws -> [ClosedRange<APODDay>] {
        try guarded {
            var spans: [ClosedRange<Int>] = []
            for row in try database.rows("SELECT first, through FROM covered WHERE through >= first ORDER BY first") {
                guard let first = row.integer(0), let through = row.integer(1) else { continue }
                if let last = spans.last, first <= last.upperBound + 1 {
                    spans[spans.count - 1] = last.lowerBound...max(last.upperBound, through)
                } else {
                    spans.append(first...through)
                }
            }
            return spans.map { APODDay(ordinal: $0.lowerBound)...APODDay(ordinal: $0.upperBound) }
        }
    }

    /// `count` distinct entries picked at random.
    public func random(count: Int) throws -> [APODEntry] {
        try guarded {
            try database.rows(
                "SELECT day, title, explanation, copyright, media_type, image_url, hd_image_url, thumbnail_url, video_url, page_url, alt_text FROM entries WHERE day BETWEEN ? AND ? ORDER BY random() LIMIT ?",
                [
                    .integer(calendar.validRange.lowerBound.ordinal), .integer(calendar.validRange.upperBound.ordinal),
                    .integer(max(0, count)),
                ]
            ).compactMap(Self.entry)
        }
    }

    /// Above this many matches, bm25 over all of them costs tens of milliseconds and says
    /// little (the words are in a third of the archive): such searches list title matches
    /// first, then the newest.
    static let rankedMatchLimit = 2000

    /// The best matches for what the user typed, title matches first. Text with nothing
    /// searchable in it answers nothing, without a query.
    /// A sky object's name or designation ("M31", "Messier 31", "andromeda galaxy") finds the
    /// entries that name it by any of them.
    /// Chinese text searches the translations' bigrams (`searchChinese`), a Chinese object name
    /// as its object (仙女座星系 as M31).
    public func search(_ text: String, limit: Int) throws -> [APODEntry] {
        if let object = SkyCatalogue.shared.object(named: text) { return try search(object, limit: limit) }
        if CJKText.containsHan(text) { return try searchChinese(text, limit: limit) }
        return try search(SearchQuery(text), limit: limit)
    }

    func search(_ query: SearchQuery, limit: Int) throws -> [APODEntry] {
        guard !query.isEmpty, limit > 0 else { return [] }
        return try guarded {
            let match = query.matchExpression
            if try database.integer("SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?", [.text(match)])
                <= Self.rankedMatchLimit
            {
                return try ranked(match, limit: limit)
            }
            let inTitles = try ranked(query.titleMatchExpression, limit: limit)
            let shown = Set(inTitles.map(\.date))
            let newest = try database.rows(
                """
                SELECT e.day, e.title, e.explanation, e.copyright, e.media_type, e.image_url, e.hd_image_url,
                       e.thumbnail_url, e.video_url, e.page_url, e.alt_text
                FROM (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rowid DESC LIMIT ?) AS recent
                JOIN entries e ON e.day = recent.rowid ORDER BY e.day DESC
                """, [.text(match), .integer(limit + inTitles.count)]
            ).compactMap(Self.entry)
            return Array((inTitles + newest.filter { !shown.contains($0.date) }).prefix(limit))
        }
    }

    /// bm25 with title words weighing ten times explanation words; only the winners' rows are read.
    func ranked(_ match: String, limit: Int) throws -> [APODEntry] {
        try database.rows(
            """
            SELECT e.day, e.title, e.explanation, e.copyright, e.media_type, e.image_url, e.hd_image_url,
                   e.thumbnail_url, e.video_url, e.page_url, e.alt_text
            FROM (SELECT rowid, bm25(entries_fts, 10.0, 1.0, 2.0) AS score FROM entries_fts
                  WHERE entries_fts MATCH ? ORDER BY score, rowid DESC LIMIT ?) AS best
            JOIN entries e ON e.day = best.rowid ORDER BY best.score, e.day DESC
            """, [.text(match), .integer(limit)]
        ).compactMap(Self.entry)
    }

    /// How many entries match what the user typed (for "23 pictures match 'eclipse'").
    public func matchCount(_ text: String) throws -> Int {
        if let object = SkyCatalogue.shared.object(named: text) { return try matchCount(object) }
        if CJKText.containsHan(text) { return try chineseMatchCount(text) }
        let query = SearchQuery(text)
        guard !query.isEmpty else { return 0 }
        return try guarded {
            try database.integer(
                "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?", [.text(query.matchExpression)])
        }
    }

    /// The entries of that month and day in every year of the archive's valid range, oldest
    /// first: at most one a year (a hand-made index of 2,700 years took 11.8 s and 1.2 GB).
    public func onThisDay(month: Int, day: Int) throws -> [APODEntry] {
        let valid = calendar.validRange
        return try guarded {
            try database.rows(
                "SELECT day, title, explanation, copyright, media_type, image_url, hd_image_url, thumbnail_url, video_url, page_url, alt_text FROM entries WHERE month_day = ? AND day BETWEEN ? AND ? ORDER BY day LIMIT ?",
                [
                    .integer(month * 100 + day), .integer(valid.lowerBound.ordinal), .integer(valid.upperBound.ordinal),
                    .integer(valid.upperBound.year - valid.lowerBound.year + 1),
                ]
            ).compactMap(Self.entry)
        }
    }

    /// The days of one month that have an indexed entry, for the calendar's marks.
    public func indexedDays(in month: ArchiveMonth) throws -> Set<APODDay> {
        try guarded {
            Set(
                try database.rows(
                    "SELECT day FROM entries WHERE day BETWEEN ? AND ?",
                    [.integer(month.firstDay.ordinal), .integer(month.lastDay.ordinal)]
                )
                .compactMap { $0.integer(0).map(APODDay.init(ordinal:)) })
        }
    }

    static func entry(_ row: SQLiteRow) -> APODEntry? {
        guard let ordinal = row.integer(0), let title = row.text(1) else { return nil }
        func url(_ column: Int) -> URL? { row.text(column).flatMap(URL.init(string:)) }
        return APODEntry(
            date: APODDay(ordinal: ordinal), title: title, explanation: row.text(2) ?? "",
            copyright: row.text(3), mediaType: MediaType(rawValue: row.text(4) ?? "image"),
            imageURL: url(5), hdImageURL: url(6), thumbnailURL: url(7), videoURL: url(8),
            pageURL: url(9), altText: row.text(10))
    }

    @discardableResult
    func guarded<T>(_ body: () throws -> T) throws -> T {
        try SQLiteFile.guarded(path: file.path, body)
    }
}
