// The printing rules that keep meaning, one line each: the input, the canonical text, and where the text
// differs from Apple's predicateFormat (which this printer used to print), Apple's text and an object on
// which Apple's text answers differently from the predicate.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Printing rules that keep meaning")
struct PrintingRulesTests {
    struct RuleCase: CustomTestStringConvertible, Sendable {
        var input: String
        var arguments: [Value]
        var format: String
        /// Apple's predicateFormat, where it differs.
        var apple: String?
        /// An object on which `apple` does not answer as the predicate does.
        var witness: Value?

        init(_ input: String, _ arguments: [Value], _ format: String, apple: String? = nil, witness: Value? = nil) {
            self.input = input
            self.arguments = arguments
            self.format = format
            self.apple = apple
            self.witness = witness
        }

        init(_ input: String, _ format: String, apple: String? = nil, witness: Value? = nil) {
            self.init(input, [], format, apple: apple, witness: witness)
        }

        var testDescription: String { format }
    }

    static let cases: [RuleCase] = [
        // Doubles keep their fraction: integer and double arithmetic differ.
        RuleCase("x == 7 / 2.0", "x == 7 / 2.0", apple: "x == 7 / 2", witness: ["x": 3.5]),
        RuleCase("a == 2.0 AND b == 1e20", "a == 2.0 AND b == 1e+20", apple: "a == 2 AND b == 1e+20"),
        RuleCase("a == %@", [.double(-0.0)], "a == -0.0", apple: "a == -0", witness: ["a": .double(-0.0)]),
        RuleCase("a == %@", [.double(.leastNonzeroMagnitude)], "a == 5e-324"),
        // Infinities and NaN print as expressions that evaluate to them.
        RuleCase("a < 1e999", "a < 1e999", apple: "a < inf", witness: ["a": 1]),
        RuleCase("a > -1e999", "a > -1e999", apple: "a > -inf", witness: ["a": 1]),
        RuleCase("a == %@", [.double(.nan)], "a == 1e999 - 1e999", apple: "a == nan", witness: ["a": .double(.nan)]),
        RuleCase("%@ + 1 == 1", [.double(.nan)], "(1e999 - 1e999) + 1 == 1"),
        RuleCase("(%@).x == nil", [.double(.infinity)], "1e999.x == nil"),
        // Integers at the Int64 bounds.
        RuleCase(
            "a == -9223372036854775808 OR a == 9223372036854775807",
            "a == -9223372036854775808 OR a == 9223372036854775807"),
        RuleCase("(%@).x == 1", [.int(.min)], "(-9223372036854775808).x == 1"),
        // %K keys that are not identifiers print quoted, so they stay one key.
        RuleCase(
            "%K == 1", ["nosuch == 0 OR TRUEPREDICATE OR y"], "#\"nosuch == 0 OR TRUEPREDICATE OR y\" == 1",
            apple: "nosuch == 0 OR TRUEPREDICATE OR y == 1", witness: [:]),
        RuleCase(
            "%K == 1", ["first name"], "#\"first name\" == 1", apple: "first name == 1", witness: ["first name": 1]),
        RuleCase("%K == 1", ["2nd"], "#\"2nd\" == 1", apple: "2nd == 1", witness: ["2nd": 1]),
        RuleCase("%K == 1", ["$x"], "#\"$x\" == 1", apple: "$x == 1", witness: ["$x": 1]),
        RuleCase("%K == 'x'", ["a\"b'c\\d"], "#\"a\\\"b'c\\\\d\" == \"x\""),
        RuleCase("a.%K == 1", ["b c.d"], "a.#\"b c\".d == 1"),
        RuleCase("%K == 1", ["like"], "#like == 1"),
        RuleCase("%K == 1", ["@count"], "@count == 1"),
        RuleCase("%K == 1", ["@foo bar"], "#\"@foo bar\" == 1"),
        RuleCase("$#\"a b\" == 1 AND $#in == 2", "$#\"a b\" == 1 AND $#in == 2"),
        // %@ strings are quoted and escaped (control characters included), so they stay one string.
        RuleCase(
            "name == %@", ["x\" OR TRUEPREDICATE OR \"y"], "name == \"x\\\" OR TRUEPREDICATE OR \\\"y\""),
        RuleCase("a == %@", ["\u{1}\u{85}\n😀"], "a == \"\\u0001\\u0085\\n😀\""),
        // Booleans print 1/0 where they are compared (as Apple prints them), TRUE/FALSE elsewhere.
        RuleCase("a == %@", [true], "a == 1"),
        RuleCase("a IN %@", [[true, false]], "a IN {1, 0}"),
        RuleCase("a + %@ == 2", [true], "a + TRUE == 2", apple: "a + 1 == 2", witness: ["a": 1]),
        RuleCase("sum(%@) == 2", [[true, 1]], "sum:({TRUE, 1}) == 2", apple: "sum:({1, 1}) == 2", witness: [:]),
        // Sets, dictionaries and dates print so that they read back as the same value.
        RuleCase(
            "a == %@", [.set(ValueSet([1, 2]))], "a == {1, 2} UNION {}", apple: "a == {1, 2}",
            witness: ["a": .set(ValueSet([2, 1]))]),
        RuleCase("(%@).@count == 1", [.set(ValueSet(["x"]))], "({\"x\"} UNION {}).@count == 1"),
        RuleCase("a IN[c] %@", [["one": 1, "Two": 2]], "a IN[c] {\"Two\" = 2, \"one\" = 1}"),
        RuleCase(
            "a == %@", [.date(Date(timeIntervalSinceReferenceDate: 0.1234567))], "a == CAST(0.1234567, \"NSDate\")",
            apple: "a == CAST(0.123457, \"NSDate\")",
            witness: ["a": .date(Date(timeIntervalSinceReferenceDate: 0.1234567))]),
        RuleCase("a == %@", [.date(Date(timeIntervalSinceReferenceDate: 10.5))], "a == CAST(10.500000, \"NSDate\")"),
        RuleCase(
            "a < %@", [.date(Date(timeIntervalSinceReferenceDate: .infinity))], "a < CAST(1e999, \"NSDate\")",
            apple: "a < CAST(inf, \"NSDate\")", witness: ["a": .date(Date(timeIntervalSinceReferenceDate: 0))]),
    ]

    @Test("the canonical text, which prints again the same", arguments: cases)
    func canonical(_ rule: RuleCase) throws {
        let parsed = SyntaxTree.parse(rule.input, arguments: rule.arguments)
        let tree = try #require(parsed.tree, "\(parsed.diagnostics)")
        #expect(tree.format == rule.format)
        let again = try #require(SyntaxTree.parse(rule.format).tree, "\(SyntaxTree.parse(rule.format).diagnostics)")
        #expect(again.format == rule.format)
    }

    @Test(
        "where Apple's text differs, it answers differently on the witness and the canonical text does not",
        arguments: cases.filter { $0.witness != nil })
    func witness(_ rule: RuleCase) throws {
        let object = try #require(rule.witness)
        let original = try CompiledPredicate(rule.input, arguments: rule.arguments)
        let printed = try CompiledPredicate(rule.format)
        #expect(Self.outcome(printed, object) == Self.outcome(original, object))
        let apple = CompiledPredicate.compile(try #require(rule.apple)).predicate
        #expect(apple.map { Self.outcome($0, object) } != Self.outcome(original, object))
    }

    static func outcome(_ predicate: CompiledPredicate, _ object: Value) -> String {
        do {
            return "\(try predicate.evaluate(with: object))"
        } catch {
            return error.kind.rawValue
        }
    }
}
