import Testing

@testable import PredicateLang

/// The schema checker's quick check (`SchemaChecker+QuickCheck.swift`): which predicates it passes without
/// the thorough walk, and that the walk finds nothing in every one it passes.
@Suite("Schema quick check")
struct SchemaQuickCheckTests {
    /// An order with a nested customer (optional), a few scalars, a collection, a dictionary and a field of
    /// type `any`; `$limit` is a number, `$name` a string, `$row` a form row holding an integer and `$text` one
    /// holding a string, `$optionalRow` an optional row.
    static let schema: Schema = {
        let customer = SchemaObject(
            name: "Customer", fields: [SchemaField("name", .string), SchemaField("country", .optional(.string))])
        let order = SchemaObject(
            name: "Order",
            fields: [
                SchemaField("total", .double), SchemaField("count", .integer), SchemaField("paid", .boolean),
                SchemaField("note", .optional(.string)), SchemaField("createdAt", .date),
                SchemaField("customer", .optional(.object(customer))), SchemaField("tags", .array(.string)),
                SchemaField("extra", .dictionary(.any)), SchemaField("anything", .any),
            ])
        return Schema(
            order,
            variables: [
                "limit": .double, "name": .string, "row": formRowType(.optional(.integer)),
                "text": formRowType(.optional(.string)),
                "optionalRow": .optional(formRowType(.integer)), "tagsRow": formRowType(.array(.string)),
            ])
    }()

    /// (predicate, read with the form's rule, passed by the quick check). Each row the quick check passes is
    /// clean; each it declines is either dirty or of a shape it leaves to the walk.
    @Test(
        "the quick check passes only clean predicates",
        arguments: [
            // Passed: a key or a `$variable` against a scalar constant (a date is a CAST the parser folds),
            // alone or in an AND / OR.
            ("total > 100", false, true),
            ("total == 1.5", false, true),
            ("count != 3", false, true),
            ("paid == YES", false, true),
            ("paid == 1", false, true),
            ("note == 'x'", false, true),
            ("note ==[cd] 'x'", false, true),
            ("note BEGINSWITH[c] 'x'", false, true),
            ("note LIKE 'x*'", false, true),
            ("note MATCHES 'x.*'", false, true),
            ("note ENDSWITH 'x'", false, true),
            ("createdAt > CAST(0, 'NSDate')", false, true),
            ("customer.name == 'Ada'", false, true),
            ("self.total > 2", false, true),
            ("customer.country != 'NZ'", false, true),
            ("anything > 5", false, true),
            ("anything BEGINSWITH 'a'", false, true),
            ("$limit < 5", false, true),
            ("$name > 'a'", false, true),
            ("$unknown == 5", false, true),
            ("total > 100 AND note BEGINSWITH 'a' AND count < 3", false, true),
            ("total > 100 OR paid == NO", false, true),
            ("TRUEPREDICATE", false, true),
            ("$row > 5", true, true),
            ("$row == 5.5", true, true),
            ("$text BEGINSWITH[c] 'a'", true, true),
            ("$text == 'a' OR $row < 2", true, true),
            ("$optionalRow > 5", true, true),
            ("$unknown > 5", true, true),
            // Declined, dirty: the walk reports each.
            ("total == 'x'", false, false),
            ("note > 5", false, false),
            ("total BEGINSWITH 'x'", false, false),
            ("note BEGINSWITH 5", false, false),
            ("total ==[c] 5", false, false),
            ("tags > 5", false, false),
            ("tags == 5", false, false),
            ("custmer.name == 'Ada'", false, false),
            ("customer.nme == 'Ada'", false, false),
            ("total.name == 'x'", false, false),
            ("$row BEGINSWITH 'a'", true, false),
            ("$text > 5", true, false),
            ("$tagsRow > 5", true, false),
            ("total > 100 AND note > 5", false, false),
            // Declined, of a shape left to the walk (clean or not).
            ("total > 100 AND (count < 3 OR paid == YES)", false, false),
            ("NOT total > 100", false, false),
            ("ANY tags == 'a'", false, false),
            ("tags CONTAINS 'a'", false, false),
            ("note IN {'a', 'b'}", false, false),
            ("total BETWEEN {1, 5}", false, false),
            ("note == nil", false, false),
            ("total == {1, 2}", false, false),
            ("5 < total", false, false),
            ("total > $limit", false, false),
            ("tags.@count > 2", false, false),
            ("SELF == 5", false, false),
            ("extra.key == 1", false, false),
            ("anything.key == 1", false, false),
            ("$row.isHidden == YES", true, false),
            ("$row.value > 5", true, false),
            ("$row > 5", false, false),
        ])
    func passesOnlyClean(_ text: String, _ readsRowValues: Bool, _ passed: Bool) throws {
        let tree = try #require(SyntaxTree.parse(text).tree)
        let thorough = SchemaChecker.thoroughCheck(
            tree, against: Self.schema, limits: .default, readsRowValues: readsRowValues)
        #expect(
            SchemaChecker.isQuicklyClean(tree, against: Self.schema, readsRowValues: readsRowValues) == passed,
            "\(text)")
        if passed { #expect(thorough.isEmpty, "\(text): \(thorough.map(\.text))") }
        let checked = Self.schema.diagnostics(for: tree, readsRowValues: readsRowValues)
        #expect(checked == thorough)
        #expect(checked.map(\.text) == thorough.map(\.text))
    }

    /// Every shape the quick check knows, over every kind a key can have and every scalar constant: where it
    /// passes, the walk finds nothing; where the walk finds nothing for a comparison of those kinds, it passes.
    @Test("over every kind and operator, the quick check agrees with the walk")
    func agreesWithTheWalk() throws {
        let keys = ["total", "count", "paid", "note", "createdAt", "customer.name", "anything", "tags", "extra"]
        let constants = ["5", "1.5", "YES", "'a'", "CAST(0, 'NSDate')"]
        let operators = [
            "==", "!=", "<", "<=", ">", ">=", "==[c]", "BEGINSWITH", "ENDSWITH[cd]", "LIKE", "MATCHES",
        ]
        var passed = 0
        for key in keys {
            for op in operators {
                for constant in constants {
                    let text = "\(key) \(op) \(constant)"
                    let tree = try #require(SyntaxTree.parse(text).tree)
                    let quick = SchemaChecker.isQuicklyClean(tree, against: Self.schema, readsRowValues: false)
                    let thorough = SchemaChecker.thoroughCheck(tree, against: Self.schema, limits: .default)
                    if quick { #expect(thorough.isEmpty, "\(text): \(thorough.map(\.text))") }
                    // Collections and dictionaries are declined whatever the walk says.
                    let known = key != "tags" && key != "extra"
                    if known, thorough.isEmpty { #expect(quick, "\(text) is clean but was not passed") }
                    if quick { passed += 1 }
                }
            }
        }
        #expect(passed > 100)
    }
}
