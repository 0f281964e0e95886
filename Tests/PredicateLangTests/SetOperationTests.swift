import Testing

@testable import PredicateLang

/// `Value.setOperation`: UNION, INTERSECT, MINUS.
@Suite("Set operations")
struct SetOperationTests {
    @Test(
        "results are sets",
        arguments: [
            (SetOperator.union, Value.array([1, 2]), Value.array([2, 3]), Value.set(ValueSet([1, 2, 3]))),
            (.union, .set(ValueSet([1])), .set(ValueSet([1.0])), .set(ValueSet([1]))),
            (.union, [], [], .set(ValueSet())),
            (.intersect, [1, 2, 3], .set(ValueSet([3, 2, 9])), .set(ValueSet([2, 3]))),
            (.intersect, [1, 2], ["a": 2, "b": 7], .set(ValueSet([2]))),
            (.minus, [1, 2, 3, 3], [2], .set(ValueSet([1, 3]))),
            (.minus, ["a", "b"], ["x": "a"], .set(ValueSet(["b"]))),
            (.union, [1], ["k": 5], .set(ValueSet([1, 5]))),
        ] as [(SetOperator, Value, Value, Value)])
    func results(_ op: SetOperator, _ lhs: Value, _ rhs: Value, _ expected: Value) throws {
        let result = try Value.setOperation(op, lhs, rhs)
        #expect(result == expected)
        #expect(result.kindName == "set")
    }

    @Test("union keeps left elements first")
    func order() throws {
        let result = try Value.setOperation(.union, [3, 1], [2, 3])
        #expect(result.collectionElements == [3, 1, 2])
    }

    @Test(
        "non-collections raise",
        arguments: [
            (SetOperator.union, Value.null, Value.array([1])),
            (.intersect, 1, [1]),
            (.minus, ["a": 1], [1]),
            (.union, [1], "abc"),
            (.union, [1], .null),
        ] as [(SetOperator, Value, Value)])
    func errors(_ op: SetOperator, _ lhs: Value, _ rhs: Value) {
        #expect {
            try Value.setOperation(op, lhs, rhs)
        } throws: { error in
            (error as? EvaluationError)?.kind == .notACollection
        }
    }
}
