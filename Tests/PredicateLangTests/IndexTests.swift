import Testing

@testable import PredicateLang

/// `Value.element(at:)`: the `[ ]` operator.
@Suite("Index subscripts")
struct IndexTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let receiver: Value
        let index: IndexValue
        let expected: Value
        var testDescription: String { "\(receiver)[\(index)] == \(expected)" }
    }

    @Test(
        "arrays, dictionaries, sets and null",
        arguments: [
            Case(receiver: [10, 20, 30], index: .value(0), expected: 10),
            Case(receiver: [10, 20, 30], index: .value(2), expected: 30),
            Case(receiver: [10, 20, 30], index: .value(1.0), expected: 20),
            Case(receiver: [10, 20, 30], index: .first, expected: 10),
            Case(receiver: [10, 20, 30], index: .last, expected: 30),
            Case(receiver: [10, 20, 30], index: .size, expected: 3),
            Case(receiver: [], index: .first, expected: .null),
            Case(receiver: [], index: .last, expected: .null),
            Case(receiver: [], index: .size, expected: 0),
            Case(receiver: [[]], index: .size, expected: 1),
            Case(receiver: ["b": 2, "a": 1], index: .value("a"), expected: 1),
            Case(receiver: ["b": 2, "a": 1], index: .value("z"), expected: .null),
            Case(receiver: ["b": 2, "a": 1], index: .value(1), expected: .null),
            Case(receiver: ["b": 2, "a": 1], index: .first, expected: 1),
            Case(receiver: ["b": 2, "a": 1], index: .last, expected: 2),
            Case(receiver: ["b": 2, "a": 1], index: .size, expected: 2),
            Case(receiver: [:], index: .first, expected: .null),
            Case(receiver: .set(ValueSet([3, 4])), index: .first, expected: 3),
            Case(receiver: .set(ValueSet([3, 4])), index: .last, expected: 4),
            Case(receiver: .set(ValueSet([3, 4])), index: .size, expected: 2),
            Case(receiver: .set(ValueSet([3, 4])), index: .value(4.0), expected: 4),
            Case(receiver: .set(ValueSet([3, 4])), index: .value(5), expected: .null),
            Case(receiver: .set(ValueSet()), index: .first, expected: .null),
            Case(receiver: .null, index: .value(0), expected: .null),
            Case(receiver: .null, index: .size, expected: .null),
        ])
    func elements(_ testCase: Case) throws {
        #expect(try testCase.receiver.element(at: testCase.index) == testCase.expected)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let receiver: Value
        let index: IndexValue
        let kind: EvaluationError.Kind
        var testDescription: String { "\(receiver)[\(index)] raises \(kind.rawValue)" }
    }

    @Test(
        "bad indexes and non-collections raise",
        arguments: [
            ErrorCase(receiver: [1, 2], index: .value(2), kind: .invalidIndex),
            ErrorCase(receiver: [1, 2], index: .value(-1), kind: .invalidIndex),
            ErrorCase(receiver: [], index: .value(0), kind: .invalidIndex),
            ErrorCase(receiver: [1, 2], index: .value(0.5), kind: .invalidIndex),
            ErrorCase(receiver: [1, 2], index: .value("0"), kind: .invalidIndex),
            ErrorCase(receiver: [1, 2], index: .value(.null), kind: .invalidIndex),
            ErrorCase(receiver: [1, 2], index: .value(.double(.nan)), kind: .invalidIndex),
            ErrorCase(receiver: [1, 2], index: .value(.int(.max)), kind: .invalidIndex),
            ErrorCase(receiver: "abc", index: .value(0), kind: .notACollection),
            ErrorCase(receiver: "abc", index: .size, kind: .notACollection),
            ErrorCase(receiver: 5, index: .first, kind: .notACollection),
            ErrorCase(receiver: true, index: .last, kind: .notACollection),
        ])
    func errors(_ testCase: ErrorCase) {
        #expect {
            try testCase.receiver.element(at: testCase.index)
        } throws: { error in
            (error as? EvaluationError)?.kind == testCase.kind
        }
    }

    @Test("the not-a-collection message is Apple's")
    func message() {
        #expect {
            try Value.int(5).element(at: .size)
        } throws: { error in
            (error as? EvaluationError)?.message
                == "The object 5 is NOT a collection.  Cannot retrieve item at index: SIZE"
        }
        #expect {
            try Value.array([1, 2, 3]).element(at: .value(5))
        } throws: { error in
            (error as? EvaluationError)?.message == "*** -[NSArray objectAtIndex:]: index 5 beyond bounds [0 .. 2]"
        }
    }
}
