// Forms suite: FormEngine's load cost and incremental re-evaluation. Forms are generated: per pair j, an input
// row `in_j` and two untagged rows hidden by `$in_j > 50` and `$in_j < 20`, ten pairs per section. One change
// sets an input (pseudo-random order) between 10 and 60, which flips both dependents; the suite checks that it
// does. Forms are built in each benchmark's setup hook, so a process only builds the forms it measures.
// The generators and the change fixture are in Sources/BenchmarkSupport/GeneratedForms.swift.
import Benchmark
import BenchmarkSupport
import FormEngine

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
        nonisolated(unsafe) var fixture = ChangeFixture()
        Benchmark("forms:change-\(conditions)", configuration: changeConfiguration) { benchmark in
            do throws(FormError) {
                try fixture.run(benchmark.scaledIterations.count)
            } catch {
                benchmark.error("change-\(conditions): \(error)")
            }
        } setup: {
            fixture = .pairs(conditions: conditions)
            // Check the first changes flip exactly their two dependents (and leave the inputs as they were).
            for _ in 0..<64 {
                do throws(FormError) {
                    let (pair, changes) = try fixture.change()
                    checkFlips(changes, pair: pair, label: "change-\(conditions)")
                } catch {
                    failLoudly("change-\(conditions): \(error)")
                }
            }
        }
    }

    // A chain of 100 isHidden dependencies: one change to the root flips all 100.
    nonisolated(unsafe) var chainFixture = ChangeFixture()
    Benchmark(
        "forms:chain-100",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 10, scalingFactor: .one,
            maxDuration: .seconds(2), maxIterations: 100_000)
    ) { benchmark in
        do throws(FormError) {
            try chainFixture.run(benchmark.scaledIterations.count)
        } catch {
            benchmark.error("chain-100: \(error)")
        }
    } setup: {
        chainFixture = .chain(length: 100)
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
