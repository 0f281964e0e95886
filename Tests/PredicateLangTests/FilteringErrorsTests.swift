// What the filter-style APIs do with an object whose evaluation throws, as the article "Evaluation
// errors when filtering" states: the throwing filters stop at the first error, `onFailure` decides per
// object (skip, count, keep, stop), and the snippets of the article behave as it says.

import Foundation
import Testing

@testable import PredicateLang

@Suite("Evaluation errors when filtering")
struct FilteringErrorsTests {
    /// 200 orders, some without items: `max:(items.qty)` throws `empty-collection` on those.
    static let orders = Orders.generate(200)
    static let failing = orders.indices.filter { orders[$0].items.isEmpty }
    static let holding = orders.indices.filter {
        !orders[$0].items.isEmpty && orders[$0].items.map(\.qty).max() ?? 0 > 2
    }

    static func predicate() throws -> TypedPredicate<Order> {
        try TypedPredicate("max:(items.qty) > 2", schema: Orders.schema)
    }

    @Test("the data has both failing and matching orders")
    func data() {
        #expect(!Self.failing.isEmpty && !Self.holding.isEmpty)
    }

    @Test("filter and count stop at the first error and throw it")
    func stopsByDefault() throws {
        let predicate = try Self.predicate()
        #expect(throws: EvaluationError.self) { try predicate.filter(Self.orders) }
        #expect(throws: EvaluationError.self) { try predicate.count(in: Self.orders) }
        do {
            _ = try predicate.filter(Self.orders)
        } catch {
            #expect(error.kind == .emptyCollection)
            #expect(error.source?.text == "max:(items.qty) > 2")
        }
    }

    @Test("onFailure returning false skips the failing objects; collecting them counts them")
    func skipAndCount() throws {
        let predicate = try Self.predicate()
        var failures: [(index: Int, error: EvaluationError)] = []
        let matching = predicate.filter(Self.orders) { index, error in
            failures.append((index, error))
            return false
        }
        #expect(matching.map(\.id) == Self.holding.map { Self.orders[$0].id })
        #expect(failures.map(\.index) == Self.failing)
        #expect(failures.allSatisfy { $0.error.kind == .emptyCollection })
    }

    @Test("onFailure returning true keeps the failing objects")
    func keep() throws {
        let predicate = try Self.predicate()
        let kept = predicate.filter(Self.orders) { _, _ in true }
        #expect(kept.map(\.id) == (Self.failing + Self.holding).sorted().map { Self.orders[$0].id })
    }

    struct TooManyFailures: Error {}

    @Test("onFailure throwing stops the filter with its error, after as many failures as it allows")
    func stopAfterSome() throws {
        let predicate = try Self.predicate()
        var seen = 0
        #expect(throws: TooManyFailures.self) {
            try predicate.filter(Self.orders) { (_, _) throws(TooManyFailures) -> Bool in
                seen += 1
                if seen > 2 { throw TooManyFailures() }
                return false
            }
        }
        #expect(seen == 3)
        #expect(throws: EvaluationError.self) {
            try predicate.filter(Self.orders) { (_, error) throws(EvaluationError) -> Bool in throw error }
        }
    }

    @Test("over Values, Array.filter stops at the first error and try? skips")
    func compiledPredicateOverValues() throws {
        let predicate = try CompiledPredicate("age >= 18")
        let people: [Value] = [["age": 20], ["age": "unknown"], ["age": 12], ["age": 40]]
        #expect(throws: EvaluationError.self) { try people.filter { try predicate.evaluate(with: $0) } }
        let adults = people.filter { (try? predicate.evaluate(with: $0)) ?? false }
        #expect(adults == [["age": 20], ["age": 40]])
        var failures: [EvaluationError] = []
        let counted = people.filter { person in
            do throws(EvaluationError) {
                return try predicate.evaluate(with: person)
            } catch {
                failures.append(error)
                return false
            }
        }
        #expect(counted == adults && failures.map(\.kind) == [.typeMismatch])
    }
}
