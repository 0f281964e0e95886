// One compiled program evaluated from many tasks at once: Program and CompiledPredicate are immutable
// and Sendable, and every evaluation keeps its state in its own frame; a typed predicate reads the
// caller's values in place from many tasks at once.

import Foundation
import Testing

@testable import PredicateLang

@Suite("Concurrent evaluation")
struct ConcurrencyTests {
    @Test("8 tasks evaluate one program over their own stores with correct results")
    func sharedProgram() async throws {
        let symbols = SymbolTable(tags: ["hobbies", "age", "name"])
        let text =
            "$hobbies CONTAINS 'Music' AND $age > 18 AND SUBQUERY($hobbies, $h, $h BEGINSWITH 'M').@count >= 1 OR $name == 'x'"
        let predicate = try #require(CompiledPredicate.compile(text, symbols: symbols).predicate)
        let objectPredicate = try #require(CompiledPredicate.compile("ANY items.price > $limit").predicate)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for iteration in 0..<2_000 {
                        let age = Int64((task * 7 + iteration) % 40)
                        var store = RowStore(symbols: symbols)
                        store["hobbies"] = iteration % 2 == 0 ? ["Music", "Art"] : ["Art"]
                        store["age"] = .int(age)
                        store["name"] = "n"
                        let expected = iteration % 2 == 0 && age > 18
                        if (try? predicate.evaluate(in: store)) != expected { mismatches += 1 }
                        let limit = Int64(iteration % 5)
                        let object: Value = ["items": [["price": 1], ["price": 3]]]
                        if (try? objectPredicate.evaluate(with: object, variables: ["limit": .int(limit)]))
                            != (limit < 3)
                        {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("8 tasks share typed predicates over one array of Swift values: every answer equals the closure's")
    func sharedTypedPredicates() async throws {
        let orders = Orders.generate(300)
        let since = Date(timeIntervalSinceReferenceDate: 700_500_000)
        let cases = TypedPredicateTests.cases
        let predicates = try cases.map { try TypedPredicate($0.format, schema: Orders.schema) }
        let expected = cases.map { testCase in orders.filter(testCase.expected).map(\.id) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<6 {
                        // Each task walks the cases in its own order, so different predicates run at once.
                        for offset in cases.indices {
                            let index = (offset + task * 3 + round) % cases.count
                            let variables: [String: Value] = ["since": .date(since)]
                            let ids = (try? predicates[index].filter(orders, variables: variables).map(\.id)) ?? []
                            if ids != expected[index] { mismatches += 1 }
                            let order = orders[(task * 37 + round * 11 + offset) % orders.count]
                            let one = try? predicates[index].evaluate(order, variables: variables)
                            if one != cases[index].expected(order) { mismatches += 1 }
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test(
        "8 tasks count one typed predicate with different variable values at once: the remembered binding is never stale"
    )
    func sharedBindingMemo() async throws {
        let orders = Orders.generate(300)
        let typed = try TypedPredicate("createdAt > $since AND total > $floor", schema: Orders.schema)
        let base = Date(timeIntervalSinceReferenceDate: 700_500_000)
        let bindings: [(since: Date, floor: Double)] = [
            (base, 40), (base.addingTimeInterval(30 * 86_400), 40), (base, 120),
        ]
        let expected = bindings.map { binding in
            orders.filter { $0.createdAt > binding.since && $0.total > binding.floor }.count
        }
        #expect(Set(expected).count == bindings.count)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<40 {
                        let index = (task + round) % bindings.count
                        let variables: [String: Value] = [
                            "since": .date(bindings[index].since), "floor": .double(bindings[index].floor),
                        ]
                        if (try? typed.count(in: orders, variables: variables)) != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
