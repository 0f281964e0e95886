// Objects suite: predicates over 100,000 generated orders held as Swift structs. Engines: the schema-compiled
// TypedPredicate (reads the struct's fields in place), one order at a time with `evaluate(_:variables:)` and
// 1,000 at a time with `count(in:variables:)`, the schema-free CompiledPredicate on the orders
// pre-encoded as Values (the encoding itself is timed on its own line), a hand-written closure and
// Foundation's Predicate. Every engine is checked against the closure on all 100,000 orders before it is
// timed. A case with `$variables` also runs its predicate substituted once (`substituting(_:)`). One sample =
// 1,000 consecutive orders (Foundation and the encoder: 1); the orders are visited in turn, so a run sweeps
// the whole data set as a filter over an array does.
import Benchmark
import BenchmarkSupport
import Foundation
import PredicateLang

/// The configuration of every Objects benchmark; `zeroAllocation` adds an absolute malloc threshold of 0 per
/// sample (the matching `Thresholds/Objects.<name>.p90.json` holds the same number).
/// Benchmark names are `<case>:<engine>` without spaces, so that threshold file names need no escaping.
func objectsConfiguration(zeroAllocation: Bool, scalingFactor: BenchmarkScalingFactor)
    -> Benchmark.Configuration
{
    .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: scalingFactor,
        maxDuration: .seconds(1),
        maxIterations: 100_000,
        thresholds: zeroAllocation ? [.mallocCountTotal: .init(absolute: [.p90: 0])] : nil
    )
}

/// The next order a benchmark evaluates.
final class OrderCursor {
    var next = 0
}

/// The orders as `Value`s, encoded by the setup of the benchmarks that read them (encoding 100,000 orders
/// takes a while, and each benchmark runs in its own process).
final class EncodedOrders {
    var base: UnsafePointer<Value>?

    /// Encodes the orders the first time it is called.
    func load(_ orders: UnsafeBufferPointer<Order>) -> UnsafePointer<Value> {
        if let base { return base }
        guard let encoded = Order.encodedValues(orders).baseAddress else { failLoudly("no encoded orders") }
        base = encoded
        return encoded
    }
}

/// The orders in arrays of 1,000 (what `count(in:)` takes), made by the setup of the benchmarks that read them.
final class OrderChunks {
    static let size = 1_000
    var chunks: [[Order]] = []

    /// Splits the orders into chunks the first time it is called.
    func load(_ orders: UnsafeBufferPointer<Order>) -> [[Order]] {
        if chunks.isEmpty {
            chunks = stride(from: 0, to: orders.count, by: Self.size).map {
                Array(orders[$0..<min($0 + Self.size, orders.count)])
            }
        }
        return chunks
    }
}

/// Registers one benchmark whose sample is one call of `body` on the next chunk of 1,000 orders
/// (`scalingFactor: .kilo`, so the report divides by 1,000 as for the one-order loops).
@inline(never)
func registerChunkLoop(
    _ name: String, chunks: OrderChunks, zeroAllocation: Bool, setup: @escaping () -> Void,
    _ body: @escaping ([Order]) -> Int
) {
    // Binding the variables compiles the predicate again, once: later batches with the same values reuse the
    // binding (`BindingMemo`), so a batch allocates nothing.
    let configuration = objectsConfiguration(zeroAllocation: zeroAllocation, scalingFactor: .kilo)
    let cursor = OrderCursor()
    Benchmark(
        name, configuration: configuration,
        closure: { benchmark in
            guard benchmark.scaledIterations.count == OrderChunks.size, !chunks.chunks.isEmpty else {
                failLoudly("\(name): a sample must be one chunk of \(OrderChunks.size) orders")
            }
            blackHole(body(chunks.chunks[cursor.next]))
            cursor.next = (cursor.next + 1) % chunks.chunks.count
        },
        setup: { setup() })
}

/// Registers one benchmark that calls `body` with consecutive order indices, wrapping at `count`;
/// 1,000 evaluations per sample by default. `setup` runs once in the benchmark's process before timing.
@inline(never)
func registerOrderLoop(
    _ name: String, count: Int, zeroAllocation: Bool = false, scalingFactor: BenchmarkScalingFactor = .kilo,
    setup: (() -> Void)? = nil, _ body: @escaping (Int) -> Bool
) {
    let configuration = objectsConfiguration(zeroAllocation: zeroAllocation, scalingFactor: scalingFactor)
    let cursor = OrderCursor()
    Benchmark(
        name, configuration: configuration,
        closure: { benchmark in
            var index = cursor.next  // carried across samples, so one-evaluation samples still sweep the orders
            for _ in benchmark.scaledIterations {
                blackHole(body(index))
                index &+= 1
                if index == count { index = 0 }
            }
            cursor.next = index
        },
        setup: setup.map { setup in { setup() } })
}

/// The compiler's diagnostics, one per line with their source offsets.
func describe(_ failure: CompilationFailure) -> String {
    failure.diagnostics.map { "\($0.range): \($0.message.text)" }.joined(separator: "\n")
}

/// An engine's answer, with evaluation errors as check failures.
func answer<Answer>(_ body: () throws(EvaluationError) -> Answer) -> Result<Answer, CheckFailure> {
    Result { () throws(EvaluationError) -> Answer in try body() }.mapError { CheckFailure("\($0)") }
}

/// Checks `engine` against the hand-written closure on every order, or stops the run.
func checkEngine(
    _ testCase: ObjectCase, _ name: String, orders: UnsafePointer<Order>, count: Int,
    _ engine: @escaping (Int) -> Result<Bool, CheckFailure>
) {
    let handWritten = testCase.handWritten
    checkSameAnswers(
        testCase.id, rowCount: count, reference: ("hand-written", { .success(handWritten(orders + $0)) }),
        others: [(name, engine)])
}

/// Checks that `count(in:)` of every chunk is the number of its orders the hand-written closure accepts.
func checkChunkCounts(_ testCase: ObjectCase, _ chunks: [[Order]], _ count: ([Order]) -> Result<Int, CheckFailure>) {
    for (number, chunk) in chunks.enumerated() {
        let expected = chunk.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return 0 }
            return elements.indices.filter { testCase.handWritten(base + $0) }.count
        }
        let counted = count(chunk)
        guard case .success(expected) = counted else {
            failLoudly("\(testCase.id): count(in:) of chunk \(number) gives \(counted), hand-written \(expected)")
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let buffer = Order.buffer
    guard let orders = buffer.baseAddress else { failLoudly("no orders") }
    // The orders where they live: every timed engine borrows its order in place (``withBorrowed(_:_:)``), as
    // the closures read theirs through a pointer.
    let ordersInPlace = UnsafeMutablePointer(mutating: orders)
    let count = buffer.count
    let encoded = EncodedOrders()
    let chunks = OrderChunks()

    for testCase in ObjectCase.all {
        let variables = testCase.variables
        // Compile our two engines: against the schema (typed), and schema-free (over a dictionary Value).
        let typed: TypedPredicate<Order>
        let untyped: CompiledPredicate
        do throws(CompilationFailure) {
            typed = try TypedPredicate(testCase.format, schema: Order.schema)
        } catch {
            failLoudly("\(testCase.id): \(testCase.format) does not compile against the schema: \(describe(error))")
        }
        do throws(CompilationFailure) {
            untyped = try CompiledPredicate(testCase.format)
        } catch {
            failLoudly("\(testCase.id): \(testCase.format) does not compile: \(describe(error))")
        }

        // Equal answers on every order for the engines that read the structs, in every benchmark process (it is
        // cheap); the Value, count(in:) and Foundation engines are checked by the setups of their own benchmarks.
        checkEngine(testCase, "predicatelang-schema", orders: orders, count: count) { index in
            answer { () throws(EvaluationError) in try typed.evaluate(orders[index], variables: variables) }
        }
        if let tuned = testCase.handTuned {
            checkEngine(testCase, "hand-tuned", orders: orders, count: count) { .success(tuned(orders + $0)) }
        }

        // Timing.
        registerOrderLoop(
            "\(testCase.id):predicatelang-schema", count: count, zeroAllocation: testCase.zeroAllocation
        ) { withBorrowed(&ordersInPlace[$0]) { (try? typed.evaluate($0, variables: variables)) ?? false } }

        // The predicate with its variables substituted once (`substituting(_:)`, as
        // predicateWithSubstitutionVariables:), then evaluated one order at a time: what Foundation's
        // Predicate does with the values it captured when it was built.
        if !variables.isEmpty {
            let bound: TypedPredicate<Order>
            do throws(CompilationFailure) {
                bound = try typed.substituting(variables)
            } catch {
                failLoudly("\(testCase.id): substituting \(variables) fails: \(describe(error))")
            }
            checkEngine(testCase, "predicatelang-schema-bound", orders: orders, count: count) { index in
                answer { () throws(EvaluationError) in try bound.evaluate(orders[index]) }
            }
            registerOrderLoop(
                "\(testCase.id):predicatelang-schema-bound", count: count, zeroAllocation: testCase.zeroAllocation
            ) { withBorrowed(&ordersInPlace[$0]) { (try? bound.evaluate($0)) ?? false } }
        }

        let checkCounts = {
            checkChunkCounts(testCase, chunks.load(buffer)) { chunk in
                answer { () throws(EvaluationError) in try typed.count(in: chunk, variables: variables) }
            }
        }
        registerChunkLoop(
            "\(testCase.id):predicatelang-schema-count", chunks: chunks, zeroAllocation: testCase.zeroAllocation,
            setup: checkCounts,
            { (try? typed.count(in: $0, variables: variables)) ?? -1 })

        let checkValues = {
            let values = encoded.load(buffer)
            checkEngine(testCase, "predicatelang-value", orders: orders, count: count) { index in
                answer { () throws(EvaluationError) in try untyped.evaluate(with: values[index], variables: variables) }
            }
        }
        registerOrderLoop(
            "\(testCase.id):predicatelang-value", count: count, setup: checkValues,
            { index in
                guard let values = encoded.base else { return false }
                return withBorrowed(&UnsafeMutablePointer(mutating: values)[index]) {
                    (try? untyped.evaluate(with: $0, variables: variables)) ?? false
                }
            })

        let handWritten = testCase.handWritten
        registerOrderLoop("\(testCase.id):hand-written", count: count) { handWritten(orders + $0) }
        if let tuned = testCase.handTuned {
            registerOrderLoop("\(testCase.id):hand-tuned", count: count) { tuned(orders + $0) }
        }
        if let predicate = testCase.foundation {
            let checkFoundation = {
                checkEngine(testCase, "foundation", orders: orders, count: count) { index in
                    Result { try predicate.evaluate(orders[index]) }.mapError { CheckFailure("\($0)") }
                }
            }
            registerOrderLoop(
                "\(testCase.id):foundation", count: count, scalingFactor: .one, setup: checkFoundation,
                { withBorrowed(&ordersInPlace[$0]) { (try? predicate.evaluate($0)) ?? false } })
        }
    }

    // What turning one order into a Value costs (ValueEncoder), before the schema-free engine can read it.
    let encoder = ValueEncoder()
    registerOrderLoop("encode:value-encoder", count: count, scalingFactor: .one) { index in
        if case .dictionary(let fields)? = try? encoder.encode(orders[index]) { return fields.count > 3 }
        return false
    }
    // What the loop and the closure call cost by themselves (included in every figure above).
    registerOrderLoop("objects-harness:empty", count: count) { orders[$0].id & 3 == 0 }
}
