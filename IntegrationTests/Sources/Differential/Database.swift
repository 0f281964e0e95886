// Database: what the differential run needs from a database — make the table, insert the rows, and
// answer the ids of the rows a WHERE condition keeps, with its parameters bound.

import PredicateLang

/// A database the suite runs translated predicates in.
public protocol TestDatabase {
    var dialect: SQLDialect { get }
    /// Drops and creates the test table, then inserts `rows`.
    func load(_ rows: [TestRow]) throws(DatabaseError)
    /// The ids of the rows `condition` keeps, ascending.
    func ids(where condition: String, parameters: [Value]) throws(DatabaseError) -> [Int64]
}

/// A failure reported by a database, with the statement.
public struct DatabaseError: Error, CustomStringConvertible {
    public var message: String
    public var statement: String

    public init(_ message: String, statement: String) {
        self.message = message
        self.statement = statement
    }

    public var description: String { "\(message)\n  in: \(statement)" }
}

extension TestDatabase {
    /// `SELECT id FROM t WHERE …` for `condition`.
    func selectStatement(_ condition: String) -> String {
        "SELECT \(TestTable.quote("id")) FROM \(TestTable.quote(TestTable.name)) WHERE \(condition) ORDER BY 1"
    }

    /// The INSERT statement with one placeholder per column.
    func insertStatement() -> String {
        let columns = TestTable.row.fields.map { TestTable.quote(TestTable.column($0.name)) }
        let placeholders = (1...columns.count).map { dialect == .sqlite ? "?\($0)" : "$\($0)" }
        return "INSERT INTO \(TestTable.quote(TestTable.name)) (\(columns.joined(separator: ", "))) VALUES ("
            + placeholders.joined(separator: ", ") + ")"
    }
}
