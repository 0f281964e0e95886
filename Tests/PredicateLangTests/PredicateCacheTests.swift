// The compile cache: the same compilation is answered from the cache (the very same program), anything
// that decides the result (arguments, schema, symbols, limits) is part of the key, failures are cached,
// the number of entries never passes the capacity, recently used entries survive eviction, and many
// threads share one cache with consistent statistics.

import Testing

@testable import PredicateLang

@Suite("Compile cache")
struct PredicateCacheTests {
    @Test("a repeated compilation is a hit and returns the same program; what decides the result is in the key")
    func hitsAndKeys() throws {
        let cache = PredicateCache(capacity: 16)
        let first = try cache.predicate("age > %@", arguments: [18])
        let again = try cache.predicate("age > %@", arguments: [18])
        #expect(first.core === again.core)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
        let other = try cache.predicate("age > %@", arguments: [21])
        #expect(other.core !== first.core)
        #expect(try other.evaluate(with: ["age": 20]) == false)
        #expect(try first.evaluate(with: ["age": 20]) == true)
        // The schema is part of the key: the same text checked against a schema is another entry.
        let person = SchemaObject(name: "Person", fields: [SchemaField("age", .integer)])
        let typo = cache.compile("agee > 1", schema: Schema(person))
        #expect(typo.predicate == nil)
        #expect(cache.compile("agee > 1").predicate != nil)
        // Symbols and limits too.
        let symbols = SymbolTable(tags: ["age"])
        #expect(try cache.predicate("$age > 1", symbols: symbols).core !== (try cache.predicate("$age > 1")).core)
        // Keys hash only the symbol table's size: tables of one size are told apart by comparison, and an
        // equal table built separately is a hit.
        let ageFirst = try cache.predicate("$age > 1", symbols: SymbolTable(tags: ["age", "name"]))
        let ageSecond = try cache.predicate("$age > 1", symbols: SymbolTable(tags: ["name", "age"]))
        #expect(ageFirst.core !== ageSecond.core)
        #expect(try ageSecond.core === cache.predicate("$age > 1", symbols: SymbolTable(tags: ["name", "age"])).core)
        #expect(try ageFirst.evaluate(in: RowStore(["age": .int(2), "name": .string("a")])) == true)
        #expect(try ageSecond.evaluate(in: RowStore(["name": .string("a"), "age": .int(2)])) == true)
        var small = Limits.default
        small.maxSourceBytes = 4
        #expect(cache.compile("age > 1", limits: small).predicate == nil)
        #expect(cache.compile("age > 1").predicate != nil)
    }

    @Test("failures are cached with their diagnostics")
    func failures() {
        let cache = PredicateCache()
        let first = cache.compile("age >")
        let second = cache.compile("age >")
        #expect(first.predicate == nil)
        #expect(second.diagnostics == first.diagnostics)
        #expect(cache.statistics.hits == 1)
        #expect(throws: CompilationFailure.self) { try cache.predicate("age >") }
    }

    @Test("the cache never holds more than its capacity, and entries in use survive eviction")
    func eviction() throws {
        let cache = PredicateCache(capacity: 8)
        for index in 0..<100 {
            _ = cache.compile("x == \(index)")
            _ = cache.compile("hot == 1")  // used between every insertion: its reference bit is always set
            #expect(cache.statistics.count <= 8)
        }
        let statistics = cache.statistics
        #expect(statistics.count == 8)
        #expect(statistics.evictions == 100 + 1 - 8)
        #expect(statistics.misses == 101)  // 100 distinct texts and the first "hot == 1"
        #expect(statistics.hits == 99)
        cache.removeAll()
        #expect(cache.statistics == PredicateCache.Statistics())
    }

    @Test("typed predicates come from the cache too")
    func typed() throws {
        let cache = PredicateCache()
        let first = try cache.predicate("total > 100", schema: Orders.schema)
        let second = try cache.predicate("total > 100", schema: Orders.schema)
        #expect(first.predicate.core === second.predicate.core)
        let orders = Orders.generate(50)
        #expect(try first.filter(orders).map(\.id) == orders.filter { $0.total > 100 }.map(\.id))
    }

    @Test("8 tasks share one cache: every answer is right and every lookup is counted")
    func concurrent() async throws {
        let cache = PredicateCache(capacity: 32)
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for iteration in 0..<500 {
                        let limit = (iteration + task) % 48  // more texts than entries: hits, misses and evictions
                        guard let predicate = try? cache.predicate("value < \(limit)") else {
                            wrong += 1
                            continue
                        }
                        if (try? predicate.evaluate(with: ["value": .int(Int64(limit - 1))])) != true { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == 8 * 500)
        #expect(statistics.count <= 32)
    }
}
