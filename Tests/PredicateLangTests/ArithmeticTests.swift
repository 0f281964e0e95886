import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `Value.arithmetic`, `Value.modulus` and `negated()`: NSPredicate number rules without traps.
@Suite("Arithmetic")
struct ArithmeticTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let op: ArithmeticOperator
        let lhs: Value
        let rhs: Value
        let expected: Value
        var testDescription: String { "\(lhs) \(op.rawValue) \(rhs) == \(expected)" }
    }

    static let big = Value.int(.max)
    static let small = Value.int(.min)

    @Test(
        "results, including every integer edge case",
        arguments: [
            Case(op: .add, lhs: 1, rhs: 2, expected: .int(3)),
            Case(op: .add, lhs: 1, rhs: 2.5, expected: .double(3.5)),
            Case(op: .subtract, lhs: 1, rhs: 3, expected: .int(-2)),
            Case(op: .multiply, lhs: 6, rhs: 7, expected: .int(42)),
            Case(op: .divide, lhs: 7, rhs: 2, expected: .int(3)),
            Case(op: .divide, lhs: -7, rhs: 2, expected: .int(-3)),
            Case(op: .divide, lhs: 7, rhs: 2.0, expected: .double(3.5)),
            Case(op: .divide, lhs: 5, rhs: 0, expected: .int(0)),
            Case(op: .divide, lhs: 5.0, rhs: 0, expected: .double(.infinity)),
            Case(op: .divide, lhs: -5, rhs: 0.0, expected: .double(-.infinity)),
            Case(op: .power, lhs: 2, rhs: 10, expected: .double(1024)),
            Case(op: .power, lhs: 2, rhs: 0.5, expected: .double(2.0.squareRoot())),
            Case(op: .power, lhs: true, rhs: 2, expected: .double(1)),
            // Overflow wraps, as Apple's `long long` arithmetic does, without trapping.
            Case(op: .add, lhs: big, rhs: 1, expected: small),
            Case(op: .subtract, lhs: small, rhs: 1, expected: big),
            Case(op: .multiply, lhs: big, rhs: 2, expected: .int(-2)),
            Case(op: .multiply, lhs: small, rhs: -1, expected: small),
            Case(op: .divide, lhs: small, rhs: -1, expected: small),
            Case(op: .add, lhs: big, rhs: 1.0, expected: .double(9_223_372_036_854_775_808.0)),
            Case(op: .divide, lhs: small, rhs: 1, expected: small),
            // Bitwise, shifts with out-of-range counts.
            Case(op: .bitwiseAnd, lhs: 6, rhs: 3, expected: .int(2)),
            Case(op: .bitwiseOr, lhs: 2, rhs: 1, expected: .int(3)),
            Case(op: .bitwiseXor, lhs: 6, rhs: 3, expected: .int(5)),
            Case(op: .leftShift, lhs: 1, rhs: 3, expected: .int(8)),
            Case(op: .rightShift, lhs: 16, rhs: 2, expected: .int(4)),
            Case(op: .leftShift, lhs: 1, rhs: 64, expected: .int(0)),
            Case(op: .leftShift, lhs: 1, rhs: 63, expected: small),
            Case(op: .rightShift, lhs: -8, rhs: 100, expected: .int(-1)),
            Case(op: .rightShift, lhs: 8, rhs: 100, expected: .int(0)),
            Case(op: .leftShift, lhs: 8, rhs: -2, expected: .int(2)),
            Case(op: .bitwiseAnd, lhs: 7.9, rhs: 3, expected: .int(3)),
            Case(op: .bitwiseOr, lhs: .double(.nan), rhs: 1, expected: .int(1)),
            Case(op: .bitwiseAnd, lhs: 1e300, rhs: -1, expected: big),
            Case(op: .bitwiseOr, lhs: true, rhs: 2, expected: .int(3)),
        ])
    func results(_ testCase: Case) throws {
        let result = try Value.arithmetic(testCase.op, testCase.lhs, testCase.rhs)
        #expect(result == testCase.expected)
        #expect(result.kindName == testCase.expected.kindName)
    }

    @Test("0.0 / 0 is NaN")
    func nan() throws {
        guard case .double(let result) = try Value.arithmetic(.divide, 0.0, 0) else {
            Issue.record("expected a double")
            return
        }
        #expect(result.isNaN)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let op: ArithmeticOperator
        let lhs: Value
        let rhs: Value
        let message: String
        var testDescription: String { "\(lhs) \(op.rawValue) \(rhs) raises" }
    }

    @Test(
        "type errors carry Apple's messages",
        arguments: [
            ErrorCase(
                op: .add, lhs: true, rhs: 1,
                message: "Unknown number type or nil passed to arithmetic function expression."),
            ErrorCase(
                op: .multiply, lhs: 2, rhs: false,
                message: "Unknown number type or nil passed to arithmetic function expression."),
            ErrorCase(op: .add, lhs: "a", rhs: 1, message: "incompatible parameters passed to mathematical function"),
            ErrorCase(op: .add, lhs: .null, rhs: 1, message: "incompatible parameters passed to mathematical function"),
            ErrorCase(
                op: .subtract, lhs: 1, rhs: .date(Date(timeIntervalSinceReferenceDate: 0)),
                message: "incompatible parameters passed to mathematical function"),
            ErrorCase(op: .multiply, lhs: "a", rhs: 1, message: "mathematical functions require NSNumber parameters"),
            ErrorCase(op: .divide, lhs: 1, rhs: .null, message: "mathematical functions require NSNumber parameters"),
            ErrorCase(op: .power, lhs: "2", rhs: 2, message: "mathematical functions require NSNumber parameters"),
            ErrorCase(op: .bitwiseAnd, lhs: "a", rhs: 1, message: "Can't do bit operators on non-numbers"),
            ErrorCase(op: .leftShift, lhs: 1, rhs: .null, message: "Can't do bit operators on non-numbers"),
        ])
    func typeErrors(_ testCase: ErrorCase) {
        #expect {
            try Value.arithmetic(testCase.op, testCase.lhs, testCase.rhs)
        } throws: { error in
            guard let error = error as? EvaluationError else { return false }
            return error.kind == .typeMismatch && error.message == testCase.message
        }
    }

    @Test("date arithmetic")
    func dates() throws {
        let base = Date(timeIntervalSinceReferenceDate: 1_000)
        #expect(try Value.arithmetic(.add, .date(base), 60) == .date(Date(timeIntervalSinceReferenceDate: 1_060)))
        #expect(try Value.arithmetic(.add, 60.5, .date(base)) == .date(Date(timeIntervalSinceReferenceDate: 1_060.5)))
        #expect(try Value.arithmetic(.subtract, .date(base), 100) == .date(Date(timeIntervalSinceReferenceDate: 900)))
        #expect(
            try Value.arithmetic(.subtract, .date(base), .date(Date(timeIntervalSinceReferenceDate: 400)))
                == .double(600))
        #expect(throws: EvaluationError.self) { try Value.arithmetic(.add, .date(base), .date(base)) }
        #expect(throws: EvaluationError.self) { try Value.arithmetic(.multiply, .date(base), 2) }
    }

    @Test(
        "modulus: C remainder for integers, 0 for a zero divisor, fmod for doubles",
        arguments: [
            (Value.int(7), Value.int(3), Value.int(1)),
            (Value.int(-7), Value.int(3), Value.int(-1)),
            (Value.int(7), Value.int(0), Value.int(0)),
            (Value.int(.min), Value.int(-1), Value.int(0)),
            (Value.double(7.5), Value.int(2), Value.double(1.5)),
            (Value.int(-7), Value.double(2), Value.double(-1)),
        ])
    func modulus(_ lhs: Value, _ rhs: Value, _ expected: Value) throws {
        let result = try Value.modulus(lhs, rhs)
        #expect(result == expected)
        #expect(result.kindName == expected.kindName)
    }

    @Test("modulus of a double by zero is NaN; booleans and strings raise")
    func modulusEdges() throws {
        guard case .double(let result) = try Value.modulus(1.5, 0) else {
            Issue.record("expected a double")
            return
        }
        #expect(result.isNaN)
        #expect(throws: EvaluationError.self) { try Value.modulus(true, 2) }
        #expect(throws: EvaluationError.self) { try Value.modulus("7", 2) }
    }

    @Test(
        "negation",
        arguments: [
            (Value.int(5), Value.int(-5)),
            (Value.int(.min), Value.int(.min)),
            (Value.double(1.5), Value.double(-1.5)),
            (Value.int(0), Value.int(0)),
        ])
    func negation(_ value: Value, _ expected: Value) throws {
        let result = try value.negated()
        #expect(result == expected)
        #expect(result.kindName == expected.kindName)
    }

    @Test("negating a boolean, nil or a string raises", arguments: [Value.bool(true), .null, "x", [1]])
    func negationErrors(_ value: Value) {
        #expect(throws: EvaluationError.self) { try value.negated() }
    }
}
