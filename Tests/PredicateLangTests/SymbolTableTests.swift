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
}
