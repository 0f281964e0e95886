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

/// The state a change benchmark keeps between samples.
public final class ChangeFixture {
    public init() {}

    public var form: Form?
    public var tags: [String] = []
    public var order: [Int] = []
    public var high: [Bool] = []
    public var next = 0
    /// The two values an input alternates between.
    public var low: Value = .int(10)
    public var highValue: Value = .int(60)

    /// Sets the next input of the sequence to its other value; returns the change set.
    @inline(__always)
    public func change() throws(FormError) -> FormChangeSet {
        let pair = order[next & 4095]
        next &+= 1
        high[pair].toggle()
        guard let form else { return FormChangeSet() }
        return try form.setValue(high[pair] ? highValue : low, for: tags[pair])
    }
}

extension ChangeFixture {
    /// A fixture over a pairs form of `conditions` conditions, inputs changed in pseudo-random order.
    public static func pairs(conditions: Int) -> ChangeFixture {
        let fixture = ChangeFixture()
        let pairs = conditions / 2
        fixture.form = build(pairsForm(conditions: conditions), "change-\(conditions)")
        fixture.tags = (0..<pairs).map { "in_\($0)" }
        fixture.order = changeOrder(pairs: pairs)
        fixture.high = Array(repeating: false, count: pairs)
        return fixture
    }

    /// A fixture over a chain of `length` isHidden dependencies, its root toggled between 0 and 1.
    public static func chain(length: Int) -> ChangeFixture {
        let fixture = ChangeFixture()
        fixture.form = build(chainForm(length: length), "chain-\(length)")
        fixture.tags = ["c_0"]
        fixture.order = Array(repeating: 0, count: 4096)
        fixture.high = [false]
        fixture.low = .int(0)
        fixture.highValue = .int(1)
        return fixture
    }
}
