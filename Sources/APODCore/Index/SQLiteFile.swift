import Foundation

/// Opens one of the app's own databases the careful way: WAL and a busy time-out so several
/// processes can share it, a schema brought up to date by numbered migrations, a file from a
/// newer version refused untouched, and a damaged file moved aside and started afresh.
enum SQLiteFile {
    /// - Parameters:
    ///   - migrations: migration `n` takes the schema from version `n` to `n + 1`
    ///     (`PRAGMA user_version`); each runs in its own transaction.
    /// - Returns: the connection, and `APODError.indexDamaged` naming where the old file went
    ///   when it had to be set aside.
    static func open(_ url: URL, migrations: [StaticString]) throws -> (SQLiteDatabase, notice: APODError?) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw APODError.cannotWriteFile(path: url.deletingLastPathComponent().path)
        }
        do {
            return (try prepared(url, migrations: migrations), nil)
        } catch let failure as SQLiteFailure where failure.isDamaged {
            let aside = try setAside(url)
            do {
                return (try prepared(url, migrations: migrations), APODError.indexDamaged(path: url.path, setAsideAs: aside.path))
            } catch let failure as SQLiteFailure {
                throw error(failure, path: url.path)
            }
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
    /// app's messages (`error(_:path:)`).
    @discardableResult
    static func guarded<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as SQLiteFailure {
            throw error(failure, path: path)
        }
    }

    private static func prepared(_ url: URL, migrations: [StaticString]) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: url.path)
        // Reading the header and every page's structure: garbage fails with NOTADB, a file cut
        // short with CORRUPT or a non-"ok" report.
        let check = try database.rows("PRAGMA quick_check")
        guard check.count == 1, check[0].text(0) == "ok" else {
            throw SQLiteFailure(code: 11, message: check.compactMap { $0.text(0) }.joined(separator: "; "))
        }
        let version = try database.integer("PRAGMA user_version")
        guard version <= migrations.count else { throw APODError.indexTooNew(path: url.path) }
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = NORMAL")
        for step in version..<migrations.count {
            try database.transaction {
                // Another process may have migrated meanwhile: the version is read again inside.
                guard try database.integer("PRAGMA user_version") == step else { return }
                try database.execute(migrations[step])
                try database.setUserVersion(step + 1)
            }
        }
        return database
    }

    /// Moves the file (and its WAL and shared-memory companions) to `NAME.damaged-TIMESTAMP`.
    private static func setAside(_ url: URL) throws -> URL {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).damaged-\(stamp)")
        do {
            try FileManager.default.moveItem(at: url, to: aside)
            for suffix in ["-wal", "-shm"] {
                let companion = URL(fileURLWithPath: url.path + suffix)
                if FileManager.default.fileExists(atPath: companion.path) { try FileManager.default.removeItem(at: companion) }
            }
        } catch {
            throw APODError.cannotWriteFile(path: url.path)
        }
        return aside
    }
}
