// Predicate-string conditions: the XLForm `.value` rule, dependencies from the syntax tree, compiled
// predicates, parse errors with positions, and predicate validation rules.
import Testing

@testable import FormEngine

@Suite("Predicate conditions")
struct PredicateConditionTests {
    @Test("the XLForm rule: $t reads the value, $t.isHidden the flag, $t.@count the value's count")
    func formValueRule() throws {
        let form = try Form {
            Section("s") {
                Row("hobbies", value: [])
                Row("none").hidden("$hobbies.@count > 0")
                Row("music").hidden("NOT $hobbies contains 'Music'")
                Row("echo").hidden("$music.isHidden == YES")
                Row("explicit").hidden("$hobbies.value.@count == 1")
            }
        }
        #expect(form.visibleRowTags == ["hobbies", "none", "explicit"])
        try form.setValue(["Music"], for: "hobbies")
        #expect(form.visibleRowTags == ["hobbies", "music", "echo"])
    }

    @Test("every variable of an expression is a dependency (XLForm registers only the first)")
    func allVariablesRegistered() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b", value: 1)
                Row("sum").hidden("$a + $b > 3")
            }
        }
        #expect(form.dependencyGraph.readers(of: "a").map(\.description) == ["sum.hidden"])
        #expect(form.dependencyGraph.readers(of: "b").map(\.description) == ["sum.hidden"])
        try form.setValue(5, for: "b")
        #expect(form["sum"]?.isHidden == true)
    }

    @Test("a value change does not re-run conditions that only read isHidden")
    func keyedByProperty() throws {
        let form = try Form {
            Section("s") {
                Row("x")
                Row("a").hidden("$x == 1")
                Row("b").hidden("$a.isHidden == YES")
            }
        }
        form.recordsEvaluations = true
        let changes = try form.setValue(2, for: "x")
        #expect(changes.evaluated.map(\.description) == ["a.hidden"])
        #expect(form.dependencyGraph.readers(of: "a", .isHidden).map(\.description) == ["b.hidden"])
        #expect(form.dependencyGraph.readers(of: "a").isEmpty)
    }

    @Test("a compiled predicate is used verbatim")
    func compiled() throws {
        let predicate = try CompiledPredicate("$flag == YES")
        let form = try Form {
            Section("s") {
                Row("flag", value: false)
                Row("a").hidden(.compiled(predicate))
            }
        }
        #expect(form["a"]?.isHidden == false)
        try form.setValue(true, for: "flag")
        #expect(form["a"]?.isHidden == true)
    }

    @Test("a condition that does not parse fails the build with its path and position")
    func parseError() {
        #expect {
            _ = try Form {
                Section("s") {
                    Row("a")
                    Row("b").disabled("$a == ")
                }
            }
        } throws: { error in
            guard let error = error as? FormError else { return false }
            return error.kind == .parse && error.path == "sections[0].rows[1].disabled" && error.location?.line == 1
                && error.conditionText == "$a == " && !error.diagnostics.isEmpty
        }
    }

    @Test("setCondition with bad text fails and leaves the form unchanged")
    func setConditionParseError() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden("$a == 1")
            }
        }
        let before = snapshot(form)
        #expect(throws: FormError.self) { try form.setCondition("$a ==== 1", .hidden, for: "b") }
        #expect(snapshot(form) == before)
        try form.setValue(2, for: "a")
        #expect(form["b"]?.isHidden == false)
    }

    @Test("an evaluation error counts as false")
    func evaluationErrorIsFalse() throws {
        // MATCHES on a number is also a type mismatch, reported as a warning here.
        let form = try Form(options: FormOptions(conditionProblems: .warning)) {
            Section("s") {
                Row("a", value: 5)
                Row("b").hidden("$a MATCHES '[0-9]+'")
            }
        }
        #expect(form["b"]?.isHidden == false)
        #expect(form.warnings.map(\.id) == ["type-mismatch"])
    }

    @Test(
        "predicate validation rules run with the value as SELF",
        arguments: [
            (Value.string("abc"), [String]()), (Value.string("ab1"), ["letters only"]), (Value.string(""), [String]()),
        ] as [(Value, [String])])
    func validationRules(value: Value, messages: [String]) throws {
        let form = try Form {
            Section("s") {
                Row("name", value: value, validations: [.predicate("SELF MATCHES '[a-z]+'", message: "letters only")])
                Row("tags", value: ["x", "y"], validations: [.predicate("SELF.@count >= 2", message: "two tags")])
            }
        }
        #expect(form.validate().map(\.message) == messages)
    }

    @Test("a validation rule that does not parse fails the build with its path")
    func badValidationRule() {
        #expect {
            _ = try Form { Section("s") { Row("a", validations: [.predicate("SELF MATCHES", message: "m")]) } }
        } throws: { error in
            (error as? FormError)?.path == "sections[0].rows[0].validations[0]"
        }
    }
}
