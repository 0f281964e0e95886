// HardeningTests: adversarial form tests — duplicate tags in every position, cycles direct, long and
// through sections or added rows, conditions naming removed rows, long dependency chains on a small
// thread stack, listeners that edit the form while notified, and failing actions in the middle of a
// batch. Every failure must be a typed FormError with the form exactly as it was before.

import Dispatch
import Foundation  // Thread (with a stack size) and ProcessInfo: test-only
import Testing

@testable import FormEngine

/// Everything observable about a form, including validation and queued-action failures.
struct HardenedSnapshot: Equatable {
    var base: FormSnapshot
    var visibleValues: [String: Value]
    var invalid: [String]
    var deferredFailures: Int

    init(_ form: Form) {
        base = snapshot(form)
        visibleValues = form.values()
        invalid = form.validationErrorsByTag().keys.sorted()
        deferredFailures = form.deferredFailures.count
    }
}

/// Runs `body` on a thread with a 512 KiB stack (Apple's secondary-thread size) and returns its result.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value
}

/// Carries a result out of a thread: written before `signal()`, read after `wait()`.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: T?
}

@Suite("Hardening: forms under bad input and load")
struct FormHardeningTests {
    // MARK: Duplicate tags

    static let duplicateDefinitions: [(String, FormDefinition)] = [
        (
            "two rows in one section",
            FormDefinition(sections: [
                Section("s") {
                    Row("a")
                    Row("a")
                }
            ])
        ),
        ("rows in two sections", FormDefinition(sections: [Section("s") { Row("a") }, Section("t") { Row("a") }])),
        ("a row named like its section", FormDefinition(sections: [Section("a") { Row("a") }])),
        ("a row named like another section", FormDefinition(sections: [Section("s") { Row("t") }, Section("t")])),
        ("two sections", FormDefinition(sections: [Section("s"), Section("s")])),
        (
            "a duplicate far down",
            FormDefinition(sections: [Section("s", rows: (0..<500).map { Row("r\($0)") } + [Row("r0")])])
        ),
    ]

    @Test("duplicate tags fail the build with duplicateTag", arguments: Self.duplicateDefinitions)
    func duplicateTags(_ name: String, _ definition: FormDefinition) {
        let error = #expect(throws: FormError.self) {
            _ = try Form(definition)
        }
        #expect(error?.kind == .duplicateTag)
    }

    @Test("adding a duplicate row or section later fails and changes nothing")
    func duplicateLater() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 2))
            }
        }
        let before = HardenedSnapshot(form)
        for attempt in 0..<5 {
            do {
                switch attempt {
                case 0: try form.addRow(Row("a"), toSection: "s")
                case 1: try form.addRow(Row("s"), toSection: "s")
                case 2: try form.addSection(Section("a"))
                case 3:
                    try form.addSection(
                        Section("n") {
                            Row("x")
                            Row("b")
                        })
                default:
                    try form.batch { batch in
                        batch.addRow(Row("x"), toSection: "s")
                        batch.addRow(Row("x"), toSection: "s")
                    }
                }
                Issue.record("attempt \(attempt) should have failed")
            } catch {
                #expect(error.kind == .duplicateTag, "attempt \(attempt): \(error)")
            }
            #expect(HardenedSnapshot(form) == before)
        }
        // Removing a tag and adding it again in one batch is not a duplicate.
        try form.batch { batch in
            batch.removeRow("b")
            batch.addRow(Row("b", value: "new"), toSection: "s")
        }
        #expect(form["b"]?.value == "new")
    }

    // MARK: Cycles

    /// `r0.hidden` reads `r1.isHidden`, ..., the last row reads nothing (or `r0`, closing the cycle).
    static func chain(_ count: Int, closed: Bool) -> FormDefinition {
        // (Built with FormLimits(maxConditions: 100_000): every row counts three condition vertices.)
        let rows = (0..<count).map { index -> Row in
            let next = index + 1 < count ? "r\(index + 1)" : (closed ? "r0" : nil)
            guard let next else { return Row("r\(index)", value: 0).hidden(valueIs("r\(index)", 1)) }
            return Row("r\(index)").hidden(hiddenFlag(next))
        }
        return FormDefinition(sections: [Section("s", rows: rows)])
    }

    @Test("a cycle through 5,000 conditions is found without exhausting a 512 KiB stack")
    func longCycle() {
        let definition = Self.chain(5_000, closed: true)
        let outcome: Result<Int, FormError>? = onSmallStack {
            do throws(FormError) {
                _ = try Form(definition, limits: FormLimits(maxConditions: 100_000))
                return .success(0)
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(let error)? = outcome else {
            Issue.record("a closed chain must be a cycle")
            return
        }
        #expect(error.kind == .cycle)
        #expect(error.cycle.count >= 2)
    }

    /// 5,000 rows, the same size as the cycle above: building the change set costs time linear in the
    /// rows that changed (a visibility-count index locates each one), so the whole chain hiding at once is
    /// one linear pass, not one state copy per hidden row.
    @Test("a 5,000-condition chain builds and propagates a change end to end on a 512 KiB stack")
    func longChain() throws {
        let definition = Self.chain(5_000, closed: false)
        let counts: Result<[Int], FormError>? = onSmallStack {
            do throws(FormError) {
                let form = try Form(definition, limits: FormLimits(maxConditions: 100_000))
                let initially = form.visibleRowTags.count
                // r(i) is hidden when r(i+1) is hidden, so hiding the last row hides the whole chain.
                let changes = try form.setValue(1, for: "r4999")
                let hidden = changes.rowsHidden.count
                let visibleAfterHide = form.visibleRowTags.count
                _ = try form.setValue(0, for: "r4999")
                return .success([initially, hidden, visibleAfterHide, form.visibleRowTags.count])
            } catch {
                return .failure(error)
            }
        }
        #expect(try counts?.get() == [5_000, 5_000, 0, 5_000])
    }

    @Test("a cycle closed by adding a row or a section fails and changes nothing")
    func cycleByAddition() throws {
        let form = try Form(options: FormOptions(conditionProblems: .warning)) {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(hiddenFlag("late"))
            }
        }
        let before = HardenedSnapshot(form)
        #expect(throws: FormError.self) { try form.addRow(Row("late").hidden(hiddenFlag("b")), toSection: "s") }
        #expect(HardenedSnapshot(form) == before)
        #expect(throws: FormError.self) {
            try form.addSection(Section("late", hidden: disabledFlag("b")) { Row("x") })
            try form.setCondition(hiddenFlag("late"), .disabled, for: "b")
        }
        // The section was added (first action); the second closes late.hidden ← b.isDisabled ←
        // late.isHidden and must have failed alone.
        #expect(form.allSectionTags.contains("late"))
        #expect(form["b"]?.isDisabled == false)
    }

    @Test("a cycle through a section's hidden and its own row is found")
    func cycleThroughSection() {
        let definition = FormDefinition(
            sections: [Section("s", hidden: hiddenFlag("inner")) { Row("inner").hidden(hiddenFlag("s")) }])
        let error = #expect(throws: FormError.self) {
            _ = try Form(definition)
        }
        #expect(error?.kind == .cycle)
    }

    // MARK: Removed rows

    @Test("conditions naming removed rows read null; actions on removed rows are unknownTag")
    func removedRows() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: "x")
                Row("b").hidden(valueIs("a", "x"))
                Row("c").hidden(.function(["a"]) { $0.value("a") == .null })
            }
            Section("t") { Row("d", value: 1) }
        }
        #expect(form["b"]?.isHidden == true)
        #expect(form["c"]?.isHidden == false)
        try form.removeRow("a")
        #expect(form["b"]?.isHidden == false)
        #expect(form["c"]?.isHidden == true)
        let before = HardenedSnapshot(form)
        for action in 0..<4 {
            do {
                switch action {
                case 0: try form.setValue(1, for: "a")
                case 1: try form.removeRow("a")
                case 2: try form.setCondition(true, .hidden, for: "a")
                default: try form.addRow(Row("n"), toSection: "s", at: .after("a"))
                }
                Issue.record("action \(action) on a removed row should fail")
            } catch {
                #expect(error.kind == .unknownTag || error.kind == .invalidAction, "\(error)")
            }
            #expect(HardenedSnapshot(form) == before)
        }
        // Removing the section that holds a row read by others, then re-adding the tag, rebinds it.
        try form.removeSection("t")
        #expect(form["d"] == nil)
        try form.addRow(Row("a", value: "x"), toSection: "s")
        #expect(form["b"]?.isHidden == true)
    }

    // MARK: Failing actions in a batch

    enum BatchFailure: String, CaseIterable {
        case unknownTagAfterSets, cycleAfterAdds, setAfterRemove, duplicateAfterAdds, badIndexLast, removeSectionTwice
    }

    @Test("a failing action in the middle of a batch leaves everything as before", arguments: BatchFailure.allCases)
    func batchFailure(_ failure: BatchFailure) throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 2))
                Row("c").disabled(hiddenFlag("b"))
            }
            Section("t") { Row("d", value: "keep") }
        }
        var notified = 0
        form.addListener { _ in notified += 1 }
        let before = HardenedSnapshot(form)
        let evaluations = form.evaluationCount
        #expect(throws: FormError.self) {
            try form.batch { batch in
                batch.setValue(2, for: "a")
                switch failure {
                case .unknownTagAfterSets:
                    batch.setValue("x", for: "d")
                    batch.setValue(3, for: "nope")
                case .cycleAfterAdds:
                    batch.addSection(Section("u") { Row("e") })
                    batch.addRow(Row("f").hidden(hiddenFlag("c")), toSection: "u")
                    batch.setCondition(hiddenFlag("f"), .hidden, for: "c")
                case .setAfterRemove:
                    batch.removeRow("d")
                    batch.setValue(0, for: "d")
                case .duplicateAfterAdds:
                    batch.addRow(Row("g"), toSection: "t")
                    batch.addRow(Row("g"), toSection: "s")
                case .badIndexLast:
                    batch.removeSection("t")
                    batch.addRow(Row("h"), toSection: "s", at: .index(99))
                case .removeSectionTwice:
                    batch.removeSection("t")
                    batch.removeSection("t")
                }
                batch.setValue(4, for: "a")
            }
        }
        #expect(HardenedSnapshot(form) == before)
        #expect(notified == 0)
        #expect(form.evaluationCount >= evaluations)
        // The form still works.
        try form.setValue(2, for: "a")
        #expect(form["b"]?.isHidden == true)
        #expect(notified == 1)
    }

    // MARK: Listeners that edit the form

    @Test("a listener that removes the row it is told about, then itself, ends cleanly")
    func listenerRemovesRows() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b").hidden(valueIs("a", 2))
                Row("c")
            }
        }
        var token: ListenerToken?
        var calls = 0
        // Listeners capture the form unowned: a strong capture is a retain cycle (LeakSanitizer).
        token = form.addListener { [unowned form] changes in
            calls += 1
            for tag in changes.hiddenTags { _ = try? form.removeRow(tag) }
            if let token, calls >= 2 { form.removeListener(token) }
        }
        try form.setValue(2, for: "a")
        #expect(form.allRowTags == ["a", "c"])
        try form.setValue(3, for: "a")
        try form.setValue(4, for: "a")
        #expect(calls == 2)
        #expect(form.deferredFailures.isEmpty)
    }

    @Test("a listener's queued action that becomes invalid fails alone, recorded in deferredFailures")
    func listenerQueuedActionGoesStale() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b", value: 1)
            }
        }
        var first = true
        form.addListener { [unowned form] _ in
            guard first else { return }
            first = false
            // Both are valid when checked; the second fails once the first has removed "b".
            _ = try? form.removeRow("b")
            _ = try? form.setValue(5, for: "b")
        }
        try form.setValue(2, for: "a")
        #expect(form.allRowTags == ["a"])
        #expect(form.deferredFailures.map(\.kind) == [.unknownTag])
        #expect(form["a"]?.value == 2)
    }

    @Test("a listener that adds listeners and starts failing batches cannot corrupt the form")
    func listenerChaos() throws {
        let form = try Form {
            Section("s") {
                Row("a", value: 0)
                Row("b").hidden(valueIs("a", 1))
            }
        }
        var added = 0
        var failures = 0
        form.addListener { [unowned form] _ in
            if added < 50 {
                added += 1
                form.addListener { _ in }
            }
            do {
                try form.batch { batch in
                    batch.setValue(9, for: "b")
                    batch.removeRow("missing")
                }
            } catch {
                failures += 1
            }
        }
        for step in 0..<20 { try form.setValue(.int(Int64(step % 2)), for: "a") }
        // The first step sets a's current value: an empty change set, which notifies no listener.
        #expect(failures == 19)
        #expect(form["b"]?.value == .null)
        #expect(form["a"]?.value == 1)
        #expect(form["b"]?.isHidden == true)
    }

    // MARK: Limits

    /// The smallest `maxConditions` that builds `definition` (nil if even `upper` fails).
    static func conditionThreshold(_ definition: FormDefinition, upper: Int) -> Int? {
        var low = 0
        var high = upper
        guard (try? Form(definition, limits: FormLimits(maxConditions: high))) != nil else { return nil }
        while low < high {
            let middle = (low + high) / 2
            if (try? Form(definition, limits: FormLimits(maxConditions: middle))) != nil {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return high
    }

    @Test("maxConditions: at the threshold the form builds, one below it is formTooLarge")
    func conditionLimit() throws {
        let definition = FormDefinition(
            sections: [Section("s", rows: [Row("a")] + (0..<100).map { Row("r\($0)").hidden(valueIs("a", 1)) })])
        let threshold = try #require(Self.conditionThreshold(definition, upper: 10_000))
        // At least the 100 declared conditions count (absent conditions may count too: today every row
        // has three condition vertices and every section two).
        #expect(threshold >= 100)
        _ = try Form(definition, limits: FormLimits(maxConditions: threshold))
        let error = #expect(throws: FormError.self) {
            _ = try Form(definition, limits: FormLimits(maxConditions: threshold - 1))
        }
        #expect(error?.kind == .formTooLarge)
    }

    @Test("maxDependencyEdges: the limit builds, one more is formTooLarge")
    func edgeLimit() throws {
        func definition(_ count: Int) -> FormDefinition {
            let reads = (0..<count).map { "r\($0)" }
            let rows = reads.map { Row($0) } + [Row("x").hidden(.function(reads) { _ in false })]
            return FormDefinition(sections: [Section("s", rows: rows)])
        }
        let limits = FormLimits(maxDependencyEdges: 100)
        _ = try Form(definition(100), limits: limits)
        let error = #expect(throws: FormError.self) {
            _ = try Form(definition(101), limits: limits)
        }
        #expect(error?.kind == .formTooLarge)
    }

    @Test("setting NaN twice is one change, not an endless stream of changes")
    func nanValues() throws {
        let form = try Form {
            Section("s") {
                Row("a")
                Row("b").hidden(
                    .function(["a"]) { reader in
                        if case .double(let double) = reader.value("a") { return double.isNaN }
                        return false
                    })
            }
        }
        var notifications = 0
        form.addListener { _ in notifications += 1 }
        let first = try form.setValue(.double(.nan), for: "a")
        #expect(first.hiddenTags == ["b"])
        let evaluations = form.evaluationCount
        let second = try form.setValue(.double(.nan), for: "a")
        #expect(second.rowsHidden.isEmpty && second.rowsShown.isEmpty)
        #expect(form.evaluationCount == evaluations)
    }

    // MARK: Failure atomicity under random actions

    @Test("random actions: every failure leaves the form exactly as before")
    func randomFailureAtomicity() throws {
        let steps = ProcessInfo.processInfo.environment["FORMENGINE_HARDENING_STEPS"].flatMap(Int.init) ?? 1_500
        var generator = HardeningRNG(seed: 0x5EED)
        let form = try Form {
            Section("s") {
                Row("a", value: 0)
                Row("b").hidden(valueIs("a", 1))
                Row("c").disabled(hiddenFlag("b"))
            }
            Section("t", hidden: valueIs("c", "hide")) { Row("d") }
        }
        let tags = ["a", "b", "c", "d", "e", "f", "s", "t", "u", "missing"]
        // (No NaN here: NaN != NaN would make equal snapshots compare unequal; see nanValues.)
        let values: [Value] = [0, 1, "hide", nil, [1, 2], .double(.infinity), .int(.max)]
        var failures = 0
        for step in 0..<steps {
            let tag = tags[Int(generator.next() % UInt64(tags.count))]
            let other = tags[Int(generator.next() % UInt64(tags.count))]
            let value = values[Int(generator.next() % UInt64(values.count))]
            let before = HardenedSnapshot(form)
            do {
                switch generator.next() % 9 {
                case 0, 1, 2: try form.setValue(value, for: tag)
                case 3: try form.setCondition(hiddenFlag(other), .hidden, for: tag)
                case 4: try form.setCondition(valueIs(other, value), .disabled, for: tag)
                case 5: try form.addRow(Row(tag, value: value).hidden(valueIs(other, value)), toSection: other)
                case 6: try form.removeRow(tag)
                case 7: try form.addSection(Section(tag, hidden: hiddenFlag(other)) { Row(other) })
                default:
                    try form.batch { batch in
                        batch.setValue(value, for: tag)
                        batch.removeRow(other)
                        batch.setCondition(shownFlag(tag), .hidden, for: other)
                    }
                }
            } catch {
                failures += 1
                let after = HardenedSnapshot(form)
                if after != before {
                    Issue.record(
                        "step \(step): the failed action \(error) changed the form:\n  before \(before.base)\n  after  \(after.base)"
                    )
                    break
                }
            }
            // Invariants that hold after any action.
            let rows = Set(form.allRowTags)
            #expect(Set(form.visibleRowTags).isSubset(of: rows), "step \(step)")
            #expect(Set(form.valuesIncludingHidden().keys).isSubset(of: rows), "step \(step)")
            #expect(rows.isDisjoint(with: form.allSectionTags), "step \(step)")
        }
        #expect(failures > 0)
        #expect(failures < steps)
    }
}

/// A Form smuggled into `@Sendable` closures (conditions and validation rules cannot capture one otherwise),
/// and the errors of the actions they start.
private final class SmuggledForm: @unchecked Sendable {
    /// Weak: the form's own closures capture this object, and a strong reference back would keep both alive.
    weak var form: Form?
    var refusals: [FormError] = []

    /// Starts an action on the form, recording its error.
    func setValue(_ value: Value, for tag: String) {
        guard let form else { return }
        do { try form.setValue(value, for: tag) } catch { refusals.append(error) }
    }
}

@Suite("Hardening: actions started by conditions and validation rules")
struct ReentrantActionTests {
    /// The nested action is refused with invalidAction (the Form's core is changed by one action at a time:
    /// in release builds nothing else checks it), and the outer action completes as if it had not been tried.
    @Test("an action a condition starts is refused; the action running the condition completes")
    func conditionStartsAnAction() throws {
        let smuggled = SmuggledForm()
        let form = try Form {
            Section("s") {
                Row("a", value: 1)
                Row("b", value: "kept").hidden(
                    .function(["a"]) { reader in
                        smuggled.setValue("changed", for: "b")
                        return reader.value("a") == 2
                    })
            }
        }
        smuggled.form = form
        let changes = try form.setValue(2, for: "a")
        #expect(changes.rowsHidden.map(\.tag) == ["b"])
        #expect(smuggled.refusals.map(\.kind) == [.invalidAction])
        #expect(form["b"]?.value == "kept")
        // Through the general path (a batch) as well.
        _ = try form.batch { $0.setValue(3, for: "a") }
        #expect(smuggled.refusals.map(\.kind) == [.invalidAction, .invalidAction])
        #expect(form["b"]?.isHidden == false)
        #expect(form["b"]?.value == "kept")
    }

    @Test("an action a validation rule starts is refused; the validation completes")
    func validationRuleStartsAnAction() throws {
        let smuggled = SmuggledForm()
        let form = try Form {
            Section("s") {
                Row("a", value: 1).validation(
                    .function("never") { _ in
                        smuggled.setValue(5, for: "a")
                        return false
                    })
            }
        }
        smuggled.form = form
        #expect(form.validate().map(\.message) == ["never"])
        #expect(smuggled.refusals.map(\.kind) == [.invalidAction])
        #expect(form["a"]?.value == 1)
        // Once the validation has ended, actions are accepted again.
        try form.setValue(2, for: "a")
        #expect(form["a"]?.value == 2)
    }
}

/// A small deterministic generator (SplitMix64) so random tests replay exactly.
struct HardeningRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
