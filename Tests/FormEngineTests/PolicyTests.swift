// The hidden-value policies: keep (default), mask in conditions (JavaRosa), clear on hide (SurveyJS),
// and hidden flags that include the section (JavaRosa inherited relevance).
import Testing

@testable import FormEngine

@Suite("Policies")
struct PolicyTests {
    func chain(_ options: FormOptions) throws -> Form {
        try Form(options: options) {
            Section("s") {
                Row("x", value: 1)
                Row("a", value: 5).hidden(.function(["x"]) { $0.value("x") != 1 })
                Row("b").hidden(.function(["a"]) { $0.value("a") != 5 })
            }
        }
    }

    @Test("keep: conditions go on reading a hidden row's value")
    func keep() throws {
        let form = try chain(FormOptions())
        try form.setValue(0, for: "x")
        #expect(form.visibleRowTags == ["x", "b"])
        #expect(form.valuesIncludingHidden()["a"] == 5)
    }

    @Test("null: conditions read a hidden row's value as null; the stored value is kept")
    func mask() throws {
        let form = try chain(FormOptions(hiddenValueInConditions: .null))
        let changes = try form.setValue(0, for: "x")
        #expect(form.visibleRowTags == ["x"])
        #expect(changes.hiddenTags == ["a", "b"])
        #expect(form.valuesIncludingHidden()["a"] == 5)
        try form.setValue(1, for: "x")
        #expect(form.visibleRowTags == ["x", "a", "b"])
    }

    @Test("null: a row in a hidden section reads as null")
    func maskBySection() throws {
        let form = try Form(options: FormOptions(hiddenValueInConditions: .null)) {
            Section("s1") { Row("x", value: 1) }
            Section("s2", hidden: .function(["x"]) { $0.value("x") != 1 }) { Row("a", value: "v") }
            Section("s3") { Row("b").hidden(.function(["a"]) { $0.value("a").isNull }) }
        }
        #expect(form["b"]?.isHidden == false)
        try form.setValue(2, for: "x")
        #expect(form["b"]?.isHidden == true)
        #expect(form["a"]?.value == "v")
    }

    @Test("onHidden: becoming hidden clears the value, and the clear propagates")
    func clearOnHide() throws {
        let form = try chain(FormOptions(clearValueOnHide: .onHidden))
        let changes = try form.setValue(0, for: "x")
        #expect(form["a"]?.value == .null)
        #expect(changes.valuesChanged.map(\.tag) == ["x", "a"])
        #expect(form.visibleRowTags == ["x"])
        try form.setValue(1, for: "x")
        #expect(form["a"]?.value == .null)
        #expect(form.visibleRowTags == ["x", "a"])
    }

    @Test("onHidden: rows hidden when the form is built keep their initial value")
    func clearNotAtBuild() throws {
        let form = try Form(options: FormOptions(clearValueOnHide: .onHidden)) {
            Section("s") { Row("a", value: 3, hidden: true) }
        }
        #expect(form["a"]?.value == 3)
    }

    @Test("hiddenIncludesSection: a row's flag and isHidden include its section")
    func inherited() throws {
        let definition = FormDefinition {
            Section("main") { Row("g", value: true) }
            Section("group", hidden: .function(["g"]) { $0.value("g") != true }) { Row("field") }
            Section("other") { Row("watch").hidden(hiddenFlag("field")) }
        }
        let plain = try Form(definition)
        try plain.setValue(false, for: "g")
        #expect(plain["field"]?.isHidden == false)
        #expect(plain["watch"]?.isHidden == false)
        var inherited = definition
        inherited.options.hiddenIncludesSection = true
        let form = try Form(inherited)
        let changes = try form.setValue(false, for: "g")
        #expect(form["field"]?.isHidden == true)
        #expect(form["watch"]?.isHidden == true)
        #expect(Set(changes.hiddenTags) == ["field", "watch"])
        #expect(changes.sectionsHiddenTags == ["group"])
    }
}
