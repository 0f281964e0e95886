// Forms suite: FormEngine's load cost and incremental re-evaluation. Forms are generated: per pair j, an input
// row `in_j` and two untagged rows hidden by `$in_j > 50` and `$in_j < 20`, ten pairs per section. One change
// sets an input (pseudo-random order) between 10 and 60, which flips both dependents; the suite checks that it
// does. Forms are built in each benchmark's setup hook, so a process only builds the forms it measures.
// The conditional rows are untagged because a program addresses at most 65,536 row slots (SlotIndex is 16 bits):
// with every row tagged, the 100k-condition form (150k tags) does not build ("the predicate is too large").
import Benchmark
import BenchmarkSupport
import FormEngine

/// Limits large enough for the 100k-condition form (the defaults stop at 10,000 conditions).
let benchmarkLimits = FormLimits(maxConditions: 1_000_000, maxDependencyEdges: 1_000_000)

/// A generated form with `conditions` conditions (two per input row).
func pairsForm(conditions: Int) -> FormDefinition {
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
func pairsFormJSON(conditions: Int) -> String {
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
func chainForm(length: Int) -> FormDefinition {
    var rows = [Row("c_0", value: .int(0))]
    rows.append(Row("c_1", hidden: .predicate("$c_0 == 1")))
    for index in 2...length {
        rows.append(Row("c_\(index)", hidden: .predicate("$c_\(index - 1).isHidden == YES")))
    }
    return FormDefinition(sections: [Section("chain", rows: rows)])
}

/// Builds a form or stops the run.
func build(_ definition: FormDefinition, _ label: String) -> Form {
    do throws(FormError) {
        return try Form(definition, limits: benchmarkLimits)
    } catch {
        failLoudly("\(label): the form does not build: \(error)")
    }
}

/// Checks that the first evaluation hid the `$in_j < 20` rows and showed the `$in_j > 50` ones, through the
/// flips that setting `in_0` to 60 must produce (the conditional rows are untagged), or stops the run.
func checkFirstEvaluation(_ form: Form, label: String) {
    do throws(FormError) {
        let changes = try form.setValue(.int(60), for: "in_0")
        let shown = changes.rowsShown.map(\.path)
        let hidden = changes.rowsHidden.map(\.path)
        guard shown == ["sections[0].rows[2]"], hidden == ["sections[0].rows[1]"] else {
            failLoudly("\(label): setting in_0 to 60 showed \(shown) and hid \(hidden)")
        }
    } catch {
        failLoudly("\(label): \(error)")
    }
}

/// A deterministic pseudo-random sequence of pair indices (so that successive changes touch unrelated memory).
func changeOrder(pairs: Int, count: Int = 4096) -> [Int] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(pairs))
    }
}

/// The state a change benchmark keeps between samples.
final class ChangeFixture {
    var form: Form?
    var tags: [String] = []
    var order: [Int] = []
    var high: [Bool] = []
    var next = 0
    /// The two values an input alternates between.
    var low: Value = .int(10)
    var highValue: Value = .int(60)

    /// Sets the next input of the sequence to its other value; returns the change set.
    @inline(__always)
    func change() throws(FormError) -> FormChangeSet {
        let pair = order[next & 4095]
        next &+= 1
        high[pair].toggle()
        guard let form else { return FormChangeSet() }
        return try form.setValue(high[pair] ? highValue : low, for: tags[pair])
    }
}

/// Checks that one change flipped exactly its two dependents, or stops the run.
func checkFlips(_ changes: FormChangeSet, pair: Int, label: String) {
    let shown = changes.rowsShown.map(\.path)
    let hidden = changes.rowsHidden.map(\.path)
    let section = pair / 10
    let row = (pair % 10) * 3
    let expected = Set(["sections[\(section)].rows[\(row + 1)]", "sections[\(section)].rows[\(row + 2)]"])
    guard shown.count == 1, hidden.count == 1, Set(shown + hidden) == expected else {
        failLoudly("\(label): changing in_\(pair) showed \(shown) and hid \(hidden); expected the flip of \(expected.sorted())")
    }
}

let benchmarks: @Sendable () -> Void = {
    let loadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(2), maxIterations: 1_000)

    // Load + first evaluation: from a FormDefinition, and from JSON text.
    for conditions in [1_000, 10_000] {
        nonisolated(unsafe) var definition = FormDefinition()
        Benchmark("forms:load-\(conditions)", configuration: loadConfiguration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(build(definition, "load")) }
        } setup: {
            definition = pairsForm(conditions: conditions)
            checkFirstEvaluation(build(definition, "load-\(conditions)"), label: "load-\(conditions)")
        }
        nonisolated(unsafe) var json = ""
        Benchmark("forms:load-json-\(conditions)", configuration: loadConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                do throws(FormError) {
                    blackHole(try Form(FormDefinition.parseJSON(json), limits: benchmarkLimits))
                } catch {
                    benchmark.error("load-json-\(conditions): \(error)")
                }
            }
        } setup: {
            json = pairsFormJSON(conditions: conditions)
            do throws(FormError) {
                let form = try Form(FormDefinition.parseJSON(json), limits: benchmarkLimits)
                checkFirstEvaluation(form, label: "load-json-\(conditions)")
            } catch {
                failLoudly("load-json-\(conditions): the form does not build: \(error)")
            }
        }
    }

    // One changed value with two dependents, in forms of 100 … 100,000 conditions. 1,000 changes per sample.
    let changeConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 2, scalingFactor: .kilo,
        maxDuration: .seconds(2), maxIterations: 10_000)
    for conditions in [100, 1_000, 10_000, 100_000] {
        let fixture = ChangeFixture()
        Benchmark("forms:change-\(conditions)", configuration: changeConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                do throws(FormError) {
                    blackHole(try fixture.change())
                } catch {
                    benchmark.error("change-\(conditions): \(error)")
                }
            }
        } setup: {
            let pairs = conditions / 2
            fixture.form = build(pairsForm(conditions: conditions), "change-\(conditions)")
            fixture.tags = (0..<pairs).map { "in_\($0)" }
            fixture.order = changeOrder(pairs: pairs)
            fixture.high = Array(repeating: false, count: pairs)
            // Check the first changes flip exactly their two dependents (and leave the inputs as they were).
            for _ in 0..<64 {
                let pair = fixture.order[fixture.next & 4095]
                do throws(FormError) {
                    checkFlips(try fixture.change(), pair: pair, label: "change-\(conditions)")
                } catch {
                    failLoudly("change-\(conditions): \(error)")
                }
            }
        }
    }

    // A chain of 100 isHidden dependencies: one change to the root flips all 100.
    let chainFixture = ChangeFixture()
    Benchmark(
        "forms:chain-100",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 10, scalingFactor: .one,
            maxDuration: .seconds(2), maxIterations: 100_000)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            do throws(FormError) {
                blackHole(try chainFixture.change())
            } catch {
                benchmark.error("chain-100: \(error)")
            }
        }
    } setup: {
        chainFixture.form = build(chainForm(length: 100), "chain-100")
        chainFixture.tags = ["c_0"]
        chainFixture.order = Array(repeating: 0, count: 4096)
        chainFixture.high = [false]
        chainFixture.low = .int(0)
        chainFixture.highValue = .int(1)
        for expectHidden in [true, false] {
            do throws(FormError) {
                let changes = try chainFixture.form.map { form throws(FormError) in
                    try form.setValue(expectHidden ? .int(1) : .int(0), for: "c_0")
                }
                let flipped = expectHidden ? changes?.rowsHidden.count : changes?.rowsShown.count
                guard flipped == 100 else {
                    failLoudly("chain-100: the root change flipped \(flipped ?? 0) rows, expected 100")
                }
            } catch {
                failLoudly("chain-100: \(error)")
            }
        }
    }
}
