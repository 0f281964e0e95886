// Predicates checked against a schema read from JSON Schema (Examples/orders.schema.json): every kind of
// diagnostic the checker reports, each at its position, with did-you-mean notes and fix-its; predicates
// that fit compile without any; and the example orders, read through the schema, evaluate with dates.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Checking against a JSON Schema")
struct JSONSchemaCheckingTests {
    static let examples = ConformanceCorpusTests.packageRoot.appendingPathComponent("Examples")

    /// Examples/orders.schema.json, with `$since` a date.
    static let orders: Schema? = {
        let url = examples.appendingPathComponent("orders.schema.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? Schema(jsonSchema: text, sourceName: "orders.schema.json", variables: ["since": .date])
    }()

    struct Case: CustomTestStringConvertible, Sendable {
        let marked: String
        let severity: Severity
        let id: String
        let text: String
        var suggestion: String?
        var testDescription: String { marked }

        init(_ marked: String, _ severity: Severity, _ id: String, _ text: String, suggestion: String? = nil) {
            self.marked = marked
            self.severity = severity
            self.id = id
            self.text = text
            self.suggestion = suggestion
        }
    }

    /// Each case: one diagnostic, from 1️⃣ to 2️⃣.
    @Test(
        "each kind of mistake is reported at its position",
        arguments: [
            Case(
                #"1️⃣custmer2️⃣.country == "NZ""#, .error, "unknown-key", "unknown key 'custmer' in Order",
                suggestion: "customer"),
            Case(
                #"customer.1️⃣contry2️⃣ == "NZ""#, .error, "unknown-key", "unknown key 'contry' in Customer",
                suggestion: "country"),
            Case(
                #"ANY items.1️⃣skus2️⃣ BEGINSWITH "KETTLE""#, .error, "unknown-key", "unknown key 'skus' in Item",
                suggestion: "sku"),
            Case(
                "SUBQUERY(items, $i, $i.1️⃣qtty2️⃣ > 1).@count > 0", .error, "unknown-key",
                "unknown key 'qtty' in Item", suggestion: "qty"),
            Case("total.1️⃣amount2️⃣ > 1", .error, "unknown-key", "a double has no key 'amount'"),
            Case(
                "1️⃣customer.country == 52️⃣", .error, "type-mismatch",
                "comparing a string with an integer can never succeed"),
            Case(
                #"1️⃣createdAt > "2024-01-01"2️⃣"#, .error, "type-mismatch",
                "comparing a date with a string can never succeed"),
            Case(
                "1️⃣customer.name == $since2️⃣", .error, "type-mismatch",
                "comparing a string with a date can never succeed"),
            Case("tags.1️⃣@sum2️⃣ > 1", .error, "operator-type", "'@sum' needs numbers, not a string"),
            Case("items.1️⃣@avg2️⃣.sku > 1", .error, "operator-type", "'@avg' needs numbers, not a string"),
            Case("ANY 1️⃣total2️⃣ > 1", .error, "not-a-collection", "'ANY' needs an array or a set, not a double"),
            Case(
                "SUBQUERY(1️⃣customer2️⃣, $c, $c.name == 'x').@count > 0", .error, "not-a-collection",
                "SUBQUERY needs an array or a set, not an object Customer"),
            Case("total.1️⃣@count2️⃣ > 1", .error, "not-a-collection", "'@count' needs an array or a set, not a double"),
            Case("total 1️⃣==[c]2️⃣ 5", .error, "operator-type", "'[c]' needs strings, not a number"),
            Case(#"1️⃣total2️⃣ LIKE "1*""#, .error, "operator-type", "'LIKE' needs a string, not a double"),
            Case(
                #"1️⃣customer2️⃣ CONTAINS "x""#, .error, "operator-type",
                "'CONTAINS' needs a string or a collection, not an object Customer"),
            Case(
                "1️⃣total == nil2️⃣", .warning, "constant-comparison",
                "this comparison is always false: 'total' is never nil"),
            Case(
                "1️⃣customer.country != nil2️⃣", .warning, "constant-comparison",
                "this comparison is always true: 'customer.country' is never nil"),
        ])
    func mistakes(_ testCase: Case) throws {
        let schema = try #require(Self.orders)
        let marked = MarkedText(testCase.marked)
        let result = CompiledPredicate.compile(marked.text, schema: schema)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.text))")
        #expect(diagnostic.severity == testCase.severity)
        #expect(diagnostic.id == testCase.id)
        #expect(diagnostic.text == testCase.text)
        #expect(diagnostic.range == SourceRange(marked.offset("1️⃣"), marked.offset("2️⃣")))
        #expect((result.predicate == nil) == (testCase.severity == .error))
        if let suggestion = testCase.suggestion {
            #expect(diagnostic.notes.map(\.text) == ["did you mean '\(suggestion)'?"])
            #expect(diagnostic.fixIts == [FixIt(range: diagnostic.range, replacement: suggestion)])
        }
    }

    @Test(
        "predicates that fit the schema compile without diagnostics",
        arguments: [
            #"customer.country == "NZ" AND total > 100"#,
            #"ANY items.sku BEGINSWITH "KETTLE""#,
            "SUBQUERY(items, $i, $i.qty > 1 AND $i.price < 10).@count > 0",
            "items.@sum.price > 10 AND items.@count > 1 AND tags.@count == 0 AND items.@max.qty >= 2",
            #""gift" IN tags AND note == nil AND customer.email == nil"#,
            #"note CONTAINS[c] "door" OR customer.name BEGINSWITH[cd] "ar""#,
            "createdAt > CAST('2024-01-01T00:00:00Z', 'NSDate') AND createdAt < $since",
            "id BETWEEN {1, 3} AND total > id",
        ])
    func fits(_ predicate: String) throws {
        let result = CompiledPredicate.compile(predicate, schema: try #require(Self.orders))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.text))")
        #expect(result.predicate != nil)
    }

    @Test("key paths through a recursive schema are checked at every level")
    func recursive() throws {
        let schema = try Schema(
            jsonSchema: #"""
                {"title": "Node", "required": ["name", "children"], "properties": {
                    "name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}}
                """#)
        let fits = "SUBQUERY(children, $c, ANY $c.children.name == 'x').@count > 0"
        #expect(CompiledPredicate.compile(fits, schema: schema).diagnostics.isEmpty)
        let marked = MarkedText("SUBQUERY(children, $c, ANY $c.children.1️⃣nmae2️⃣ == 'x').@count > 0")
        let result = CompiledPredicate.compile(marked.text, schema: schema)
        #expect(result.diagnostics.map(\.text) == ["unknown key 'nmae' in Node"])
        #expect(result.diagnostics.first?.range == SourceRange(marked.offset("1️⃣"), marked.offset("2️⃣")))
    }

    @Test("the example orders, read through the schema, compare their dates as dates")
    func exampleOrders() throws {
        let schema = try #require(Self.orders)
        let text = try String(contentsOf: Self.examples.appendingPathComponent("orders.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let predicate = try CompiledPredicate(
            "createdAt > CAST('2024-01-01T00:00:00Z', 'NSDate') AND ANY items.price > 30", schema: schema)
        var matching: [Value] = []
        for line in lines {
            let order = try TypedJSON.parse(line, conformingTo: schema)
            if try predicate.evaluate(with: order), case .dictionary(let fields) = order {
                matching.append(fields["id"] ?? .null)
            }
            // Without the schema the date is a string, and comparing it with a date fails.
            #expect(throws: EvaluationError.self) { try predicate.evaluate(with: TypedJSON.parse(line)) }
        }
        #expect(matching == [2, 4, 5])
        let since = try TypedJSON.parse(#"{"$date": "2024-06-01T00:00:00Z"}"#)
        let recent = try CompiledPredicate("createdAt > $since", schema: schema)
        let count = try lines.filter {
            try recent.evaluate(with: TypedJSON.parse($0, conformingTo: schema), variables: ["since": since])
        }.count
        #expect(count == 3)
    }
}
