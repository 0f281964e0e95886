// SchemaObject's field look-up: an object of a few fields is scanned, a larger one hashed; both find a
// field under any canonically equivalent spelling of its name (as a dictionary keyed by String does), and
// nothing else.
import Testing

@testable import PredicateLang

@Suite("Schema object fields")
struct SchemaObjectTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The names looked up.
        var lookUp: String
        /// The field found, by its declared name; nil when none.
        var found: String?
        var testDescription: String { name }
    }

    static let names = ["value", "isHidden", "isDisabled", "K", "caf\u{E9}", "\u{212B}ngstr\u{F6}m"]

    /// The same fields in a scanned object and, after padding fields, in a hashed one.
    static func objects() -> [SchemaObject] {
        let fields = names.map { SchemaField($0, .string) }
        let padding = (0..<12).map { SchemaField("padding\($0)", .integer) }
        return [
            SchemaObject(name: "small", fields: fields), SchemaObject(name: "large", fields: fields + padding),
        ]
    }

    @Test(
        "a field is found under its name or an equivalent spelling, in a small and a large object",
        arguments: [
            Case(name: "first field", lookUp: "value", found: "value"),
            Case(name: "later field", lookUp: "isDisabled", found: "isDisabled"),
            Case(name: "same length, other name", lookUp: "isHiddem", found: nil),
            Case(name: "prefix of a name", lookUp: "isHid", found: nil),
            Case(name: "case differs", lookUp: "Value", found: nil),
            Case(name: "empty name", lookUp: "", found: nil),
            Case(name: "KELVIN SIGN is K (longer in UTF-8)", lookUp: "\u{212A}", found: "K"),
            Case(name: "decomposed spelling of a composed name", lookUp: "cafe\u{301}", found: "caf\u{E9}"),
            Case(
                name: "composed spelling of a name with ANGSTROM SIGN", lookUp: "\u{C5}ngstr\u{F6}m",
                found: "\u{212B}ngstr\u{F6}m"),
        ])
    func lookUp(_ example: Case) {
        for object in Self.objects() {
            #expect(object.field(named: example.lookUp)?.name == example.found, "\(object.name)")
        }
    }

    @Test("a repeated name keeps its first field")
    func repeatedName() {
        let object = SchemaObject(name: "repeated", fields: [SchemaField("a", .integer), SchemaField("a", .string)])
        #expect(object.field(named: "a")?.type == .integer)
        #expect(object.fields.count == 1)
    }
}
