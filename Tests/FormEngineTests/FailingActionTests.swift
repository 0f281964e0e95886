// Failing actions: each throws a typed error and leaves values and state exactly as before.
import Testing

@testable import FormEngine

@Suite("Failing actions")
struct FailingActionTests {
    func makeForm() throws -> Form {
        try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 1))
                Row("c").hidden(hiddenFlag("b"))
            }
            Section("t") { Row("d") }
        }
    }

    enum Failure: String, CaseIterable {
        case unknownTagInSet, sectionValue, unknownSection, duplicateOnAddRow, badIndex, badAnchor, cycle,
            requiredOnSection, removeUnknownRow, removeUnknownSection, duplicateSection, batchWithFailure
    }

    @Test("a failing action leaves the form unchanged", arguments: Failure.allCases)
    func unchanged(failure: Failure) throws {
        let form = try makeForm()
        let before = snapshot(form)
        let evaluations = form.evaluationCount
        var kind: FormError.Kind?
        do {
            switch failure {
            case .unknownTagInSet: try form.setValues(["a": 2, "zzz": 1])
            case .sectionValue: try form.setValue(1, for: "t")
            case .unknownSection: try form.addRow(Row("n"), toSection: "nope")
            case .duplicateOnAddRow: try form.addRow(Row("b"), toSection: "t")
            case .badIndex: try form.addRow(Row("n"), toSection: "t", at: .index(5))
            case .badAnchor: try form.addRow(Row("n"), toSection: "t", at: .after("a"))
            case .cycle: try form.setCondition(hiddenFlag("c"), .hidden, for: "b")
            case .requiredOnSection: try form.setCondition(true, .required, for: "t")
            case .removeUnknownRow: try form.removeRow("t")
            case .removeUnknownSection: try form.removeSection("zzz")
            case .duplicateSection:
                try form.addSection(
                    Section("u") {
                        Row("x")
                        Row("x")
                    })
            case .batchWithFailure:
                try form.batch { batch in
                    batch.setValue(5, for: "a")
                    batch.addRow(Row("fresh"), toSection: "t")
                    batch.removeRow("missing")
                }
            }
        } catch {
            kind = error.kind
        }
        #expect(kind != nil)
        #expect(snapshot(form) == before)
        // Still fully working afterwards.
        try form.setValue(2, for: "a")
        #expect(form.visibleRowTags == ["a", "b", "c", "d"])
        #expect(form.evaluationCount > evaluations)
    }

    /// Tags compare as Swift strings do (canonical equivalence), in the build's duplicate check, in the
    /// store's symbol table and in actions alike: `é` precomposed and decomposed are one tag.
    @Test("a canonically equivalent spelling of a tag names the same row and cannot be added again")
    func canonicallyEquivalentTags() throws {
        let form = try Form(
            FormDefinition(sections: [
                Section("s", rows: [Row("\u{E9}", value: 1), Row("x", hidden: .predicate("$\u{E9} == 2"))])
            ]))
        var error: FormError?
        do { try form.addRow(Row("e\u{301}", value: 2), toSection: "s") } catch let thrown { error = thrown }
        #expect(error?.kind == .duplicateTag)
        #expect(form.visibleRowTags == ["\u{E9}", "x"])
        let changes = try form.setValue(2, for: "e\u{301}")
        #expect(changes.rowsHidden.map(\.tag) == ["x"])
        #expect(form.warnings.isEmpty)
        #expect(throws: FormError.self) {
            try Form(FormDefinition(sections: [Section("s", rows: [Row("\u{E9}"), Row("e\u{301}")])]))
        }
    }

    /// `setValue` resolves its tag in place (not through `row(tagged:)`); both give the same errors.
    @Test(
        "setValue on a tag no row has: the error names it, and the next change is reported in full",
        arguments: [
            ("aa", FormError.Kind.unknownTag, "unknown tag 'aa'; did you mean 'a'?"),
            ("t", .invalidAction, "'t' is a section, not a row"),
        ])
    func setValueOnNoRow(tag: String, kind: FormError.Kind, message: String) throws {
        let form = try makeForm()
        var error: FormError?
        do { try form.setValue(1, for: tag) } catch let thrown { error = thrown }
        #expect(error?.kind == kind)
        #expect(error?.message == message)
        #expect(throws: FormError.self) { try form.setValues([tag: 1]) }
        let changes = try form.setValue(2, for: "a")
        #expect(changes.valuesChanged.map(\.tag) == ["a"])
        #expect(changes.rowsShown.map(\.tag) == ["b", "c"])
    }
}
