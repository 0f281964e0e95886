// RegressionTests: one test per crash or hang found by fuzzing and the hardening sweeps, with the
// minimised input. Each names how it was found; the fix lives in the shared code it points to.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Regressions found by fuzzing and sweeps")
struct RegressionTests {
    /// Found by NoTrapComparisonTests: an ordering error message described the date with
    /// `Date.description`, which traps in FoundationEssentials for NaN and far-out dates
    /// (`CAST(1e300, 'NSDate') < 'x'`). Fixed in `Value.messageDescription` (Value+Comparison.swift).
    @Test(
        "error messages about out-of-range dates do not trap", arguments: [1e300, -1e300, .nan, .infinity, -.infinity])
    func outOfRangeDateInMessage(_ seconds: Double) {
        let date = Value.date(Date(timeIntervalSinceReferenceDate: seconds))
        #expect(throws: EvaluationError.self) { try Value.compare(date, .lessThan, "x", options: []) }
        #expect(throws: EvaluationError.self) { try Value.compare(5, .between, date, options: []) }
    }

    @Test("a date in range is still described as NSDate prints it")
    func inRangeDateMessage() {
        do {
            _ = try Value.compare(1, .between, .date(Date(timeIntervalSinceReferenceDate: 0)), options: [])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("2001-01-01 00:00:00 +0000"))
        }
    }

    /// Found by FuzzPredicate (input `a == ---------YES--\t---------------MutableC---…0`):
    /// a boolean constant prints as `1`, so `-(-YES)` prints as `-(-1)`, which the parser then folds
    /// as a number: `format` is not idempotent, and the printed text means something else (negating
    /// a boolean raises; negating 1 does not).
    @Test(
        "format is idempotent for negated boolean constants",
        arguments: ["a == -YES", "a == ---YES", "a == -(-(NO)) + 1"])
    func negatedBooleanFormat(_ text: String) throws {
        let tree = try #require(SyntaxTree.parse(text).tree)
        let printed = tree.format
        let again = try #require(SyntaxTree.parse(printed).tree)
        #expect(again.format == printed, "\(text) → \(printed) → \(again.format)")
    }

    /// Found by FuzzPredicate (input `a == ` + 88 × `-` + `0e999` + 11 × `-` + `1`):
    /// the folded constant was the double -0.0, printed `-0` (NSNumber's description), which reads back
    /// as the integer 0 and prints `0`: `format` was not idempotent, and `1 / -0.0` (−inf) would have
    /// become `1 / 0` (an error). Negative zero prints `-0.0`.
    @Test(
        "format is idempotent for negative zero",
        arguments: [
            "a == -0.0", "a == -0e999", "a == ----0e999 - 1", "a == -0.0 + -0.0", "(-0.0).x == 1", "a IN {-0.0, 0.0}",
        ])
    func negativeZeroFormat(_ text: String) throws {
        let tree = try #require(SyntaxTree.parse(text).tree)
        let printed = tree.format
        let again = try #require(SyntaxTree.parse(printed).tree)
        #expect(again.format == printed, "\(text) → \(printed) → \(again.format)")
        // The sign survives: 1 / -0.0 is -inf before and after printing.
        let divided = try #require(SyntaxTree.parse("1 / -0.0 < 0").tree)
        #expect(try CompiledPredicate(divided.format).evaluate() == true)
    }
}
