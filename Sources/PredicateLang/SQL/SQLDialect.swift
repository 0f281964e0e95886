// SQLDialect: the databases a predicate translates to, and the spellings that differ between them
// (parameters, booleans, JSON access, string functions). Everything else in SQL/ is written once and
// asks the dialect for these pieces.

/// The SQL dialect a predicate is translated to.
///
/// ```swift
/// let translation = SQLTranslation.translate("age >= 18", schema: schema, dialect: .postgres)
/// translation.sql         // "(\"age\" IS NOT NULL AND \"age\" >= $1::bigint)"
/// ```
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    /// SQLite 3.38 or later, with its built-in JSON functions; the table is `STRICT`.
    case sqlite
    /// PostgreSQL 12 or later.
    case postgres

    /// The dialect's name as people write it (`SQLite`, `PostgreSQL`).
    public var displayName: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }
}

/// The SQL types a bound parameter is cast to in PostgreSQL (SQLite binds without a cast).
enum SQLParameterType: String {
    case bigint, float8, text, boolean, timestamptz
}

extension SQLDialect {
    /// The placeholder of parameter `number` (1-based), cast to `type` where the dialect needs it.
    func placeholder(_ number: Int, _ type: SQLParameterType) -> String {
        switch self {
        case .sqlite: "?\(number)"
        case .postgres: "$\(number)::\(type.rawValue)"
        }
    }

    /// A boolean literal.
    func literal(_ value: Bool) -> String {
        value ? "TRUE" : "FALSE"
    }

    /// `"name"`, with `"` doubled.
    static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    /// A string literal for a fixed piece of the query (a JSON key, never a constant of the predicate):
    /// `'…'` with `'` doubled; in PostgreSQL a text with a backslash is written `E'…'` with the
    /// backslash doubled, so the literal means the same whatever `standard_conforming_strings` says.
    func stringLiteral(_ text: String) -> String {
        let quoted = text.replacing("'", with: "''")
        if self == .postgres && text.contains("\\") { return "E'" + quoted.replacing("\\", with: "\\\\") + "'" }
        return "'" + quoted + "'"
    }

    /// A condition true when the string `x` is ASCII (guards the comparisons SQL can only do on ASCII).
    /// In SQLite a text with a NUL also fails it: `length` stops at the NUL.
    func isASCII(_ x: String) -> String {
        switch self {
        case .sqlite: "length(CAST(\(x) AS BLOB)) = length(\(x))"
        case .postgres: "octet_length(\(x)) = char_length(\(x))"
        }
    }

    /// The length of the string `x` in characters.
    func length(_ x: String) -> String {
        switch self {
        case .sqlite: "length(\(x))"
        case .postgres: "char_length(\(x))"
        }
    }

    /// `x` lowercased in ASCII only (both engines leave other letters alone here).
    func asciiLowercase(_ x: String) -> String {
        switch self {
        case .sqlite: "lower(\(x))"
        case .postgres: "lower(\(x) COLLATE \"C\")"
        }
    }

    /// `x` compared by its bytes (code points) in an ordering.
    func bytewise(_ x: String) -> String {
        switch self {
        case .sqlite: x
        case .postgres: "\(x) COLLATE \"C\""
        }
    }
}
