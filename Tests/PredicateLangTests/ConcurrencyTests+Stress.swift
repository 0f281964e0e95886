// ConcurrencyTests+Stress: many compiled predicates — regex, LIKE, [cd] folding, SUBQUERY, functions,
// casts, key paths — shared by 8 OS threads that start together (a barrier, so they really overlap
// for ThreadSanitizer) and compare every answer with the single-threaded one. Run under
// `swift test --sanitize=thread` by .ci/sanitizers.

import Foundation  // Thread and NSCondition: test-only
import Testing

@testable import PredicateLang

/// Releases every waiting thread at once.
final class StartBarrier: @unchecked Sendable {  // state guarded by `condition`
    private let condition = NSCondition()
    private var waiting: Int
    init(parties: Int) { waiting = parties }

    func arriveAndWait() {
        condition.lock()
        waiting -= 1
        if waiting == 0 { condition.broadcast() } else { while waiting > 0 { condition.wait() } }
        condition.unlock()
    }
}

@Suite("Concurrent evaluation: stress")
struct ConcurrencyStressTests {
    static let texts = [
        "name MATCHES '[A-Z][a-z]+( [A-Z][a-z]+)*'",
        "name LIKE[cd] '*ann*'",
        "name CONTAINS[cd] 'É' OR name BEGINSWITH[c] 'Z'",
        "SUBQUERY(items, $i, $i.price > 2 AND $i.tag IN {'a', 'b'}).@count >= 1",
        "ANY items.price BETWEEN {2, 10} AND ALL items.price >= 0",
        "sum:(items.price) > 5 AND count:(items) == 3",
        "items.@avg.price > 1.5 AND items.@max.price < 100",
        "CAST(age, 'NSString') ENDSWITH '0' OR modulus:by:(age, 7) == 0",
        "uppercase:(name) == 'ANN' OR length:(name) > 5",
        "age + 1 > 18 AND age * 2 < 200 AND -age < 0",
        "tags[FIRST] == 'x' OR tags[SIZE] == 2",
        "name MATCHES '(a+)+$'",
    ]

    static func object(_ seed: Int) -> Value {
        let names = ["Ann", "Zoë", "Éva Nagy", "aaaa", "Bob Smith", "annabel", "x"]
        return [
            "name": .string(names[seed % names.count]),
            "age": .int(Int64(seed % 97)),
            "tags": seed % 3 == 0 ? ["x", "y"] : ["y"],
            "items": [
                ["price": .int(Int64(seed % 5)), "tag": "a"], ["price": 2.5, "tag": "b"], ["price": 1, "tag": "c"],
            ],
        ]
    }

    @Test("8 threads started together evaluate 12 shared predicates with single-threaded answers")
    func sharedPredicates() throws {
        let predicates = try Self.texts.map { text in try #require(CompiledPredicate.compile(text).predicate, "\(text)")
        }
        let objects = (0..<64).map(Self.object)
        let mismatches = rotatingMismatches(objects, predicates: predicates.count, rounds: 60) {
            try? predicates[$0].evaluate(with: $1)
        }
        #expect(mismatches == 0)
    }

    @Test("8 threads share form-mode programs over their own row stores")
    func sharedFormPrograms() throws {
        let symbols = SymbolTable(tags: ["a", "b", "c"])
        let texts = [
            "$a.value > 3 AND $b.isHidden == NO", "$c MATCHES 'x+y' OR $a IN {1, 2, 3}",
            "$b.isDisabled == YES OR $c LIKE '*y'",
        ]
        let predicates = try texts.map { try #require(CompiledPredicate.compile($0, symbols: symbols).predicate) }
        func store(_ seed: Int) -> RowStore {
            var store = RowStore(symbols: symbols)
            store["a"] = .int(Int64(seed % 6))
            store["c"] = .string(String(repeating: "x", count: seed % 4) + (seed % 2 == 0 ? "y" : ""))
            store[Slot(1)].isHidden = seed % 3 == 0
            store[Slot(1)].isDisabled = seed % 5 == 0
            return store
        }
        let stores = (0..<32).map(store)
        let mismatches = rotatingMismatches(stores, predicates: predicates.count, rounds: 200) {
            try? predicates[$0].evaluate(in: $1)
        }
        #expect(mismatches == 0)
    }

    @Test("8 threads look tags up and compile against one shared symbol table")
    func sharedSymbolTable() throws {
        // ASCII tags (found by their bytes) and others (through the table's dictionary), and a spelling canonically
        // equivalent to one of them.
        let tags = (0..<200).map { "t\($0)" } + ["café", "naïve", "Kelvin\u{212A}"]
        let symbols = SymbolTable(tags: tags)
        let lookUps = tags + ["cafe\u{301}", "missing", "t200", ""]
        let expected = lookUps.map { symbols.slot(for: $0) }
        let texts = ["$t1 > 3 AND $t150 == 'x'", "$café BEGINSWITH 'a' OR $t7 IN {1, 2}", "$t199.isHidden == YES"]
        let programs = texts.map { CompiledPredicate.compile($0, symbols: symbols).predicate?.disassembly() }
        let mismatches = mismatchesOnThreads(8) { thread in
            var local = 0
            for round in 0..<50 {
                for (index, tag) in lookUps.enumerated() where symbols.slot(for: tag) != expected[index] {
                    local += 1
                }
                let which = (round + thread) % texts.count
                if CompiledPredicate.compile(texts[which], symbols: symbols).predicate?.disassembly() != programs[which]
                {
                    local += 1
                }
            }
            return local
        }
        #expect(programs.allSatisfy { $0 != nil })
        #expect(expected[lookUps.count - 4] == symbols.slot(for: "café"))
        #expect(mismatches == 0)
    }
}

extension ConcurrencyStressTests {
    @Test("8 threads check predicates against one shared recursive schema, through its back-references")
    func sharedRecursiveSchema() throws {
        // Every key after the first `parent` or `children` is read through a back-reference to Node, and `up`
        // through one to Tree; the misspelled keys make the checker list the fields to suggest from.
        let schema = try Schema(jsonSchema: JSONSchemaTests.recursiveText)
        let texts = [
            "parent.parent.tree.root.up.root.up == nil", "ANY children.children.parent.tree == nil",
            "parent.parent.nmae == 'x'", "parent.tree.root.up.rot == nil",
            "SUBQUERY(children, $c, $c.parent.tree != nil).@count > 1",
        ]
        @Sendable func outcome(_ text: String) -> [String] {
            let result = CompiledPredicate.compile(text, schema: schema)
            return result.diagnostics.map(\.text) + [result.predicate?.disassembly() ?? "no program"]
        }
        let expected = texts.map(outcome)
        let mismatches = mismatchesOnThreads(8) { thread in
            var local = 0
            for round in 0..<40 {
                let which = (round + thread) % texts.count
                if outcome(texts[which]) != expected[which] { local += 1 }
            }
            return local
        }
        #expect(
            expected.map { Array($0.dropLast()) } == [
                [], ["this comparison is always false: 'children.children.parent.tree' is never nil"],
                ["unknown key 'nmae' in Node"], ["unknown key 'rot' in Tree"], [],
            ])
        #expect(mismatches == 0)
    }
}

/// Answers every input with each of `predicates` predicates single-threaded (`answer(predicate, input)`, nil for an
/// evaluation error), then on 8 threads released together for `rounds` rounds, each thread taking the predicates in a
/// different rotation; the number of answers that differed from the single-threaded ones.
func rotatingMismatches<Input: Sendable>(
    _ inputs: [Input], predicates: Int, rounds: Int, answer: @escaping @Sendable (Int, Input) -> Bool?
) -> Int {
    let expected = inputs.map { input in (0..<predicates).map { answer($0, input) } }
    return mismatchesOnThreads(8) { thread in
        var local = 0
        for round in 0..<rounds {
            for (index, input) in inputs.enumerated() {
                let which = (index + round + thread) % predicates
                if answer(which, input) != expected[index][which] { local += 1 }
            }
        }
        return local
    }
}

/// Runs `body` on `threads` OS threads released together (so they really overlap for ThreadSanitizer), each
/// given its number, and returns the sum of the mismatches they count.
func mismatchesOnThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Int) -> Int {
    let barrier = StartBarrier(parties: threads)
    let done = DispatchGroup()
    let mismatches = Counter()
    for thread in 0..<threads {
        done.enter()
        Thread {
            barrier.arriveAndWait()
            mismatches.add(body(thread))
            done.leave()
        }.start()
    }
    done.wait()
    return mismatches.value
}

/// A lock-protected total.
final class Counter: @unchecked Sendable {  // state guarded by `lock`
    private let lock = NSLock()
    private var total = 0
    func add(_ amount: Int) { lock.withLock { total += amount } }
    var value: Int { lock.withLock { total } }
}
