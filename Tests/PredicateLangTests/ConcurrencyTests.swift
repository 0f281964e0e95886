// One compiled program evaluated from many tasks at once: Program and CompiledPredicate are immutable
// and Sendable, and every evaluation keeps its state in its own frame.

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
}
