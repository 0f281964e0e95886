// Cycles: rejected when the form is built or when an action would introduce one, with the conditions
// on the cycle named in reading order.
import Testing

@testable import FormEngine

@Suite("Cycles")
struct CycleTests {
    @Test("a cycle through isHidden fails the build and names the conditions")
    func hiddenCycle() {
        #expect {
            _ = try Form {
                Section("s") {
                    Row("a").hidden(hiddenFlag("b"))
                    Row("b").hidden(hiddenFlag("a"))
                }
            }
        } throws: { error in
            guard let error = error as? FormError else { return false }
            return error.kind == .cycle && error.cycle == ["a.hidden", "b.hidden", "a.hidden"]
                && error.message == "dependency cycle: a.hidden -> b.hidden -> a.hidden"
        }
    }

    @Test("a cycle through a section and isDisabled is found")
    func sectionCycle() {
        #expect {
            _ = try Form {
                Section("s", hidden: disabledFlag("a")) {
                    Row("a").disabled(hiddenFlag("b"))
                    Row("b").hidden(hiddenFlag("s"))
                }
            }
        } throws: { error in
            guard let error = error as? FormError else { return false }
            return error.kind == .cycle && Set(error.cycle) == ["s.hidden", "a.disabled", "b.hidden"]
                && error.cycle.count == 4
        }
    }

    @Test("a self-reference is a cycle")
    func selfCycle() {
        #expect(throws: FormError.self) { _ = try Form { Section("s") { Row("a").hidden(hiddenFlag("a")) } } }
    }

    @Test("co-dependent value reads are not a cycle by default, but are with hiddenValueInConditions = null")
    func codependentValues() throws {
        let definition = FormDefinition {
            Section("s") {
                Row("a").hidden(.function(["b"]) { !(($0.value("b").doubleValue ?? 0) > 0) })
                Row("b").hidden(.function(["a"]) { !(($0.value("a").doubleValue ?? 0) > 0) })
            }
        }
        let form = try Form(definition)
        #expect(form.visibleRowTags == [])
        try form.setValue(1, for: "a")
        #expect(form.visibleRowTags == ["b"])
        var masked = definition
        masked.options.hiddenValueInConditions = .null
        #expect(throws: FormError.self) { _ = try Form(masked) }
    }

    @Test("hiddenIncludesSection makes a row's isHidden depend on its section's hidden")
    func inheritedCycle() {
        var definition = FormDefinition {
            Section("s", hidden: hiddenFlag("a")) { Row("a") }
        }
        #expect(throws: Never.self) { _ = try Form(definition) }
        definition.options.hiddenIncludesSection = true
        #expect(throws: FormError.self) { _ = try Form(definition) }
    }

    @Test("setCondition that would close a cycle fails and leaves the form unchanged")
    func setConditionCycle() throws {
        let form = try Form {
            Section("s") {
                Row("x")
                Row("a").hidden(hiddenFlag("b"))
                Row("b").hidden(valueIs("x", 1))
            }
        }
        try form.setValue(1, for: "x")
        let before = snapshot(form)
        #expect {
            try form.setCondition(hiddenFlag("a"), .hidden, for: "b")
        } throws: { error in
            (error as? FormError)?.cycle == ["a.hidden", "b.hidden", "a.hidden"]
        }
        #expect(snapshot(form) == before)
        // The old condition still works.
        try form.setValue(0, for: "x")
        #expect(form.visibleRowTags == ["x", "a", "b"])
    }
}

/// Everything observable about a form, for before/after comparisons.
struct FormSnapshot: Equatable {
    var rows: [String]
    var visibleRows: [String]
    var sections: [String]
    var visibleSections: [String]
    var values: [String: Value]
    var states: [String: ElementState]
}

func snapshot(_ form: Form) -> FormSnapshot {
    var states: [String: ElementState] = [:]
    for tag in form.allRowTags + form.allSectionTags { states[tag] = form[tag] }
    return FormSnapshot(
        rows: form.allRowTags, visibleRows: form.visibleRowTags, sections: form.allSectionTags,
        visibleSections: form.visibleSectionTags, values: form.valuesIncludingHidden(), states: states)
}
