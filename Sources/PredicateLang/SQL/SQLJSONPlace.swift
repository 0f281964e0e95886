// SQLJSONPlace: where a value sits inside JSON stored in the table — a JSON column, or an element of a
// JSON array being iterated — and a key path below it, spelled for each dialect: SQLite's
// `json_extract(x, '$."a"."b"')` and PostgreSQL's `x -> 'a' ->> 'b'`, with the casts that give each schema
// kind its SQL type.

/// A value inside JSON: a base expression and the object keys below it.
struct SQLJSONPlace {
    /// SQLite: JSON text, or a `json_each` row's `value` (the SQL value itself for a scalar element);
    /// PostgreSQL: a `jsonb` expression.
    var base: String
    var path: [String]
    /// Whether `base` is a column of the table: nil there is SQL NULL, never the JSON `null`.
    var isColumn: Bool

    func appending(_ key: String) -> SQLJSONPlace {
        SQLJSONPlace(base: base, path: path + [key], isColumn: isColumn)
    }

    /// Whether `key` can be written in a SQLite JSON path: SQLite compares quoted labels with the raw key
    /// text of the document, so a key that JSON writes with escapes (a quote, a backslash, a control
    /// character) cannot be named.
    static func isNameableKey(_ key: String) -> Bool {
        key.unicodeScalars.allSatisfy { $0 != "\"" && $0 != "\\" && $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// SQLite's JSON path of `path` (`$."a"."b"`).
    private var sqlitePath: String {
        "$" + path.map { ".\"" + $0 + "\"" }.joined()
    }

    /// The JSON value at the place (for collections and objects).
    func json(_ dialect: SQLDialect) -> String {
        if path.isEmpty { return base }
        switch dialect {
        case .sqlite:
            return "json_extract(\(base), \(dialect.stringLiteral(sqlitePath)))"
        case .postgres:
            return "(" + base + path.map { " -> " + dialect.stringLiteral($0) }.joined() + ")"
        }
    }

    /// The scalar at the place, as the SQL type of `kind`; NULL where the value is missing or `null`.
    func scalar(_ kind: SQLScalar.Kind, _ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            let value = path.isEmpty ? base : "json_extract(\(base), \(dialect.stringLiteral(sqlitePath)))"
            // A double written without a fraction reads back as an INTEGER; arithmetic must see a REAL.
            return kind == .double ? "CAST(\(value) AS REAL)" : value
        case .postgres:
            var text: String
            if path.isEmpty {
                text = "(\(base) #>> '{}')"
            } else {
                let parents = path.dropLast().map { " -> " + dialect.stringLiteral($0) }.joined()
                text = "(" + base + parents + " ->> " + dialect.stringLiteral(path[path.count - 1]) + ")"
            }
            switch kind {
            case .string: return text
            case .integer: return text + "::bigint"
            case .double: return text + "::float8"
            case .boolean: return text + "::boolean"
            case .date: return text + "::timestamptz"
            }
        }
    }

    /// A two-valued test of whether the JSON value at the place is nil (missing or `null`).
    func isNil(_ dialect: SQLDialect) -> String {
        let value = json(dialect)
        if dialect == .sqlite || (isColumn && path.isEmpty) { return "\(value) IS NULL" }
        return "COALESCE(jsonb_typeof(\(value)), 'null') = 'null'"
    }

    /// Whether the expression can be PostgreSQL's JSON `null` (not SQL NULL).
    var mayBeJSONNull: Bool { !(isColumn && path.isEmpty) }
}

/// The current element of a JSON array being iterated, and its schema type.
struct SQLElement {
    var place: SQLJSONPlace
    var type: SchemaType
}
