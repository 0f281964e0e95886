import Foundation
import Testing

@testable import PredicateLang

/// Value.compare: NSPredicate's direct comparison semantics, one table per operator family.
@Suite("Comparison semantics")
struct ComparisonSemanticsTests {
    struct CompareCase: CustomTestStringConvertible, Sendable {
        let lhs: Value
        let op: ComparisonOperator
        let rhs: Value
        let options: ComparisonOptions
        let expected: Bool
        init(_ lhs: Value, _ op: ComparisonOperator, _ rhs: Value, _ expected: Bool) {
            self.init(lhs, op, rhs, [], expected)
        }
        init(_ lhs: Value, _ op: ComparisonOperator, _ rhs: Value, _ options: ComparisonOptions, _ expected: Bool) {
            self.lhs = lhs
            self.op = op
            self.rhs = rhs
            self.options = options
            self.expected = expected
        }
        var testDescription: String { "\(lhs) \(op.rawValue)[\(options.rawValue)] \(rhs) is \(expected)" }
    }

    static func check(_ testCase: CompareCase) throws {
        #expect(
            try Value.compare(testCase.lhs, testCase.op, testCase.rhs, options: testCase.options) == testCase.expected)
    }

    static let date1 = Value.date(Date(timeIntervalSinceReferenceDate: 100))
    static let date2 = Value.date(Date(timeIntervalSinceReferenceDate: 200))
    static let date3 = Value.date(Date(timeIntervalSinceReferenceDate: 300))

    @Test(
        "null rules for every operator",
        arguments: [
            CompareCase(.null, .equalTo, .null, true),
            CompareCase(.null, .notEqualTo, .null, false),
            CompareCase(.null, .lessThanOrEqualTo, .null, true),
            CompareCase(.null, .greaterThanOrEqualTo, .null, true),
            CompareCase(.null, .lessThan, .null, false),
            CompareCase(.null, .greaterThan, .null, false),
            CompareCase(.null, .equalTo, 1, false),
            CompareCase(1, .notEqualTo, .null, true),
            CompareCase("", .greaterThan, .null, false),
            CompareCase(.null, .greaterThan, -1, false),
            CompareCase(.null, .lessThanOrEqualTo, 1, false),
            CompareCase(.null, .beginsWith, "a", false),
            CompareCase("a", .endsWith, .null, false),
            CompareCase(.null, .contains, "a", false),
            CompareCase(.null, .in, ["a"], false),
            CompareCase("a", .in, .null, false),
            CompareCase(.null, .in, .null, false),
            CompareCase(.null, .like, "*", false),
            CompareCase(.null, .matches, ".*", false),
            CompareCase("a", .like, .null, false),
            CompareCase(.null, .between, [1, 2], false),
            CompareCase(1, .between, .null, false),
            CompareCase(.null, .equalTo, "", false),
            CompareCase(.null, .equalTo, "", .caseInsensitive, false),
        ])
    func nullRules(_ testCase: CompareCase) throws { try Self.check(testCase) }

    @Test(
        "equality is isEqual:, folded for two strings with options",
        arguments: [
            CompareCase(true, .equalTo, 1, true),
            CompareCase(false, .equalTo, 0, true),
            CompareCase(42, .equalTo, 42.0, true),
            CompareCase("42", .equalTo, 42, false),
            CompareCase("42", .notEqualTo, 42, true),
            CompareCase("ABC", .equalTo, "abc", false),
            CompareCase("ABC", .equalTo, "abc", .caseInsensitive, true),
            CompareCase("ABC", .notEqualTo, "abc", .caseInsensitive, false),
            CompareCase("café", .equalTo, "CAFE", [.caseInsensitive, .diacriticInsensitive], true),
            CompareCase("café", .equalTo, "CAFE", .caseInsensitive, false),
            CompareCase("straße", .equalTo, "STRASSE", .caseInsensitive, true),
            CompareCase("Résumé", .equalTo, "resume", [.caseInsensitive, .diacriticInsensitive, .normalized], false),
            CompareCase("cafe\u{301}", .equalTo, "caf\u{E9}", false),
            CompareCase("cafe\u{301}", .equalTo, "caf\u{E9}", .localeSensitive, true),
            CompareCase(["a", 1], .equalTo, ["a", 1.0], true),
            CompareCase(["A"], .equalTo, ["a"], .caseInsensitive, false),
            CompareCase(date1, .equalTo, date1, true),
            CompareCase(date1, .equalTo, date2, false),
            CompareCase(1, .equalTo, "1", .caseInsensitive, false),
        ])
    func equality(_ testCase: CompareCase) throws { try Self.check(testCase) }

    @Test(
        "ordering: numbers exactly, strings by code unit, dates by time",
        arguments: [
            CompareCase(1, .lessThan, 2, true),
            CompareCase(2, .lessThan, 1.5, false),
            CompareCase(true, .greaterThan, 0, true),
            CompareCase(.int(9_007_199_254_740_993), .greaterThan, .double(9_007_199_254_740_992.0), true),
            CompareCase(1, .lessThanOrEqualTo, 1.0, true),
            CompareCase(.double(.nan), .lessThan, 1, true),
            CompareCase(.double(.nan), .greaterThanOrEqualTo, 1, false),
            CompareCase("XYZ", .lessThanOrEqualTo, "abc", true),
            CompareCase("ABC", .lessThanOrEqualTo, "abc", true),
            CompareCase("123", .lessThanOrEqualTo, "abc", true),
            CompareCase("abcd", .lessThanOrEqualTo, "abc", false),
            CompareCase("b", .lessThanOrEqualTo, "abc", false),
            CompareCase("x Z", .lessThan, "x z", true),
            CompareCase("a", .lessThan, "B", false),
            CompareCase("a", .lessThan, "B", .caseInsensitive, true),
            CompareCase("é", .greaterThan, "z", false),
            CompareCase("é", .lessThan, "z", .diacriticInsensitive, true),
            CompareCase("\u{FF21}", .lessThan, "\u{1F600}", false),
            CompareCase(date1, .lessThan, date2, true),
            CompareCase(date2, .greaterThanOrEqualTo, date2, true),
        ])
    func ordering(_ testCase: CompareCase) throws { try Self.check(testCase) }

    @Test(
        "BEGINSWITH, ENDSWITH, CONTAINS on strings",
        arguments: [
            CompareCase("Hello", .beginsWith, "He", true),
            CompareCase("Hello", .beginsWith, "he", false),
            CompareCase("Hello", .beginsWith, "he", [.caseInsensitive, .diacriticInsensitive], true),
            CompareCase("abc", .beginsWith, "", false),
            CompareCase("abc", .contains, "", false),
            CompareCase("aBcDeF", .beginsWith, "", false),
            CompareCase("HELLO", .endsWith, "llo", false),
            CompareCase("HELLO", .endsWith, "llo", .caseInsensitive, true),
            CompareCase("aax", .endsWith, "x", [.caseInsensitive, .diacriticInsensitive], true),
            CompareCase("Hello How Are You?", .contains, "are", false),
            CompareCase("Hello How Are You?", .contains, "ARE", .caseInsensitive, true),
            CompareCase("naïve", .contains, "IVE", [.caseInsensitive, .diacriticInsensitive], true),
            CompareCase("café", .contains, "e", false),
            CompareCase("Straße", .endsWith, "SSE", .caseInsensitive, true),
        ])
    func substrings(_ testCase: CompareCase) throws { try Self.check(testCase) }

    @Test(
        "IN and CONTAINS over strings, arrays, sets and dictionaries",
        arguments: [
            CompareCase("b", .in, "abc", true),
            CompareCase("B", .in, "abc", false),
            CompareCase("abc", .in, "xABCx", .caseInsensitive, true),
            CompareCase("abc", .in, ["ABC"], .caseInsensitive, false),
            CompareCase("abc", .in, ["abc"], true),
            CompareCase("", .in, "abc", false),
            CompareCase(10, .in, [20, 10, 18], .caseInsensitive, true),
            CompareCase("1", .in, [1], false),
            CompareCase(1, .in, [true], true),
            CompareCase(9, .in, ["one": 1, "nine": 9], true),
            CompareCase("nine", .in, ["one": 1, "nine": 9], false),
            CompareCase(2, .in, .set(ValueSet([1, 2])), true),
            CompareCase(3, .in, .set(ValueSet([1, 2])), false),
            CompareCase([42], .contains, 42, true),
            CompareCase(["42"], .contains, 42, false),
            CompareCase("xyz", .contains, "y", true),
            CompareCase(["a", "b"], .contains, "a", true),
            CompareCase(["a": "x"], .contains, "x", true),
            CompareCase("xABCx", .contains, "abc", .caseInsensitive, true),
            CompareCase([["a"]], .contains, ["a"], true),
        ])
    func membership(_ testCase: CompareCase) throws { try Self.check(testCase) }

    @Test(
        "BETWEEN swaps descending bounds and ignores options",
        arguments: [
            CompareCase(34, .between, [20, 40], true),
            CompareCase(3, .between, [0, 3], true),
            CompareCase(4, .between, [0, 3], false),
            CompareCase(5, .between, [10, 1], true),
            CompareCase(11, .between, [10, 1], false),
            CompareCase("b", .between, ["b", "c"], true),
            CompareCase("B", .between, ["b", "c"], .caseInsensitive, false),
            CompareCase(date1, .between, [date2, date3], false),
            CompareCase(date2, .between, [date2, date3], true),
            CompareCase(date3, .between, [date3, date1], true),
            CompareCase(2, .between, [1, .null], false),
            CompareCase(1.5, .between, [1, 2], true),
        ])
    func between(_ testCase: CompareCase) throws { try Self.check(testCase) }

    @Test(
        "LIKE and MATCHES through Value.compare",
        arguments: [
            CompareCase("abc", .like, "a*", true),
            CompareCase("ABC", .like, "a*", .caseInsensitive, true),
            CompareCase("ABC", .like, "a*", false),
            CompareCase("", .like, "", false),
            CompareCase("", .matches, "", false),
            CompareCase("abc", .matches, "b", false),
            CompareCase("abc", .matches, ".*b.*", true),
            CompareCase("John", .matches, "john", .caseInsensitive, true),
            CompareCase("CAFÉ", .like, "cafe", [.caseInsensitive, .diacriticInsensitive], true),
        ])
    func patterns(_ testCase: CompareCase) throws { try Self.check(testCase) }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let lhs: Value
        let op: ComparisonOperator
        let rhs: Value
        let kind: EvaluationError.Kind
        let message: String
        init(_ lhs: Value, _ op: ComparisonOperator, _ rhs: Value, _ kind: EvaluationError.Kind, _ message: String) {
            self.lhs = lhs
            self.op = op
            self.rhs = rhs
            self.kind = kind
            self.message = message
        }
        var testDescription: String { "\(lhs) \(op.rawValue) \(rhs) raises \(kind.rawValue)" }
    }

    @Test(
        "where Apple raises, compare throws with Apple's message",
        arguments: [
            ErrorCase("2", .lessThanOrEqualTo, 2, .typeMismatch, #"Can't compare string "2" with integer 2"#),
            ErrorCase(date1, .lessThan, 1, .typeMismatch, "Can't compare date"),
            ErrorCase([1], .lessThan, [2], .typeMismatch, "Can't compare array"),
            ErrorCase(
                5, .beginsWith, "x", .typeMismatch,
                #"Can't do a substring operation with something that isn't a string (lhs = 5 rhs = "x")"#),
            ErrorCase("x", .endsWith, 5, .typeMismatch, "Can't do a substring operation"),
            ErrorCase(
                1, .in, "abc", .typeMismatch, #"Can't look for value (1) in string ("abc"); value is not a string "#),
            ErrorCase("abc", .contains, 1, .typeMismatch, #"Can't look for value (1) in string ("abc")"#),
            ErrorCase(
                1, .in, 5, .notACollection, "Can't use in/contains operator with collection 5 (not a collection)"),
            ErrorCase(5, .contains, 1, .notACollection, "Can't use in/contains operator with collection 5"),
            ErrorCase(
                42, .between, [23], .invalidBetweenBounds,
                "Can't use between operator with rhs (23) (wrong number of elements)"),
            ErrorCase(42, .between, 25, .invalidBetweenBounds, "Can't use between operator with rhs 25 (not an array)"),
            ErrorCase(30, .between, [0, [1, 10]], .typeMismatch, "Can't compare"),
            ErrorCase("5", .matches, 5, .typeMismatch, "Can't create a regex expression from object 5."),
            ErrorCase(5, .like, "5", .typeMismatch, "Can't do regex matching on object 5."),
            ErrorCase("abc", .like, "abc\\", .invalidPattern, "The backslash is a wildcard char"),
            ErrorCase(
                "abc", .matches, "(a", .invalidPattern, "Can't do regex matching, reason: (U_REGEX_MISMATCHED_PAREN"),
            ErrorCase("public.jpeg", .utiConformsTo, "public.image", .unsupported, "UTI-CONFORMS-TO is not supported"),
            ErrorCase("public.jpeg", .utiEquals, "public.jpeg", .unsupported, "UTI-EQUALS is not supported"),
        ])
    func errors(_ testCase: ErrorCase) {
        do {
            let result = try Value.compare(testCase.lhs, testCase.op, testCase.rhs, options: [])
            Issue.record("expected \(testCase.kind.rawValue), got \(result)")
        } catch {
            #expect(error.kind == testCase.kind)
            #expect(error.message.hasPrefix(testCase.message), "\(error.message)")
        }
    }

    @Test("LIKE and MATCHES subjects obey the limits passed in")
    func limits() {
        let limits = Limits(maxRegexSubjectBytes: 3)
        #expect(throws: EvaluationError.self) {
            try Value.compare("abcd", .like, "*", options: [], limits: limits)
        }
        #expect(throws: EvaluationError.self) {
            try Value.compare("abcd", .matches, ".*", options: [], limits: limits)
        }
    }
}
