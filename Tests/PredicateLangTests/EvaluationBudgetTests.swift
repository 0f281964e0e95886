// EvaluationBudgetTests: one budget per evaluation, charged by every instruction and by the inner work of
// string, pattern and collection operations, shared by nested runs; hostile predicates end in
// budget-exceeded at the construct that spent it. Substring search is linear whatever the text holds.

import Testing

@testable import PredicateLang

@Suite("Evaluation budget")
struct EvaluationBudgetTests {
    static let indexes: Value = .array((0..<2_000).map { .int(Int64($0)) })
    static let longText = String(repeating: "ab", count: 32_768)
    static let object: Value = [
        "x": indexes, "y": .array((0..<20_000).map { .int(Int64($0)) }), "s": .string(longText),
        "u": .string(String(repeating: "é", count: 16_384)),
    ]

    /// Predicates that repeat expensive work once per element; each is stopped by the default budget, and the
    /// error points at the construct that spent it.
    @Test(
        "hostile predicates end in budget-exceeded at the construct that spent the budget",
        arguments: [
            ("SUBQUERY(x, $i, s MATCHES %@).@count > 0", ["(a|b)*[cd][ab]{0,400}a"], "s MATCHES %@"),
            ("SUBQUERY(x, $i, s MATCHES %@).@count > 0", ["(a|b)*c"], "s MATCHES %@"),
            ("SUBQUERY(x, $i, s LIKE %@).@count > 0", ["*a*a*a*a*c"], "s LIKE %@"),
            ("SUBQUERY(x, $i, s CONTAINS[cd] 'abc').@count > 0", [], "s CONTAINS[cd] 'abc'"),
            ("SUBQUERY(x, $i, s CONTAINS 'abc').@count > 0", [], "s CONTAINS 'abc'"),
            ("SUBQUERY(x, $i, u CONTAINS[cd] 'abc').@count > 0", [], "u CONTAINS[cd] 'abc'"),
            ("SUBQUERY(x, $i, s <[c] s).@count > 0", [], "s <[c] s"),
            ("SUBQUERY(x, $i, (x UNION x).@count == 0).@count > 0", [], "x UNION x"),
            ("SUBQUERY(x, $i, SUBQUERY(x, $j, $j == $i + 5000).@count > 0).@count > 0", [Value](), nil),
            ("SUBQUERY(x, $i, sum:(y) == 0).@count > 0", [], "sum:(y)"),
            ("SUBQUERY(x, $i, -1 IN y).@count > 0", [], "-1 IN y"),
            ("SUBQUERY(x, $i, ANY y == -1).@count > 0", [], "ANY y == -1"),
        ] as [(String, [Value], String?)])
    func hostile(_ text: String, _ arguments: [Value], _ construct: String?) throws {
        let predicate = try CompiledPredicate(text, arguments: arguments)
        let error = #expect(throws: EvaluationError.self, "\(text)") { try predicate.evaluate(with: Self.object) }
        #expect(error?.kind == .budgetExceeded, "\(text): \(String(describing: error))")
        if let construct, let error {
            #expect(predicate.source.slice(error.range) == construct, "\(text)")
        }
    }

    @Test("the same work once fits the default budget")
    func singleUseFits() throws {
        for (text, arguments) in [
            ("s MATCHES %@", ["(a|b)*c"]), ("s LIKE %@", ["*a*a*a*a*c"]), ("s CONTAINS[cd] 'abc'", []),
            ("u CONTAINS[cd] 'abc'", []), ("(x UNION x).@count == 2000", []), ("sum:(x) == 1999000", []),
        ] as [(String, [Value])] {
            let predicate = try CompiledPredicate(text, arguments: arguments)
            #expect(throws: Never.self, "\(text)") { _ = try predicate.evaluate(with: Self.object) }
        }
    }

    @Test("a typed SUBQUERY's blocks share the evaluation's budget")
    func typedBlocksShareTheBudget() throws {
        let orders = Orders.generate(1, seed: 7)
        var order = try #require(orders.first)
        order.items = (0..<500).map { Item(sku: "S\($0)", qty: $0, price: 1) }
        let text = "SUBQUERY(items, $i, $i.qty > 1000).@count == 0"
        let roomy = try TypedPredicate(text, schema: Orders.schema)
        #expect(try roomy.evaluate(order))
        let tight = try TypedPredicate(text, schema: Orders.schema, limits: Limits(maxEvaluationSteps: 300))
        let error = #expect(throws: EvaluationError.self) { try tight.evaluate(order) }
        #expect(error?.kind == .budgetExceeded)
    }

    @Test("key paths over collections charge one step per element they map")
    func keyPathsCharge() throws {
        let rows: Value = ["rows": .array((0..<1_000).map { ["v": .int(Int64($0))] })]
        let predicate = try CompiledPredicate(
            "SUBQUERY(rows, $r, rows.v.@count == 0).@count == 0", limits: Limits(maxEvaluationSteps: 100_000))
        let error = #expect(throws: EvaluationError.self) { try predicate.evaluate(with: rows) }
        #expect(error?.kind == .budgetExceeded)
    }

    @Test("CONTAINS on 3 MB with a 4,000-byte near-miss needle is answered within the default budget")
    func longSearch() throws {
        let text = String(repeating: "a", count: 3_000_000)
        let needle = String(repeating: "a", count: 3_999) + "b"
        for options in ["", "[c]", "[cd]"] {
            let predicate = try CompiledPredicate("t CONTAINS\(options) %@", arguments: [.string(needle)])
            #expect(try predicate.evaluate(with: ["t": .string(text)]) == false)
            #expect(try predicate.evaluate(with: ["t": .string(text + "b")]) == true)
        }
    }

    /// Periodic texts and needles are where a quadratic scan would show; the linear search must find exactly
    /// what a reference search finds.
    @Test("substring search agrees with a reference search on periodic, adversarial inputs")
    func linearSearchAgrees() {
        var random = SplitMix(state: 42)
        let alphabets: [[Character]] = [["a", "b"], ["a", "A", "b"], ["a", "é", "e", "\u{301}"]]
        var checked = 0
        for _ in 0..<3_000 {
            let alphabet = alphabets[Int(random.next() % UInt64(alphabets.count))]
            let period = 1 + Int(random.next() % 4)
            let unit = String((0..<period).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let text =
                String(repeating: unit, count: 1 + Int(random.next() % 300)) + (random.next() % 2 == 0 ? "b" : "")
            let needle =
                String(repeating: unit, count: 1 + Int(random.next() % 40))
                + (random.next() % 3 == 0 ? String(alphabet[Int(random.next() % UInt64(alphabet.count))]) : "")
            for options in [ComparisonOptions(), .caseInsensitive, [.caseInsensitive, .diacriticInsensitive]] {
                let expected = Self.referenceContains(needle, in: text, options: options)
                #expect(
                    StringSearch.find(needle, in: text, anchor: .anywhere, options: options) == expected,
                    "\(needle) in \(text) with \(options)")
                checked += 1
            }
        }
        #expect(checked == 9_000)
    }

    /// The quick tier answers `BEGINSWITH` a constant longer than the subject by the prepared bytes, charging
    /// only the subject; the thorough tier also charges the constant's text and, with a small budget and a long
    /// non-ASCII constant, runs out. Debug builds check every quick answer against the thorough one: a budget
    /// the thorough tier exhausts is not a disagreement (a fuzzed input trapped there before).
    @Test(
        "a quick answer stands when the thorough tier would run out of steps",
        arguments: [ComparisonOperator.beginsWith, .endsWith, .contains, .equalTo])
    func quickAnswerWithinBudget(_ op: ComparisonOperator) throws {
        let needle = String(repeating: "\u{FFFD}", count: 600)
        let text = "$s \(op.rawValue) '\(needle)'"
        let compiled = try CompiledPredicate(text, limits: Limits(maxEvaluationSteps: 20_000))
        #expect(try compiled.evaluate(variables: ["s": "Hello"]) == false)
    }

    /// A quadratic search over the folded scalars with the same boundary rule (no match starting or ending
    /// next to a combining mark).
    static func referenceContains(_ needle: String, in text: String, options: ComparisonOptions) -> Bool {
        let folded = Array(StringFolding.fold(text, options: options).unicodeScalars)
        let pattern = Array(StringFolding.fold(needle, options: options).unicodeScalars)
        guard !pattern.isEmpty, pattern.count <= folded.count else { return false }
        for start in 0...(folded.count - pattern.count) where Array(folded[start..<(start + pattern.count)]) == pattern
        {
            let end = start + pattern.count
            let splitsBefore = start > 0 && StringFolding.isCombining(folded[start])
            let splitsAfter = end < folded.count && StringFolding.isCombining(folded[end])
            if !splitsBefore && !splitsAfter { return true }
        }
        return false
    }
}
