import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Typed JSON: `{"$date": ...}`, `{"$set": [...]}`, integers vs doubles by spelling, round trips.
@Suite("Typed JSON")
struct TypedJSONTests {
    @Test(
        "parsing",
        arguments: [
            ("1", Value.int(1)),
            ("1.0", Value.double(1)),
            ("2e0", Value.double(2)),
            ("9223372036854775808", Value.double(9_223_372_036_854_775_808.0)),
            ("-9223372036854775808", Value.int(.min)),
            ("true", Value.bool(true)),
            ("null", Value.null),
            (#"[1, "a", null]"#, Value.array([1, "a", .null])),
            (#"{"a": {"b": [false]}}"#, Value.dictionary(["a": ["b": [false]]])),
            (#"{"$set": [1, 2, 1]}"#, Value.set(ValueSet([1, 2]))),
            (#"{"$date": 0}"#, Value.date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": 1.5}"#, Value.date(Date(timeIntervalSinceReferenceDate: 1.5))),
            (#"{"$date": "2001-01-01T00:00:00Z"}"#, Value.date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "2001-01-01T00:00:00.25Z"}"#, Value.date(Date(timeIntervalSinceReferenceDate: 0.25))),
            (#"{"$date": "2001-01-01T02:00:00+02:00"}"#, Value.date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "2000-12-31T19:30:00-0430"}"#, Value.date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "2001-01-01T00:00:00"}"#, Value.date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "2001-01-02"}"#, Value.date(Date(timeIntervalSinceReferenceDate: 86_400))),
            (#"{"$date": "1970-01-01T00:00:00Z"}"#, Value.date(Date(timeIntervalSince1970: 0))),
            (#"{"$date": "2024-02-29T12:00:00Z"}"#, Value.date(Date(timeIntervalSince1970: 1_709_208_000))),
            (
                #"{"d": {"$date": 10}, "s": {"$set": []}}"#,
                Value.dictionary(["d": .date(Date(timeIntervalSinceReferenceDate: 10)), "s": .set(ValueSet())])
            ),
            (#"{"$other": 1}"#, Value.dictionary(["$other": 1])),
        ])
    func parsing(_ text: String, _ expected: Value) throws {
        let value = try TypedJSON.parse(text)
        #expect(value == expected)
        #expect(value.kindName == expected.kindName)
    }

    @Test(
        "bad wrappers are positioned errors",
        arguments: [
            (#"{"$date": "yesterday"}"#, 1, 11),
            (#"{"$date": "2001-02-30"}"#, 1, 11),
            (#"{"$date": "2001-01-01T24:00:00Z"}"#, 1, 11),
            (#"{"$date": true}"#, 1, 11),
            ("[\n {\"$set\": 1}]", 2, 11),
            (#"{"$date": 0, "x": 1}"#, 1, 1),
        ])
    func wrapperErrors(_ text: String, _ line: Int, _ column: Int) {
        #expect {
            try TypedJSON.parse(text)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.line == line && error.column == column
        }
    }

    @Test(
        "serialization is compact, sorted and typed",
        arguments: [
            (Value.dictionary(["b": 1, "a": [true, .null]]), #"{"a":[true,null],"b":1}"#),
            (Value.double(1), "1.0"),
            (Value.double(0.1), "0.1"),
            (Value.double(1e20), "1e+20"),
            (Value.double(.nan), "null"),
            (Value.double(-.infinity), "null"),
            (Value.int(-5), "-5"),
            (Value.string("a\"b\\\n\u{1}é"), #""a\"b\\\n\u0001é""#),
            (Value.date(Date(timeIntervalSinceReferenceDate: 0)), #"{"$date":"2001-01-01T00:00:00Z"}"#),
            (Value.date(Date(timeIntervalSinceReferenceDate: 0.125)), #"{"$date":"2001-01-01T00:00:00.125Z"}"#),
            (Value.date(Date(timeIntervalSinceReferenceDate: -1)), #"{"$date":"2000-12-31T23:59:59Z"}"#),
            (Value.set(ValueSet([2, 1])), #"{"$set":[2,1]}"#),
        ])
    func serialization(_ value: Value, _ expected: String) {
        #expect(TypedJSON.serialize(value) == expected)
    }

    @Test(
        "values survive a serialize/parse round trip",
        arguments: [
            Value.dictionary([
                "int": 42, "double": 42.0, "neg": -0.5, "big": .double(1e300), "tiny": .double(.leastNonzeroMagnitude),
                "s": "line\nbreak \u{7f} 😀",
                "dates": [
                    .date(Date(timeIntervalSinceReferenceDate: 123_456.5)),
                    .date(Date(timeIntervalSince1970: -86_400 * 365)),
                ],
                "set": .set(ValueSet([1, "x", [1, 2]])), "nested": ["a": ["b": ["c": .null]]], "flag": false,
            ]),
            Value.array([.int(.max), .int(.min), .double(0.1 + 0.2)]),
        ])
    func roundTrip(_ value: Value) throws {
        let text = TypedJSON.serialize(value)
        let back = try TypedJSON.parse(text)
        #expect(back == value)
        #expect(TypedJSON.serialize(back) == text)
    }

    @Test(
        "dates round-trip exactly through ISO 8601 text",
        arguments: [
            12.3, 12.7, 0.1, -0.5, 123_456_789.123456, 1e-7, -1e-9, 700_000_000.000_001, 86_399.999_999_9, -978_307_200,
        ])
    func exactDates(_ seconds: Double) throws {
        let value = Value.date(Date(timeIntervalSinceReferenceDate: seconds))
        let text = TypedJSON.serialize(value)
        guard case .date(let back) = try TypedJSON.parse(text) else {
            Issue.record("not a date: \(text)")
            return
        }
        #expect(back.timeIntervalSinceReferenceDate == seconds, "\(text)")
    }

    @Test("dates outside years 0...9999 serialize as seconds since 2001")
    func farDates() throws {
        let value = Value.date(Date(timeIntervalSinceReferenceDate: 1e15))
        #expect(TypedJSON.serialize(value) == #"{"$date":1000000000000000.0}"#)
        #expect(try TypedJSON.parse(TypedJSON.serialize(value)) == value)
    }

    @Test("JSONNode converts to plain and typed values")
    func nodeConversion() throws {
        let text = #"{"rows": [{"value": {"$date": 0}}, {"value": 1.5}]}"#
        let root = try JSONParser.parse(text)
        let row = try #require(root["rows"]?[0]?["value"])
        #expect(try row.typedValue(in: text) == .date(Date(timeIntervalSinceReferenceDate: 0)))
        #expect(row.plainValue == ["$date": 0])
        #expect(root["rows"]?[1]?["value"]?.plainValue == 1.5)
        #expect(root["rows"]?[1]?["value"]?.doubleValue == 1.5)
    }
}
