// NoTrapTests+Comparison: every comparison operator and option set over edge operands (reversed and
// degenerate BETWEEN bounds, NaN, mixed kinds), LIKE and MATCHES with hostile patterns, and the
// catastrophic-backtracking patterns that must finish at once with the linear-time engine.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("No traps: comparisons, LIKE and MATCHES")
struct NoTrapComparisonTests {
    static let optionSets: [ComparisonOptions] = [
        [], .caseInsensitive, [.caseInsensitive, .diacriticInsensitive], .normalized,
    ]

    @Test("every operator and option set over every pair of edge values", arguments: ComparisonOperator.allCases)
    func everyPair(_ op: ComparisonOperator) {
        let operands =
            EdgeValues.all + [
                [5, 1], [1, 5], [.double(.nan), 1], [1, .double(.nan)], [1, 2, 3], ["a", "z"], ["z", "a"],
                "a*", "*", "?", "\\", "[", "(", "(a+)+$", "a{99999}", "(?i)x", ".*",
            ]
        var outcomes = 0
        for lhs in operands {
            for rhs in operands {
                for options in Self.optionSets {
                    do { _ = try Value.compare(lhs, op, rhs, options: options) } catch { _ = error.kind }
                    outcomes += 1
                }
            }
        }
        #expect(outcomes == operands.count * operands.count * Self.optionSets.count)
    }

    static let betweenCases: [(Value, Value, Bool)] = [
        (3, [5, 1], true),  // descending bounds are swapped, as Apple does
        (6, [5, 1], false),
        (5, [5, 5], true),
        (3, [1, 5], true),
        (.int(.max), [.int(.min), .int(.max)], true),
        (.double(.nan), [0, 1], false),
        (1, [.double(.nan), 5], true),
        (.double(.infinity), [0, .double(.infinity)], true),
    ]

    @Test("BETWEEN with reversed, equal, NaN and mixed bounds is defined", arguments: Self.betweenCases)
    func between(_ value: Value, _ bounds: Value, _ expected: Bool) throws {
        #expect(try Value.compare(value, .between, bounds, options: []) == expected)
    }

    @Test("BETWEEN needs a two-element collection", arguments: [Value.array([1]), [1, 2, 3], [], 5, "x"])
    func badBetweenBounds(_ bounds: Value) {
        #expect(throws: EvaluationError.self) { try Value.compare(1, .between, bounds, options: []) }
    }

    @Test("BETWEEN with nil on either side is false")
    func betweenNil() throws {
        #expect(try Value.compare(1, .between, nil, options: []) == false)
        #expect(try Value.compare(nil, .between, [1, 2], options: []) == false)
    }

    /// A pattern and a subject built as `unit × count + suffix` (kept short in test output).
    struct Catastrophe: Sendable, CustomTestStringConvertible {
        var pattern: String, unit: String, count: Int, suffix: String, expected: Bool
        var subject: String { String(repeating: unit, count: count) + suffix }
        var testDescription: String { "\(pattern) on \(unit.debugDescription)×\(count)+\(suffix.debugDescription)" }
    }

    /// Patterns that take exponential time in a backtracking engine (reliability.md §5.2).
    static let catastrophic: [Catastrophe] = [
        Catastrophe(pattern: "(a+)+$", unit: "a", count: 30, suffix: "b", expected: false),
        Catastrophe(pattern: "(a+)+$", unit: "a", count: 40, suffix: "", expected: true),
        Catastrophe(pattern: "(a|a)*", unit: "a", count: 40, suffix: "b", expected: false),
        Catastrophe(pattern: "(a|aa)+", unit: "a", count: 60, suffix: "!", expected: false),
        Catastrophe(pattern: "(.*)*x", unit: "y", count: 500, suffix: "", expected: false),
        Catastrophe(pattern: "(a*)*b", unit: "a", count: 1_000, suffix: "", expected: false),
        Catastrophe(pattern: "^(([a-z])+.)+[A-Z]([a-z])+$", unit: "aaaaaaaaaa", count: 5, suffix: "!", expected: false),
        Catastrophe(pattern: "(x+x+)+y", unit: "x", count: 40, suffix: "", expected: false),
        Catastrophe(pattern: "(\\w+\\s?)+$", unit: "word ", count: 20, suffix: "!", expected: false),
    ]

    @Test("catastrophic MATCHES patterns answer within 100 ms", arguments: Self.catastrophic)
    func catastrophicRegex(_ testCase: Catastrophe) throws {
        let subject = testCase.subject
        let clock = ContinuousClock()
        var result: Bool?
        let elapsed = try clock.measure {
            result = try Value.compare(.string(subject), .matches, .string(testCase.pattern), options: [])
        }
        #expect(result == testCase.expected)
        #expect(elapsed < .milliseconds(100), "\(testCase.pattern) took \(elapsed)")
    }

    @Test("catastrophic LIKE patterns answer within 100 ms")
    func catastrophicLike() throws {
        let subject = String(repeating: "a", count: 2_000)
        let clock = ContinuousClock()
        var result: Bool?
        let elapsed = try clock.measure {
            result = try Value.compare(
                .string(subject), .like, .string(String(repeating: "*a", count: 200) + "b"), options: [])
        }
        #expect(result == false)
        #expect(elapsed < .milliseconds(100), "LIKE took \(elapsed)")
    }

    @Test("MATCHES subject beyond the limit is a regex-limit error")
    func regexSubjectLimit() {
        let limits = Limits(maxRegexSubjectBytes: 100)
        #expect(throws: EvaluationError.self) {
            try Value.compare(.string(String(repeating: "a", count: 101)), .matches, "a*", options: [], limits: limits)
        }
        #expect(
            (try? Value.compare(
                .string(String(repeating: "a", count: 100)), .matches, "a*", options: [], limits: limits)) == true)
    }

    @Test(
        "hostile regex syntax is an invalid-pattern error or a defined answer",
        arguments: [
            "(", ")", "[", "[z-a]", "a{2,1}", "a{99999999999999999999}", "a**", "\\", "(?<", "\\p{Nope}", "\\x{110000}",
            String(repeating: "(", count: 10_000), String(repeating: "a{1000}", count: 50), "\\1", "(?=a)", "[[[[[[",
        ])
    func hostileRegex(_ pattern: String) {
        do {
            _ = try Value.compare("aaa", .matches, .string(pattern), options: [])
        } catch {
            #expect(error.kind == .invalidPattern || error.kind == .regexLimit || error.kind == .unsupported)
        }
    }
}
