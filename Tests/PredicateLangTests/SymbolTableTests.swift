// The symbol table's slots: a tag is found by the spelling it was declared with and by any spelling Swift
// finds equal to it (canonical equivalence), which keeps the slot and the spelling of its first declaration.
import Testing

@testable import PredicateLang

@Suite("Symbol table: slots by tag, as Swift compares strings")
struct SymbolTableTests {
    @Test("a tag is found by its declared spelling and by a canonically equivalent one; unknown tags are not")
    func slotsBySpelling() {
        var table = SymbolTable(tags: ["age", "caf\u{E9}", "K", "in_1"])
        #expect(table.slot(for: "age") == Slot(0))
        #expect(table.slot(for: "caf\u{E9}") == Slot(1))
        #expect(table.slot(for: "cafe\u{301}") == Slot(1))  // e + combining acute accent
        #expect(table.slot(for: "\u{212A}") == Slot(2))  // KELVIN SIGN, canonically K
        #expect(table.slot(for: "in_1") == Slot(3))
        #expect(table.slot(for: "in_10") == nil)
        #expect(table.slot(for: "") == nil)
        // Declaring another spelling of a known tag keeps its slot and its first spelling.
        #expect(table.declare("cafe\u{301}") == Slot(1))
        #expect(table.declare("\u{212A}") == Slot(2))
        #expect(table.count == 4)
        #expect(table.tags == ["age", "caf\u{E9}", "K", "in_1"])
        #expect(table.tags[1].unicodeScalars.count == 4)
        #expect(table.declare("new") == Slot(4))
        #expect(table.slot(for: "new") == Slot(4))
    }

    @Test("tables with the same tags in the same slots are equal and hash alike")
    func equality() {
        let one = SymbolTable(tags: ["a", "b", "caf\u{E9}"])
        let other = SymbolTable(tags: ["a", "b", "cafe\u{301}", "a"])
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != SymbolTable(tags: ["b", "a", "caf\u{E9}"]))
        #expect(one != SymbolTable(tags: ["a", "b"]))
    }

    @Test(
        "spellings across ASCII and not: each finds the tag Swift finds equal to it",
        arguments: [
            // (declared tags, looked up, expected slot)
            (["K", "a"], "\u{212A}", 0), (["\u{212A}", "a"], "K", 0), (["a", ";"], "\u{37E}", 1),
            (["\u{37E}"], ";", 0), (["`x"], "\u{1FEF}x", 0), (["x\u{1FEF}"], "x`", 0),
            (["Kelvin"], "\u{212A}elvin", 0), (["\u{212A}elvin"], "Kelvin", 0), (["caf\u{E9}", "K"], "\u{212A}", 1),
            (["K"], "\u{212A}\u{301}", nil), (["K"], "k", nil), (["caf\u{E9}"], "cafe", nil),
            (["a", "caf\u{E9}"], "cafe\u{301}", 1), (["\u{1E30}"], "K\u{301}", 0), (["\u{1E30}"], "\u{212A}\u{301}", 0),
        ] as [([String], String, Int?)])
    func spellings(declared: [String], lookedUp: String, expected: Int?) {
        var table = SymbolTable(tags: declared)
        #expect(table.slot(for: lookedUp) == expected.map(Slot.init))
        // Declaring it finds the same slot, or adds one at the end.
        #expect(table.declare(lookedUp) == Slot(expected ?? declared.count))
        #expect(table.count == declared.count + (expected == nil ? 1 : 0))
    }

    @Test("exactly three non-ASCII scalars are canonically an ASCII character, and asciiSpelling maps each")
    func asciiEquivalents() {
        let ascii = Dictionary(uniqueKeysWithValues: (0..<128).map { (String(UnicodeScalar(UInt8($0))), $0) })
        var found: [UInt32: String] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let string = String(scalar)
            if ascii[string] != nil { found[value] = string }
        }
        #expect(found == [0x037E: ";", 0x1FEF: "`", 0x212A: "K"])
        for (value, string) in found {
            #expect(SymbolTable.asciiSpelling(of: String(Unicode.Scalar(value) ?? "?")) == string)
        }
        #expect(SymbolTable.asciiSpelling(of: "a\u{212A}b") == "aKb")
        #expect(SymbolTable.asciiSpelling(of: "\u{E9}") == nil)
    }
}
