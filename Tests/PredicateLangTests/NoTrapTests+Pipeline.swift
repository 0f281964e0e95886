// NoTrapTests+Pipeline: integer and floating-point edge cases through the whole pipeline (parse →
// constant folding → compile → VM), where constant folding and the VM's fused paths could take a
// different, trapping route than the value layer: overflow on every operator, division and modulus by
// zero, Int64.min / -1, NaN and infinities into integers (CAST, bitwise, index), reversed BETWEEN,
// shifts, functions at their edges. Each has a defined result or a typed error.

import Testing

@testable import PredicateLang

@Suite("No traps: edge arithmetic through the pipeline")
struct NoTrapPipelineTests {
    static let object: Value = [
        "big": .int(.max), "small": .int(.min), "zero": 0, "minusOne": -1, "nan": .double(.nan),
        "inf": .double(.infinity), "huge": 1e300, "age": 42, "numbers": [1, 2, 3, -4, 0], "empty": [],
    ]

    /// Outcomes with a definite answer.
    static let definite: [(String, Bool)] = [
        ("big + 1 == small", true), ("small - 10000 > small", true), ("big * 2 == -2", true),
        ("small * -1 == small", true), ("small / -1 == small", true), ("-small == small", true),
        ("big - minusOne == small", true),
        ("7 / 0 == 0", true), ("big / zero == 0", true), ("small / zero == 0", true),
        ("modulus:by:(7, 0) == 0", true), ("modulus:by:(small, -1) == 0", true),
        ("modulus:by:(small, minusOne) == 0", true),
        ("9223372036854775807 + 1 < 0", true), ("-9223372036854775807 - 2 > 0", true),
        ("9223372036854775807 * 9223372036854775807 == 1", true), ("(0 - 9223372036854775807 - 1) / -1 < 0", true),
        ("CAST(nan, 'NSNumber') & 1 == 0", true), ("bitwiseOr:with:(inf, 0) == big", true),
        ("bitwiseXor:with:(-inf, 0) == small", true), ("bitwiseAnd:with:(huge, -1) == big", true),
        ("leftshift:by:(1, 64) == 0", true), ("leftshift:by:(1, big) == 0", true),
        ("rightshift:by:(-1, big) == -1", true), ("leftshift:by:(1, small) == 0", true),
        ("onesComplement:(small) == big", true),
        ("age BETWEEN {50, 1}", true), ("age BETWEEN {43, 50}", false), ("nan BETWEEN {0, 1}", false),
        ("2 ** 10000 > 0", true), ("CAST('99999999999999999999', 'NSNumber') > big", true),
        ("sum:({9223372036854775807, 1}) > 0", true), ("sum:(numbers) + big < 0", true),
        ("SUBQUERY(numbers, $x, $x / 0 == 0).@count == 5", true),
        ("numbers[SIZE] == 5 AND numbers[LAST] == 0 AND numbers[FIRST] == 1", true),
        ("trunc:(huge) > 0", true), ("floor:(-inf) < 0", true),
    ]

    @Test("edge arithmetic has the defined result", arguments: Self.definite)
    func definiteResults(_ text: String, _ expected: Bool) throws {
        let predicate = try CompiledPredicate(text)
        #expect(try predicate.evaluate(with: Self.object) == expected, "\(text)")
    }

    /// Outcomes that must be a typed evaluation error.
    static let errors: [(String, EvaluationError.Kind)] = [
        ("numbers[nan] == 1", .invalidIndex), ("numbers[inf] == 1", .invalidIndex),
        ("numbers[huge] == 1", .invalidIndex),
        ("numbers[9223372036854775807] == 1", .invalidIndex), ("numbers[-9223372036854775807] == 1", .invalidIndex),
        ("CAST(1e300, 'NSDate') < 'x'", .typeMismatch), ("CAST(nan, 'NSDate') < 'x'", .typeMismatch),
    ]

    @Test("edge operations raise a typed error", arguments: Self.errors)
    func typedErrors(_ text: String, _ kind: EvaluationError.Kind) throws {
        let predicate = try CompiledPredicate(text)
        let error = #expect(throws: EvaluationError.self, "\(text)") { try predicate.evaluate(with: Self.object) }
        #expect(error?.kind == kind, "\(text): \(String(describing: error))")
    }

    /// Edges where either a value or a typed error is acceptable, but never a trap.
    static let either = [
        "abs:(small) > 0", "randomn:(0) >= 0", "randomn:(-5) >= 0", "randomn:(huge) >= 0", "randomn:(nan) >= 0",
        "objectFrom:withIndex:(numbers, -1) == 0", "objectFrom:withIndex:(numbers, big) == 0",
        "objectFrom:withIndex:(numbers, nan) == 0", "sqrt:(-1) == 0", "log:(0) < 0", "ln:(-1) == 0",
        "exp:(1e300) > 0", "average:({}) == 0", "median:({}) == 0", "stddev:({big, small}) > 0",
        "mode:({nan, nan}) == 0", "min:({}) == 0", "CAST(huge, 'NSDate') > now()", "CAST(-inf, 'NSDate') < now()",
        "CAST(inf, 'NSString') == 'x'", "length:(CAST(small, 'NSString')) == 20", "uppercase:(nan) == 'NAN'",
        "raise:toPower:(-8, 0.333) == -2", "castObject:toType:(big, 'NSDecimalNumber') == big",
        "numbers.@avg > 0 AND empty.@avg == 0 AND empty.@max == nil", "big MATCHES '9+'",
        "CAST(CAST(1e300, 'NSDate'), 'NSNumber') == huge", "FUNCTION(small, 'abs:') > 0",
        "empty[LAST] == 1", "empty[FIRST] == 1", "numbers.@sum + big > 0",
    ]

    @Test("other edges answer or raise a typed error", arguments: Self.either)
    func eitherOutcome(_ text: String) {
        let result = CompiledPredicate.compile(text)
        guard let predicate = result.predicate else {
            #expect(!result.diagnostics.isEmpty, "\(text)")
            return
        }
        do {
            _ = try predicate.evaluate(with: Self.object)
        } catch {
            #expect(!error.message.isEmpty, "\(text)")
        }
    }
}
