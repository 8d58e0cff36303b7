import CSQLite
import Foundation

/// One SQLite connection with the few operations the index and the library need: fixed SQL
/// run as is, and prepared statements whose values are always bound, never spliced into text.
///
/// A connection is used by one caller at a time; the lock makes that hold when an
/// `ArchiveIndex` is shared between tasks. Failures are `SQLiteFailure`s, which the owners
/// turn into `APODError`s naming their file.
///
/// Unchecked Sendable, with a recursive `NSRecursiveLock` rather than a `Mutex`: a
/// transaction's body runs the same connection's statements while the transaction holds the
/// lock, and `Mutex` is not reentrant. The handle itself is opened `SQLITE_OPEN_FULLMUTEX`.
final class SQLiteDatabase: @unchecked Sendable {
    let path: String
    private let handle: OpaquePointer
    private let lock = NSRecursiveLock()

    /// How a file is opened.
    enum Access: Sendable {
        /// Read and write, creating the file if needed.
        case readWrite
        /// Read only: other processes may still write it.
        case readOnly
        /// Read only from a folder where SQLite cannot even keep its shared-memory file (a
        /// read-only folder or medium): no locks, no change detection.
        case immutable
    }

    /// Opens the file at `path`.
    /// - Parameter busyTimeout: how long to wait for another process's write lock, in ms.
    init(path: String, access: Access = .readWrite, busyTimeout: Int32 = 5000) throws(SQLiteFailure) {
        self.path = path
        var opened: OpaquePointer?
        let code: Int32
        switch access {
        case .readWrite:
            code = sqlite3_open_v2(
                path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        case .readOnly, .immutable:
            let uri = "file:" + Self.uriPath(path) + (access == .immutable ? "?mode=ro&immutable=1" : "?mode=ro")
            code = sqlite3_open_v2(uri, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX, nil)
        }
        guard code == SQLITE_OK, let opened else {
            let failure = SQLiteFailure(
                code: code, message: opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
            sqlite3_close_v2(opened)
            throw failure
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// `path` for a `file:` URI: everything but unreserved characters and `/` percent-encoded,
    /// so `?`, `#` and `%` in a folder name stay part of the path.
    private static func uriPath(_ path: String) -> String {
        path.utf8.map { byte -> String in
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, CharacterSet.alphanumerics.contains(scalar) || "/-._~".unicodeScalars.contains(scalar) {
                return String(scalar)
            }
            return String(format: "%%%02X", byte)
        }.joined()
    }

    /// Runs fixed SQL (schema, pragmas); never pass text that came from a user or a service.
    func execute(_ sql: StaticString) throws(SQLiteFailure) {
        try withLock { () throws(SQLiteFailure) in
            var error: UnsafeMutablePointer<CChar>?
            let code = sql.withUTF8Buffer { buffer in
                String(decoding: buffer, as: UTF8.self).withCString { sqlite3_exec(handle, $0, nil, nil, &error) }
            }
            if code != SQLITE_OK {
                let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
                sqlite3_free(error)
                throw SQLiteFailure(code: code, message: message)
            }
        }
    }

    /// `PRAGMA user_version = N`; pragmas take no bound parameters, and an integer is not text.
    func setUserVersion(_ version: Int) throws(SQLiteFailure) {
        try setPragma("user_version", version)
    }

    /// `PRAGMA max_page_count = N`: writes past N pages fail as on a full disk (tests use it).
    func setMaxPageCount(_ pages: Int) throws(SQLiteFailure) {
        try setPragma("max_page_count", pages)
    }

    private func setPragma(_ name: StaticString, _ value: Int) throws(SQLiteFailure) {
        try withLock { () throws(SQLiteFailure) in
            let code = sqlite3_exec(handle, "PRAGMA \(name) = \(value)", nil, nil, nil)
            guard code == SQLITE_OK else { throw failure(code) }
        }
    }

    /// Runs `sql` once with `values` bound to its `?` parameters and returns every row.
    @discardableResult
    func rows(_ sql: StaticString, _ values: [SQLiteValue] = []) throws(SQLiteFailure) -> [SQLiteRow] {
        try withLock { () throws(SQLiteFailure) in
            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }
            try bind(values, to: statement)
            var result: [SQLiteRow] = []
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw failure(code) }
                result.append(SQLiteRow(statement: statement))
            }
            return result
        }
    }

    /// Runs a statement once per set of values, reusing one prepared statement.
    func run(_ sql: StaticString, each valueSets: [[SQLiteValue]]) throws(SQLiteFailure) {
        try withLock { () throws(SQLiteFailure) in
            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }
            for values in valueSets {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
                try bind(values, to: statement)
                let code = sqlite3_step(statement)
                guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
            }
        }
    }

    /// The single integer a query such as `PRAGMA user_version` answers.
    func integer(_ sql: StaticString, _ values: [SQLiteValue] = []) throws(SQLiteFailure) -> Int {
        try rows(sql, values).first?.integer(0) ?? 0
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: all of it is written, or none.
    /// Immediate, so two writers queue on the busy time-out instead of failing mid-way.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func withLock<T>(_ body: () throws(SQLiteFailure) -> T) throws(SQLiteFailure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func prepare(_ sql: StaticString) throws(SQLiteFailure) -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_prepare_v2(handle, chars.baseAddress, Int32(chars.count), &statement, nil)
            }
        }
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return statement
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer) throws(SQLiteFailure) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, index, Int64(number))
            case .real(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, apod_sqlite_transient())
            case .null: code = sqlite3_bind_null(statement, index)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A value bound to a `?` parameter.
enum SQLiteValue: Sendable {
    case integer(Int)
    case real(Double)
    case text(String)
    case null

    static func optionalText(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
}

/// One result row, copied out of the statement.
struct SQLiteRow: Sendable {
    private let values: [SQLiteValue]

    fileprivate init(statement: OpaquePointer) {
        values = (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
            case SQLITE_NULL: return .null
            default: return sqlite3_column_text(statement, column).map { .text(String(cString: $0)) } ?? .null
            }
        }
    }

    func integer(_ column: Int) -> Int? {
        guard column < values.count else { return nil }
        switch values[column] {
        case .integer(let number): return number
        case .real(let number): return Int(number)
        default: return nil
        }
    }

    func real(_ column: Int) -> Double? {
        guard column < values.count else { return nil }
        switch values[column] {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        default: return nil
        }
    }

    func text(_ column: Int) -> String? {
        guard column < values.count, case .text(let text) = values[column] else { return nil }
        return text
    }
}

/// What SQLite said went wrong: its (extended) result code and message.
struct SQLiteFailure: Error, Sendable {
    let code: Int32
    let message: String

    private var primary: Int32 { code & 0xFF }

    /// The disk (or the database's page limit) is full.
    var isFull: Bool { primary == SQLITE_FULL }
    /// The file is not a database, or its pages do not hold together.
    var isDamaged: Bool { primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB }
    /// The file, its folder or its companions cannot be written.
    var isReadOnly: Bool { primary == SQLITE_READONLY }
    /// SQL that does not fit the schema (a migration meeting tables it did not expect).
    var isSchemaMismatch: Bool { primary == SQLITE_ERROR }
    /// Another connection held the lock past the busy time-out.
    var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }
}
