// FormChecker: every problem at once, each positioned by path and line:column in the condition.
import Testing

@testable import FormEngine

@Suite("Form checker")
struct FormCheckerTests {
    @Test("an unknown tag is reported with its position and a suggestion")
    func unknownTag() {
        let problems = FormChecker.check(
            json:
                #"{"sections": [{"rows": [{"tag": "hobbies"}]}, {"rows": [{"tag": "x", "hidden": "NOT $hobbys contains 'x'"}]}]}"#
        )
        #expect(problems.count == 1)
        let rendered = FormChecker.render(problems, sourceName: "form.json")
        #expect(
            rendered.hasPrefix(
                "form.json: sections[1].rows[0].hidden:1:5: error: unknown tag 'hobbys'; did you mean 'hobbies'?"))
        #expect(rendered.contains("    NOT $hobbys contains 'x'\n        ^~~~~~~"))
    }

    @Test("all problems are reported together")
    func everything() {
        let problems = FormChecker.check(
            FormDefinition {
                Section("s") {
                    Row("a").hidden("$b.isHidden == YES")
                    Row("b").hidden("$a.isHidden == YES")
                    Row("c").disabled("$a ==")
                    Row("a")
                    Row("d", hidden: true)
                    Row("e").hidden("1 == 1")
                }
            })
        #expect(
            problems.map(\.id).sorted() == [
                "dependency-cycle", "duplicate-tag", "never-shown", "never-shown", "parse-error",
            ])
        let duplicate = problems.first { $0.id == "duplicate-tag" }
        #expect(duplicate?.message == "duplicate tag 'a' at sections[0].rows[0] and sections[0].rows[3]")
        #expect(problems.first { $0.id == "parse-error" }?.path == "sections[0].rows[2].disabled")
        #expect(
            problems.first { $0.id == "dependency-cycle" }?.message
                == "dependency cycle: a.hidden -> b.hidden -> a.hidden")
        #expect(
            problems.filter { $0.id == "never-shown" }.map(\.path) == [
                "sections[0].rows[4].hidden", "sections[0].rows[5].hidden",
            ])
    }

    @Test("two independent cycles are both reported")
    func twoCycles() {
        let problems = FormChecker.check(
            FormDefinition {
                Section("s") {
                    Row("a").hidden("$b.isHidden == YES")
                    Row("b").hidden("$a.isHidden == YES")
                    Row("c").disabled("$d.isDisabled == YES")
                    Row("d").disabled("$c.isDisabled == YES")
                }
            })
        #expect(problems.filter { $0.id == "dependency-cycle" }.count == 2)
    }

    @Test("a clean form has no problems; JSON errors are positioned in the file")
    func cleanAndJSON() {
        #expect(
            FormChecker.check(
                FormDefinition {
                    Section("s") {
                        Row("a")
                        Row("b").hidden("$a == 1")
                    }
                }
            ).isEmpty)
        let problems = FormChecker.check(json: "{\"sections\": [\n  {\"rows\": 3}]}")
        #expect(problems.first?.id == "invalid-definition")
        #expect(problems.first?.location == SourceLocation(line: 2, column: 12))
    }

    @Test(
        "suggestions only for near misses",
        arguments: [("hobbys", "hobbies"), ("nmae", "name"), ("zzz", nil)] as [(String, String?)])
    func suggestions(tag: String, expected: String?) {
        #expect(FormChecker.closest(to: tag, among: ["hobbies", "name", "age"]) == expected)
    }
}
