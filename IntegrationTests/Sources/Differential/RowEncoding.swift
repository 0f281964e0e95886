// RowEncoding: a row's values as the table stores them, by the mapping the translator documents: scalars
// in columns of their type (booleans 0/1 in SQLite), dates as the dialect's date text, and objects,
// arrays and sets as JSON text (jsonb input in PostgreSQL) with dates inside JSON as text too.

import Foundation
import PredicateLang

/// One value to bind in an INSERT.
public enum SQLCell: Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case boolean(Bool)
}

/// Turns rows into cells.
public enum RowEncoding {
    /// The cells of `row`, in the order of the schema's fields.
    public static func cells(_ row: TestRow, _ dialect: SQLDialect) -> [SQLCell] {
        TestTable.row.fields.map { field in cell(row.fields[field.name] ?? .null, dialect) }
    }

    static func cell(_ value: Value, _ dialect: SQLDialect) -> SQLCell {
        switch value {
        case .null: .null
        case .bool(let flag): .boolean(flag)
        case .int(let integer): .integer(integer)
        case .double(let double): .real(double)
        case .string(let string): .text(string)
        case .date(let date): dialect.dateText(date).map(SQLCell.text) ?? .null
        case .array, .set, .dictionary: .text(json(value, dialect))
        }
    }

    /// `value` as JSON text.
    public static func json(_ value: Value, _ dialect: SQLDialect) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let integer): return String(integer)
        case .double(let double): return double.isFinite ? double.description : "null"
        case .string(let string): return quote(string)
        case .date(let date): return dialect.dateText(date).map(quote) ?? "null"
        case .array(let elements): return "[" + elements.map { json($0, dialect) }.joined(separator: ",") + "]"
        case .set(let set): return "[" + set.elements.map { json($0, dialect) }.joined(separator: ",") + "]"
        case .dictionary(let dictionary):
            let members = dictionary.keys.sorted().map { quote($0) + ":" + json(dictionary[$0] ?? .null, dialect) }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal, as the library writes one.
    static func quote(_ string: String) -> String {
        TypedJSON.serialize(.string(string))
    }
}
