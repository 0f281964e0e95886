// The FormEngine snippet of README.md ("Use it from Swift"), verbatim, so the README cannot show code
// that no longer compiles or change sets that are no longer what the engine reports.
import FormEngine
import Testing

@Suite("README examples: FormEngine")
struct FormEngineReadmeExamplesTests {
    @Test("build a form, set a value, read the change set")
    func buildSetAndChangeSet() throws {
        // README: begin form
        let form = try Form {
            Section("profile") {
                Row("age", value: 16)
                Row("newsletter", value: false)
                Row("email").hidden("$newsletter == NO").required("$newsletter == YES")
            }
            Section("driving", hidden: "$age < 18") {
                Row("hasLicense", value: false)
            }
        }
        let changes = try form.setValue(true, for: "newsletter")
        let shown = changes.rowsShown.map(\.tag)  // ["email"]
        let required = changes.becameRequired.map(\.tag)  // ["email"]
        let problems = form.validate().map(\.description)  // ["email: ..."]: required and empty
        let older = try form.setValue(18, for: "age")
        let sections = older.sectionsShown.map(\.tag)  // ["driving"]
        // README: end form
        #expect(shown == ["email"])
        #expect(required == ["email"])
        #expect(problems.count == 1)
        #expect(sections == ["driving"])
        #expect(form.visibleSectionTags == ["profile", "driving"])
    }
}
