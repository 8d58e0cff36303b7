import Foundation

/// What the user made, kept apart from the archive index so that re-syncs, switching sources,
/// Clear Cache and a damaged index never touch it: favourite days and recently viewed days.
///
/// Each row keeps a copy of the entry as it was shown, so the lists need neither the network
/// nor the index.
public final class UserLibrary: Sendable {
    public static let fileName = "library.sqlite"
    /// Recently viewed days kept; older ones are dropped.
    public static let historyLimit = 500

    public let file: URL
    /// Set when the file was damaged and had to be set aside on opening: show it once.
    public let notice: APODError?
    let database: SQLiteDatabase

    static let migrations: [StaticString] = [
        """
        CREATE TABLE favourites (
            day INTEGER PRIMARY KEY,          -- APODDay.ordinal
            entry TEXT NOT NULL,              -- EntryJSON
            added_at REAL NOT NULL
        );
        CREATE TABLE history (
            day INTEGER PRIMARY KEY,
            entry TEXT NOT NULL,
            viewed_at REAL NOT NULL
        );
        CREATE INDEX history_viewed_at ON history(viewed_at);
        """
    ]

    public static func open(in directory: URL) throws -> UserLibrary {
        try UserLibrary(file: directory.appendingPathComponent(fileName))
    }

    public init(file: URL) throws {
        self.file = file
        (database, notice) = try SQLiteFile.open(file, migrations: Self.migrations)
    }

    /// Favourites, oldest day first.
    public func favourites() throws -> [APODEntry] {
        try guarded { try database.rows("SELECT entry FROM favourites ORDER BY day").compactMap(Self.entry) }
    }

    public func isFavourite(_ day: APODDay) throws -> Bool {
        try guarded {
            try database.integer("SELECT count(*) FROM favourites WHERE day = ?", [.integer(day.ordinal)]) > 0
        }
    }

    /// Adds the entry to the favourites (again: its copy is refreshed).
    public func addFavourite(_ entry: APODEntry) throws {
        try guarded {
            try database.rows(
                "INSERT OR REPLACE INTO favourites(day, entry, added_at) VALUES (?, ?, ?)",
                [.integer(entry.date.ordinal), .text(try Self.json(entry)), .real(Date().timeIntervalSince1970)])
        }
    }

    /// - Returns: whether the day was a favourite.
    @discardableResult
    public func removeFavourite(_ day: APODDay) throws -> Bool {
        try guarded {
            let was = try isFavourite(day)
            try database.rows("DELETE FROM favourites WHERE day = ?", [.integer(day.ordinal)])
            return was
        }
    }

    /// The favourite days of one month, for the calendar's marks.
    public func favouriteDays(in month: ArchiveMonth) throws -> Set<APODDay> {
        try guarded {
            Set(
                try database.rows(
                    "SELECT day FROM favourites WHERE day BETWEEN ? AND ?",
                    [.integer(month.firstDay.ordinal), .integer(month.lastDay.ordinal)]
                )
                .compactMap { $0.integer(0).map(APODDay.init(ordinal:)) })
        }
    }

    /// Remembers that the entry was shown now, keeping the newest `historyLimit` days.
    public func recordView(_ entry: APODEntry) throws {
        try guarded {
            try database.transaction {
                try database.rows(
                    "INSERT OR REPLACE INTO history(day, entry, viewed_at) VALUES (?, ?, ?)",
                    [.integer(entry.date.ordinal), .text(try Self.json(entry)), .real(Date().timeIntervalSince1970)])
                try database.rows(
                    """
                    DELETE FROM history WHERE day NOT IN (SELECT day FROM history ORDER BY viewed_at DESC LIMIT ?)
                    """, [.integer(Self.historyLimit)])
            }
        }
    }

    /// Recently viewed entries, most recent first.
    public func history(limit: Int = historyLimit) throws -> [APODEntry] {
        try guarded {
            try database.rows("SELECT entry FROM history ORDER BY viewed_at DESC, day DESC LIMIT ?", [.integer(limit)])
                .compactMap(Self.entry)
        }
    }

    private static func json(_ entry: APODEntry) throws -> String {
        String(decoding: try JSONEncoder().encode(EntryJSON(entry)), as: UTF8.self)
    }

    private static func entry(_ row: SQLiteRow) -> APODEntry? {
        row.text(0).flatMap { try? JSONDecoder().decode(EntryJSON.self, from: Data($0.utf8)) }?.entry
    }

    @discardableResult
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        try SQLiteFile.guarded(path: file.path, body)
    }
}
