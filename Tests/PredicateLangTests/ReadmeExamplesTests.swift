// The "Use it from Swift" snippets of README.md, verbatim, so the README cannot show code that no
// longer compiles or results that are no longer true. Keep the two in step when editing either.
import PredicateLang
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("README examples: PredicateLang")
struct PredicateLangReadmeExamplesTests {
    @Test("compile once, evaluate against objects")
    func compileAndEvaluate() throws {
        // README: begin objects
        let adult = try CompiledPredicate("age >= 18 AND name BEGINSWITH[c] %@", arguments: ["jo"])
        let john: Value = ["name": "John", "age": 42]
        let joan: Value = ["name": "Joan", "age": 12]
        let johnMatches = try adult.evaluate(with: john)  // true
        let joanMatches = try adult.evaluate(with: joan)  // false
        // README: end objects
        #expect(johnMatches)
        #expect(!joanMatches)
    }

    @Test("bad input is a diagnostic, not a crash")
    func diagnostics() {
        // README: begin diagnostics
        let result = CompiledPredicate.compile("age >= 18 AND", sourceName: "<filter>")
        let report = DiagnosticRenderer(source: result.source).render(result.diagnostics)
        // result.predicate is nil, and report is:
        // <filter>:1:14: error: expected expression after 'AND'
        // age >= 18 AND
        //              ^
        // README: end diagnostics
        #expect(result.predicate == nil)
        #expect(
            report.hasPrefix("<filter>:1:14: error: expected expression after 'AND'\nage >= 18 AND\n             ^"))
    }

    @Test("form mode: $tags read a RowStore by slot")
    func rowStore() throws {
        // README: begin rowstore
        var store = RowStore(["hobbies": ["Music", "Art"], "age": 30])
        let shown = try CompiledPredicate("$hobbies CONTAINS 'Music' AND $age > 18", symbols: store.symbols)
        let before = try shown.evaluate(in: store)  // true, and no heap allocation
        store["age"] = 12
        let after = try shown.evaluate(in: store)  // false
        // README: end rowstore
        #expect(before)
        #expect(!after)
        #expect(shown.dependencies.tags == ["hobbies", "age"])
    }

    @Test("a JSON Schema checks predicates and types the JSON read through it")
    func jsonSchema() throws {
        let examples = ConformanceCorpusTests.packageRoot.appendingPathComponent("Examples")
        let schemaText = try String(contentsOf: examples.appendingPathComponent("orders.schema.json"), encoding: .utf8)
        let orders = try String(contentsOf: examples.appendingPathComponent("orders.jsonl"), encoding: .utf8)
        let orderLine = String(orders.split(separator: "\n")[1])
        // README: begin schema
        let schema = try Schema(jsonSchema: schemaText, sourceName: "orders.schema.json")
        let typo = CompiledPredicate.compile("custmer.country == 'NZ'", schema: schema)
        let problems = typo.diagnostics.map(\.text)  // ["unknown key 'custmer' in Order"], with a did-you-mean
        let recent = try CompiledPredicate("createdAt > CAST('2024-01-01', 'NSDate')", schema: schema)
        let order = try TypedJSON.parse(orderLine, conformingTo: schema)  // createdAt is a date, not a string
        let isRecent = try recent.evaluate(with: order)  // true
        // README: end schema
        #expect(typo.predicate == nil)
        #expect(problems == ["unknown key 'custmer' in Order"])
        #expect(typo.diagnostics.first?.fixIts.map(\.replacement) == ["customer"])
        #expect(isRecent)
    }
}

@Suite("DocC Getting Started examples")
struct GettingStartedExamplesTests {
    @Test("variables: bound reads the binding, unbound throws unbound-variable")
    func variables() throws {
        let john: Value = ["name": "John", "age": 42]
        let older = try CompiledPredicate("age > $minimum")
        #expect(try older.evaluate(with: john, variables: ["minimum": 40]))
        #expect(throws: EvaluationError.self) { try older.evaluate(with: john) }
        do {
            _ = try older.evaluate(with: john)
        } catch {
            #expect(error.kind == .unboundVariable)
        }
    }
}
