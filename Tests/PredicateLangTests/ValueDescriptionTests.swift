import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `predicateDescription` (constants in predicateFormat) and `description`.
@Suite("Value printing")
struct ValueDescriptionTests {
    @Test(
        "constants print as in predicateFormat",
        arguments: [
            (Value.null, "nil"),
            (Value.bool(true), "1"),
            (Value.bool(false), "0"),
            (Value.int(-42), "-42"),
            (Value.double(1.5), "1.5"),
            (Value.double(2), "2"),
            (Value.double(-0.0), "-0.0"),  // not NSNumber's "-0", which reads back as the integer 0
            (Value.double(0.1), "0.1"),
            (Value.double(1e20), "1e+20"),
            (Value.double(1.5e-7), "1.5e-07"),
            (Value.double(.nan), "nan"),
            (Value.double(.infinity), "inf"),
            (Value.string("Adam"), "\"Adam\""),
            (Value.string("q\"x"), "\"q\\\"x\""),
            (Value.string("b\\c"), "\"b\\\\c\""),
            (Value.string("a\nb\tc\r\u{1}"), "\"a\\nb\\tc\\r\\u0001\""),
            (Value.string("é😀"), "\"é😀\""),
            (Value.date(Date(timeIntervalSinceReferenceDate: 0)), "CAST(0.000000, \"NSDate\")"),
            (Value.date(Date(timeIntervalSinceReferenceDate: 123.25)), "CAST(123.250000, \"NSDate\")"),
            (Value.date(Date(timeIntervalSinceReferenceDate: -1.5)), "CAST(-1.500000, \"NSDate\")"),
            (Value.array([1, "a", .null]), "{1, \"a\", nil}"),
            (Value.array([]), "{}"),
            (Value.array([[1], [2, 3]]), "{{1}, {2, 3}}"),
            (Value.set(ValueSet([1, 2])), "{1, 2}"),
            (Value.dictionary(["b": 2, "a": "x"]), "{\"a\" = \"x\", \"b\" = 2}"),
        ])
    func predicateDescription(_ value: Value, _ expected: String) {
        #expect(value.predicateDescription == expected)
    }

    @Test("description shows strings bare")
    func description() {
        #expect(Value.string("a b").description == "a b")
        #expect(Value.int(3).description == "3")
        #expect(Value.array(["a"]).description == "{\"a\"}")
    }

    @Test("very deep values print without exhausting the stack")
    func depth() {
        var value: Value = 1
        for _ in 0..<2_000 { value = [value] }
        let text = value.predicateDescription
        #expect(text.contains("{...}"))
        #expect(TypedJSON.serialize(value).contains("null"))
    }

    @Test(
        "fixed-point printing",
        arguments: [
            (0.0, "0.000000"), (1.0000005, "1.000001"), (-0.0000001, "-0.000000"), (-2.5, "-2.500000"), (1e30, "1e+30"),
        ])
    func fixedPoint(_ value: Double, _ expected: String) {
        #expect(Value.fixedPointDescription(value) == expected)
    }
}
