// Structural edits: rows and sections added and removed, conditions replaced, missing tags that appear.
import Testing

@testable import FormEngine

@Suite("Structural edits")
struct StructureTests {
    @Test("a condition on a missing tag reads null and re-evaluates when the row is added")
    func missingThenAdded() throws {
        let form = try Form(options: FormOptions(conditionProblems: .warning)) {
            Section("s") { Row("later").hidden(valueIs("ghost", 1)) }
        }
        #expect(form.warnings.map(\.message) == ["unknown tag 'ghost'"])
        #expect(form["later"]?.isHidden == false)
        let added = try form.addRow(Row("ghost", value: 1), toSection: "s")
        #expect(form["later"]?.isHidden == true)
        #expect(added.hiddenTags == ["later"])
        #expect(added.inserted.map(\.tag) == ["ghost"])
        #expect(form.warnings.isEmpty)
        let removed = try form.removeRow("ghost")
        #expect(form["later"]?.isHidden == false)
        #expect(removed.shownTags == ["later"])
        #expect(removed.removed.map(\.tag) == ["ghost"])
    }

    @Test("rows are inserted by index over all rows or after a named row, hidden ones included")
    func insertionPositions() throws {
        let form = try Form {
            Section("s") {
                Row("a")
                Row("b", hidden: true)
                Row("d", hidden: true)
                Row("e")
            }
        }
        try form.addRow(Row("c"), toSection: "s", at: .after("b"))
        try form.addRow(Row("z"), toSection: "s", at: .index(0))
        #expect(form.allRowTags == ["z", "a", "b", "c", "d", "e"])
        #expect(form.visibleRowTags == ["z", "a", "c", "e"])
    }

    @Test("a row added while its condition is true is hidden at once")
    func addedHidden() throws {
        let form = try Form { Section("s") { Row("x", value: 1) } }
        let changes = try form.addRow(Row("n").hidden(valueIs("x", 1)), toSection: "s")
        #expect(form["n"]?.isHidden == true)
        #expect(changes.rowsHidden.isEmpty)
        #expect(changes.inserted.first?.location == nil)
    }

    @Test("sections are added and removed with their rows; readers of removed tags read null")
    func sections() throws {
        let form = try Form(options: FormOptions(conditionProblems: .warning)) {
            Section("s") { Row("watch").hidden(valueIs("inner", "v")) }
        }
        try form.addSection(Section("t") { Row("inner", value: "v") }, at: 0)
        #expect(form.allSectionTags == ["t", "s"])
        #expect(form["watch"]?.isHidden == true)
        try form.removeSection("t")
        #expect(form.allSectionTags == ["s"])
        #expect(form["watch"]?.isHidden == false)
        #expect(form["inner"] == nil)
    }

    @Test("setCondition replaces dependencies: the old ones no longer trigger evaluation")
    func setConditionReregisters() throws {
        let form = try Form {
            Section("s") {
                Row("x")
                Row("y")
                Row("a").hidden(valueIs("x", 1))
            }
        }
        try form.setCondition(valueIs("y", 1), .hidden, for: "a")
        let before = form.evaluationCount
        try form.setValue(1, for: "x")
        #expect(form.evaluationCount == before)
        try form.setValue(1, for: "y")
        #expect(form["a"]?.isHidden == true)
        try form.setCondition(nil, .hidden, for: "a")
        #expect(form["a"]?.isHidden == false)
    }

    @Test("debug builds report function conditions that read undeclared inputs")
    func undeclaredReads() throws {
        let form = try Form {
            Section("s") {
                Row("x", value: 1)
                Row("y")
                Row("a").hidden(.function(["x"]) { $0.value("x") == 1 && $0.value("y").isNull && !$0.isHidden("x") })
                Row("b").hidden(.function(["x", "y"]) { $0.value("x") == $0.value("y") })
            }
        }
        #if DEBUG
            #expect(
                form.undeclaredDependencies == [
                    "a.hidden reads 'y' without declaring it", "a.hidden reads 'x.isHidden' without declaring it",
                ])
        #endif
        #expect(form["a"]?.isHidden == true)
    }

    @Test("a removed tag can be reused by a new row")
    func tagReuse() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("w").hidden(valueIs("a", 2))
            }
        }
        try form.removeRow("a")
        try form.addRow(Row("a", value: 2), toSection: "s")
        #expect(form["w"]?.isHidden == true)
    }

    @Test("multivalued section values follow row additions and removals")
    func multivalued() throws {
        let form = try Form {
            Section("list", multivalued: true) { Row("first", value: "a") }
            Section("s") { Row("two").hidden(.function(["list"]) { $0.value("list").collectionElements?.count == 2 }) }
        }
        try form.addRow(Row("second", value: "b"), toSection: "list")
        #expect(form.values()["list"] == ["a", "b"])
        #expect(form["two"]?.isHidden == true)
        try form.removeRow("first")
        #expect(form["two"]?.isHidden == false)
    }
}
