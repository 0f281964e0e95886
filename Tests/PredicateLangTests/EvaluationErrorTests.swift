// Each kind of evaluation error, with the source range of the construct that failed (the VM maps the
// failing instruction through the program's source map).

import Testing

@testable import PredicateLang

@Suite("Evaluation errors")
struct EvaluationErrorTests {
    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let format: String
        let object: Value
        let kind: EvaluationError.Kind
        /// The source text the error's range must cover.
        let construct: String
        init(_ format: String, _ object: Value = .null, _ kind: EvaluationError.Kind, at construct: String) {
            self.format = format
            self.object = object
            self.kind = kind
            self.construct = construct
        }
        var testDescription: String { "\(format): \(kind.rawValue) at '\(construct)'" }
    }

    @Test(
        "errors carry their kind and the range of the failing construct",
        arguments: [
            ErrorCase("x == 1 AND $missing == 2", ["x": 1], .unboundVariable, at: "$missing"),
            ErrorCase("age BEGINSWITH 'x'", ["age": 5], .typeMismatch, at: "age BEGINSWITH 'x'"),
            ErrorCase("a < 'b' OR a == 1", ["a": 1], .typeMismatch, at: "a < 'b'"),
            ErrorCase("ANY xs > 2", ["xs": 5], .notACollection, at: "ANY xs > 2"),
            ErrorCase("ALL name == 'a'", ["name": "abc"], .notACollection, at: "ALL name == 'a'"),
            ErrorCase("x + 'a' == 1", ["x": 1], .typeMismatch, at: "x + 'a'"),
            ErrorCase("1 + (x * TRUE) == 1", ["x": 1], .typeMismatch, at: "x * TRUE"),
            ErrorCase("xs[5] == 1", ["xs": [1]], .invalidIndex, at: "xs[5]"),
            ErrorCase("n[FIRST] == 1", ["n": 5], .notACollection, at: "n[FIRST]"),
            ErrorCase("x BETWEEN {1}", ["x": 1], .invalidBetweenBounds, at: "x BETWEEN {1}"),
            ErrorCase("x IN 5", ["x": 1], .notACollection, at: "x IN 5"),
            ErrorCase("CAST(x, 'NoSuchClass') == 1", ["x": 1], .invalidCast, at: "CAST(x, 'NoSuchClass')"),
            ErrorCase("min(xs) == 1", ["xs": []], .emptyCollection, at: "min(xs)"),
            ErrorCase(
                "SUBQUERY(xs, $x, $x == 1).@count == 0", ["xs": 5], .notACollection, at: "SUBQUERY(xs, $x, $x == 1)"),
            ErrorCase("ANYKEY == 1", .null, .unsupported, at: "ANYKEY"),
            ErrorCase("a.b == 1", ["a": 5], .invalidKey, at: "a.b"),
            ErrorCase("name MATCHES x", ["name": "a", "x": "(a"], .invalidPattern, at: "name MATCHES x"),
        ])
    func positioned(_ testCase: ErrorCase) throws {
        let result = CompiledPredicate.compile(testCase.format)
        let predicate = try #require(result.predicate, "\(result.diagnostics.map(\.text))")
        do {
            let value = try predicate.evaluate(with: testCase.object)
            Issue.record("evaluated to \(value)")
        } catch {
            #expect(error.kind == testCase.kind, "\(error)")
            #expect(result.source.slice(error.range) == testCase.construct, "range \(error.range)")
        }
    }

    @Test("the step budget stops large collection walks with budget-exceeded")
    func budget() throws {
        let limits = Limits(maxEvaluationSteps: 500)
        let result = CompiledPredicate.compile("SUBQUERY(xs, $x, $x > 0).@count > 0", limits: limits)
        let predicate = try #require(result.predicate)
        let large = Value.array((0..<1_000).map { .int(Int64($0)) })
        #expect(throws: EvaluationError.self) { try predicate.evaluate(with: ["xs": large]) }
        do {
            _ = try predicate.evaluate(with: ["xs": large])
        } catch {
            #expect(error.kind == .budgetExceeded)
        }
        #expect(try predicate.evaluate(with: ["xs": [1, 2, 3]]))
    }

    @Test("ANY over a large collection counts each element against the budget")
    func budgetAny() throws {
        let predicate = try #require(
            CompiledPredicate.compile("ANY xs < 0", limits: Limits(maxEvaluationSteps: 100)).predicate)
        do {
            _ = try predicate.evaluate(with: ["xs": .array((0..<1_000).map { .int(Int64($0)) })])
            Issue.record("no error")
        } catch {
            #expect(error.kind == .budgetExceeded)
        }
    }

    @Test(
        "nothing traps on extreme numbers",
        arguments: [
            "x * x > 0", "x / -1 != 0", "-x != 0", "x + x > 0", "x ** 1000 > 0", "modulus:by:(x, -1) == 0",
            "x BETWEEN {10, -10}",
        ])
    func noTraps(_ text: String) throws {
        let predicate = try #require(CompiledPredicate.compile(text).predicate)
        for x: Value in [.int(Int64.min), .int(Int64.max), .double(.nan), .double(.infinity)] {
            _ = try? predicate.evaluate(with: ["x": x])
        }
    }
}

@Suite("Evaluation error advice")
struct EvaluationErrorAdviceTests {
    @Test(
        "a bare collection operator's error suggests a key path that parses and evaluates",
        arguments: ["@sum", "@avg", "@max"])
    func bareCollectionOperator(_ name: String) throws {
        let object: Value = ["scores": [1, 2, 3]]
        let bare = try CompiledPredicate("scores.\(name) > 1")
        let error = try #require(throws: EvaluationError.self) { try bare.evaluate(with: object) }
        let suggestion = try #require(error.message.split(separator: "(use ").last?.dropLast(2))
        #expect(suggestion == "\(name).#self")
        let fixed = try CompiledPredicate("scores.\(suggestion) > 1")
        #expect(try fixed.evaluate(with: object))
    }
}
