import Testing

@testable import PredicateLang

/// NSObject `-isEqual:` semantics of Value, and hashing that agrees with them.
@Suite("Value equality and hashing")
struct ValueTests {
    struct EqualityCase: CustomTestStringConvertible, Sendable {
        let lhs: Value
        let rhs: Value
        let equal: Bool
        var testDescription: String { "\(lhs) == \(rhs) is \(equal)" }
    }

    @Test(
        "numbers, booleans and strings compare as NSObject isEqual does",
        arguments: [
            EqualityCase(lhs: .bool(true), rhs: .int(1), equal: true),
            EqualityCase(lhs: .bool(false), rhs: .int(0), equal: true),
            EqualityCase(lhs: .bool(true), rhs: .int(2), equal: false),
            EqualityCase(lhs: .int(42), rhs: .double(42.0), equal: true),
            EqualityCase(lhs: .int(42), rhs: .double(42.5), equal: false),
            EqualityCase(lhs: .int(Int64.max), rhs: .double(9_223_372_036_854_775_808.0), equal: false),
            EqualityCase(lhs: .int(9_007_199_254_740_993), rhs: .double(9_007_199_254_740_992.0), equal: false),
            EqualityCase(lhs: .string("42"), rhs: .int(42), equal: false),
            EqualityCase(lhs: .string("e\u{301}"), rhs: .string("\u{e9}"), equal: false),
            EqualityCase(lhs: .double(.nan), rhs: .double(.nan), equal: true),
            EqualityCase(lhs: .double(-0.0), rhs: .double(0.0), equal: false),
            EqualityCase(lhs: .double(-0.0), rhs: .int(0), equal: false),
            EqualityCase(lhs: .double(.nan), rhs: .int(0), equal: false),
            EqualityCase(lhs: .null, rhs: .null, equal: true),
            EqualityCase(lhs: .null, rhs: .int(0), equal: false),
            EqualityCase(lhs: [1, 2], rhs: [1.0, 2.0], equal: true),
            EqualityCase(lhs: [1, 2], rhs: [2, 1], equal: false),
            EqualityCase(lhs: .set(ValueSet([1, 2])), rhs: .set(ValueSet([2, 1])), equal: true),
            EqualityCase(lhs: .set(ValueSet([1, 2])), rhs: [1, 2], equal: false),
            EqualityCase(lhs: ["a": 1], rhs: ["a": true], equal: true),
        ])
    func equality(_ testCase: EqualityCase) {
        #expect((testCase.lhs == testCase.rhs) == testCase.equal)
        if testCase.equal {
            #expect(testCase.lhs.hashValue == testCase.rhs.hashValue)
        }
    }

    @Test("a set drops duplicates by value equality and keeps first insertion order")
    func setDeduplicates() {
        let set = ValueSet([.int(1), .double(1.0), .bool(true), .string("1"), .int(2)])
        #expect(set.elements == [.int(1), .string("1"), .int(2)])
    }

    @Test("numeric order is exact between large integers and doubles")
    func numericOrder() {
        #expect(Value.numericOrder(.int(9_007_199_254_740_993), .double(9_007_199_254_740_992.0)) == 1)
        #expect(Value.numericOrder(.int(-1), .double(-0.5)) == -1)
        #expect(Value.numericOrder(.bool(true), .double(0.5)) == 1)
        #expect(Value.numericOrder(.string("1"), .int(1)) == nil)
    }
}
