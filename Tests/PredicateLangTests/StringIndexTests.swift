// The string index (StringIndex) of symbol tables and forms: every string it holds is found at its position and no other string is,
// whatever its length (the hash takes eight bytes at a time, then pieces of four, two and one) and however
// many strings the table has grown to hold.
import Testing

@testable import PredicateLang

@Suite("String index: positions by string, across lengths and growth")
struct StringIndexTests {
    /// Strings of every length from 0 to 20 bytes, the same with one byte changed at each position, with
    /// trailing NUL bytes, and non-ASCII ones.
    static let held: [String] = {
        var strings: [String] = []
        for length in 0...20 {
            let base = String(repeating: "a", count: length)
            strings.append(base)
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                strings.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        strings += ["a\0", "a\0\0", "\0", "\0\0\0\0\0\0\0\0\0", "é", "名前", "row 🙂 1", "in_1", "in_12", "in_123"]
        return strings
    }()

    @Test("each string is at its position; absent ones are not found", arguments: [1, 16, 1_000])
    func positions(extra: Int) {
        var index = StringIndex()
        var strings = Self.held
        for number in 0..<extra { strings.append("tag_\(number)") }
        for string in strings { index.append(string) }
        #expect(index.count == strings.count)
        for (position, string) in strings.enumerated() {
            #expect(index.position(of: string) == position, "\(string.debugDescription)")
        }
        let absent = [
            "aaaaaaaaaaaaaaaaaaaaa", "c", "ab\0", "\0\0", "a\0\0\0", "in_1234", "in_", "tag_\(extra)", "名", "row 🙂 2",
        ]
        for string in absent { #expect(index.position(of: string) == nil, "\(string.debugDescription)") }
    }

    @Test("an empty index finds nothing; reserving room keeps what it holds")
    func emptyAndReserved() {
        var index = StringIndex()
        #expect(index.position(of: "") == nil)
        #expect(index.position(of: "a") == nil)
        index.append("first")
        index.reserveCapacity(5_000)
        for number in 0..<3_000 { index.append("n\(number)") }
        #expect(index.position(of: "first") == 0)
        #expect(index.position(of: "n2999") == 3_000)
        #expect(index.position(of: "n3000") == nil)
    }
}
