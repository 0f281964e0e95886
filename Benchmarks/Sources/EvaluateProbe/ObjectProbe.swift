// The Objects cases under the probe: one engine over the first `probeOrders` generated orders, in turn,
// for deterministic per-order counts under valgrind (the same difference method as the Evaluate cases).
import BenchmarkSupport
import Foundation
import PredicateLang

/// How many orders the probe cycles over: a divisor of `callgrind-counts.py`'s default iteration count,
/// so that the N and 2N runs differ by whole passes over the same orders.
let probeOrders = 10_000

/// Runs `engine` on the Objects case `id` (or the encoder, for `encode`) `iterations` times after one
/// warm-up pass over 16 orders, and prints how many evaluations held.
func runObjectProbe(case id: String, engine: String, iterations: Int) {
    let buffer = Order.neverFreed(Order.generate(probeOrders))
    guard let orders = buffer.baseAddress else { failLoudly("no orders") }
    // The orders where they live, borrowed in place by the engines (``withBorrowed(_:_:)``).
    let ordersInPlace = UnsafeMutablePointer(mutating: orders)
    let body: (Int) -> Bool
    if id == "encode" {
        guard engine == "value-encoder" else { failLoudly("unknown encoder \(engine)") }
        let encoder = ValueEncoder()
        body = { index in
            if case .dictionary(let fields)? = try? encoder.encode(orders[index]) { return fields.count > 3 }
            return false
        }
    } else {
        guard let testCase = ObjectCase.all.first(where: { $0.id == id }) else { failLoudly("unknown case \(id)") }
        let variables = testCase.variables
        switch engine {
        case "predicatelang-schema":
            let typed = compileTyped(testCase)
            body = { withBorrowed(&ordersInPlace[$0]) { (try? typed.evaluate($0, variables: variables)) ?? false } }
        case "predicatelang-schema-count":
            // count(in:) over one-order arrays: the in-place read of filter/count, with its per-call cost.
            let typed = compileTyped(testCase)
            guard let singles = Order.neverFreed(buffer.map { [$0] }).baseAddress else { failLoudly("no orders") }
            body = { (try? typed.count(in: singles[$0], variables: variables)) == 1 }
        case "predicatelang-schema-bound":
            // The predicate with its variables substituted once, evaluated one order at a time.
            let bound: TypedPredicate<Order>
            do throws(CompilationFailure) { bound = try compileTyped(testCase).substituting(variables) } catch {
                failLoudly("\(testCase.format) does not compile against the schema with \(variables)")
            }
            body = { withBorrowed(&ordersInPlace[$0]) { (try? bound.evaluate($0)) ?? false } }
        case "predicatelang-schema-batch":
            // count(in:) over batches of 1,000 orders, one batch at every thousandth index: per order, the
            // cost a filter pays, with the per-call work (binding the variables once) spread over the batch.
            let typed = compileTyped(testCase)
            let batch = 1_000
            let batches = (0..<(probeOrders / batch)).map { Array(buffer[($0 * batch)..<(($0 + 1) * batch)]) }
            let counted = Counter()
            body = { index in
                if index % batch == 0 {
                    counted.value = (try? typed.count(in: batches[(index / batch) % batches.count], variables: variables)) ?? 0
                }
                return counted.value > index % batch
            }
        case "predicatelang-value":
            let compiled: CompiledPredicate
            do throws(CompilationFailure) { compiled = try CompiledPredicate(testCase.format) } catch {
                failLoudly("\(testCase.format) does not compile")
            }
            guard let values = Order.encodedValues(buffer).baseAddress else { failLoudly("no values") }
            let valuesInPlace = UnsafeMutablePointer(mutating: values)
            body = {
                withBorrowed(&valuesInPlace[$0]) { (try? compiled.evaluate(with: $0, variables: variables)) ?? false }
            }
        case "hand-written":
            let closure = testCase.handWritten
            body = { closure(orders + $0) }
        case "hand-tuned":
            guard let closure = testCase.handTuned else { failLoudly("\(id) has no hand-tuned baseline") }
            body = { closure(orders + $0) }
        case "foundation":
            guard let predicate = testCase.foundation else { failLoudly("\(id) has no Foundation baseline") }
            body = { withBorrowed(&ordersInPlace[$0]) { (try? predicate.evaluate($0)) ?? false } }
        case "none":
            body = { orders[$0].id & 3 == 0 }
        default:
            failLoudly("unknown engine \(engine)")
        }
    }
    _ = runOrders(body, 16)
    print(runOrders(body, iterations))
}

@inline(never)
func runOrders(_ body: (Int) -> Bool, _ iterations: Int) -> Int {
    var count = 0
    var index = 0
    for _ in 0..<iterations {
        if body(index) { count += 1 }
        index += 1
        if index == probeOrders { index = 0 }
    }
    return count
}

/// The last batch's count, kept between calls of a probe body.
final class Counter: @unchecked Sendable {
    var value = 0
}

/// `testCase`'s predicate compiled against the orders' schema, or the probe stops.
func compileTyped(_ testCase: ObjectCase) -> TypedPredicate<Order> {
    do throws(CompilationFailure) {
        return try TypedPredicate(testCase.format, schema: Order.schema)
    } catch {
        failLoudly("\(testCase.format) does not compile against the schema")
    }
}
