// What `predc form run` shows, from Swift: the conditions a change evaluated (FormChangeSet.evaluated,
// when the form records them) and the dependency graph (Form.dependencyGraph) — inputs, readers, edges
// and the evaluation order.
import Testing

@_spi(FormProtocol) @testable import FormEngine

@Suite("Inspecting a form from Swift: evaluated conditions and the dependency graph")
struct InspectionTests {
    static func chainForm(_ options: FormOptions = FormOptions()) throws -> Form {
        try Form(options: options) {
            Section("s") {
                Row("age", value: 16)
                Row("license").hidden("$age < 18")
                Row("number").hidden("$license.isHidden == YES").disabled("$age > 99")
                Row(nil, value: "untagged").required("$license.isHidden == NO")
            }
        }
    }

    @Test("a change lists the conditions it evaluated, in order, only when the form records them")
    func evaluated() throws {
        let form = try Self.chainForm()
        #expect(try form.setValue(17, for: "age").evaluated.isEmpty)
        form.recordsEvaluations = true
        let changes = try form.setValue(30, for: "age")
        #expect(
            changes.evaluated.map(\.description) == [
                "license.hidden", "number.disabled", "number.hidden", "sections[0].rows[3].required",
            ])
        #expect(changes.evaluated.first == ConditionKey(element: "license", property: .hidden))
        // Nothing that reads age flips now: the readers of what flips do not run.
        #expect(
            try form.setValue(31, for: "age").evaluated.map(\.description) == ["license.hidden", "number.disabled"])
    }

    /// The dirty queue keeps a condition that is queued twice in its heap twice (no queued flag): these are
    /// the cases that queue one condition twice before it runs.
    @Test(
        "a condition queued twice in one change is evaluated once",
        arguments: [
            // Two values it reads, changed in one batch.
            (["a": Value.int(9), "b": .int(9)], ["c.hidden"]),
            // A value it reads, and the hidden flag of a row that reads the same value and flips.
            (["x": .int(5)], ["y.hidden", "z.hidden"]),
        ])
    func queuedTwice(values: [String: Value], evaluated: [String]) throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b", value: 2)
                Row("c").hidden("$a > 5 OR $b > 5")
                Row("x", value: 0)
                Row("y").hidden("$x > 1")
                Row("z").hidden("$x > 1 AND $y.isHidden == YES")
            }
        }
        form.recordsEvaluations = true
        let before = form.evaluationCount
        let changes = try form.setValues(values)
        #expect(changes.evaluated.map(\.description) == evaluated)
        #expect(form.evaluationCount - before == evaluated.count)
        #expect(Set(changes.rowsHidden.compactMap(\.tag)) == Set(evaluated.map { String($0.prefix(1)) }))
    }

    @Test("the graph lists inputs, readers, edges and an evaluation order that respects the edges")
    func graph() throws {
        let graph = try Self.chainForm().dependencyGraph
        let license = ConditionKey(element: "license", property: .hidden)
        let number = ConditionKey(element: "number", property: .hidden)
        let untagged = ConditionKey(element: "sections[0].rows[3]", property: .required)
        #expect(graph.inputs(of: license) == [.init(tag: "age", property: .value)])
        #expect(graph.readers(of: "age").map(\.description) == ["license.hidden", "number.disabled"])
        #expect(graph.readers(of: "license", .isHidden) == [untagged, number].sorted())
        #expect(graph.dependencies[number] == [license])
        #expect(graph.dependencies[license] == [])
        #expect(Set(graph.order).count == 4)
        for (condition, dependencies) in graph.dependencies {
            let position = graph.order.firstIndex(of: condition) ?? -1
            for dependency in dependencies { #expect((graph.order.firstIndex(of: dependency) ?? .max) < position) }
        }
        #expect(graph.readers[.init(tag: "license", property: .isHidden)] == [untagged, number].sorted())
    }

    @Test("with the null hidden-value policy a value read depends on the row's hidden condition")
    func maskedValues() throws {
        let form = try Form(options: FormOptions(hiddenValueInConditions: .null)) {
            Section("s") {
                Row("a", value: 1).hidden("$b == 2")
                Row("b", value: 0)
                Row("c").hidden("$a == 1")
            }
        }
        let c = ConditionKey(element: "c", property: .hidden)
        #expect(form.dependencyGraph.dependencies[c] == [ConditionKey(element: "a", property: .hidden)])
    }

    @Test("inputs naming a tag no element has are part of the graph (they read null)")
    func unknownInputs() throws {
        let form = try Form(options: FormOptions(conditionProblems: .warning)) {
            Section("s") { Row("a").hidden("$ghost == 1") }
        }
        #expect(form.dependencyGraph.readers(of: "ghost").map(\.description) == ["a.hidden"])
        #expect(form.dependencyGraph.dependencies[ConditionKey(element: "a", property: .hidden)] == [])
    }

    @Test("the protocol's dependents map is the graph's observer map")
    func protocolDependents() throws {
        let driver = FormProtocolDriver(
            definition:
                #"{"sections": [{"rows": [{"tag": "a", "value": 1}, {"tag": "b", "hidden": "$a == 1"}, {"tag": "c", "hidden": "$b.isHidden == YES AND $a == 2"}]}]}"#
        )
        let state = try JSONParser.parse(driver.initialLine)
        #expect(state["dependents"]?["a.value"]?.plainValue == ["b.hidden", "c.hidden"])
        #expect(state["dependents"]?["b.isHidden"]?.plainValue == ["c.hidden"])
        let graph = try #require(driver.form).dependencyGraph
        #expect(graph.readers.count == state["dependents"]?.objectValue?.count)
    }
}
