// String+StoredAlike: the representation check is a proof of equal bytes (never true for different
// strings), and the scalar comparison built on it is NSString's literal equality: no canonical
// equivalence, whatever the storage.
import Testing

@testable import PredicateLang

@Suite("Strings stored alike, and literal scalar equality")
struct StringStoredAlikeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var first: String
        var second: String
        /// Whether the two are the same scalars.
        var same: Bool
        var testDescription: String { name }
    }

    /// `text` rebuilt from its bytes: equal contents in another string (another storage when long).
    static func rebuilt(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

    static let long = String(repeating: "predicate ", count: 8)

    @Test(
        "stored alike only when the bytes are equal; same scalars exactly when the bytes are equal",
        arguments: [
            Case(name: "equal short strings", first: "Music", second: rebuilt("Music"), same: true),
            Case(name: "equal long strings, two storages", first: long, second: rebuilt(long), same: true),
            Case(name: "one long string", first: long, second: long, same: true),
            Case(name: "empty strings", first: "", second: rebuilt(""), same: true),
            Case(name: "different short strings", first: "Music", second: "Musik", same: false),
            Case(name: "a prefix", first: "Music", second: "Musi", same: false),
            Case(name: "long strings differing in the last byte", first: long, second: long + "x", same: false),
            Case(
                name: "canonically equivalent, different scalars", first: "caf\u{E9}", second: "cafe\u{301}",
                same: false),
            Case(name: "different case", first: "music", second: "Music", same: false),
            Case(name: "non-ASCII, equal", first: "Zürich", second: rebuilt("Zürich"), same: true),
        ])
    func storedAlike(_ test: Case) {
        // Stored alike is a proof: never for different strings; always for one string and its copy.
        if test.first.isStoredAlike(test.second) { #expect(test.same) }
        #expect(test.first.isStoredAlike(test.first))
        // Short strings are held inline, so equal ones are stored alike.
        if test.same, test.first.utf8.count <= 15 { #expect(test.first.isStoredAlike(test.second)) }
        #expect(test.first.hasSameScalars(as: test.second) == test.same)
        #expect(test.second.hasSameScalars(as: test.first) == test.same)
        #expect((Value.string(test.first) == Value.string(test.second)) == test.same)
        #expect(Value.string(test.first).isIdentical(to: .string(test.second)) == test.same)
    }

    @Test("the string leaves answer by the bytes, found stored alike or not")
    func leaves() throws {
        for (subject, holds) in [
            (["Art", "Music"], true), (["Art", Self.rebuilt("Music")], true), (["Musik"], false),
        ] {
            let predicate = try CompiledPredicate("hobbies CONTAINS 'Music'")
            #expect(try predicate.evaluate(with: ["hobbies": .array(subject.map { .string($0) })]) == holds)
        }
        let long = try CompiledPredicate("name == '\(Self.long)'")
        #expect(try long.evaluate(with: ["name": .string(Self.rebuilt(Self.long))]))
        #expect(try !long.evaluate(with: ["name": .string(Self.long + "x")]))
    }
}
