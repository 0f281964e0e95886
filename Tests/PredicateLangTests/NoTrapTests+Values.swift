// NoTrapTests+Values: exhaustive sweeps of the value operations over edge values (Int64 extremes, NaN,
// infinities, huge doubles, empty and mixed collections). Every call must return a value or throw an
// EvaluationError; a Swift trap kills the test process, so these tests fail loudly if one comes back.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The edge values every sweep combines.
enum EdgeValues {
    static let numbers: [Value] = [
        .int(.max), .int(.min), .int(.max - 1), .int(.min + 1), -1, 0, 1, 2, 63, 64, 65, -64,
        .double(.nan), .double(.infinity), .double(-.infinity), .double(-0.0), 0.5, -0.5,
        .double(.greatestFiniteMagnitude), .double(-.greatestFiniteMagnitude), .double(.leastNonzeroMagnitude),
        9.223372036854775807e18, -9.223372036854775809e18, 1e300, -1e300, .bool(true), .bool(false),
    ]
    static let others: [Value] = [
        .null, "", "12abc", "0x7FFFFFFFFFFFFFFFF", "-9223372036854775809", "1e999", "nan", "ß", "🇺🇸",
        .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: 1e300)),
        .date(Date(timeIntervalSinceReferenceDate: -1e300)), .date(Date(timeIntervalSinceReferenceDate: .nan)),
        [], [1], [.int(.max), .int(.max)], [.int(.min), -1], [.double(.nan), 1], ["a", 1, nil],
        .set(ValueSet([1, 2.5, "x"])), .set(ValueSet()), ["k": 1], [:], [[[]]],
    ]
    static let all = numbers + others
}

@Suite("No traps: value operations over edge values")
struct NoTrapValueTests {
    /// Runs `body`; a thrown EvaluationError counts as a defined outcome.
    private func outcome(_ body: () throws(EvaluationError) -> Value) -> String {
        do { return try body().kindName } catch { return "error:\(error.kind.rawValue)" }
    }

    @Test("every arithmetic operator over every pair of edge values", arguments: ArithmeticOperator.allCases)
    func arithmetic(_ op: ArithmeticOperator) {
        var defined = 0
        for lhs in EdgeValues.all {
            for rhs in EdgeValues.all {
                _ = outcome { () throws(EvaluationError) in try Value.arithmetic(op, lhs, rhs) }
                defined += 1
            }
        }
        #expect(defined == EdgeValues.all.count * EdgeValues.all.count)
    }

    @Test("modulus and negation over edge values")
    func modulusAndNegation() throws {
        for lhs in EdgeValues.all {
            _ = outcome { () throws(EvaluationError) in try lhs.negated() }
            for rhs in EdgeValues.all {
                _ = outcome { () throws(EvaluationError) in try Value.modulus(lhs, rhs) }
            }
        }
        #expect(try Value.modulus(.int(.min), -1) == 0)
        #expect(try Value.modulus(7, 0) == 0)
        #expect(try Value.int(.min).negated() == .int(.min))
    }

    @Test(
        "integer edge cases have defined results",
        arguments: [
            (ArithmeticOperator.add, Value.int(.max), Value.int(1), Value.int(.min)),
            (.subtract, .int(.min), 1, .int(.max)),
            (.multiply, .int(.max), 2, -2),
            (.multiply, .int(.min), -1, .int(.min)),
            (.divide, .int(.min), -1, .int(.min)),
            (.divide, 7, 0, 0),
            (.divide, .int(.min), 0, 0),
            (.leftShift, 1, 64, 0),
            (.leftShift, 1, .int(.max), 0),
            (.rightShift, -1, .int(.max), -1),
            (.leftShift, 1, .int(.min), 0),
            (.bitwiseAnd, .double(.nan), -1, 0),
            (.bitwiseOr, .double(.infinity), 0, .int(.max)),
            (.bitwiseXor, .double(-.infinity), 0, .int(.min)),
            (.bitwiseOr, 1e300, 0, .int(.max)),
        ])
    func integerEdges(_ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value, _ expected: Value) throws {
        let result = try Value.arithmetic(op, lhs, rhs)
        #expect(result == expected)
        #expect(result.kindName == expected.kindName)
    }

    @Test("every built-in function over edge arguments", arguments: BuiltinFunction.allCases)
    func functions(_ function: BuiltinFunction) {
        let environments = [
            FunctionEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 0), random: 0),
            .fixed(now: Date(timeIntervalSinceReferenceDate: .nan), random: 0.999_999_999_999),
            .fixed(now: Date(timeIntervalSinceReferenceDate: 1e300), random: 1.0),
        ]
        let candidates =
            EdgeValues.all + [
                "NSNumber", "NSString", "NSDate", "NSDecimalNumber", "Class", "NSArray",
                [.int(.max), .int(.max), 1], [1e308, 1e308], [.double(.nan)],
                [.double(.infinity), .double(-.infinity)],
            ]
        var calls = 0
        for environment in environments {
            switch function.arity {
            case 0:
                _ = outcome { () throws(EvaluationError) in try function.apply([], environment: environment) }
                calls += 1
            case 1:
                for a in candidates {
                    _ = outcome { () throws(EvaluationError) in try function.apply([a], environment: environment) }
                    calls += 1
                }
            default:
                for a in candidates {
                    for b in candidates {
                        _ = outcome { () throws(EvaluationError) in
                            try function.apply([a, b], environment: environment)
                        }
                        calls += 1
                    }
                }
            }
            // Wrong arity is an error, not a trap.
            _ = outcome { () throws(EvaluationError) in
                try function.apply(Array(repeating: 1, count: function.arity + 1), environment: environment)
            }
            _ = outcome { () throws(EvaluationError) in try function.apply([], environment: environment) }
        }
        #expect(calls > 0)
    }

    @Test(
        "aggregates that overflow Int64 give a number, not a trap",
        arguments: [
            BuiltinFunction.sum, .average, .median, .standardDeviation, .min, .max,
        ])
    func overflowingAggregates(_ function: BuiltinFunction) throws {
        let values: Value = [.int(.max), .int(.max), .int(.max)]
        let result = try function.apply([values], environment: .live)
        #expect(result.isNumber)
        if function == .sum { #expect(result == .double(3 * 9.223372036854775807e18)) }
    }

    @Test("mode: of Int64 extremes is the array of modes")
    func modeOfExtremes() throws {
        #expect(
            try BuiltinFunction.mode.apply([[.int(.max), .int(.max), .int(.min)]], environment: .live) == [.int(.max)])
    }

    @Test("CAST of every edge value to every type name")
    func casts() throws {
        let types = [
            "NSNumber", "NSDecimalNumber", "NSString", "NSDate", "NSArray", "NSDictionary", "NSSet", "Class", "",
            "NSObject",
        ]
        for value in EdgeValues.all {
            for type in types {
                _ = outcome { () throws(EvaluationError) in try value.cast(to: type) }
            }
        }
        // Out-of-range strings become doubles rather than trapping in an integer conversion.
        #expect(try Value.string("99999999999999999999").cast(to: "NSNumber").kindName == Value.double(1).kindName)
        #expect(throws: EvaluationError.self) { try Value.string("x").cast(to: "Class") }
    }

    @Test("index selectors with edge indices on every collection")
    func indices() {
        let selectors: [IndexValue] = [.first, .last, .size] + EdgeValues.all.map { IndexValue.value($0) }
        for subject in EdgeValues.all {
            for selector in selectors {
                _ = outcome { () throws(EvaluationError) in try subject.element(at: selector) }
            }
        }
        #expect(throws: EvaluationError.self) { try Value.array([]).element(at: .value(.int(.min))) }
        #expect(throws: EvaluationError.self) { try Value.array([1]).element(at: .value(.double(.nan))) }
    }

    @Test("collection operators over edge collections")
    func keyPathOperators() {
        let operators = [
            "@count", "@sum", "@avg", "@min", "@max", "@distinctUnionOfObjects", "@unionOfObjects",
            "@distinctUnionOfArrays", "@unionOfArrays", "@distinctUnionOfSets", "length", "@", "@@", "",
        ]
        for subject in EdgeValues.all + [[.int(.max), .int(.max)], [[1], [.double(.nan)]]] {
            for op in operators {
                _ = outcome { () throws(EvaluationError) in try subject.value(forKeyPath: [op]) }
                _ = outcome { () throws(EvaluationError) in try subject.value(forKeyPath: [op, "x"]) }
            }
        }
    }

    @Test("set operations over edge values", arguments: SetOperator.allCases)
    func setOperations(_ op: SetOperator) {
        for lhs in EdgeValues.all {
            for rhs in EdgeValues.all {
                _ = outcome { () throws(EvaluationError) in try Value.setOperation(op, lhs, rhs) }
            }
        }
    }
}
