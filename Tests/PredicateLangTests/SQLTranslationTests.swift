// The SQL translator without a database: the SQL text and parameters of representative constructs in
// both dialects, what is refused (with the range of the refused part and the reason), how a predicate
// splits into pushed-down AND terms and a residual, and that schema errors come before any SQL. The
// differential suite (IntegrationTests/) runs the same translations in real SQLite and PostgreSQL.

import Testing

@testable import PredicateLang

@Suite("SQL translation")
struct SQLTranslationTests {
    static let item = SchemaObject(
        name: "Item",
        fields: [
            SchemaField("sku", .string), SchemaField("qty", .optional(.integer)),
            SchemaField("price", .optional(.double)),
        ])
    static let row = SchemaObject(
        name: "Row",
        fields: [
            SchemaField("id", .integer), SchemaField("name", .optional(.string)),
            SchemaField("age", .optional(.integer)), SchemaField("score", .optional(.double)),
            SchemaField("flag", .optional(.boolean)), SchemaField("created", .optional(.date)),
            SchemaField("tags", .optional(.array(.optional(.string)))), SchemaField("scores", .array(.integer)),
            SchemaField("items", .optional(.array(.object(item)))), SchemaField("select", .optional(.string)),
            SchemaField("order", .optional(.integer)),
        ])
    static let schema = Schema(row, variables: ["limit": .integer])

    static func translate(_ text: String, _ dialect: SQLDialect, arguments: [Value] = []) -> SQLTranslation {
        SQLTranslation.translate(text, arguments: arguments, schema: schema, dialect: dialect)
    }

    /// A predicate that translates wholly: its SQL and its parameters.
    struct Whole: CustomTestStringConvertible, Sendable {
        let predicate: String
        let dialect: SQLDialect
        let sql: String
        let parameters: [Value]
        var arguments: [Value] = []
        var testDescription: String { "\(dialect.rawValue): \(predicate)" }
    }

    @Test(
        "constructs that translate exactly, with every constant a parameter",
        arguments: [
            Whole(
                predicate: "age == 5", dialect: .sqlite, sql: #"("age" IS NOT NULL AND "age" = ?1)"#,
                parameters: [.int(5)]),
            Whole(
                predicate: "age != 5", dialect: .postgres, sql: #"("age" IS NULL OR "age" <> $1::bigint)"#,
                parameters: [.int(5)]),
            Whole(predicate: "name == nil", dialect: .sqlite, sql: #""name" IS NULL"#, parameters: []),
            Whole(predicate: "age < nil", dialect: .postgres, sql: "FALSE", parameters: []),
            Whole(
                predicate: "score <= age", dialect: .sqlite,
                sql: #"CASE WHEN "score" IS NULL AND "age" IS NULL THEN TRUE WHEN "score" IS NULL OR "age" IS NULL "#
                    + #"THEN FALSE ELSE "score" <= "age" END"#, parameters: []),
            // BETWEEN's bounds are swapped when reversed; integer bounds become >= and <.
            Whole(
                predicate: "age BETWEEN {10, 1}", dialect: .sqlite,
                sql: #"(("age" IS NOT NULL AND "age" >= ?1) AND ("age" IS NOT NULL AND "age" < ?2))"#,
                parameters: [.int(1), .int(11)]),
            // nil never enters an IN list.
            Whole(
                predicate: "age IN {1, 2, nil}", dialect: .postgres,
                sql: #"("age" IS NOT NULL AND "age" IN ($1::bigint, $2::bigint))"#, parameters: [.int(1), .int(2)]),
            Whole(
                predicate: "score == 2.5", dialect: .postgres,
                sql: #"("score" IS NOT NULL AND ("score" = $1::float8 AND "score" <> 'NaN'::float8))"#,
                parameters: [.double(2.5)]),
            Whole(
                predicate: "flag == YES", dialect: .postgres, sql: #"("flag" IS NOT NULL AND "flag")"#, parameters: []),
            // Identifiers that are SQL keywords are quoted.
            Whole(
                predicate: "select == 'x' AND order > 1", dialect: .sqlite,
                sql: #"("select" IS NOT NULL AND "select" = ?1) AND ("order" IS NOT NULL AND "order" >= ?2)"#,
                parameters: [.string("x"), .int(2)]),
            // PostgreSQL text cannot hold a NUL, so no row equals a constant with one.
            Whole(
                predicate: "name == %@", dialect: .postgres, sql: "FALSE", parameters: [],
                arguments: [.string("a\u{0}b")]),
            // A hostile string is a parameter, never SQL text.
            Whole(
                predicate: "name == %@", dialect: .sqlite, sql: #"("name" IS NOT NULL AND "name" = ?1)"#,
                parameters: [.string("'); DROP TABLE t; --")], arguments: [.string("'); DROP TABLE t; --")]),
            Whole(
                predicate: "ANY tags == 'x'", dialect: .sqlite,
                sql: #"EXISTS (SELECT 1 FROM json_each("tags") AS j1 WHERE (j1.value IS NOT NULL AND j1.value = ?1))"#,
                parameters: [.string("x")]),
            Whole(
                predicate: "ANY tags == 'x'", dialect: .postgres,
                sql: #"EXISTS (SELECT 1 FROM jsonb_array_elements("tags") AS e1 WHERE ((e1 #>> '{}') IS NOT NULL "#
                    + #"AND (e1 #>> '{}') = $1::text))"#, parameters: [.string("x")]),
            Whole(
                predicate: "ALL scores > 5", dialect: .sqlite,
                sql: #"NOT EXISTS (SELECT 1 FROM json_each("scores") AS j1 WHERE NOT ((j1.value IS NOT NULL "#
                    + #"AND j1.value >= ?1)))"#, parameters: [.int(6)]),
            Whole(
                predicate: "NONE scores > 5", dialect: .sqlite,
                sql: #"NOT (EXISTS (SELECT 1 FROM json_each("scores") AS j1 WHERE (j1.value IS NOT NULL "#
                    + #"AND j1.value >= ?1)))"#, parameters: [.int(6)]),
            Whole(
                predicate: "tags.@count > 2", dialect: .postgres,
                sql: #"(jsonb_array_length("tags") IS NOT NULL AND jsonb_array_length("tags") >= $1::bigint)"#,
                parameters: [.int(3)]),
            Whole(
                predicate: "items.@min.price > 3", dialect: .postgres,
                sql: #"((SELECT min((e1 ->> 'price')::float8) FROM jsonb_array_elements("items") AS e1) IS NOT NULL "#
                    + #"AND (SELECT min((e1 ->> 'price')::float8) FROM jsonb_array_elements("items") AS e1) > $1::float8)"#,
                parameters: [.int(3)]),
            Whole(
                predicate: "SUBQUERY(items, $i, $i.qty < 2).@count > 0", dialect: .sqlite,
                sql: #"(SELECT count(*) FROM json_each("items") AS j1 WHERE (json_extract(j1.value, '$."qty"') "#
                    + #"IS NOT NULL AND json_extract(j1.value, '$."qty"') < ?1)) >= ?2"#,
                parameters: [.int(2), .int(1)]),
            // Dates: SQLite compares the fixed-layout text, PostgreSQL timestamptz (µs); `>` becomes `>=`
            // the next tick.
            Whole(
                predicate: "created > CAST('2024-01-01T00:00:00Z', 'NSDate')", dialect: .sqlite,
                sql: #"("created" IS NOT NULL AND "created" >= ?1)"#,
                parameters: [.string("2024-01-01T00:00:00.001Z")]),
            Whole(
                predicate: "created > CAST('2024-01-01T00:00:00Z', 'NSDate')", dialect: .postgres,
                sql: #"("created" IS NOT NULL AND "created" >= $1::timestamptz)"#,
                parameters: [.string("2024-01-01T00:00:00.000001Z")]),
        ])
    func whole(_ example: Whole) {
        let translation = Self.translate(example.predicate, example.dialect, arguments: example.arguments)
        #expect(translation.sql == example.sql)
        #expect(translation.parameters == example.parameters)
        #expect(translation.residual == nil)
        #expect(!translation.diagnostics.contains { $0.severity != .note })
    }

    /// A predicate pushed down except on some rows, which the residual (the whole term) checks again.
    struct Rechecked: CustomTestStringConvertible, Sendable {
        let predicate: String
        let dialect: SQLDialect
        let sql: String
        let parameters: [Value]
        let reason: String
        var testDescription: String { "\(dialect.rawValue): \(predicate)" }
    }

    @Test(
        "string operators run under the ASCII guard; other rows are rechecked in process",
        arguments: [
            Rechecked(
                predicate: "name ==[c] 'abc'", dialect: .sqlite,
                sql: #"(("name" IS NOT NULL AND CASE WHEN length(CAST("name" AS BLOB)) = length("name") "#
                    + #"THEN lower("name") = ?1 END)) IS NOT FALSE"#, parameters: [.string("abc")],
                reason: "text that is not ASCII"),
            Rechecked(
                predicate: "name ==[c] 'abc'", dialect: .postgres,
                sql: #"(("name" IS NOT NULL AND CASE WHEN octet_length("name") = char_length("name") "#
                    + #"THEN lower("name" COLLATE "C") COLLATE "C" = $1::text END)) IS NOT FALSE"#,
                parameters: [.string("abc")], reason: "text that is not ASCII"),
            // BEGINSWITH / ENDSWITH / CONTAINS use no LIKE, so % and _ in the needle are literal.
            Rechecked(
                predicate: "name BEGINSWITH 'a%_'", dialect: .sqlite,
                sql: #"(("name" IS NOT NULL AND CASE WHEN length(CAST("name" AS BLOB)) = length("name") "#
                    + #"THEN substr("name", 1, length(?1)) = ?1 END)) IS NOT FALSE"#, parameters: [.string("a%_")],
                reason: "text that is not ASCII"),
            Rechecked(
                predicate: "name ENDSWITH 'x'", dialect: .postgres,
                sql: #"(("name" IS NOT NULL AND CASE WHEN octet_length("name") = char_length("name") "#
                    + #"THEN right("name", char_length($1::text)) = $1::text END)) IS NOT FALSE"#,
                parameters: [.string("x")], reason: "text that is not ASCII"),
            Rechecked(
                predicate: "name CONTAINS '%'", dialect: .postgres,
                sql: #"(("name" IS NOT NULL AND CASE WHEN octet_length("name") = char_length("name") "#
                    + #"THEN strpos("name", $1::text) > 0 END)) IS NOT FALSE"#, parameters: [.string("%")],
                reason: "text that is not ASCII"),
            // LIKE is GLOB in SQLite (case-sensitive) and LIKE with an escape in PostgreSQL.
            Rechecked(
                predicate: "name LIKE 'a*b?'", dialect: .sqlite,
                sql: #"(("name" IS NOT NULL AND CASE WHEN length(CAST("name" AS BLOB)) = length("name") "#
                    + #"AND length("name") <= 65536 THEN "name" GLOB ?1 END)) IS NOT FALSE"#,
                parameters: [.string("a*b?")], reason: "text that is not ASCII"),
            Rechecked(
                predicate: #"name LIKE '100%_\\*'"#, dialect: .postgres,
                sql: #"(("name" IS NOT NULL AND CASE WHEN octet_length("name") = char_length("name") "#
                    + #"AND char_length("name") <= 65536 THEN "name" COLLATE "C" LIKE $1::text ESCAPE E'\\' END)) "#
                    + "IS NOT FALSE", parameters: [.string(#"100\%\_*"#)], reason: "text that is not ASCII"),
            // MATCHES in the safe subset, anchored at both ends (PostgreSQL only).
            Rechecked(
                predicate: "name MATCHES '[a-c]+x?'", dialect: .postgres,
                sql: #"(("name" IS NOT NULL AND CASE WHEN octet_length("name") = char_length("name") "#
                    + #"AND char_length("name") <= 65536 THEN "name" COLLATE "C" ~ $1::text END)) IS NOT FALSE"#,
                parameters: [.string("^(?:[a-c]+x?)$")], reason: "text that is not ASCII"),
            // Integer arithmetic runs where it cannot overflow.
            Rechecked(
                predicate: "age + 1 > 3", dialect: .sqlite,
                sql: #"(CASE WHEN "age" <= 9223372036854775806 THEN ("age" + ?1) END >= ?2) IS NOT FALSE"#,
                parameters: [.int(1), .int(4)], reason: "arithmetic on nil, or where SQL would overflow"),
            Rechecked(
                predicate: "items.@sum.qty > 10", dialect: .postgres,
                sql: #"(CASE WHEN "items" IS NULL THEN FALSE ELSE CASE WHEN "items" IS NULL THEN NULL "#
                    + #"WHEN (SELECT coalesce(sum(abs(((e1 ->> 'qty')::bigint)::numeric)), 0) "#
                    + #"FROM jsonb_array_elements("items") AS e1) < 9223372036854775808 "#
                    + #"THEN (SELECT coalesce(sum((e1 ->> 'qty')::bigint), 0)::bigint "#
                    + #"FROM jsonb_array_elements("items") AS e1) END >= $1::bigint END) IS NOT FALSE"#,
                parameters: [.int(11)], reason: "a sum that could overflow 64-bit integers"),
        ])
    func rechecked(_ example: Rechecked) throws {
        let translation = Self.translate(example.predicate, example.dialect)
        #expect(translation.sql == example.sql)
        #expect(translation.parameters == example.parameters)
        #expect(translation.residualFormat == SyntaxTree.parse(example.predicate).tree?.format)
        let warning = try #require(translation.diagnostics.first { $0.id == "sql-rechecked" })
        #expect(warning.text.contains(example.reason))
    }

    /// A predicate of which a part is refused: the refused text and the reason.
    struct Refusal: CustomTestStringConvertible, Sendable {
        let predicate: String
        let dialect: SQLDialect
        let refused: String
        let reason: String
        var arguments: [Value] = []
        var testDescription: String { "\(dialect.rawValue): \(predicate)" }
    }

    @Test(
        "what cannot be translated exactly is refused, at its range and with its reason",
        arguments: [
            Refusal(
                predicate: "name MATCHES 'a+'", dialect: .sqlite, refused: "MATCHES",
                reason: "SQLite has no regular expressions"),
            Refusal(
                predicate: #"name MATCHES '\\d+'"#, dialect: .postgres, refused: #"'\\d+'"#,
                reason: "PostgreSQL's regular expressions differ from ICU's here"),
            Refusal(
                predicate: "name MATCHES[c] 'a'", dialect: .postgres, refused: "MATCHES[c]",
                reason: "MATCHES[c] is not translated"),
            Refusal(
                predicate: "name ==[cd] 'École'", dialect: .sqlite, refused: "'École'",
                reason: "the constant is not ASCII"),
            // A NUL in a constant: SQLite's string functions stop at it.
            Refusal(
                predicate: "name CONTAINS %@", dialect: .sqlite, refused: "name CONTAINS %@",
                reason: "SQLite's string functions stop at a NUL", arguments: [.string("a\u{0}b")]),
            Refusal(
                predicate: "items.@avg.price > 3", dialect: .sqlite, refused: "@avg",
                reason: "a sum of doubles depends on the order"),
            Refusal(
                predicate: "score <= age", dialect: .postgres, refused: "score <= age",
                reason: "-0.0 or NaN, which PostgreSQL orders differently"),
            Refusal(
                predicate: "age ** 2 > 3", dialect: .sqlite, refused: "age ** 2", reason: "'**' is not translated"),
            Refusal(
                predicate: "FUNCTION(name, 'uppercase') == 'A'", dialect: .sqlite,
                refused: "FUNCTION(name, 'uppercase')", reason: "FUNCTION is not translated"),
            Refusal(
                predicate: "age / 0.0 > 1", dialect: .postgres, refused: "age / 0.0",
                reason: "PostgreSQL raises on a division by zero"),
        ])
    func refusal(_ example: Refusal) throws {
        let translation = Self.translate(example.predicate, example.dialect, arguments: example.arguments)
        #expect(translation.sql == nil)
        #expect(
            translation.residualFormat
                == SyntaxTree.parse(example.predicate, arguments: example.arguments).tree?.exactFormat)
        let warning = try #require(translation.diagnostics.first { $0.id == "sql-not-translated" })
        #expect(warning.severity == .warning)
        #expect(warning.text.contains(example.reason))
        let bytes = Array(example.predicate.utf8)
        let refused = String(decoding: bytes[warning.range.lowerBound..<warning.range.upperBound], as: UTF8.self)
        #expect(refused == example.refused)
    }

    @Test("the top-level AND terms that translate are pushed down; the others are the residual")
    func split() throws {
        let text = "name MATCHES 'a' AND age > 1 AND name.length == 1 AND ANY tags == 'x'"
        let translation = Self.translate(text, .sqlite)
        #expect(
            translation.sql
                == #"("age" IS NOT NULL AND "age" >= ?1) AND EXISTS (SELECT 1 FROM json_each("tags") AS j1 "#
                + #"WHERE (j1.value IS NOT NULL AND j1.value = ?2))"#)
        #expect(translation.parameters == [.int(2), .string("x")])
        #expect(translation.residualFormat == #"name MATCHES "a" AND name.length == 1"#)
        let refused = translation.diagnostics.filter { $0.id == "sql-not-translated" }
        #expect(refused.count == 2)
        // The residual compiles against the schema and decides the returned rows.
        let residual = try #require(translation.residualPredicate)
        #expect(try residual.evaluate(with: ["name": "a", "age": 3]))
        #expect(try !residual.evaluate(with: ["name": "ab", "age": 3]))
    }

    @Test(
        "the residual's text keeps the kinds of its constants, so it evaluates as the residual does",
        arguments: [
            ("NOT (age + YES != 5)", "age + YES == 5"),
            ("age ** 2.0 > 1", "age ** 2.0 > 1"),
            ("FUNCTION(score, 'floor') IN {2.0, NO}", #"FUNCTION(score, "floor") IN {2.0, NO}"#),
        ])
    func residualText(_ predicate: String, _ residual: String) throws {
        let translation = Self.translate(predicate, .sqlite)
        #expect(translation.residualFormat == residual)
        let reread = try #require(CompiledPredicate.compile(residual, schema: Self.schema).predicate)
        let tree = try #require(translation.residualPredicate)
        for row: Value in [["age": 4, "score": 2.0], ["age": 1, "score": 2.5]] {
            #expect((try? reread.evaluate(with: row)) == (try? tree.evaluate(with: row)))
        }
    }

    @Test("an OR with an untranslatable operand is not split; it stays whole in the residual")
    func orIsNotSplit() {
        let translation = Self.translate("age > 1 OR name MATCHES 'a'", .sqlite)
        #expect(translation.sql == nil)
        #expect(translation.residualFormat == #"age > 1 OR name MATCHES "a""#)
    }

    @Test("a field the schema lacks is the schema's error, and no SQL is made", arguments: SQLDialect.allCases)
    func unknownField(_ dialect: SQLDialect) throws {
        let translation = Self.translate("agee > 1 AND age > 2", dialect)
        #expect(translation.sql == nil && translation.parameters.isEmpty && translation.residual == nil)
        let error = try #require(translation.diagnostics.first { $0.severity == .error })
        #expect(error.id == "unknown-key")
        #expect(error.range == SourceRange(0, 4))
    }

    @Test("TRUEPREDICATE is the whole answer; FALSEPREDICATE is false", arguments: SQLDialect.allCases)
    func constants(_ dialect: SQLDialect) {
        #expect(Self.translate("TRUEPREDICATE", dialect).sql == "TRUE")
        #expect(Self.translate("FALSEPREDICATE", dialect).sql == "FALSE")
    }

    @Test("the table name qualifies every column; column names can differ from field names")
    func qualifiedColumns() {
        let translation = SQLTranslation.translate(
            "age == 1 AND name == 'a'", schema: Self.schema, dialect: .postgres, table: "my table",
            columnNames: ["name": "Full \"Name\""])
        #expect(
            translation.sql
                == #"("my table"."age" IS NOT NULL AND "my table"."age" = $1::bigint) AND "#
                + #"("my table"."Full ""Name""" IS NOT NULL AND "my table"."Full ""Name""" = $2::text)"#)
    }

    @Test("variables become parameters; an undefined one is refused", arguments: SQLDialect.allCases)
    func variables(_ dialect: SQLDialect) {
        let given = SQLTranslation.translate(
            "age < $limit", schema: Self.schema, dialect: dialect, variables: ["limit": .int(30)])
        #expect(given.parameters == [.int(30)] && given.residual == nil)
        let missing = Self.translate("age < $limit", dialect)
        #expect(missing.sql == nil && missing.residual != nil)
    }
}
