import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Key-value coding over values: `Value.value(forKeyPath:)`.
@Suite("Key paths (KVC)")
struct KeyPathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let receiver: Value
        let path: String
        let expected: Value
        var testDescription: String { "\(receiver).\(path) == \(expected)" }
    }

    static let people: Value = [
        ["name": "Ann", "age": 30, "tags": ["a", "b"]],
        ["name": "Bob", "age": 20, "tags": ["b"]],
        ["name": "Cy", "tags": []],
    ]

    @Test(
        "dictionary, array, set, string and null receivers",
        arguments: [
            Case(receiver: ["a": ["b": 1]], path: "a.b", expected: 1),
            Case(receiver: ["a": 1], path: "missing", expected: .null),
            Case(receiver: ["a": .null], path: "a.b.c", expected: .null),
            Case(receiver: .null, path: "anything", expected: .null),
            Case(receiver: people, path: "name", expected: ["Ann", "Bob", "Cy"]),
            Case(receiver: people, path: "age", expected: [30, 20, .null]),
            Case(receiver: people, path: "tags", expected: [["a", "b"], ["b"], []]),
            Case(receiver: [[["x": 1]], [["x": 2], ["x": 3]]], path: "x", expected: [[1], [2, 3]]),
            Case(
                receiver: .set(ValueSet([["k": 1], ["k": 1], ["k": 2]])), path: "k", expected: .set(ValueSet([1, 2]))),
            Case(receiver: "héllo", path: "length", expected: 5),
            Case(receiver: "😀", path: "length", expected: 2),
            Case(receiver: ["name": "Ann"], path: "name.length", expected: 3),
            Case(receiver: 5, path: "self", expected: 5),
            Case(receiver: ["a": 1], path: "self", expected: ["a": 1]),
            Case(receiver: ["self": 2], path: "self", expected: 2),
            Case(receiver: "s", path: "SELF", expected: "s"),
            Case(receiver: "abc", path: "uppercaseString", expected: "ABC"),
            Case(receiver: "ÀB", path: "lowercaseString", expected: "àb"),
            Case(receiver: " 42abc", path: "integerValue", expected: 42),
            Case(receiver: "99999999999", path: "intValue", expected: .int(Int64(Int32.max))),
            Case(receiver: "1.9", path: "longLongValue", expected: 1),
            Case(receiver: "x", path: "integerValue", expected: 0),
            Case(receiver: "2.5kg", path: "doubleValue", expected: 2.5),
            Case(receiver: "YES", path: "boolValue", expected: true),
            Case(receiver: "  -007", path: "boolValue", expected: true),
            Case(receiver: "no", path: "boolValue", expected: false),
            Case(receiver: 2.7, path: "intValue", expected: 2),
            Case(receiver: 3, path: "doubleValue", expected: .double(3)),
            Case(receiver: 0, path: "boolValue", expected: false),
            Case(receiver: 1.5, path: "stringValue", expected: "1.5"),
            Case(receiver: true, path: "description", expected: "1"),
            Case(
                receiver: .date(Date(timeIntervalSinceReferenceDate: 5)), path: "timeIntervalSinceReferenceDate",
                expected: 5.0),
            Case(
                receiver: .date(Date(timeIntervalSinceReferenceDate: 0)), path: "timeIntervalSince1970",
                expected: 978_307_200.0),
            Case(receiver: ["b": 2, "a": 1], path: "@allKeys", expected: ["a", "b"]),
            Case(receiver: ["b": 2, "a": 1], path: "@allValues", expected: [1, 2]),
            Case(receiver: ["names": ["ab", "c"]], path: "names.length", expected: [2, 1]),
        ])
    func plainKeys(_ testCase: Case) throws {
        let components = testCase.path.split(separator: ".").map(String.init)
        #expect(try testCase.receiver.value(forKeyPath: components) == testCase.expected)
    }

    @Test(
        "collection operators",
        arguments: [
            Case(receiver: people, path: "@count", expected: 3),
            Case(receiver: people, path: "@count.name", expected: 3),
            Case(receiver: ["a": 1, "b": 2], path: "@count", expected: 2),
            Case(receiver: people, path: "@sum.age", expected: 50),
            Case(receiver: [1, 2.5], path: "@sum.self", expected: 3.5),
            Case(receiver: [], path: "@sum.self", expected: 0),
            Case(receiver: [Value.int(.max), 1], path: "@sum.self", expected: .double(9_223_372_036_854_775_808.0)),
            Case(receiver: [true, true, 1], path: "@sum.self", expected: 3),
            Case(receiver: people, path: "@avg.age", expected: .double(50.0 / 3.0)),
            Case(receiver: [], path: "@avg.self", expected: 0),
            Case(receiver: people, path: "@min.age", expected: 20),
            Case(receiver: people, path: "@max.age", expected: 30),
            Case(receiver: people, path: "@max.name", expected: "Cy"),
            Case(receiver: [3, 1.5, 2], path: "@min.self", expected: 1.5),
            Case(receiver: [], path: "@max.self", expected: .null),
            Case(receiver: [.null, .null], path: "@max.self", expected: .null),
            Case(receiver: [1, 2, 1, .null], path: "@unionOfObjects.self", expected: [1, 2, 1]),
            Case(receiver: [1, 2, 1, .null], path: "@distinctUnionOfObjects.self", expected: [1, 2]),
            Case(receiver: [[1, 2], [2, 3]], path: "@unionOfArrays.self", expected: [1, 2, 2, 3]),
            Case(receiver: [[1, 2], [2, 3]], path: "@distinctUnionOfArrays.self", expected: [1, 2, 3]),
            Case(
                receiver: [.set(ValueSet([1, 2])), [2, 3]], path: "@distinctUnionOfSets.self",
                expected: .set(ValueSet([1, 2, 3]))),
            Case(
                receiver: ["o": [[["p": 1], ["p": 2]], [["p": 3]]]], path: "o.@unionOfArrays.p", expected: [1, 2, 3]),
            Case(
                receiver: .set(ValueSet([["k": 1], ["k": 2]])), path: "@unionOfObjects.k",
                expected: .set(ValueSet([1, 2]))),
            Case(receiver: ["orders": [["n": 1], ["n": 2]]], path: "orders.@count", expected: 2),
            Case(receiver: ["orders": [["n": 1], ["n": 2]]], path: "orders.@sum.n", expected: 3),
            Case(
                receiver: ["items": [["c": "red"], ["c": "red"], ["c": "blue"]]],
                path: "items.@unionOfObjects.c.@count", expected: 3),
            Case(
                receiver: ["items": [["c": "red"], ["c": "red"], ["c": "blue"]]],
                path: "items.@distinctUnionOfObjects.c.@count", expected: 2),
            Case(receiver: [["a": ["b": 1]], ["a": ["b": 2]]], path: "@distinctUnionOfObjects.a.b", expected: [1, 2]),
            Case(receiver: [["a": ["b": 1]], ["a": ["b": 2]]], path: "@sum.a.b", expected: 3),
            Case(receiver: [["xs": [1, 2]], ["xs": [3]]], path: "@sum.xs.@count", expected: 3),
            Case(receiver: [["xs": [1, 2]], ["xs": [3]]], path: "@unionOfArrays.xs.@max.self", expected: 3),
        ])
    func operators(_ testCase: Case) throws {
        let components = testCase.path.split(separator: ".").map(String.init)
        #expect(try testCase.receiver.value(forKeyPath: components) == testCase.expected)
    }

    @Test("@unionOfArrays applies the right key path inside each inner collection")
    func unionOfArraysWithPath() throws {
        let orders: Value = [[["p": 1], ["p": 2]], [["p": 3]]]
        #expect(try orders.value(forKeyPath: ["@unionOfArrays", "p"]) == [1, 2, 3])
        #expect(throws: EvaluationError.self) { try KeyPathTests.people.value(forKeyPath: ["@unionOfArrays", "name"]) }
    }

    @Test("value(forKey:) reads one key and knows @count")
    func singleKey() throws {
        #expect(try Value.dictionary(["a.b": 1]).value(forKey: "a.b") == 1)
        #expect(try Value.array([1, 2]).value(forKey: "@count") == 2)
        #expect(try Value.array([1, 2]).value(forKeyPath: CollectionOfOne("@count")) == 2)
        #expect(try Value.null.value(forKey: "@count") == .null)
        #expect(throws: EvaluationError.self) { try Value.array([1, 2]).value(forKey: "@sum") }
        #expect(try KeyPathTests.people.value(forKey: "name") == ["Ann", "Bob", "Cy"])
        #expect(try KeyPathTests.people.value(forKeyPath: ["name"][...]) == ["Ann", "Bob", "Cy"])
        #expect(try KeyPathTests.people.value(forKeyPath: Set(["name"])) == ["Ann", "Bob", "Cy"])
    }

    @Test("@avg divides by the full element count, nulls included")
    func averageCountsNulls() throws {
        let values: Value = [["x": 2], ["x": 4], [:]]
        #expect(try values.value(forKeyPath: ["@avg", "x"]) == 2.0)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let receiver: Value
        let path: [String]
        let kind: EvaluationError.Kind
        var testDescription: String { "\(receiver).\(path.joined(separator: ".")) raises \(kind.rawValue)" }
    }

    @Test(
        "keys on values without keys and malformed operators raise",
        arguments: [
            ErrorCase(receiver: 5, path: ["foo"], kind: .invalidKey),
            ErrorCase(receiver: true, path: ["foo"], kind: .invalidKey),
            ErrorCase(receiver: "abc", path: ["count"], kind: .invalidKey),
            ErrorCase(receiver: "abc", path: ["@count"], kind: .invalidKey),
            ErrorCase(receiver: ["a": 1], path: ["@sum", "a"], kind: .invalidKey),
            ErrorCase(receiver: [1, 2], path: ["@sum"], kind: .invalidKey),
            ErrorCase(receiver: [1, 2], path: ["@median", "self"], kind: .invalidKey),
            ErrorCase(receiver: [1, "a"], path: ["@sum", "self"], kind: .typeMismatch),
            ErrorCase(receiver: [1, "a"], path: ["@max", "self"], kind: .typeMismatch),
            ErrorCase(receiver: [1, 2], path: ["@unionOfArrays", "self"], kind: .notACollection),
            ErrorCase(receiver: [["a": 1], 5], path: ["a"], kind: .invalidKey),
        ])
    func errors(_ testCase: ErrorCase) {
        #expect {
            try testCase.receiver.value(forKeyPath: testCase.path)
        } throws: { error in
            (error as? EvaluationError)?.kind == testCase.kind
        }
    }

    @Test("an unknown key on a number names the key, like NSUnknownKeyException")
    func unknownKeyMessage() {
        #expect {
            try Value.int(1).value(forKeyPath: ["foo"])
        } throws: { error in
            (error as? EvaluationError)?.message.contains("not key value coding-compliant for the key foo") == true
        }
    }

    @Test("deeply nested arrays fail with an error instead of exhausting the stack")
    func deepNesting() {
        var value: Value = ["k": 1]
        for _ in 0..<300 { value = [value] }
        #expect(throws: EvaluationError.self) { try value.value(forKeyPath: ["k"]) }
        var shallow: Value = ["k": 1]
        for _ in 0..<100 { shallow = [shallow] }
        #expect((try? shallow.value(forKeyPath: ["k"])) != nil)
    }

    @Test("objects of every size answer key reads alike, canonically equivalent keys included")
    func smallAndLargeObjects() throws {
        let decomposed = "e\u{301}"  // canonically equivalent to "é": the same key for a dictionary
        for extra in [0, 3, 6, 7, 8, 9, 20] {
            var fields: [String: Value] = ["age": 30, "hobbies": ["Music", "Art"], "\u{E9}t\u{E9}": "summer"]
            for index in 0..<extra { fields["k\(index)"] = .int(Int64(index)) }
            let object = Value.dictionary(fields)
            let cases: [(String, Bool)] = [
                ("hobbies CONTAINS 'Music' AND age > 18", true), ("age == 31", false), ("missing == nil", true),
                ("missing != 1", true),
                ("k2 == 2", extra > 2), ("k2 == nil", extra <= 2),
            ]
            for (text, expected) in cases {
                let predicate = try CompiledPredicate(text)
                #expect(try predicate.evaluate(with: object) == expected, "\(text) with \(fields.count) keys")
            }
            let accented = try CompiledPredicate("%K == 'summer'", arguments: [.string("\(decomposed)t\(decomposed)")])
            #expect(try accented.evaluate(with: object), "a decomposed key with \(fields.count) keys")
        }
    }
}
