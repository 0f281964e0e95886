import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `BuiltinFunction.apply`: every function, its result type and Apple's errors.
@Suite("Built-in functions")
struct BuiltinFunctionTests {
    static let environment = FunctionEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 1_000), random: 0.75)

    struct Case: CustomTestStringConvertible, Sendable {
        let function: BuiltinFunction
        let arguments: [Value]
        let expected: Value
        init(_ function: BuiltinFunction, _ arguments: [Value], _ expected: Value) {
            self.function = function
            self.arguments = arguments
            self.expected = expected
        }
        var testDescription: String {
            "\(function.selector)(\(arguments.map(\.description).joined(separator: ", "))) == \(expected)"
        }
    }

    @Test(
        "results and result types",
        arguments: [
            Case(.sum, [[1, 2, 3]], .int(6)),
            Case(.sum, [[1, 2.5]], .double(3.5)),
            Case(.sum, [[]], .int(0)),
            Case(.sum, [.set(ValueSet([1, 2]))], .int(3)),
            Case(.sum, [[.int(.max), 1, -1]], .double(9_223_372_036_854_775_807.0)),
            Case(.count, [[1, 2, 3]], .int(3)),
            Case(.count, [.set(ValueSet([1]))], .int(1)),
            Case(.count, [[]], .int(0)),
            Case(.min, [[3, 1, 2]], .int(1)),
            Case(.max, [[3, 1, 2]], .int(3)),
            Case(.min, [[3, 1.5, 2]], .double(1.5)),
            Case(.max, [[3, 1.5, 2]], .double(3)),
            Case(.average, [[1, 2]], .double(1.5)),
            Case(.average, [[2, 4, 6]], .double(4)),
            Case(.median, [[3, 1, 2]], .int(2)),
            Case(.median, [[4, 1, 3, 2]], .int(2)),
            Case(.median, [[1, 2]], .int(1)),
            Case(.median, [[-1, -2]], .int(-1)),
            Case(.median, [[1.0, 2]], .double(1.5)),
            Case(.median, [[.int(.max), .int(.max)]], .int(.max)),
            Case(.median, [["b", "a", "c"]], "b"),
            Case(.mode, [[1, 2, 3, 3]], [3]),
            Case(.mode, [[2, 1, 2, 1, 3]], [1, 2]),
            Case(.mode, [[1.5]], [1.5]),
            Case(.standardDeviation, [[2, 4, 4, 4, 5, 5, 7, 9]], .double(2)),
            Case(.standardDeviation, [[5]], .double(0)),
            Case(.squareRoot, [16], .double(4)),
            Case(.squareRoot, [true], .double(1)),
            Case(.logarithm, [1000], .double(3)),
            Case(.naturalLogarithm, [1], .double(0)),
            Case(.exponential, [0], .double(1)),
            Case(.floor, [1.7], .double(1)),
            Case(.floor, [-1.2], .double(-2)),
            Case(.ceiling, [1.2], .double(2)),
            Case(.truncate, [-1.7], .double(-1)),
            Case(.absoluteValue, [-5], .int(5)),
            Case(.absoluteValue, [5], .int(5)),
            Case(.absoluteValue, [-2.5], .double(2.5)),
            Case(.absoluteValue, [.int(.min)], .int(.min)),
            Case(.onesComplement, [0], .int(-1)),
            Case(.onesComplement, [5], .int(-6)),
            Case(.add, [1, 2], .int(3)),
            Case(.subtract, [10, 4], .int(6)),
            Case(.multiply, [3, 4], .int(12)),
            Case(.divide, [7, 2], .int(3)),
            Case(.divide, [7, 0], .int(0)),
            Case(.modulus, [7, 3], .int(1)),
            Case(.modulus, [7, 0], .int(0)),
            Case(.modulus, [7.5, 2], .double(1.5)),
            Case(.power, [2, 3], .double(8)),
            Case(.bitwiseAnd, [6, 3], .int(2)),
            Case(.bitwiseOr, [6, 3], .int(7)),
            Case(.bitwiseXor, [6, 3], .int(5)),
            Case(.leftShift, [1, 4], .int(16)),
            Case(.rightShift, [16, 4], .int(1)),
            Case(.uppercase, ["straße"], "STRASSE"),
            Case(.lowercase, ["ÀBC"], "àbc"),
            Case(.length, ["héllo😀"], .int(7)),
            Case(.random, [], .double(0.75)),
            Case(.randomBelow, [10], .int(7)),
            Case(.randomBelow, [-10], .int(7)),
            Case(.now, [], .date(Date(timeIntervalSinceReferenceDate: 1_000))),
            Case(.noIndex, [["x"]], ["x"]),
            Case(.objectAtIndex, [[10, 20], 1], .int(20)),
            Case(.objectAtIndex, [["a": 1], "a"], .int(1)),
            Case(.cast, ["42", "NSNumber"], .int(42)),
            Case(.cast, [0, "NSDate"], .date(Date(timeIntervalSinceReferenceDate: 0))),
            Case(.cast, [5, .null], .int(5)),
        ])
    func results(_ testCase: Case) throws {
        let result = try testCase.function.apply(testCase.arguments, environment: Self.environment)
        #expect(result == testCase.expected)
        #expect(result.kindName == testCase.expected.kindName)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let function: BuiltinFunction
        let arguments: [Value]
        let kind: EvaluationError.Kind
        let message: String?
        init(_ function: BuiltinFunction, _ arguments: [Value], _ kind: EvaluationError.Kind, _ message: String? = nil)
        {
            self.function = function
            self.arguments = arguments
            self.kind = kind
            self.message = message
        }
        var testDescription: String {
            "\(function.selector)(\(arguments.map(\.description).joined(separator: ", "))) raises \(kind.rawValue)"
        }
    }

    @Test(
        "errors",
        arguments: [
            ErrorCase(.min, [[]], .emptyCollection, "Invoked min with empty collection."),
            ErrorCase(.max, [[]], .emptyCollection, "Invoked max with empty collection."),
            ErrorCase(.min, [.null], .emptyCollection, "Invoked min with empty collection."),
            ErrorCase(
                .min, [[1, "a"]], .typeMismatch,
                "Invoked mathematical function with non-numeric object(s) in collection."),
            ErrorCase(.max, [5], .notACollection, "Invoked mathematical function with bad collection parameter."),
            ErrorCase(
                .sum, [[true, 1]], .typeMismatch, "Unknown number type or nil passed to arithmetic function expression."
            ),
            ErrorCase(
                .sum, [["a"]], .typeMismatch, "Invoked mathematical function with non-numeric object(s) in collection."),
            ErrorCase(.sum, [.null], .notACollection, "Invoked mathematical function with bad collection parameter."),
            ErrorCase(.sum, ["abc"], .notACollection),
            ErrorCase(.count, [5], .notACollection, "Invoked count with non-collection parameter."),
            ErrorCase(.count, [["a": 1]], .notACollection, "Invoked count with non-collection parameter."),
            ErrorCase(.count, [.null], .notACollection),
            ErrorCase(.average, [[]], .emptyCollection),
            ErrorCase(.median, [[]], .emptyCollection),
            ErrorCase(.median, [[1, "a"]], .typeMismatch),
            ErrorCase(.median, [["a", "b"]], .typeMismatch),
            ErrorCase(.mode, [[]], .emptyCollection),
            ErrorCase(.mode, [["a"]], .typeMismatch),
            ErrorCase(.standardDeviation, [[]], .emptyCollection),
            ErrorCase(.squareRoot, ["4"], .typeMismatch, "mathematical functions require NSNumber parameters"),
            ErrorCase(.floor, [.null], .typeMismatch),
            ErrorCase(
                .absoluteValue, [true], .typeMismatch,
                "Unknown number type or nil passed to arithmetic function expression."),
            ErrorCase(.absoluteValue, ["x"], .typeMismatch, "mathematical functions require NSNumber parameters"),
            ErrorCase(.onesComplement, ["x"], .typeMismatch, "Can't do bit operators on non-numbers"),
            ErrorCase(.add, [true, 1], .typeMismatch),
            ErrorCase(.modulus, ["a", 1], .typeMismatch),
            ErrorCase(.bitwiseAnd, [1, "a"], .typeMismatch),
            ErrorCase(.uppercase, [1], .typeMismatch, "Can't uppercase non-string"),
            ErrorCase(.lowercase, [.null], .typeMismatch, "Can't lowercase non-string"),
            ErrorCase(.length, [5], .typeMismatch, "Can't apply length: to a non-string"),
            ErrorCase(.randomBelow, [0], .typeMismatch),
            ErrorCase(.randomBelow, ["x"], .typeMismatch),
            ErrorCase(.objectAtIndex, ["abc", 0], .notACollection),
            ErrorCase(.cast, [1, 2], .invalidCast),
            ErrorCase(.distanceToLocation, [1, 2], .unsupported),
            ErrorCase(.sum, [], .typeMismatch),
            ErrorCase(.now, [1], .typeMismatch),
            ErrorCase(.add, [1], .typeMismatch),
        ])
    func errors(_ testCase: ErrorCase) {
        #expect {
            try testCase.function.apply(testCase.arguments, environment: Self.environment)
        } throws: { error in
            guard let error = error as? EvaluationError, error.kind == testCase.kind else { return false }
            return testCase.message.map { $0 == error.message } ?? true
        }
    }

    @Test("every function is covered by a result or an error row")
    func coverage() {
        // Keeps the tables honest when a case is added to BuiltinFunction.
        let covered: Set<BuiltinFunction> = [
            .sum, .count, .min, .max, .average, .median, .mode, .standardDeviation, .squareRoot, .logarithm,
            .naturalLogarithm, .exponential, .floor, .ceiling, .absoluteValue, .truncate, .onesComplement, .add,
            .subtract, .multiply, .divide, .modulus, .power, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift,
            .rightShift, .uppercase, .lowercase, .length, .random, .randomBelow, .now, .noIndex, .objectAtIndex,
            .cast, .distanceToLocation,
        ]
        #expect(covered == Set(BuiltinFunction.allCases))
    }

    @Test("random() stays in 0..<1 whatever the source returns", arguments: [-1.0, 1.0, 7.5, Double.nan])
    func randomClamp(_ raw: Double) throws {
        let environment = FunctionEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 0), random: raw)
        let value = try BuiltinFunction.random.apply([], environment: environment).doubleValue ?? -1
        #expect(value >= 0 && value < 1)
        let below = try BuiltinFunction.randomBelow.apply([3], environment: environment)
        #expect([Value.int(0), 1, 2].contains(below))
    }

    @Test("the live environment reads the clock and a random source")
    func live() throws {
        let before = Date()
        guard case .date(let now) = try BuiltinFunction.now.apply([], environment: .live) else {
            Issue.record("now() is not a date")
            return
        }
        #expect(now >= before)
        let random = try BuiltinFunction.random.apply([], environment: .live).doubleValue ?? -1
        #expect(random >= 0 && random < 1)
    }
}
