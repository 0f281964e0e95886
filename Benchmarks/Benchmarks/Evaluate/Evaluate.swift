// Evaluate suite: PredicateLang's VM against a hand-written Swift closure and Foundation's Predicate on the
// same 16 rows (P1–P3 and single-leaf predicates). Every engine is checked for equal answers on all rows
// before anything is timed. One sample = 1,000 evaluations (Foundation: 1); evaluation i reads row i & 15.
import Benchmark
import BenchmarkSupport
import Foundation
import PredicateLang

/// The configuration of every Evaluate benchmark; `zeroAllocation` adds the absolute-0 malloc threshold
/// (the matching `Thresholds/Evaluate.<name>.p90.json` holds `{"mallocCountTotal": 0}`).
/// Benchmark names are `<case>:<engine>` without spaces, so that threshold file names need no escaping.
func evaluateConfiguration(zeroAllocation: Bool, scalingFactor: BenchmarkScalingFactor) -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: scalingFactor,
        maxDuration: .seconds(1),
        maxIterations: 100_000,
        thresholds: zeroAllocation ? [.mallocCountTotal: .init(absolute: [.p90: 0])] : nil
    )
}

/// The next row a benchmark evaluates.
final class RowCounter {
    var row = 0
}

/// Registers one benchmark that calls `body` with row indices `i & 15`, 1,000 evaluations per sample; engines
/// that take a microsecond or more (Foundation) use one evaluation per sample, so that on a busy machine most
/// samples still fit in one scheduling time slice (the clock read then adds ~1–3 % to their figure).
@inline(never)
func registerRowLoop(
    _ name: String, zeroAllocation: Bool = false, scalingFactor: BenchmarkScalingFactor = .kilo,
    _ body: @escaping (Int) -> Bool
) {
    let configuration = evaluateConfiguration(zeroAllocation: zeroAllocation, scalingFactor: scalingFactor)
    let next = RowCounter()
    Benchmark(name, configuration: configuration) { benchmark in
        var index = next.row  // carried across samples, so one-evaluation samples still cycle the 16 rows
        for _ in benchmark.scaledIterations {
            blackHole(body(index & 15))
            index &+= 1
        }
        next.row = index
    }
}

/// The compiler's diagnostics, one per line with their source offsets.
func describe(_ failure: CompilationFailure) -> String {
    failure.diagnostics.map { "\($0.range): \($0.message.text)" }.joined(separator: "\n")
}

let benchmarks: @Sendable () -> Void = {
    guard let rows = Person.rowBuffer.baseAddress, let stores = Person.storeBuffer.baseAddress,
        let objects = Person.objectBuffer.baseAddress
    else { failLoudly("no evaluation rows") }
    // The inputs where they live: every timed engine borrows its input in place (``withBorrowed(_:_:)``), as
    // the closures read their row through a pointer and FormEngine evaluates the row store it owns.
    let storesInPlace = UnsafeMutablePointer(mutating: stores)
    let objectsInPlace = UnsafeMutablePointer(mutating: objects)
    let rowsInPlace = UnsafeMutablePointer(mutating: rows)
    let rowCount = Person.rows.count

    for testCase in EvaluateCase.all {
        // Compile our engine's programs (form mode against the rows' symbol table; key-path mode without).
        let compiled: CompiledPredicate
        do throws(CompilationFailure) {
            compiled = try CompiledPredicate(testCase.format, symbols: Person.symbols)
        } catch {
            failLoudly("\(testCase.id): \(testCase.format) does not compile: \(describe(error))")
        }
        var keyPathCompiled: CompiledPredicate?
        if let keyPathFormat = testCase.keyPathFormat {
            do throws(CompilationFailure) {
                keyPathCompiled = try CompiledPredicate(keyPathFormat)
            } catch {
                failLoudly("\(testCase.id): \(keyPathFormat) does not compile: \(describe(error))")
            }
        }

        // Equal answers on every row, or no timing at all.
        let handWritten = testCase.handWritten
        var others: [(name: String, answer: RowAnswer)] = [
            ("predicatelang", { row in
                Result { () throws(EvaluationError) -> Bool in try compiled.evaluate(in: stores[row]) }
                    .mapError { CheckFailure("\($0)") }
            })
        ]
        if let keyPathCompiled {
            others.append(("predicatelang-keypath", { row in
                Result { () throws(EvaluationError) -> Bool in try keyPathCompiled.evaluate(with: objects[row]) }
                    .mapError { CheckFailure("\($0)") }
            }))
        }
        if let tuned = testCase.handTuned {
            others.append(("hand-tuned", { .success(tuned(rows + $0)) }))
        }
        if let predicate = testCase.foundation {
            others.append(("foundation", { row in
                Result { try predicate.evaluate(rows[row]) }.mapError { CheckFailure("\($0)") }
            }))
        }
        checkSameAnswers(
            testCase.id, rowCount: rowCount,
            reference: ("hand-written", { .success(handWritten(rows + $0)) }), others: others)

        // Timing.
        registerRowLoop("\(testCase.id):predicatelang", zeroAllocation: testCase.zeroAllocation) {
            withBorrowed(&storesInPlace[$0]) { (try? compiled.evaluate(in: $0)) ?? false }
        }
        if let keyPathCompiled {
            registerRowLoop("\(testCase.id):predicatelang-keypath") {
                withBorrowed(&objectsInPlace[$0]) { (try? keyPathCompiled.evaluate(with: $0)) ?? false }
            }
        }
        registerRowLoop("\(testCase.id):hand-written") { handWritten(rows + $0) }
        if let tuned = testCase.handTuned {
            registerRowLoop("\(testCase.id):hand-tuned") { tuned(rows + $0) }
        }
        if let predicate = testCase.foundation {
            registerRowLoop("\(testCase.id):foundation", scalingFactor: .one) {
                withBorrowed(&rowsInPlace[$0]) { (try? predicate.evaluate($0)) ?? false }
            }
        }
    }
    // What the loop and the closure call cost by themselves (included in every figure above).
    registerRowLoop("harness:empty") { $0 & 3 == 0 }
}
