import Foundation

/// Opens one of the app's own databases the careful way: WAL and a busy time-out so several
/// processes can share it, a schema brought up to date by numbered migrations, a file from a
/// newer version refused untouched, a damaged file moved aside and started afresh, and a file
/// that cannot be written opened for reading.
///
/// Opening costs no more for a large file than for a small one: the header is checked against
/// the file's size (garbage, a file cut short), not every page; a page found damaged while the
/// file is used leaves a mark, and the next opening sets the file aside. (A full check on every
/// open made a cold `apod show` take 29 s on a 2.7 GB index.)
enum SQLiteFile {
    /// - Parameters:
    ///   - migrations: migration `n` takes the schema from version `n` to `n + 1`
    ///     (`PRAGMA user_version`); each runs in its own transaction.
    ///   - readOnly: the caller only reads: an up-to-date file is opened read-only (it may be
    ///     write-protected); one that needs a migration is opened as usual.
    /// - Returns: the connection, and `APODError.indexDamaged` naming where the old file went
    ///   when it had to be set aside.
    static func open(_ url: URL, migrations: [StaticString], readOnly: Bool = false) throws -> (
        SQLiteDatabase, notice: APODError?
    ) {
        // SQLite would open a FIFO and block on it for ever (`apod favorites` did).
        try RegularFile.requireRegularOrAbsent(url)
        if readOnly, let database = try openedForReading(url, migrations: migrations) { return (database, nil) }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw APODError.cannotWriteFile(path: url.deletingLastPathComponent().path)
        }
        do {
            return (try prepared(url, migrations: migrations), nil)
        } catch let failure as SQLiteFailure where failure.isDamaged {
            guard let aside = try? setAside(url) else { throw APODError.indexDamaged(path: url.path, setAsideAs: nil) }
            do {
                return (
                    try prepared(url, migrations: migrations),
                    APODError.indexDamaged(path: url.path, setAsideAs: aside.path)
                )
            } catch let failure as SQLiteFailure {
                throw error(failure, path: url.path)
            }
        } catch let failure as SQLiteFailure where failure.isReadOnly {
            // A write-protected file or folder: what it holds can still be read.
            if let database = try openedForReading(url, migrations: migrations) { return (database, nil) }
            throw error(failure, path: url.path)
        } catch let failure as SQLiteFailure {
            throw error(failure, path: url.path)
        }
    }

    /// The `APODError` for a failure on the database at `path`.
    static func error(_ failure: SQLiteFailure, path: String) -> APODError {
        if failure.isFull { return .diskFull(path: path) }
        if failure.isDamaged { return .indexDamaged(path: path, setAsideAs: nil) }
        return .indexUnavailable(path: path, reason: failure.message)
    }

    /// Runs an operation on the open database at `path`, turning SQLite's failures into the
    /// app's messages (`error(_:path:)`). Damage found on the way is marked, so the next
    /// opening sets the file aside.
    @discardableResult
    static func guarded<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as SQLiteFailure {
            if failure.isDamaged { _ = FileManager.default.createFile(atPath: damageMark(path), contents: nil) }
            throw error(failure, path: path)
        }
    }

    /// The file whose presence says the database at `path` was found damaged in use.
    static func damageMark(_ path: String) -> String {
        path + ".damage-found"
    }

    private static func prepared(_ url: URL, migrations: [StaticString]) throws -> SQLiteDatabase {
        if FileManager.default.fileExists(atPath: damageMark(url.path)) {
            throw SQLiteFailure(code: 11, message: "damage was found while it was used")
        }
        try checkHeader(url)
        let database = try SQLiteDatabase(path: url.path)
        let version = try checkedVersion(of: database, migrations: migrations, path: url.path)
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = NORMAL")
        for step in version..<migrations.count {
            do {
                try database.transaction {
                    // Another process may have migrated meanwhile: the version is read again inside.
                    guard try database.integer("PRAGMA user_version") == step else { return }
                    try database.execute(migrations[step])
                    try database.setUserVersion(step + 1)
                }
            } catch let failure as SQLiteFailure where failure.isSchemaMismatch {
                // The schema is not the one its version names (version 1 on a version-2 file).
                throw SQLiteFailure(
                    code: 11, message: "migration \(step + 1) does not fit the file: \(failure.message)")
            }
        }
        return database
    }

    /// The file's schema version, when it is one this app can use: a negative one, or 0 on a
    /// file that has tables, is damage; a higher one than ours is a newer app's file.
    private static func checkedVersion(of database: SQLiteDatabase, migrations: [StaticString], path: String) throws
        -> Int
    {
        let version = try database.integer("PRAGMA user_version")
        guard version >= 0 else { throw SQLiteFailure(code: 11, message: "schema version \(version)") }
        guard version <= migrations.count else { throw APODError.indexTooNew(path: path) }
        if version == 0, try database.integer("SELECT count(*) FROM sqlite_master") > 0 {
            throw SQLiteFailure(code: 11, message: "tables without a schema version")
        }
        return version
    }

    /// An existing, up-to-date file opened read-only; nil when there is none yet, it needs a
    /// migration or it is damaged (the usual opening deals with those). In a folder SQLite
    /// cannot write, the file is read as it stands.
    private static func openedForReading(_ url: URL, migrations: [StaticString]) throws -> SQLiteDatabase? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            try checkHeader(url)
            for access in [SQLiteDatabase.Access.readOnly, .immutable] {
                let database = try SQLiteDatabase(path: url.path, access: access)
                let version: Int
                do {
                    version = try checkedVersion(of: database, migrations: migrations, path: url.path)
                } catch let failure as SQLiteFailure where failure.isReadOnly && access == .readOnly {
                    continue
                }
                return version == migrations.count ? database : nil
            }
            return nil
        } catch let failure as SQLiteFailure where failure.isDamaged {
            return nil
        } catch let failure as SQLiteFailure {
            throw error(failure, path: url.path)
        }
    }

    /// The 100-byte header of a database file against the file's size: garbage fails the
    /// magic string, a file cut short the page count. An empty file is a new database.
    private static func checkHeader(_ url: URL) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        guard size > 0 else { return }
        try? handle.seek(toOffset: 0)
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        func number(at offset: Int, bytes: Int) -> Int {
            header[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
        }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw SQLiteFailure(code: 26, message: "not a database")
        }
        let pageSize = number(at: 16, bytes: 2) == 1 ? 65_536 : number(at: 16, bytes: 2)
        let pages = number(at: 28, bytes: 4)
        // The page count is only kept up to date by versions that also write bytes 92–95. While
        // a WAL holds pages, another process's checkpoint may be writing the header before the
        // pages that grow the file: the count is only compared when the file stands alone.
        let counted = pages > 0 && number(at: 92, bytes: 4) == number(at: 24, bytes: 4)
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? 0
        if counted, walBytes == 0, pageSize * pages > size {
            throw SQLiteFailure(code: 11, message: "cut short: \(size) bytes of \(pageSize * pages)")
        }
    }

    /// Moves the file (and its WAL and shared-memory companions) to `NAME.damaged-TIMESTAMP`
    /// (`-2`, `-3`… after it when one was set aside in the same second).
    private static func setAside(_ url: URL) throws -> URL {
        let stamp = Int(Date().timeIntervalSince1970)
        var aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).damaged-\(stamp)")
        var suffix = 1
        while FileManager.default.fileExists(atPath: aside.path) {
            suffix += 1
            aside = url.deletingLastPathComponent().appendingPathComponent(
                "\(url.lastPathComponent).damaged-\(stamp)-\(suffix)")
        }
        do {
            try FileManager.default.moveItem(at: url, to: aside)
            for companion in ["-wal", "-shm", ".damage-found"].map({ url.path + $0 })
            where FileManager.default.fileExists(atPath: companion) {
                try FileManager.default.removeItem(atPath: companion)
            }
        } catch {
            throw APODError.cannotWriteFile(path: url.path)
        }
        return aside
    }
}
