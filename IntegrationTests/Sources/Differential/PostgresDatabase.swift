// PostgresDatabase: a PostgreSQL database through libpq, reached the way scripts/with-postgres.sh sets
// up (PGHOST is the socket folder of a throwaway server; no host name, no TCP). Every value travels as a
// text parameter; the translated SQL casts each placeholder to its type.

import CLibPQ
import Foundation
import PredicateLang

/// A connection to the PostgreSQL server the environment names.
public final class PostgresDatabase: TestDatabase {
    public let dialect = SQLDialect.postgres
    private let connection: OpaquePointer?

    /// Connects with libpq's environment (PGHOST, PGPORT, PGUSER, PGDATABASE); nil when PGHOST is unset.
    public init?() throws(DatabaseError) {
        guard let host = ProcessInfo.processInfo.environment["PGHOST"], host.hasPrefix("/") else { return nil }
        connection = PQconnectdb("")
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw DatabaseError("cannot connect: \(message)", statement: "")
        }
        try execute("SET client_min_messages = warning", [])
    }

    deinit { PQfinish(connection) }

    /// The server's version (`15.18`).
    public var version: String {
        (try? firstColumn("SHOW server_version", []).first ?? "") ?? ""
    }

    public func load(_ rows: [TestRow]) throws(DatabaseError) {
        // A temporary table belongs to this connection alone: tests that run at once, each with its
        // own connection, each fill their own "t" (a shared table was dropped under another's query).
        try execute("DROP TABLE IF EXISTS pg_temp.\(TestTable.quote(TestTable.name))", [])
        let create = TestTable.createStatement(.postgres)
        try execute("CREATE TEMPORARY TABLE" + create.dropFirst("CREATE TABLE".count), [])
        try execute("BEGIN", [])
        let insert = insertStatement()
        for row in rows {
            try execute(insert, RowEncoding.cells(row, .postgres).map(Self.text))
        }
        try execute("COMMIT", [])
    }

    public func ids(where condition: String, parameters: [Value]) throws(DatabaseError) -> [Int64] {
        try firstColumn(selectStatement(condition), parameters.map { Self.text(RowEncoding.cell($0, .postgres)) })
            .map { Int64($0) ?? -1 }
    }

    /// A value as PostgreSQL's text input for its type; nil is SQL NULL.
    static func text(_ cell: SQLCell) -> String? {
        switch cell {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .boolean(let flag): return flag ? "t" : "f"
        case .text(let text): return text
        case .real(let double):
            if double.isNaN { return "NaN" }
            if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
            return double.description
        }
    }

    private func execute(_ sql: String, _ parameters: [String?]) throws(DatabaseError) {
        PQclear(try run(sql, parameters))
    }

    private func firstColumn(_ sql: String, _ parameters: [String?]) throws(DatabaseError) -> [String] {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return (0..<PQntuples(result)).map { String(cString: PQgetvalue(result, $0, 0)) }
    }

    /// Runs `sql` with text parameters; the caller clears the result.
    private func run(_ sql: String, _ parameters: [String?]) throws(DatabaseError) -> OpaquePointer? {
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { parameter in parameter.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let result = pointers.withUnsafeBufferPointer { values in
            PQexecParams(connection, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
        }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = String(cString: PQresultErrorMessage(result))
            PQclear(result)
            throw DatabaseError(message.trimmingCharacters(in: .whitespacesAndNewlines), statement: sql)
        }
        return result
    }
}
