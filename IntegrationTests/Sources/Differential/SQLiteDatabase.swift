// SQLiteDatabase: an in-memory SQLite database through the C API. Text is bound with its byte count, so a
// NUL inside a string travels as part of it; the transient destructor makes SQLite copy each value.

import CSQLite
import PredicateLang

/// An in-memory SQLite database holding the test table.
public final class SQLiteDatabase: TestDatabase {
    public let dialect = SQLDialect.sqlite
    private var handle: OpaquePointer?

    public init() throws(DatabaseError) {
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK else {
            throw DatabaseError("cannot open an in-memory database", statement: "")
        }
    }

    deinit { sqlite3_close(handle) }

    /// The library's version (`3.40.1`).
    public var version: String { String(cString: sqlite3_libversion()) }

    public func load(_ rows: [TestRow]) throws(DatabaseError) {
        try execute("DROP TABLE IF EXISTS \(TestTable.quote(TestTable.name))")
        try execute(TestTable.createStatement(.sqlite))
        try execute("BEGIN")
        let insert = insertStatement()
        for row in rows {
            let statement = try prepare(insert)
            defer { sqlite3_finalize(statement) }
            for (index, cell) in RowEncoding.cells(row, .sqlite).enumerated() {
                bind(cell, at: Int32(index + 1), in: statement)
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw failure(insert) }
        }
        try execute("COMMIT")
    }

    public func ids(where condition: String, parameters: [Value]) throws(DatabaseError) -> [Int64] {
        let query = selectStatement(condition)
        let statement = try prepare(query)
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            let cell: SQLCell =
                switch parameter {
                case .int(let integer): .integer(integer)
                case .double(let double): .real(double)
                case .string(let string): .text(string)
                case .bool(let flag): .boolean(flag)
                default: .null
                }
            bind(cell, at: Int32(index + 1), in: statement)
        }
        var ids: [Int64] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: ids.append(sqlite3_column_int64(statement, 0))
            case SQLITE_DONE: return ids
            default: throw failure(query)
            }
        }
    }

    private func execute(_ sql: String) throws(DatabaseError) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    private func prepare(_ sql: String) throws(DatabaseError) -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(sql) }
        return statement
    }

    private func bind(_ cell: SQLCell, at index: Int32, in statement: OpaquePointer?) {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch cell {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let integer): sqlite3_bind_int64(statement, index, integer)
        case .real(let double): sqlite3_bind_double(statement, index, double)
        case .boolean(let flag): sqlite3_bind_int64(statement, index, flag ? 1 : 0)
        case .text(let text):
            // withCString's buffer holds every byte (embedded NULs too) and is never null, even for "".
            text.withCString { pointer in
                _ = sqlite3_bind_text(statement, index, pointer, Int32(text.utf8.count), transient)
            }
        }
    }

    private func failure(_ sql: String) -> DatabaseError {
        DatabaseError(String(cString: sqlite3_errmsg(handle)), statement: sql)
    }
}
