// The change-set builder's quick path: taken for the usual value change (at most two rows flipped,
// nothing structural, default options) and equal to the thorough builder there; declined otherwise.
import Testing

@testable import FormEngine

@Suite("Change sets: the quick path for a usual value change")
struct QuickChangeSetTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Values set first, each as its own action.
        var before: [(String, Int)] = []
        var tag = "a"
        var value: Int
        var hiddenIncludesSection = false
        /// Whether the quick path builds this transaction's change set.
        var quick: Bool
        var testDescription: String { name }
    }

    static func form(hiddenIncludesSection: Bool) throws -> Form {
        try Form(options: FormOptions(hiddenIncludesSection: hiddenIncludesSection)) {
            Section("s1") {
                Row("a", value: 0)
                Row("b").hidden("$a == 1")
                Row("c").hidden("$a != 1")
                Row("d").disabled("$a == 2")
                Row("e").required("$a == 3")
                Row("m").hidden("$a != 10")
                Row("n").hidden("$a == 10")
                Row("p").hidden("$a == 8").disabled("$a == 8")
                Row("q").hidden("$a == 8")
                Row("r").hidden("$a == 8")
                Row("w").hidden("$a == 11")
            }
            Section("s2", hidden: "$a == 5") {
                Row("h", value: 0).hidden("$a == 6")
            }
            Section("s3") {
                Row("k").hidden("$a == 11")
            }
        }
    }

    @Test(
        "quick where the transaction allows it, and then equal to the thorough builder",
        arguments: [
            Case(name: "one row hidden, one shown", value: 1, quick: true),
            Case(name: "a row disabled", value: 2, quick: true),
            Case(name: "a row required", value: 3, quick: true),
            Case(name: "a row shown before one hidden in its section", value: 10, quick: true),
            Case(name: "rows in two sections", value: 11, quick: true),
            Case(name: "only the value", value: 9, quick: true),
            Case(name: "a value in a hidden section", before: [("a", 5)], tag: "h", value: 4, quick: true),
            Case(name: "a row hidden and back", before: [("a", 6)], value: 0, quick: true),
            Case(name: "a section hidden", value: 5, quick: false),
            Case(name: "three rows flipped", value: 8, quick: false),
            Case(name: "nothing changed", value: 0, quick: false),
            Case(name: "hiddenIncludesSection", value: 1, hiddenIncludesSection: true, quick: false),
        ])
    func quickPath(_ test: Case) throws {
        let form = try Self.form(hiddenIncludesSection: test.hiddenIncludesSection)
        for (tag, value) in test.before { try form.setValue(.int(Int64(value)), for: tag) }
        var state = form.core.state
        try state.setValueTransaction(.int(Int64(test.value)), for: test.tag)
        var quickBuilder = ChangeSetBuilder()
        let quick = quickBuilder.quickChangeSet(of: &state)
        var thoroughBuilder = ChangeSetBuilder()
        let thorough = thoroughBuilder.thoroughChangeSet(of: &state)
        #expect((quick != nil) == test.quick)
        if let quick { #expect(quick == thorough) }
        // Through the Form, the change set is the thorough one in every case.
        #expect(try form.setValue(.int(Int64(test.value)), for: test.tag) == thorough)
    }

    @Test("a change set kept by the caller stays as it was through later changes, and a write to a copy leaves it")
    func keptChangeSets() throws {
        let form = try Self.form(hiddenIncludesSection: false)
        let kept = try form.setValue(.int(1), for: "a")
        let hidden = kept.rowsHidden
        let shown = kept.rowsShown
        #expect(hidden.map(\.tag) == ["b"] && shown.map(\.tag) == ["c"])
        // Each of these is dropped at once, so the next change writes over its storage; the kept one's
        // storage is shared, so no change may write over it.
        for value in [2, 3, 10, 11, 1, 0, 1] { _ = try form.setValue(.int(Int64(value)), for: "a") }
        #expect(kept.rowsHidden == hidden && kept.rowsShown == shown)
        #expect(kept.valuesChanged.map(\.tag) == ["a"])
        var copy = kept
        copy.rowsHidden = []
        copy.evaluated = [ConditionKey(element: "b", property: .hidden)]
        #expect(kept.rowsHidden == hidden && kept.evaluated.isEmpty)
        #expect(copy.rowsHidden.isEmpty && copy.rowsShown == shown && copy != kept)
    }

    @Test("the builder writes over the storage of the change set before only once that one is dropped")
    func builderStorage() throws {
        let form = try Self.form(hiddenIncludesSection: false)
        func transaction(_ value: Int) throws -> FormState {
            var state = form.core.state
            try state.setValueTransaction(.int(Int64(value)), for: "a")
            return state
        }
        for quick in [false, true] {
            var builder = ChangeSetBuilder()
            var first = try transaction(1)
            let kept = quick ? builder.quickChangeSet(of: &first) : builder.thoroughChangeSet(of: &first)
            let hidden = kept?.rowsHidden
            let shown = kept?.rowsShown
            #expect(hidden?.map(\.tag) == ["b"] && shown?.map(\.tag) == ["c"])
            for value in [2, 3, 10, 11] {
                var state = try transaction(value)
                _ = quick ? builder.quickChangeSet(of: &state) : builder.thoroughChangeSet(of: &state)
            }
            #expect(kept?.rowsHidden == hidden && kept?.rowsShown == shown)
        }
    }
}
