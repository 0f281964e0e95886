// Building a form checks its conditions: a tag no row or section has and a comparison with a constant of a
// type the element can never match fail the build (and the actions that add such conditions) with the
// position and a suggestion, or, with conditionProblems = .warning, are kept as the form's warnings.
import Testing

@testable import FormEngine

@Suite("Condition checks when a form is built")
struct ConditionCheckTests {
    static func hobbies(_ condition: Condition, options: FormOptions = FormOptions()) throws(FormError) -> Form {
        try Form(options: options) {
            Section("s") {
                Row("hobbies", value: ["Sport"])
                Row("music").hidden(condition)
            }
        }
    }

    @Test("a misspelt tag fails the build with its position and the closest tag")
    func misspeltTag() {
        let error = #expect(throws: FormError.self) { _ = try Self.hobbies("NOT $hobies contains 'Music'") }
        #expect(error?.kind == .unknownTag)
        #expect(error?.message == "unknown tag 'hobies'; did you mean 'hobbies'?")
        #expect(error?.path == "sections[0].rows[1].hidden")
        #expect(error?.location == SourceLocation(line: 1, column: 5))
        #expect(error?.conditionText == "NOT $hobies contains 'Music'")
        #expect(error?.problems.count == 1)
    }

    @Test("as warnings, the form is built and keeps the problems with their positions")
    func misspeltTagAsWarning() throws {
        let form = try Self.hobbies(
            "NOT $hobies contains 'Music'", options: FormOptions(conditionProblems: .warning))
        #expect(form["music"]?.isHidden == true)  // $hobies reads null
        let warning = try #require(form.warnings.first)
        #expect(form.warnings.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.id == "unknown-tag")
        #expect(warning.path == "sections[0].rows[1].hidden")
        #expect(warning.location == SourceLocation(line: 1, column: 5))
        #expect(warning.range.map { SourceText(warning.conditionText ?? "").slice($0) } == "$hobies")
        #expect(
            warning.rendered(sourceName: "Form")
                .hasPrefix("Form: sections[0].rows[1].hidden:1:5: warning: unknown tag 'hobies'; did you mean"))
    }

    struct TypeCase: CustomTestStringConvertible, Sendable {
        var value: Value
        var condition: String
        /// The schema checker's message, or nil when the condition is fine.
        var message: String?
        var testDescription: String { "\(condition) with \(value)" }
    }

    // The form is a schema (FormState+Schema): `$x` is an element whose value has the kind of its current
    // value, so the checker that checks predicates over objects and JSON checks conditions too.
    @Test(
        "comparisons and operators that can never succeed are type mismatches",
        arguments: [
            TypeCase(
                value: 16, condition: "$x == 'eighteen'",
                message: "comparing an integer with a string can never succeed"),
            TypeCase(
                value: 16, condition: "$x != 'eighteen'",
                message: "comparing an integer with a string can never succeed"),
            TypeCase(value: "FR", condition: "$x > 3", message: "comparing a string with an integer can never succeed"),
            TypeCase(
                value: false, condition: "$x BEGINSWITH 'a'",
                message: "'BEGINSWITH' needs a string, not a boolean or nil"),
            TypeCase(
                value: 16, condition: "'a' == $x", message: "comparing a string with an integer can never succeed"),
            TypeCase(
                value: 16, condition: "$x IN {'a', 'b'}",
                message: "comparing an integer with a string can never succeed"),
            TypeCase(
                value: 16, condition: "$x BETWEEN {'a', 'z'}",
                message: "comparing an integer with a string can never succeed"),
            TypeCase(
                value: 16, condition: "$x > 1 AND NOT $x == 'a'",
                message: "comparing an integer with a string can never succeed"),
            TypeCase(
                value: "x", condition: "$x.isHidden == 'yes'",
                message: "comparing a boolean with a string can never succeed"),
            TypeCase(
                value: ["a"], condition: "$x.@count == 'one'",
                message: "comparing an integer with a string can never succeed"),
            TypeCase(
                value: 16, condition: "$x.value CONTAINS[c] 'a'",
                message: "'CONTAINS' needs a string or a collection, not an integer or nil"),
            TypeCase(
                value: "x", condition: "ANY $x == 'a'", message: "'ANY' needs an array or a set, not a string or nil"),
            TypeCase(value: "x", condition: "$x.@sum > 1", message: "'@sum' needs an array or a set, not a string"),
            TypeCase(value: 16, condition: "$x >= 18", message: nil),
            TypeCase(value: true, condition: "$x == 1", message: nil),
            TypeCase(value: .null, condition: "$x == 'a'", message: nil),
            TypeCase(value: "x", condition: "$x == nil", message: nil),
            TypeCase(value: "x", condition: "$x.isHidden == nil", message: nil),
            TypeCase(value: "x", condition: "$x IN {'a', 'b'}", message: nil),
            TypeCase(value: 16, condition: "$x BETWEEN {18, 65}", message: nil),
            TypeCase(value: 16, condition: "18 < $x", message: nil),
            TypeCase(value: ["a"], condition: "$x CONTAINS 'a'", message: nil),
            TypeCase(value: ["a"], condition: "$x.@count == 1", message: nil),
            TypeCase(value: "x", condition: "$x.isDisabled == NO", message: nil),
            TypeCase(value: ["a"], condition: "SUBQUERY($x, $e, $e == 'a').@count > 0", message: nil),
        ])
    func typeMismatch(_ test: TypeCase) {
        let definition = FormDefinition(sections: [
            Section("s", rows: [Row("x", value: test.value), Row("y").hidden(.predicate(test.condition))])
        ])
        do {
            _ = try Form(definition)
            #expect(test.message == nil, "should have failed")
        } catch {
            #expect(error.kind == .typeMismatch)
            #expect(error.message == test.message)
            #expect(error.path == "sections[0].rows[1].hidden")
        }
    }

    @Test("the form's schema: each tagged element is a variable whose value has its value's kind")
    func formSchema() throws {
        let form = try Form {
            Section("s") {
                Row("age", value: 16)
                Row("name", value: "x")
                Row("later")
            }
        }
        let schema = form.schema
        #expect(Set(schema.variables.keys) == ["s", "age", "name", "later"])
        let checked = CompiledPredicate.compile("$age.value BEGINSWITH 'a' OR $later.value == 1", schema: schema)
        #expect(checked.diagnostics.map(\.text) == ["'BEGINSWITH' needs a string, not an integer or nil"])
        #expect(CompiledPredicate.compile("$name.isHidden == NO", schema: schema).diagnostics.isEmpty)
    }

    @Test("conditions are checked against the form's schema: each tag typed by its slot, any spelling of it")
    func checkingSchema() throws {
        let form = try Form {
            Section("s") {
                Row("age", value: 16)
                Row("caf\u{E9}", value: "x")
                Row("flags", value: ["a"])
                Row("later")
            }
        }
        let listed = form.schema
        let checking = form.state.checkingSchema()
        #expect(checking.variables.isEmpty)
        // Element types are objects compared by identity (each schema makes its own): compared by their fields.
        func fields(_ type: SchemaType?) -> [String]? {
            guard case .object(let object)? = type else { return nil }
            return object.fields.map { "\($0.name): \($0.type)" }
        }
        for tag in listed.variables.keys {
            #expect(fields(checking.variableType(named: tag)) == fields(listed.variables[tag]), "\(tag)")
            #expect(fields(checking.variableType(named: tag)) != nil, "\(tag)")
        }
        #expect(fields(checking.variableType(named: "age"))?.first == "value: integer or nil")
        // The decomposed spelling of a declared tag is the same tag, as everywhere in a form.
        #expect(fields(checking.variableType(named: "cafe\u{301}")) == fields(listed.variables["caf\u{E9}"]))
        #expect(fields(checking.variableType(named: "cafe\u{301}")) != nil)
        #expect(checking.variableType(named: "nowhere") == nil)
        // A type mismatch found through it (a predicate spells tags as the lexer reads identifiers).
        let error = #expect(throws: FormError.self) {
            _ = try Form {
                Section("s") {
                    Row("caf\u{E9}", value: "x")
                    Row("y").hidden("$caf\u{E9} > 3")
                }
            }
        }
        #expect(error?.kind == .typeMismatch)
    }

    @Test("every problem is listed; the error describes the first")
    func severalProblems() {
        let error = #expect(throws: FormError.self) {
            _ = try Form {
                Section("s") {
                    Row("age", value: 16)
                    Row("a").hidden("$agee > 18")
                    Row("b").disabled("$age == 'x'").required(valueIs("nobody", 1))
                    Row("c", validations: [.predicate("SELF == $ghost", message: "no")])
                }
            }
        }
        #expect(error?.problems.map(\.id) == ["unknown-tag", "type-mismatch", "unknown-tag", "unknown-tag"])
        #expect(
            error?.problems.map(\.path) == [
                "sections[0].rows[1].hidden", "sections[0].rows[2].disabled", "sections[0].rows[2].required",
                "sections[0].rows[3].validations[0]",
            ])
        #expect(error?.message == "unknown tag 'agee'; did you mean 'age'? (and 3 more)")
    }

    @Test("a forward reference to a row declared later is fine")
    func forwardReference() throws {
        let form = try Form {
            Section("s") {
                Row("a").hidden("$b == 1")
                Row("b", value: 1)
            }
        }
        #expect(form["a"]?.isHidden == true)
        #expect(form.warnings.isEmpty)
    }

    @Test("actions that add conditions are checked too, and fail without changing the form")
    func actions() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b")
            }
        }
        let before = snapshot(form)
        for attempt in 0..<3 {
            let error = #expect(throws: FormError.self, "attempt \(attempt)") {
                switch attempt {
                case 0: try form.setCondition("$aa == 1", .hidden, for: "b")
                case 1: try form.addRow(Row("c").hidden("$a == 'one'"), toSection: "s")
                default: try form.addSection(Section("t", hidden: "$zz == 1"))
                }
            }
            #expect(error?.kind == (attempt == 1 ? .typeMismatch : .unknownTag))
            #expect(snapshot(form) == before)
        }
        // Removing a row that a condition reads is allowed: the form reports it.
        try form.setCondition("$a == 1", .hidden, for: "b")
        try form.removeRow("a")
        #expect(form.warnings.map(\.id) == ["unknown-tag"])
        #expect(form.warnings.first?.message.hasPrefix("unknown tag 'a'") == true)
    }

    @Test("with warnings, actions go through and the warnings follow the form as it is")
    func actionsAsWarnings() throws {
        let form = try Form(options: FormOptions(conditionProblems: .warning)) { Section("s") { Row("a", value: 1) } }
        try form.addRow(Row("b").hidden("$later == 1"), toSection: "s")
        #expect(form.warnings.map(\.path) == ["sections[0].rows[1].hidden"])
        try form.addRow(Row("later", value: 1), toSection: "s")
        #expect(form.warnings.isEmpty)
        #expect(form["b"]?.isHidden == true)
    }

    @Test("the JSON options choose the policy")
    func jsonOption() throws {
        let text =
            #"{"options": {"conditionProblems": "warning"}, "sections": [{"rows": [{"tag": "a", "hidden": "$b == 1"}]}]}"#
        let definition = try FormDefinition.parseJSON(text)
        #expect(definition.options.conditionProblems == .warning)
        #expect(try Form(definition).warnings.count == 1)
        let bad = #expect(throws: FormError.self) {
            _ = try FormDefinition.parseJSON(#"{"options": {"conditionProblems": "ignore"}}"#)
        }
        #expect(bad?.path == "options.conditionProblems")
    }

    @Test("the checker reports type mismatches with the other problems, in form order")
    func checker() {
        let problems = FormChecker.check(
            FormDefinition {
                Section("s") {
                    Row("age", value: 16)
                    Row("a").hidden("$age == 'x'").disabled("$agee > 1")
                }
            })
        #expect(problems.map(\.id) == ["type-mismatch", "unknown-tag"])
        #expect(problems.allSatisfy { $0.severity == .error })
    }
}
