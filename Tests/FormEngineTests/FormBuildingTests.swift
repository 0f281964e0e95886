// Building forms: result builders and operators, duplicate tags, forward references.
import Testing

@testable import FormEngine

@Suite("Building forms")
struct FormBuildingTests {
    @Test("result builder and operators build the same form")
    func builderAndOperators() throws {
        let built = try Form {
            Section("s1") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 1))
            }
        }
        let operators = try Form(
            FormDefinition() +++ (Section("s1") <<< Row("a", value: 1) <<< Row("b").hidden(valueIs("a", 1))))
        #expect(built.allRowTags == ["a", "b"])
        #expect(built.visibleRowTags == ["a"])
        #expect(operators.visibleRowTags == built.visibleRowTags)
    }

    @Test(
        "a duplicate tag names both places",
        arguments: [
            (
                FormDefinition(sections: [Section("x", rows: [Row("a"), Row("x")])]), "sections[0]",
                "sections[0].rows[1]"
            ),
            (
                FormDefinition(sections: [Section("s", rows: [Row("a"), Row("b")]), Section("a", rows: [])]),
                "sections[0].rows[0]", "sections[1]"
            ),
            (
                FormDefinition(sections: [Section("s", rows: [Row("a")]), Section("t", rows: [Row("a")])]),
                "sections[0].rows[0]", "sections[1].rows[0]"
            ),
            // Canonically equivalent spellings are one tag, as Swift strings compare.
            (
                FormDefinition(sections: [Section("s", rows: [Row("b"), Row("\u{E9}"), Row("e\u{301}")])]),
                "sections[0].rows[1]", "sections[0].rows[2]"
            ),
        ])
    func duplicateTags(definition: FormDefinition, first: String, second: String) {
        #expect {
            _ = try Form(definition)
        } throws: { error in
            guard let error = error as? FormError else { return false }
            return error.kind == .duplicateTag && error.message.hasSuffix(" at \(first) and \(second)")
                && error.path == second
        }
    }

    @Test("conditions may reference rows declared later")
    func forwardReference() throws {
        let form = try Form {
            Section("s") {
                Row("early").hidden(valueIs("late", "hide"))
                Row("late", value: "hide")
            }
        }
        #expect(form["early"]?.isHidden == true)
        #expect(form.visibleRowTags == ["late"])
    }

    @Test("untagged rows are allowed and keep their place")
    func untaggedRows() throws {
        let form = try Form {
            Section("list", multivalued: true) {
                Row(value: "one")
                Row(value: nil)
                Row(value: "two")
            }
        }
        #expect(form.values() == ["list": ["one", "two"]])
        #expect(form.allRowTags == [])
    }

    @Test("a static hidden row starts hidden, a section hides its rows from visibleRows")
    func staticConditions() throws {
        let form = try Form {
            Section("s1") {
                Row("a")
                Row("b", hidden: true)
            }
            Section("s2", hidden: true) { Row("c") }
        }
        #expect(form.visibleSectionTags == ["s1"])
        #expect(form.visibleRowTags == ["a"])
        #expect(form["c"]?.isHidden == false)
        #expect(form["c"]?.isDisplayed == false)
        #expect(form.allSectionTags == ["s1", "s2"])
    }

    @Test("too many conditions is a typed error")
    func formTooLarge() {
        let plain = (0..<50).map { Row("p\($0)") }
        #expect(throws: Never.self) {
            _ = try Form(FormDefinition(sections: [Section("s", rows: plain)]), limits: FormLimits(maxConditions: 10))
        }
        let rows = (0..<11).map { Row("r\($0)", hidden: false) }
        #expect(throws: FormError.self) {
            _ = try Form(FormDefinition(sections: [Section("s", rows: rows)]), limits: FormLimits(maxConditions: 10))
        }
        let edges = (0..<3).map { Row("e\($0)").hidden("$a == 1 AND $b == 2") }
        #expect(throws: FormError.self) {
            _ = try Form(
                FormDefinition(sections: [Section("s", rows: edges)]), limits: FormLimits(maxDependencyEdges: 5))
        }
    }
}
