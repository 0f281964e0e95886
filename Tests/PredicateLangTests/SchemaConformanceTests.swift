// Values conformed to a schema: date-time strings of date fields become dates, numbers the declared kind,
// arrays of sets sets; objects, dictionaries, arrays and optionals are followed; everything else (unknown
// keys, nil, values of another kind) is left as the data says. Deep values conform without recursion.

import Testing

@testable import PredicateLang

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Schema conformance")
struct SchemaConformanceTests {
    static func date(_ text: String) -> Value {
        ISO8601.parse(text).map(Value.date) ?? .null
    }

    static let customer = SchemaObject(
        name: "Customer", fields: [SchemaField("name", .string), SchemaField("since", .optional(.date))])
    static let order = SchemaObject(
        name: "Order",
        fields: [
            SchemaField("customer", .object(customer)), SchemaField("total", .double), SchemaField("qty", .integer),
            SchemaField("at", .date), SchemaField("prices", .array(.double)), SchemaField("meta", .any),
        ])

    @Test(
        "scalars become the declared kind when they can, and stay as they are when they cannot",
        arguments: [
            (SchemaType.date, "\"2024-05-01T10:00:00Z\"", date("2024-05-01T10:00:00Z")),
            (.date, "\"2024-05-01T22:00:00+12:00\"", date("2024-05-01T10:00:00Z")),
            (.date, "\"2024-05-01\"", date("2024-05-01T00:00:00Z")),
            (.date, "\"yesterday\"", "yesterday"),
            (.date, "5", 5),
            (.date, #"{"$date": "2024-05-01T10:00:00Z"}"#, date("2024-05-01T10:00:00Z")),
            (.double, "1", .double(1)),
            (.double, "1.5", 1.5),
            (.double, "\"1\"", "1"),
            (.integer, "2.0", .int(2)),
            (.integer, "-0.0", .int(0)),
            (.integer, "2.5", 2.5),
            (.integer, "1e300", 1e300),
            (.integer, "\"2\"", "2"),
            (.boolean, "1", 1),
            (.string, "5", 5),
            (.optional(.date), "null", nil),
            (.optional(.date), "\"2024-05-01T10:00:00Z\"", date("2024-05-01T10:00:00Z")),
            (.any, "\"2024-05-01T10:00:00Z\"", "2024-05-01T10:00:00Z"),
            (.any, "1", 1),
        ])
    func scalars(_ type: SchemaType, _ json: String, _ expected: Value) throws {
        let conformed = type.conform(try TypedJSON.parse(json))
        #expect(conformed == expected)
        #expect(Self.kind(conformed) == Self.kind(expected), "\(conformed)")
    }

    /// The case name (`==` says `1 == 1.0`; kinds must match too).
    static func kind(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .date: "date"
        case .array(let elements): "array(\(elements.map(kind).joined(separator: ",")))"
        case .set(let set): "set(\(set.elements.map(kind).sorted().joined(separator: ",")))"
        case .dictionary(let fields):
            "{\(fields.keys.sorted().map { "\($0):\(kind(fields[$0] ?? .null))" }.joined(separator: ","))}"
        }
    }

    @Test(
        "containers are followed to their elements",
        arguments: [
            (SchemaType.array(.double), "[1, 2.5, \"x\"]", "array(double,double,string)"),
            (.array(.date), #"["2024-05-01", 3, null]"#, "array(date,int,null)"),
            (.set(.integer), "[1.0, 2.0]", "set(int,int)"),
            (.set(.any), "[1, 1]", "set(int)"),
            (.array(.integer), #"{"$set": [1.0]}"#, "set(int)"),
            (.set(.integer), "[]", "set()"),
            (.array(.integer), "[]", "array()"),
            (.dictionary(.date), #"{"a": "2024-05-01", "b": "x"}"#, "{a:date,b:string}"),
            (.dictionary(.double), #"{"a": [1]}"#, "{a:array(int)}"),
            (.array(.array(.double)), "[[1], [2, 3]]", "array(array(double),array(double,double))"),
            (.optional(.array(.double)), "[1]", "array(double)"),
            (.array(.double), "1", "int"),
        ])
    func containers(_ type: SchemaType, _ json: String, _ expected: String) throws {
        #expect(Self.kind(type.conform(try TypedJSON.parse(json))) == expected)
    }

    @Test("objects conform their fields and keep every other key as it is")
    func objects() throws {
        let json = #"""
            {"customer": {"name": "Ada", "since": "2020-01-01", "vip": "2021-01-01"},
             "total": 3, "qty": 4.0, "at": "2024-05-01T10:00:00Z", "prices": [1, 2],
             "meta": {"when": "2024-01-01"}, "extra": "2024-01-01"}
            """#
        let conformed = SchemaType.object(Self.order).conform(try TypedJSON.parse(json))
        #expect(
            Self.kind(conformed)
                == "{at:date,customer:{name:string,since:date,vip:string},extra:string,meta:{when:string},"
                + "prices:array(double,double),qty:int,total:double}")
        #expect(Schema(Self.order).conform(try TypedJSON.parse(json)) == conformed)
        #expect(Self.kind(SchemaType.object(Self.order).conform("text")) == "string")
    }

    @Test("JSON read through a schema read from JSON Schema")
    func typedJSON() throws {
        let schema = try Schema(
            jsonSchema: #"""
                {"properties": {"createdAt": {"type": "string", "format": "date-time"}, "total": {"type": "number"},
                 "items": {"type": "array", "items": {"properties": {"qty": {"type": "integer"}}}}}}
                """#)
        let line = #"{"createdAt": "2024-05-01T10:00:00Z", "total": 3, "items": [{"qty": 2.0}], "x": 1}"#
        let value = try TypedJSON.parse(line, conformingTo: schema)
        #expect(Self.kind(value) == "{createdAt:date,items:array({qty:int}),total:double,x:int}")
        #expect(try TypedJSON.parse(utf8: ArraySlice(line.utf8), conformingTo: schema) == value)
        #expect(throws: JSONError.self) { try TypedJSON.parse("{", conformingTo: schema) }
    }

    @Test("a value as deep as JSON allows conforms to a recursive schema on a 512 KiB stack")
    func deep() async throws {
        let node = SchemaObject(name: "Node")
        // `next` refers back to `node` as a JSON Schema `$ref` does: weakly, so the test leaves no cycle.
        node.define([
            SchemaField("next", .optional(.object(SchemaObject(backReferenceTo: node)))), SchemaField("at", .date),
        ])
        let depth = JSONLimits.default.maxDepth - 1
        let json =
            String(repeating: #"{"at": "2024-05-01", "next": "#, count: depth) + "null"
            + String(repeating: "}", count: depth)
        let value = try TypedJSON.parse(json)
        let conformed = await SmallStackTests.onSmallStack {
            var current = SchemaType.object(node).conform(value)
            var dates = 0
            while case .dictionary(let fields) = current {
                if case .date? = fields["at"] { dates += 1 }
                current = fields["next"] ?? .null
            }
            return dates == depth
        }
        #expect(conformed)
    }
}
