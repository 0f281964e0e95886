// Predicates compiled against a Swift type's schema and evaluated on the values themselves: every answer
// equals the hand-written Swift closure's and the schema-free path's over generated orders, for the
// operand shapes the VM reads in place (stored fields, nested objects, arrays of scalars and of objects,
// counts, aggregates, typed SUBQUERY counts) and for the ones it builds values for.

import Foundation
import Testing

@testable import PredicateLang

@Suite("Typed predicates over Swift values")
struct TypedPredicateTests {
    static let orders = Orders.generate(400)
    static let since = Date(timeIntervalSinceReferenceDate: 700_500_000)

    struct Case: Sendable, CustomTestStringConvertible {
        var format: String
        var expected: @Sendable (Order) -> Bool
        var testDescription: String { format }
        init(_ format: String, _ expected: @escaping @Sendable (Order) -> Bool) {
            self.format = format
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("customer.country == 'NZ' AND total > 100 AND ANY items.sku BEGINSWITH 'A-'") {
            $0.customer.country == "NZ" && $0.total > 100 && $0.items.contains { $0.sku.hasPrefix("A-") }
        },
        Case("SUBQUERY(items, $i, $i.qty > 2).@count > 0") { $0.items.contains { $0.qty > 2 } },
        Case("createdAt > $since") { $0.createdAt > since },
        Case("customer.name BEGINSWITH[c] 'jo' AND ANY tags IN {'gift', 'rush'}") {
            $0.customer.name.lowercased().hasPrefix("jo") && $0.tags.contains { $0 == "gift" || $0 == "rush" }
        },
        Case("total BETWEEN {50, 150} OR customer.country IN {'AU', 'NZ'}") {
            (50...150).contains($0.total) || ["AU", "NZ"].contains($0.customer.country)
        },
        Case("items.@sum.qty >= 10") { $0.items.reduce(0) { $0 + $1.qty } >= 10 },
        Case("items.@count == 0") { $0.items.isEmpty },
        Case("tags.@count >= 2") { $0.tags.count >= 2 },
        Case("ALL items.price < 100") { $0.items.allSatisfy { $0.price < 100 } },
        Case("NONE items.qty == 0") { !$0.items.contains { $0.qty == 0 } },
        Case("items.@avg.price > 80") {
            $0.items.isEmpty ? false : $0.items.reduce(0) { $0 + $1.price } / Double($0.items.count) > 80
        },
        Case("items.@max.qty == 5") { $0.items.map(\.qty).max() == 5 },
        Case("customer.email == nil") { $0.customer.email == nil },
        Case("customer.email ENDSWITH 'example.com' AND note != nil") {
            ($0.customer.email ?? "").hasSuffix("example.com") && $0.note != nil
        },
        Case("rating >= 4 AND express == YES") { $0.rating >= 4 && $0.express },
        Case("tags CONTAINS 'gift'") { $0.tags.contains("gift") },
        Case("SUBQUERY(items, $i, $i.qty > 1 AND $i.price < 50).@count >= 2") {
            $0.items.filter { $0.qty > 1 && $0.price < 50 }.count >= 2
        },
        Case("SUBQUERY(items, $i, $i.sku BEGINSWITH 'B' OR $i.qty == 0).@count == 1") {
            $0.items.filter { $0.sku.hasPrefix("B") || $0.qty == 0 }.count == 1
        },
        Case("customer.name ==[cd] 'zoe' OR customer.name LIKE 'J*'") {
            $0.customer.name == "Zoë" || $0.customer.name.hasPrefix("J")
        },
        Case("modulus:by:(id, 7) == 0") { $0.id % 7 == 0 },
        Case("items.sku CONTAINS 'A-1'") { $0.items.contains { $0.sku == "A-1" } },
        Case("SELF.total > 250") { $0.total > 250 },
    ]

    @Test("answers equal the hand-written closure's and the schema-free path's", arguments: cases)
    func answers(_ testCase: Case) throws {
        let typed = try TypedPredicate(testCase.format, schema: Orders.schema)
        let untyped = try CompiledPredicate(testCase.format)
        #expect(Verifier.verify(typed.predicate.program).isEmpty, "\(typed.predicate.disassembly())")
        let variables: [String: Value] = ["since": .date(Self.since)]
        for order in Self.orders {
            let expected = testCase.expected(order)
            let viaSchema = try typed.evaluate(order, variables: variables)
            let viaValues = try untyped.evaluate(with: Orders.value(order), variables: variables)
            #expect(viaSchema == expected, "order \(order.id): \(testCase.format)")
            #expect(viaValues == expected, "order \(order.id) via values: \(testCase.format)")
        }
        let filtered = try typed.filter(Self.orders, variables: variables).map(\.id)
        #expect(filtered == Self.orders.filter(testCase.expected).map(\.id))
        #expect(try typed.count(in: Self.orders, variables: variables) == filtered.count)
    }

    @Test("the benchmark predicates read the values in place: typed leaves, a decision graph where there can be one")
    func shapes() throws {
        func program(_ format: String) throws -> Program {
            try TypedPredicate(format, schema: Orders.schema).predicate.program
        }
        let first = try program("customer.country == 'NZ' AND total > 100 AND ANY items.sku BEGINSWITH 'A-'")
        #expect(first.instructions.filter { $0.mnemonic == "matchRead" }.count == 3)
        #expect(first.decisionGraph?.nodes.count == 3)
        let subquery = try program("SUBQUERY(items, $i, $i.qty > 2).@count > 0")
        #expect(subquery.decisionGraph?.nodes.count == 1)
        #expect(subquery.blocks.count == 1)
        #expect(subquery.blocks.first?.decisionGraph != nil)
        let sum = try program("items.@sum.qty >= 10")
        guard case .aggregate(_, _, _, .sum)? = sum.reads.first else {
            Issue.record("expected an aggregate read: \(sum.reads.map(\.summary))")
            return
        }
    }

    @Test("a batch binds its variables once: the bound program reads no variable, takes the quick path, answers alike")
    func batchBinding() throws {
        let typed = try TypedPredicate("createdAt > $since AND total > $floor", schema: Orders.schema)
        let variables: [String: Value] = ["since": .date(Self.since), "floor": 40]
        let threshold = TypedPredicate<Order>.bindingThreshold
        let asCompiled = typed.program(for: variables, count: threshold - 1).program
        let bound = typed.program(for: variables, count: threshold).program
        #expect(asCompiled.instructions.contains { $0.mnemonic == "loadVariable" })
        #expect(!bound.instructions.contains { $0.mnemonic == "loadVariable" })
        #expect(bound.decisionGraph != nil)
        // An unbound variable keeps the program as compiled, so the batch raises as one object would.
        let partial: [String: Value] = ["since": .date(Self.since)]
        #expect(
            typed.program(for: partial, count: 10_000).program.instructions.contains { $0.mnemonic == "loadVariable" })
        let error = #expect(throws: EvaluationError.self) { try typed.count(in: Self.orders, variables: partial) }
        #expect(error?.kind == .unboundVariable)
        // A binding that does not check (a string where a date is compared) runs as compiled and raises.
        let wrong: [String: Value] = ["since": "yesterday", "floor": 40]
        #expect(
            typed.program(for: wrong, count: 10_000).program.instructions.contains { $0.mnemonic == "loadVariable" })
        #expect(throws: EvaluationError.self) { try typed.filter(Self.orders, variables: wrong) }
        let expected = Self.orders.filter { $0.createdAt > Self.since && $0.total > 40 }.map(\.id)
        #expect(try typed.filter(Self.orders, variables: variables).map(\.id) == expected)
        #expect(try typed.count(in: Self.orders, variables: variables) == expected.count)
        let small = Array(Self.orders.prefix(threshold - 1))
        #expect(
            try typed.count(in: small, variables: variables)
                == small.filter { $0.createdAt > Self.since && $0.total > 40 }.count)
    }

    @Test("batches with the same variable values reuse the binding; other values, or other kinds, bind again")
    func bindingMemo() throws {
        let typed = try TypedPredicate("createdAt > $since AND total > $floor", schema: Orders.schema)
        let orders = Self.orders
        func expected(_ since: Date, _ floor: Double) -> Int {
            orders.filter { $0.createdAt > since && $0.total > floor }.count
        }
        let later = Self.since.addingTimeInterval(20 * 86_400)
        let runs: [(since: Date, floor: Value, hits: Int)] = [
            (Self.since, 40, 0), (Self.since, 40, 1), (Self.since, 40, 2), (later, 40, 2), (later, 40, 3),
            (later, 40.0, 3), (later, 40.0, 4), (later, 90, 4), (Self.since, 40, 4),
        ]
        for run in runs {
            let floor = run.floor.doubleValue ?? 0
            #expect(
                try typed.count(in: orders, variables: ["since": .date(run.since), "floor": run.floor])
                    == expected(run.since, floor))
            #expect(typed.bindings.hits == run.hits, "\(run)")
        }
        // A binding that does not compile is remembered too: the batch runs as compiled (and raises).
        let wrong: [String: Value] = ["since": "yesterday", "floor": 40]
        #expect(throws: EvaluationError.self) { try typed.count(in: orders, variables: wrong) }
        #expect(throws: EvaluationError.self) { try typed.count(in: orders, variables: wrong) }
        #expect(typed.bindings.hits == 5)
        // Arrays are not remembered.
        let listed = try TypedPredicate("customer.country IN $countries", schema: Orders.schema)
        let countries: [String: Value] = ["countries": ["NZ", "AU"]]
        for _ in 0..<2 {
            #expect(
                try listed.count(in: orders, variables: countries)
                    == orders.filter { ["NZ", "AU"].contains($0.customer.country) }.count)
        }
        #expect(listed.bindings.hits == 0)
    }

    @Test("substituting binds variables once: the substituted predicate reads no variable and answers alike")
    func substitution() throws {
        let template = try TypedPredicate("createdAt > $since AND total > $floor", schema: Orders.schema)
        let bound = try template.substituting(["since": .date(Self.since), "floor": 40])
        #expect(!bound.predicate.program.instructions.contains { $0.mnemonic == "loadVariable" })
        #expect(bound.predicate.program.decisionGraph != nil)
        for order in Self.orders {
            #expect(try bound.evaluate(order) == (order.createdAt > Self.since && order.total > 40))
        }
        // A variable left unbound stays free.
        let partial = try template.substituting(["since": .date(Self.since)])
        #expect(partial.predicate.dependencies.variables.map(\.name) == ["floor"])
        #expect(
            try partial.evaluate(Self.orders[0], variables: ["floor": 0]) == (Self.orders[0].createdAt > Self.since))
        // A value that does not fit the schema where the variable is used is refused, at its comparison.
        let failure = #expect(throws: CompilationFailure.self) { try template.substituting(["since": "yesterday"]) }
        let diagnostic = try #require(failure?.diagnostics.first)
        #expect(diagnostic.range == SourceRange(0, 18))
    }
}
