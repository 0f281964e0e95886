import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `Value.cast(to:)`: CAST(value, 'Type').
@Suite("CAST")
struct CastTests {
    static let epoch = Date(timeIntervalSinceReferenceDate: 0)

    @Test(
        "conversions",
        arguments: [
            (Value.int(0), "NSDate", Value.date(epoch)),
            (Value.double(86_400.5), "NSDate", Value.date(Date(timeIntervalSinceReferenceDate: 86_400.5))),
            (Value.date(epoch), "NSDate", Value.date(epoch)),
            (Value.string("2001-01-01T00:00:00Z"), "NSDate", Value.date(epoch)),
            (Value.date(Date(timeIntervalSinceReferenceDate: 12.5)), "NSNumber", Value.double(12.5)),
            (Value.string("42"), "NSNumber", Value.int(42)),
            (Value.string("-7"), "NSNumber", Value.int(-7)),
            (Value.string(" 42"), "NSNumber", Value.int(42)),
            (Value.string("0x1F"), "NSNumber", Value.int(31)),
            (Value.string("017"), "NSNumber", Value.int(15)),
            (Value.string("1.5"), "NSNumber", Value.double(1.5)),
            (Value.string("12abc"), "NSNumber", Value.int(12)),
            (Value.string("1.5e3x"), "NSNumber", Value.double(1500)),
            (Value.string("99999999999999999999"), "NSNumber", Value.double(1e20)),
            (Value.string("-9223372036854775808"), "NSNumber", Value.int(.min)),
            (Value.int(5), "NSNumber", Value.int(5)),
            (Value.bool(true), "NSNumber", Value.bool(true)),
            (Value.string("3.25"), "NSDecimalNumber", Value.double(3.25)),
            (Value.string("10"), "NSDecimalNumber", Value.int(10)),
            (Value.bool(true), "NSDecimalNumber", Value.int(1)),
            (Value.int(5), "NSString", Value.string("5")),
            (Value.double(2.0), "NSString", Value.string("2")),
            (Value.double(0.5), "NSString", Value.string("0.5")),
            (Value.double(-0.0), "NSString", Value.string("-0")),  // NSNumber's description, unlike the printer's -0.0
            (Value.bool(false), "NSString", Value.string("0")),
            (Value.string("x"), "NSString", Value.string("x")),
            (Value.date(epoch), "NSString", Value.string("2001-01-01 00:00:00 +0000")),
            (Value.array([1, "a"]), "NSString", Value.string("{1, \"a\"}")),
        ])
    func conversions(_ value: Value, _ type: String, _ expected: Value) throws {
        let result = try value.cast(to: type)
        #expect(result == expected)
        #expect(result.kindName == expected.kindName)
    }

    @Test(
        "failures carry Apple's messages",
        arguments: [
            (Value.int(1), "NSFoo", "Cannot cast to class NSFoo which does not exist"),
            (Value.string("abc"), "NSNumber", #"Don't know how to cast ("abc") into type NSNumber"#),
            (Value.string(""), "NSNumber", #"Don't know how to cast ("") into type NSNumber"#),
            (Value.string("yesterday"), "NSDate", #"Don't know how to cast ("yesterday") into type NSDate"#),
            (Value.array([1]), "NSNumber", "Don't know how to cast ((1)) into type NSNumber"),
            (Value.int(1), "NSArray", "Don't know how to cast (1) into type NSArray"),
        ])
    func failures(_ value: Value, _ type: String, _ message: String) {
        #expect {
            try value.cast(to: type)
        } throws: { error in
            guard let error = error as? EvaluationError else { return false }
            return error.kind == .invalidCast && error.message == message
        }
    }

    @Test("CAST to 'Class' is refused")
    func classCast() {
        #expect {
            try Value.string("NSTask").cast(to: "Class")
        } throws: { error in
            (error as? EvaluationError)?.kind == .invalidCast
        }
    }
}
