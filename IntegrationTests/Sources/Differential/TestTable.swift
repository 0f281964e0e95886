// TestTable: the table the differential suite fills and queries — its schema (every kind the translator
// maps: scalars of each type, nullable and not, nested objects, arrays of scalars and of objects, a set,
// columns named like SQL keywords and like json_each's columns, one column renamed), and the CREATE TABLE
// statement for each dialect, written from the schema by the mapping the translator documents.

import PredicateLang

/// The schema and DDL of the differential suite's table.
public enum TestTable {
    /// The table's name in the queries.
    public static let name = "t"

    /// A field whose column is named differently, to exercise column-name overrides.
    public static let columnNames = ["code": "Code Col"]

    public static let geo = SchemaObject(
        name: "Geo", fields: [SchemaField("lat", .double), SchemaField("lon", .optional(.double))])
    public static let address = SchemaObject(
        name: "Address",
        fields: [
            SchemaField("city", .optional(.string)), SchemaField("zip", .optional(.integer)),
            SchemaField("geo", .optional(.object(geo))), SchemaField("lines", .optional(.array(.string))),
        ])
    public static let item = SchemaObject(
        name: "Item",
        fields: [
            SchemaField("sku", .string), SchemaField("qty", .optional(.integer)),
            SchemaField("price", .optional(.double)), SchemaField("labels", .optional(.array(.string))),
            SchemaField("added", .optional(.date)),
        ])
    public static let row = SchemaObject(
        name: "Row",
        fields: [
            SchemaField("id", .integer), SchemaField("name", .optional(.string)), SchemaField("code", .string),
            SchemaField("age", .optional(.integer)), SchemaField("score", .optional(.double)),
            SchemaField("flag", .optional(.boolean)), SchemaField("created", .optional(.date)),
            SchemaField("tags", .optional(.array(.optional(.string)))), SchemaField("scores", .array(.integer)),
            SchemaField("ratios", .optional(.array(.double))), SchemaField("items", .optional(.array(.object(item)))),
            SchemaField("address", .optional(.object(address))), SchemaField("labels", .optional(.set(.string))),
            SchemaField("select", .optional(.string)), SchemaField("order", .optional(.integer)),
            SchemaField("value", .optional(.string)), SchemaField("dims", .optional(.array(.double))),
        ])
    public static let schema = Schema(row, variables: ["limit": .integer, "since": .date, "word": .string])

    /// The column of a top-level field.
    public static func column(_ field: String) -> String { columnNames[field] ?? field }

    /// `CREATE TABLE` for `dialect`: each top-level field a column of the mapped type; nil allowed where
    /// the field is optional; SQLite's table STRICT, so a value keeps the type it was bound with.
    public static func createStatement(_ dialect: SQLDialect) -> String {
        let columns = row.fields.map { field in
            var definition = quote(column(field.name)) + " " + columnType(field.type, dialect)
            if field.name == "id" {
                definition += " PRIMARY KEY"
            } else if !field.type.isOptional {
                definition += " NOT NULL"
            }
            return definition
        }
        return "CREATE TABLE \(quote(name)) (\(columns.joined(separator: ", ")))"
            + (dialect == .sqlite ? " STRICT" : "")
    }

    /// The SQL type a schema type is stored as.
    public static func columnType(_ type: SchemaType, _ dialect: SQLDialect) -> String {
        switch (type.nonOptional, dialect) {
        case (.integer, .sqlite), (.boolean, .sqlite): "INTEGER"
        case (.double, .sqlite): "REAL"
        case (_, .sqlite): "TEXT"
        case (.integer, .postgres): "bigint"
        case (.boolean, .postgres): "boolean"
        case (.double, .postgres): "double precision"
        case (.string, .postgres): "text"
        case (.date, .postgres): "timestamptz"
        case (_, .postgres): "jsonb"
        }
    }

    static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacing("\"", with: "\"\"") + "\""
    }
}
