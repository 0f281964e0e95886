// The row store's single copy-on-write storage and the VM's in-place leaf paths: copies never see each
// other's writes, slots beyond 65,535 compile to fused slot reads, and the inline CONTAINS / BEGINSWITH
// answers agree with the same predicates evaluated over variable bindings (the general path).

import Testing

@testable import PredicateLang

@Suite("Row store storage and in-place leaves")
struct RowStoreStorageTests {
    @Test("a copy of a store is independent of the original (copy on write)")
    func copyOnWrite() {
        var original = RowStore(["a": 1, "b": "x"])
        let snapshot = original
        original[Slot(0)].value = 2
        original[Slot(1)].isHidden = true
        original.declare("c")
        #expect(snapshot.value(at: Slot(0)) == 1)
        #expect(snapshot.isHidden(at: Slot(1)) == false)
        #expect(snapshot.count == 2)
        #expect(original.value(at: Slot(0)) == 2)
        #expect(original.isHidden(at: Slot(1)))
        #expect(original.count == 3)
        #expect(original.symbols.slot(for: "c") == Slot(2))
    }

    @Test("slots the store does not have read as an empty entry; writing them is ignored")
    func outOfRange() {
        var store = RowStore(["a": 1])
        store[Slot(5)].value = 9
        store[Slot(-1)].isHidden = true
        #expect(store.count == 1)
        #expect(store[Slot(5)] == RowStore.Entry())
        #expect(store.value(at: Slot(-1)) == .null)
    }

    @Test("declaring many tags keeps every earlier entry")
    func growth() {
        var store = RowStore(symbols: SymbolTable())
        for index in 0..<1_000 {
            let slot = store.declare("t\(index)")
            store[slot] = RowStore.Entry(
                value: .int(Int64(index)), isHidden: index % 2 == 0, isDisabled: index % 3 == 0)
        }
        #expect(store.count == 1_000)
        #expect((0..<1_000).allSatisfy { store.value(at: Slot($0)) == .int(Int64($0)) })
        #expect((0..<1_000).allSatisfy { store.isHidden(at: Slot($0)) == ($0 % 2 == 0) })
        #expect((0..<1_000).allSatisfy { store.isDisabled(at: Slot($0)) == ($0 % 3 == 0) })
    }

    @Test("declaring a known tag, or a canonically equivalent spelling of it, gives its slot and adds nothing")
    func redeclare() {
        var store = RowStore(["caf\u{E9}": 1, "b": 2])
        let snapshot = store
        #expect(store.declare("b") == Slot(1))
        #expect(store.declare("cafe\u{301}") == Slot(0))
        #expect(store.count == 2 && store.value(at: Slot(0)) == 1 && store.value(at: Slot(1)) == 2)
        #expect(store.declare("c") == Slot(2) && store.count == 3 && store.value(at: Slot(2)) == .null)
        #expect(snapshot.count == 2 && snapshot.symbols.count == 2)
    }

    @Test("a slot beyond 65,535 compiles to a fused slot read (24-bit slot operands)")
    func wideSlots() throws {
        var store = RowStore(symbols: SymbolTable(tags: (0..<70_000).map { "t\($0)" }))
        store["t69999"] = 42
        store["t65536"] = ["x", "y"]
        let predicate = try CompiledPredicate("$t69999 > 18 AND $t65536 CONTAINS 'y'", symbols: store.symbols)
        #expect(
            predicate.program.instructions.contains(
                .matchSlot(try #require(SlotOperand(exactly: 69_999)), MatcherIndex(0))))
        #expect(try predicate.evaluate(in: store))
        #expect(SlotOperand(exactly: Int(SlotOperand.maximum))?.rawValue == SlotOperand.maximum)
        #expect(SlotOperand(exactly: Int(SlotOperand.maximum) + 1) == nil)
        #expect(SlotOperand(exactly: -1) == nil)
    }

    static let subjects: [Value] = [
        "Music", "music", "Mus", "Ärger", "ärger", "", 5, 18, 65, 17, 66, -3, 40.5, true, .null, ["Music", "Art"],
        ["art", 5, .null], [], ["Müsic"], .set(ValueSet(["Music"])), ["k": "Music"], "NZ", "nz", "Art",
        .int(Int64.max), .int(Int64.min),
    ]

    @Test(
        "in-place leaves agree with the general path",
        arguments: [
            "$s CONTAINS 'Music'", "$s CONTAINS[c] 'music'", "$s BEGINSWITH 'Mu'", "$s BEGINSWITH[cd] 'ar'",
            "$s ENDSWITH 'ic'", "$s ==[c] 'MUSIC'", "$s CONTAINS 'Müsic'", "$s LIKE 'M*'", "$s IN {'Music', 'Art'}",
            "NOT ($s CONTAINS 'Art')", "$s BETWEEN {18, 65}", "$s BETWEEN {65, 18}", "$s BETWEEN {18, 65.5}",
            "$s IN {'NZ', 'AU', 'Art'}", "$s IN {5, 18, 1}", "$s IN {5, 'Music'}", "$s IN[c] {'nz', 'AU'}",
            "$s IN {1.0, 5}",
        ])
    func agreesWithBindings(_ text: String) throws {
        let store = RowStore(["s": .null])
        let slotted = try CompiledPredicate(text, symbols: store.symbols)
        let bound = try CompiledPredicate(text)
        for subject in Self.subjects {
            var row = store
            row["s"] = subject
            let viaSlots = Result { () throws(EvaluationError) in try slotted.evaluate(in: row) }
            let viaBindings = Result { () throws(EvaluationError) in try bound.evaluate(variables: ["s": subject]) }
            #expect(String(describing: viaSlots) == String(describing: viaBindings), "\(text) with \(subject)")
        }
    }
}
