// Generated forms for the Forms suite and the probe: pairs of conditions on one input row, and a chain of
// isHidden dependencies. The conditional rows are untagged because a program addresses at most 65,536 row
// slots (SlotIndex is 16 bits): with every row tagged, a 100k-condition form (150k tags) does not build.
import FormEngine

/// Limits large enough for the 100k-condition form (the defaults stop at 10,000 conditions).
public let benchmarkLimits = FormLimits(maxConditions: 1_000_000, maxDependencyEdges: 1_000_000)

/// A generated form with `conditions` conditions (two per input row).
public func pairsForm(conditions: Int) -> FormDefinition {
    var sections: [Section] = []
    var rows: [Row] = []
    for pair in 0..<(conditions / 2) {
        rows.append(Row("in_\(pair)", value: .int(10)))
        rows.append(Row(hidden: .predicate("$in_\(pair) > 50")))
        rows.append(Row(hidden: .predicate("$in_\(pair) < 20")))
        if rows.count == 30 {
            sections.append(Section("s_\(sections.count)", rows: rows))
            rows = []
        }
    }
    if !rows.isEmpty { sections.append(Section("s_\(sections.count)", rows: rows)) }
    return FormDefinition(sections: sections)
}

/// The same form as JSON text, in the conformance scenarios' shape.
public func pairsFormJSON(conditions: Int) -> String {
    var sections: [String] = []
    var rows: [String] = []
    for pair in 0..<(conditions / 2) {
        rows.append("{\"tag\": \"in_\(pair)\", \"value\": 10}")
        rows.append("{\"hidden\": \"$in_\(pair) > 50\"}")
        rows.append("{\"hidden\": \"$in_\(pair) < 20\"}")
        if rows.count == 30 {
            sections.append("{\"tag\": \"s_\(sections.count)\", \"rows\": [\(rows.joined(separator: ", "))]}")
            rows = []
        }
    }
    if !rows.isEmpty {
        sections.append("{\"tag\": \"s_\(sections.count)\", \"rows\": [\(rows.joined(separator: ", "))]}")
    }
    return "{\"sections\": [\n" + sections.joined(separator: ",\n") + "\n]}"
}

/// A chain: `c_0` holds a value, `c_1` is hidden when `$c_0 == 1`, every later `c_i` when `c_(i-1)` is hidden.
public func chainForm(length: Int) -> FormDefinition {
    var rows = [Row("c_0", value: .int(0))]
    rows.append(Row("c_1", hidden: .predicate("$c_0 == 1")))
    for index in 2...length {
        rows.append(Row("c_\(index)", hidden: .predicate("$c_\(index - 1).isHidden == YES")))
    }
    return FormDefinition(sections: [Section("chain", rows: rows)])
}

/// Builds a form or stops the run.
public func build(_ definition: FormDefinition, _ label: String) -> Form {
    do throws(FormError) {
        return try Form(definition, limits: benchmarkLimits)
    } catch {
        failLoudly("\(label): the form does not build: \(error)")
    }
}

/// A deterministic pseudo-random sequence of pair indices (so that successive changes touch unrelated memory).
public func changeOrder(pairs: Int, count: Int = 4096) -> [Int] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(pairs))
    }
}

/// One change of a change benchmark: the input to set, its new value, and (for the checks) its pair.
public struct ChangeStep: Sendable {
    public var tag: String
    public var value: Value
    public var pair: Int
}

/// The state a change benchmark keeps between samples: the form and a precomputed, periodic sequence of
/// changes. Each input alternates between two values, so after two passes over the pseudo-random order
/// every input is back at its first value and the sequence repeats. `run(_:)` reads only local copies
/// in its loop: reading and writing a class's properties per change would add two dynamic exclusivity
/// checks (about 100 instructions each) of the harness's own to every change measured.
public final class ChangeFixture {
    public init() {}

    public var form: Form?
    /// A power of two long.
    public var steps: [ChangeStep] = [ChangeStep(tag: "", value: .null, pair: 0)]
    public var next = 0

    /// Applies the next step; returns its pair and the change set (for the checks).
    public func change() throws(FormError) -> (pair: Int, changes: FormChangeSet) {
        let step = steps[next & (steps.count - 1)]
        next &+= 1
        guard let form else { return (step.pair, FormChangeSet()) }
        return (step.pair, try form.setValue(step.value, for: step.tag))
    }

    /// Applies the next `count` steps, discarding their change sets (the measured loop).
    @inline(never)
    public func run(_ count: Int) throws(FormError) {
        guard let form else { return }
        let steps = steps
        let mask = steps.count - 1
        var next = next
        // Each step's tag and value are passed borrowed from the steps' memory, as a caller passes its own:
        // copying the step out of the array would retain its tag and copy its value for every change.
        try steps.withUnsafeBufferPointer { (steps) throws(FormError) in
            for _ in 0..<count {
                let index = next & mask
                next &+= 1
                blackHoleChanges(try form.setValue(steps[index].value, for: steps[index].tag))
            }
        }
        self.next = next
    }
}

/// Keeps a change set from being optimised away.
@inline(never)
public func blackHoleChanges(_ changes: FormChangeSet) { _ = changes }

extension ChangeFixture {
    /// A fixture over a pairs form of `conditions` conditions, inputs changed in pseudo-random order.
    public static func pairs(conditions: Int) -> ChangeFixture {
        let fixture = ChangeFixture()
        let pairs = conditions / 2
        fixture.form = build(pairsForm(conditions: conditions), "change-\(conditions)")
        let order = changeOrder(pairs: pairs)
        var high = Array(repeating: false, count: pairs)
        fixture.steps = []
        for _ in 0..<2 {
            for pair in order {
                high[pair].toggle()
                let value: Value = high[pair] ? .int(60) : .int(10)
                fixture.steps.append(ChangeStep(tag: "in_\(pair)", value: value, pair: pair))
            }
        }
        return fixture
    }

    /// A fixture over a chain of `length` isHidden dependencies, its root toggled between 0 and 1.
    public static func chain(length: Int) -> ChangeFixture {
        let fixture = ChangeFixture()
        fixture.form = build(chainForm(length: length), "chain-\(length)")
        fixture.steps = [
            ChangeStep(tag: "c_0", value: .int(1), pair: 0), ChangeStep(tag: "c_0", value: .int(0), pair: 0),
        ]
        return fixture
    }
}
