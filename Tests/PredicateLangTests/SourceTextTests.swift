// SourceText: equal when the names and the bytes are equal (so canonically equivalent spellings, whose
// ranges differ, are different sources), hashing alike when equal; lines and locations from its table.
import Testing

@testable import PredicateLang

@Suite("Source text")
struct SourceTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var first: SourceText
        var second: SourceText
        var equal: Bool
        var testDescription: String { name }
    }

    @Test(
        "equality is the name and the bytes",
        arguments: [
            Case(name: "same text, same name", first: SourceText("a == 1"), second: SourceText("a == 1"), equal: true),
            Case(
                name: "same text, other name", first: SourceText("a == 1", name: "x.json"),
                second: SourceText("a == 1"), equal: false),
            Case(name: "other text", first: SourceText("a == 1"), second: SourceText("a == 2"), equal: false),
            Case(
                name: "canonically equivalent spellings", first: SourceText("name == 'caf\u{E9}'"),
                second: SourceText("name == 'cafe\u{301}'"), equal: false),
            Case(name: "empty texts", first: SourceText(""), second: SourceText(""), equal: true),
        ])
    func equality(_ example: Case) {
        #expect((example.first == example.second) == example.equal)
        if example.equal { #expect(example.first.hashValue == example.second.hashValue) }
    }

    @Test("the line table finds a line feed at every offset, inside and after the eight-byte words it reads")
    func lineFeedsAtEveryOffset() {
        for length in 0...20 {
            #expect(SourceText(String(repeating: "a", count: length)).lineStarts == [0])
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = UInt8(ascii: "\n")
                // A byte one above or below a line feed is not one (the word test looks for equal bytes only).
                if position > 0 { bytes[position - 1] = 0x0B }
                let source = SourceText(String(decoding: bytes, as: UTF8.self))
                #expect(source.lineStarts == [0, position + 1], "line feed at \(position) of \(length)")
            }
            var twoLines = [UInt8](repeating: 0x09, count: length)
            if length > 1 {
                twoLines[length - 1] = UInt8(ascii: "\n")
                twoLines[0] = UInt8(ascii: "\n")
                #expect(SourceText(String(decoding: twoLines, as: UTF8.self)).lineStarts == [0, 1, length])
            }
        }
    }

    @Test("a copy is the same source, and renaming it leaves the original alone")
    func copies() {
        let original = SourceText("a == 1\nAND b == 2", name: "form.json")
        var renamed = original
        #expect(renamed == original)
        renamed.name = "<argument>"
        #expect(renamed != original)
        #expect(original.name == "form.json")
        #expect(renamed.text == original.text && renamed.utf8 == original.utf8)
    }

    @Test("lines, locations and slices come from the text")
    func lines() {
        let source = SourceText("a == 1\r\nAND b == 'é'")
        #expect(source.lineStarts == [0, 8])
        #expect(source.lineText(0) == "a == 1")
        #expect(source.lineText(1) == "AND b == 'é'")
        #expect(source.location(of: 8) == SourceLocation(line: 2, column: 1))
        #expect(source.slice(SourceRange(0, 6)) == "a == 1")
        #expect(SourceText("one line").lineStarts == [0])
    }
}
