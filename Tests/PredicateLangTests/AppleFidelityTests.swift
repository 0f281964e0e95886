// AppleFidelityTests: the families where Apple's NSPredicate answers differently from a naive reading,
// one table per family: patterns that fail only when matched, key paths over sets, non-literal string
// order, NaN and signed zeros in CFNumberCompare's order, `%K` after a dot, wrapping integer
// arithmetic, format arguments taken as they are, CAST of nil, and the open questions decided.

import Testing

@testable import PredicateLang

/// One predicate, its format arguments, the object it runs on, and the answer (or the error kind).
struct FidelityCase: CustomTestStringConvertible, Sendable {
    let text: String
    let arguments: [Value]
    let object: Value
    let expected: Outcome

    enum Outcome: Sendable {
        case success(Bool)
        case failure(EvaluationError.Kind)
    }

    init(_ text: String, _ expected: Bool, arguments: [Value] = [], object: Value = [:]) {
        self.text = text
        self.arguments = arguments
        self.object = object
        self.expected = .success(expected)
    }

    init(_ text: String, raises kind: EvaluationError.Kind, arguments: [Value] = [], object: Value = [:]) {
        self.text = text
        self.arguments = arguments
        self.object = object
        self.expected = .failure(kind)
    }

    var testDescription: String {
        switch expected {
        case .success(let answer): "\(text) on \(object) is \(answer)"
        case .failure(let kind): "\(text) on \(object) raises \(kind.rawValue)"
        }
    }

    func check() throws {
        let predicate = try CompiledPredicate(text, arguments: arguments)
        switch expected {
        case .success(let answer):
            #expect(try predicate.evaluate(with: object) == answer, "\(text)")
        case .failure(let kind):
            let error = #expect(throws: EvaluationError.self, "\(text)") { try predicate.evaluate(with: object) }
            #expect(error?.kind == kind, "\(text): \(String(describing: error))")
        }
    }
}

@Suite("Apple fidelity")
struct AppleFidelityTests {
    static let set: Value = .set(ValueSet([["b": 1], ["b": 2], [:]]))
    static let array: Value = .array([["b": 1], ["b": 2], [:]])

    // MARK: C. Patterns compile when the comparison runs

    @Test(
        "a bad LIKE or MATCHES pattern fails only where the comparison runs on a string",
        arguments: [
            FidelityCase("x == 2 AND name MATCHES '('", false, object: ["x": 1, "name": "a"]),
            FidelityCase("x == 2 AND name MATCHES '('", raises: .invalidPattern, object: ["x": 2, "name": "a"]),
            FidelityCase("x == 1 OR name MATCHES '('", true, object: ["x": 1, "name": "a"]),
            FidelityCase("NOT (x == 2 AND name LIKE 'a\\\\')", true, object: ["x": 1, "name": "a"]),
            FidelityCase("name LIKE 'a\\\\'", raises: .invalidPattern, object: ["name": "a"]),
            FidelityCase("name MATCHES '['", false, object: ["name": nil]),
            FidelityCase("name MATCHES 'a{2,1}'", false, object: [:]),
            FidelityCase("ANY SELF MATCHES '('", false, object: []),
            FidelityCase("ANY SELF MATCHES '('", raises: .invalidPattern, object: ["a"]),
            FidelityCase("ALL SELF LIKE[c] 'x\\\\'", true, object: []),
            FidelityCase("SUBQUERY(SELF, $s, $s MATCHES '(').@count == 0", true, object: []),
            FidelityCase("SUBQUERY(SELF, $s, $s MATCHES '(').@count == 0", raises: .invalidPattern, object: ["a"]),
            FidelityCase("TERNARY(x == 2 AND name MATCHES '(', 1, 2) == 2", true, object: ["x": 1]),
            FidelityCase("name MATCHES '('", raises: .typeMismatch, object: ["name": 5]),
            FidelityCase("name MATCHES %@", false, arguments: ["("], object: ["name": nil]),
        ])
    func patternsFailLate(_ testCase: FidelityCase) throws { try testCase.check() }

    @Test("the pattern's error points at the pattern; the compile-time check is a positioned warning")
    func patternErrorPosition() throws {
        let result = CompiledPredicate.compile("x == 2 AND name MATCHES '(ab'")
        let predicate = try #require(result.predicate)
        #expect(result.diagnostics.map(\.id) == ["invalid-pattern"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first.map { result.source.slice($0.range) } == "'(ab'")
        let error = #expect(throws: EvaluationError.self) { try predicate.evaluate(with: ["x": 2, "name": "ab"]) }
        #expect(error.map { result.source.slice($0.range) } == "'(ab'")
    }

    // MARK: D. Key paths over sets drop nil

    @Test(
        "a key path over a set leaves out the elements that answer nil; over an array it keeps them",
        arguments: [
            FidelityCase("s.b.@count == 2", true, object: ["s": set]),
            FidelityCase("s.b.@count == 3", true, object: ["s": array]),
            FidelityCase("ANY s.b == nil", false, object: ["s": set]),
            FidelityCase("ANY s.b == nil", true, object: ["s": array]),
            FidelityCase("s.b.@count == 1", true, object: ["s": .set(ValueSet([["b": 1], ["b": 1], ["c": 1]]))]),
            FidelityCase("s.@sum.b == 3", true, object: ["s": set]),
            FidelityCase("s.c.@count == 0", true, object: ["s": set]),
            FidelityCase("s.c.@count == 3", true, object: ["s": array]),
            FidelityCase("s.b.c.@count == 1", true, object: ["s": .set(ValueSet([["b": ["c": 1]], ["b": [:]], [:]]))]),
            FidelityCase("SELF.b.@count == 2", true, object: set),
        ])
    func setsDropNil(_ testCase: FidelityCase) throws { try testCase.check() }

    // MARK: E. String order is non-literal

    @Test(
        "string ordering compares canonical decompositions, as -[NSString compare:] does",
        arguments: [
            FidelityCase("'é' < 'f'", true), FidelityCase("'ä' < 'b'", true), FidelityCase("'e' < 'é'", true),
            FidelityCase("'é' < 'ea'", false), FidelityCase("'é' > 'e'", true),
            // `==` is `isEqual:` (literal); ordering is `compare:` (canonical equivalence).
            FidelityCase("'e\u{301}' == 'é'", false), FidelityCase("'e\u{301}' <= 'é'", true),
            FidelityCase("'e\u{301}' >= 'é'", true), FidelityCase("'e\u{301}' < 'é'", false),
            FidelityCase("'Z' < 'a'", true), FidelityCase("'ab' < 'abc'", true),
            FidelityCase("'é' BETWEEN {'e', 'f'}", true), FidelityCase("'ö' BETWEEN {'a', 'p'}", true),
            FidelityCase("'É' <[c] 'f'", true), FidelityCase("'É' <[d] 'F'", true),
            FidelityCase("'ä' <[n] 'b'", false),
            FidelityCase("'\u{1F600}' > '\u{FFFD}'", false),
            FidelityCase("SELF.@max.#self == 'f'", true, object: ["é", "f"]),
            FidelityCase("SELF.@min.#self == 'ä'", true, object: ["b", "ä"]),
            FidelityCase("name > 'e' AND name < 'f'", true, object: ["name": "éclair"]),
        ])
    func stringOrder(_ testCase: FidelityCase) throws { try testCase.check() }

    // MARK: F. NaN and signed zeros in CFNumberCompare's order

    static let nan: Value = ["x": .double(.nan), "y": .double(.nan), "z": .double(-0.0)]

    @Test(
        "NaN equals NaN and sorts above negative numbers and below the rest; -0.0 sorts below 0",
        arguments: [
            FidelityCase("sqrt(-1) == sqrt(-1)", true), FidelityCase("x == y", true, object: nan),
            FidelityCase("x != x", false, object: nan), FidelityCase("x < 0", true, object: nan),
            FidelityCase("x < 1", true, object: nan), FidelityCase("x < -1", false, object: nan),
            FidelityCase("x > -1", true, object: nan), FidelityCase("x > -0.5", true, object: nan),
            FidelityCase("x < 0.0", true, object: nan), FidelityCase("x > z", true, object: nan),
            FidelityCase("x <= x", true, object: nan), FidelityCase("x > -1e308", true, object: nan),
            FidelityCase("x < 1e-300", true, object: nan), FidelityCase("x == 0", false, object: nan),
            FidelityCase("x BETWEEN {-1, 1}", true, object: nan), FidelityCase("x BETWEEN {0, 1}", false, object: nan),
            FidelityCase("x IN %@", true, arguments: [[1, .double(.nan)]], object: nan),
            FidelityCase("z == 0", false, object: nan), FidelityCase("z < 0", true, object: nan),
            FidelityCase("z < 0.0", true, object: nan), FidelityCase("z == -0.0", true, object: nan),
            FidelityCase("z > -1", true, object: nan), FidelityCase("0.0 == 0", true),
            FidelityCase("z IN {0}", false, object: nan),
            FidelityCase("SELF.@min.#self == nil", false, object: [.double(.nan), 1]),
            FidelityCase("SELF.@max.#self == 1", true, object: [.double(.nan), 1]),
            FidelityCase("SELF.@max.#self == -1", false, object: [.double(.nan), -1]),
            FidelityCase("SELF.@min.#self == -1", true, object: [.double(.nan), -1]),
            FidelityCase("SELF.@min.#self == -0.0", true, object: [0.0, -0.0]),
        ])
    func nanOrder(_ testCase: FidelityCase) throws { try testCase.check() }

    @Test("NaN and zero subjects answer the same through the typed quick tier as through values")
    func typedNaN() throws {
        struct Reading: Sendable { var value: Double }
        let schema = TypeSchema<Reading> { Field("value", \.value) }
        for text in [
            "value < 0", "value == 0", "value > -1", "value == value", "value BETWEEN {-1, 1}", "value IN {0}",
        ] {
            let typed = try TypedPredicate(text, schema: schema)
            let plain = try CompiledPredicate(text)
            for reading in [Double.nan, -0.0, 0.0, 1.0, -1.0] {
                #expect(
                    try typed.evaluate(Reading(value: reading)) == plain.evaluate(with: ["value": .double(reading)]),
                    "\(text) with \(reading)")
            }
        }
    }

    // MARK: G. `%K` after a dot

    @Test(
        "%K after a dot continues the key path",
        arguments: [
            FidelityCase("a.%K == 1", true, arguments: ["b.c"], object: ["a": ["b": ["c": 1]]]),
            FidelityCase("%K.%K == 1", true, arguments: ["a", "b.c"], object: ["a": ["b": ["c": 1]]]),
            FidelityCase("a.%K.c == 1", true, arguments: ["b"], object: ["a": ["b": ["c": 1]]]),
            FidelityCase("ANY a.%K == 2", true, arguments: ["b"], object: ["a": [["b": 1], ["b": 2]]]),
            FidelityCase(
                "SUBQUERY(items, $i, $i.%K > 1).@count == 1", true, arguments: ["price"],
                object: ["items": [["price": 1], ["price": 2]]]),
            FidelityCase("a.%K.@count == 2", true, arguments: ["b"], object: ["a": ["b": [1, 2]]]),
        ])
    func keyPathArgumentAfterDot(_ testCase: FidelityCase) throws { try testCase.check() }

    // MARK: H. Apple's arithmetic, format arguments and CAST

    @Test(
        "integer overflow wraps; format arguments are used as they are; CAST of nil raises",
        arguments: [
            FidelityCase("9223372036854775807 * 2 == -2", true),
            FidelityCase("9223372036854775807 + 1 == -9223372036854775808", true),
            FidelityCase("-9223372036854775808 - 1 == 9223372036854775807", true),
            FidelityCase("x * 2 == -2", true, object: ["x": .int(.max)]),
            FidelityCase("x / -1 == x", true, object: ["x": .int(.min)]),
            FidelityCase("-x == x", true, object: ["x": .int(.min)]),
            FidelityCase("abs(x) == x", true, object: ["x": .int(.min)]),
            FidelityCase("x + 1.0 > 0", true, object: ["x": .int(.max)]),
            FidelityCase("modulus:by:(x, -1) == 0", true, object: ["x": .int(.min)]),
            FidelityCase("%f / 2 == 2", true, arguments: [5]),
            FidelityCase("%d / 2 == 1.25", true, arguments: [2.5]),
            FidelityCase("%d == 'x'", true, arguments: ["x"]),
            FidelityCase("%f == nil", true, arguments: [nil]),
            FidelityCase("%i * 2 == 7", true, arguments: [3.5]),
            FidelityCase("CAST(nil, 'NSNumber') == 1", raises: .invalidCast),
            FidelityCase("CAST(x, 'NSNumber') == nil", raises: .invalidCast, object: [:]),
            FidelityCase("CAST(nil, 'NSDecimalNumber') == 1", raises: .invalidCast),
            FidelityCase("CAST(nil, 'NSDate') == nil", raises: .invalidCast),
            FidelityCase("CAST(nil, 'NSString') == nil", true),
            FidelityCase("CAST('5', 'NSNumber') == 5", true),
        ])
    func arithmeticAndArguments(_ testCase: FidelityCase) throws { try testCase.check() }

    @Test(
        "lint warns where a constant expression wraps or a format argument is not the kind its letter names",
        arguments: [
            ("9223372036854775807 * 2 == -2", [Value](), "integer-overflow-wraps", "9223372036854775807 * 2"),
            ("x == 0 - -9223372036854775808", [], "integer-overflow-wraps", "0 - -9223372036854775808"),
            ("x == 1 + (9223372036854775807 + 1)", [], "integer-overflow-wraps", "9223372036854775807 + 1"),
            ("%f / 2 == 2", [5], "format-argument-kind", "%f"),
            ("x == %d", [2.5], "format-argument-kind", "%d"),
            ("x == %s", [1], "format-argument-kind", "%s"),
        ])
    func warnings(_ text: String, _ arguments: [Value], _ id: String, _ slice: String) throws {
        let result = CompiledPredicate.compile(text, arguments: arguments)
        #expect(result.predicate != nil)
        let warning = try #require(result.diagnostics.first { $0.id == id }, "\(result.diagnostics)")
        #expect(warning.severity == .warning)
        #expect(result.source.slice(warning.range) == slice)
    }

    @Test("matching kinds give no warning", arguments: ["%d", "%f", "%s", "%@"])
    func noWarning(_ specifier: String) {
        let argument: Value =
            switch specifier {
            case "%d": 3
            case "%f": 2.5
            default: "x"
            }
        let result = CompiledPredicate.compile(
            "x == \(specifier) AND y == 9223372036854775806 + 1", arguments: [argument])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    // MARK: Open questions, decided

    @Test(
        "decisions without Apple-run evidence",
        arguments: [
            // [c] is also width-insensitive (Apple's comparison adds the width flag to [c] and [d]).
            FidelityCase("'Ａ' ==[c] 'a'", true), FidelityCase("'Ａ' == 'A'", false),
            FidelityCase("'ｈｅｌｌｏ' BEGINSWITH[c] 'HE'", true),
            // @sum converts each value to a double and adds them (the KVC guide), so it is not decimal-exact.
            FidelityCase("SELF.@sum.#self == 0.3", false, object: [0.1, 0.2]),
            FidelityCase("SELF.@sum.#self == 0.30000000000000004", true, object: [0.1, 0.2]),
            FidelityCase("SELF.@sum.#self == 3", true, object: [1, 2]),
        ])
    func openQuestions(_ testCase: FidelityCase) throws { try testCase.check() }
}
