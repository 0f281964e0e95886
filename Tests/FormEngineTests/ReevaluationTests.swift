// Incremental re-evaluation: only dependents run, only flips propagate, batches report net changes.
import Testing

@testable import FormEngine

@Suite("Re-evaluation")
struct ReevaluationTests {
    /// 50 independent pairs: bN hidden when aN == 1.
    func wideForm() throws -> Form {
        let rows = (0..<50).flatMap { index in [Row("a\(index)"), Row("b\(index)").hidden(valueIs("a\(index)", 1))] }
        return try Form(FormDefinition(sections: [Section("s", rows: rows)]))
    }

    @Test("a change evaluates only the conditions that read the changed value")
    func onlyDependentsRun() throws {
        let form = try wideForm()
        form.recordsEvaluations = true
        let before = form.evaluationCount
        let changes = try form.setValue(1, for: "a7")
        #expect(form.evaluationCount - before == 1)
        #expect(changes.evaluated.map(\.description) == ["b7.hidden"])
        #expect(changes.hiddenTags == ["b7"])
    }

    @Test("the build evaluates every written condition exactly once")
    func buildEvaluatesOnce() throws {
        let form = try wideForm()
        // The 50 b rows' hidden conditions; absent conditions are constantly false and never run.
        #expect(form.evaluationCount == 50)
    }

    @Test("setting an identical value changes nothing and evaluates nothing")
    func identicalValue() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: "x")
                Row("b").hidden(valueIs("a", "x"))
            }
        }
        let before = form.evaluationCount
        let changes = try form.setValue("x", for: "a")
        #expect(changes.isEmpty)
        #expect(form.evaluationCount == before)
    }

    @Test("a value of another kind that compares equal (1 vs true) is still a change")
    func differentKindIsAChange() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 1))
            }
        }
        let changes = try form.setValue(true, for: "a")
        #expect(form["a"]?.value == .bool(true))
        #expect(changes.valuesChanged.map(\.tag) == ["a"])
        #expect(changes.rowsHidden.isEmpty && changes.rowsShown.isEmpty)
    }

    /// A batch of value changes to row `a` (starting at 0), and the rows whose values it reports changed.
    struct NetValueCase: Sendable, CustomTestStringConvertible {
        var name: String
        var values: [Value]
        var reported: [String]
        var testDescription: String { name }
    }

    static let netValueCases: [NetValueCase] = [
        NetValueCase(name: "set once", values: [5], reported: ["a"]),
        NetValueCase(name: "set twice", values: [5, 6], reported: ["a"]),
        NetValueCase(name: "set and set back to the value before the batch", values: [5, 0], reported: []),
        NetValueCase(name: "set back twice", values: [5, 6, 0], reported: []),
        NetValueCase(name: "set to the same value", values: [0], reported: []),
    ]

    @Test(
        "a batch reports a value changed only when it differs from the value before the batch",
        arguments: netValueCases)
    func netValueChanges(_ example: NetValueCase) throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 0)
                Row("b").hidden(valueIs("a", 5))
            }
        }
        let changes = try form.batch { batch in
            for value in example.values { batch.setValue(value, for: "a") }
        }
        #expect(changes.valuesChanged.map(\.tag) == example.reported)
        #expect(form["a"]?.value == example.values.last)
    }

    @Test("a flip propagates through isHidden chains; results that do not flip stop propagation")
    func chainsAndCutOff() throws {
        let form = try Form {
            Section("s") {
                Row("x")
                Row("a").hidden(valueIs("x", 1))
                Row("b").hidden(hiddenFlag("a"))
                Row("c").hidden(hiddenFlag("b"))
                Row("d").hidden(valueIs("x", 99))
            }
        }
        form.recordsEvaluations = true
        let changes = try form.setValue(1, for: "x")
        #expect(changes.hiddenTags == ["a", "b", "c"])
        #expect(
            changes.evaluated.map(\.description) == ["a.hidden", "d.hidden", "b.hidden", "c.hidden"]
                || changes.evaluated.map(\.description) == ["d.hidden", "a.hidden", "b.hidden", "c.hidden"])
        let second = try form.setValue(2, for: "x")
        #expect(second.shownTags == ["a", "b", "c"])
        // A change that flips nothing upstream stops at the first condition.
        let third = try form.setValue(3, for: "x")
        #expect(Set(third.evaluated.map(\.description)) == ["a.hidden", "d.hidden"])
    }

    @Test("a batch reports one net change set; intermediate flips are not reported")
    func batchIsNet() throws {
        let form = try Form {
            Section("s") {
                Row("a")
                Row("b").hidden(valueIs("a", 1))
                Row("c").hidden(valueIs("a", 2))
            }
        }
        let changes = try form.batch { batch in
            batch.setValue(1, for: "a")
            batch.setValue(2, for: "a")
        }
        #expect(changes.hiddenTags == ["c"])
        #expect(changes.shownTags == [])
        let back = try form.batch { batch in
            batch.setValue(1, for: "a")
            batch.setValue(2, for: "a")
        }
        #expect(back.rowsHidden.isEmpty && back.rowsShown.isEmpty)
    }

    @Test("diamond: evaluation in dependency order reports only the net change")
    func diamond() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(.function(["a"]) { ($0.value("a").doubleValue ?? 0) > 1 })
                Row("c").hidden(
                    .function(["a", "b.isHidden"]) { ($0.value("a").doubleValue ?? 0) > 1 && !$0.isHidden("b") })
            }
        }
        form.recordsEvaluations = true
        let changes = try form.setValue(2, for: "a")
        #expect(changes.hiddenTags == ["b"])
        #expect(changes.evaluated.map(\.description).filter { $0 == "c.hidden" }.count == 1)
    }

    @Test("change set positions count visible rows, before for hidden rows and after for shown rows")
    func positions() throws {
        let form = try Form {
            Section("top", hidden: true) { Row("t") }
            Section("s") {
                Row("x")
                Row("gone", hidden: true)
                Row("a").hidden(valueIs("x", 1))
                Row("b").hidden(valueIs("x", 2))
            }
        }
        let hide = try form.setValue(1, for: "x")
        #expect(hide.rowsHidden.first?.location == FormChangeSet.Location(section: 0, row: 1))
        let swap = try form.setValue(2, for: "x")
        #expect(swap.rowsShown.first?.tag == "a")
        #expect(swap.rowsShown.first?.location == FormChangeSet.Location(section: 0, row: 1))
        #expect(swap.rowsHidden.first?.tag == "b")
        #expect(swap.rowsHidden.first?.location == FormChangeSet.Location(section: 0, row: 1))
        #expect(swap.rowsHidden.first?.path == "sections[1].rows[3]")
    }

    @Test("disabled and required flips are reported; hiding never changes disabled")
    func flagFlips() throws {
        let form = try Form {
            Section("s") {
                Row("x")
                Row("a").disabled(valueIs("x", 1)).required(valueIs("x", 1)).hidden(valueIs("x", 1))
            }
        }
        let changes = try form.setValue(1, for: "x")
        #expect(changes.disabled.map(\.tag) == ["a"])
        #expect(changes.becameRequired.map(\.tag) == ["a"])
        #expect(form["a"]?.isDisabled == true && form["a"]?.isHidden == true)
        let back = try form.setValue(0, for: "x")
        #expect(back.enabled.map(\.tag) == ["a"])
        #expect(back.becameOptional.map(\.tag) == ["a"])
    }

    @Test("section disabled makes rows effectively disabled without changing their own flag")
    func effectiveDisabled() throws {
        let form = try Form {
            Section("t") { Row("toggle", value: true) }
            Section("s", disabled: .function(["toggle"]) { $0.value("toggle") == false }) { Row("a") }
        }
        try form.setValue(false, for: "toggle")
        #expect(form["a"]?.isDisabled == false)
        #expect(form["a"]?.isEffectivelyDisabled == true)
    }
}

@Suite("Re-evaluation of integer conditions")
struct IntegerConditionTests {
    /// Values a form's integer condition reads: integers and arrays (its integer walk answers), and values that
    /// walk declines (null, strings, doubles, booleans, dictionaries), which the whole evaluation answers.
    static let values: [Value] = [
        .int(4), .int(5), .int(6), .int(-1), .null, .string("7"), .string("x"), .double(5.5), .double(4.5),
        .bool(true), .array([1, 2, 3, 4, 5, 6]), .array([]), .dictionary(["a": 1]),
    ]

    @Test(
        "a condition of integer tests hides its row as the predicate answers over the same value",
        arguments: [
            "$n > 5", "$n BETWEEN {2, 5}", "NOT ($n == 5) AND $n >= 0",
            "($n < 0 OR $n == 9) AND NOT ($n BETWEEN {20, 30})",
        ])
    func hiddenAsEvaluated(_ text: String) throws {
        let form = try Form {
            Section("s") {
                Row("n", value: 0)
                Row("r").hidden(.predicate(text))
            }
        }
        let predicate = try CompiledPredicate(text, symbols: SymbolTable(tags: ["n"]))
        for value in Self.values {
            try form.setValue(value, for: "n")
            let expected = (try? predicate.evaluate(in: RowStore(["n": value]))) ?? false
            #expect(form["r"]?.isHidden == expected, "\(text) with \(value)")
        }
    }
}
