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

    @Test("a hostile condition prints bounded and terminal-safe: a window around the caret, controls escaped")
    func hostileCondition() {
        let padding = String(repeating: "a == 1 OR ", count: 3_000)
        let condition = padding + "$hobbys\u{1B}[31m == 'x'"
        let definition = FormDefinition {
            Section("s") {
                Row("hobbies")
                Row("x").hidden(.predicate(condition))
            }
        }
        let problems = FormChecker.check(definition)
        let rendered = FormChecker.render(problems, sourceName: "form\u{1B}.json")
        #expect(problems.count == 1)
        #expect(!rendered.unicodeScalars.contains("\u{1B}"))
        #expect(rendered.contains("<U+001B>"))
        #expect(rendered.utf8.count < 600, "\(rendered.utf8.count) bytes")
        #expect(rendered.contains("$hobbys"))
        let lines = rendered.split(separator: "\n")
        #expect(lines.count == 3)
        // The stray ESC is the error; the caret is under its escaped form in the window that is shown.
        if lines.count == 3, let caret = lines[2].firstIndex(of: "^") {
            let column = lines[2].distance(from: lines[2].startIndex, to: caret)
            #expect(lines[1].dropFirst(column).hasPrefix("<U+001B>"), "\(rendered)")
        }
    }
}
