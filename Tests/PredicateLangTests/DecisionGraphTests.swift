// The decision graph of programs of leaves (DecisionGraph): its shape for the usual AND/OR/NOT mixes, the
// programs it refuses (which keep the instruction loop), its listing, the trace that walks it, and answers
// — including errors and their source ranges — identical to the general VM path over variable bindings.

import Testing

@testable import PredicateLang

@Suite("Decision graph")
struct DecisionGraphTests {
    static let symbols = SymbolTable(tags: ["a", "b", "c"])

    /// `entry …; offset:onTrue/onFalse …` where a target is a node's offset, `T`, `F` or `?` (missing return).
    static func shape(_ graph: DecisionGraph) -> String {
        func name(_ target: DecisionTarget) -> String {
            switch target {
            case .answerTrue: return "T"
            case .answerFalse: return "F"
            case .missingReturn: return "?"
            default: return "@\(graph.nodes[Int(target.rawValue)].offset)"
            }
        }
        let nodes = graph.nodes.map { "@\($0.offset):\(name($0.onTrue))/\(name($0.onFalse))" }
        return (["entry \(name(graph.entry))"] + nodes).joined(separator: " ")
    }

    @Test(
        "the graph of a program of leaves",
        arguments: [
            ("$a > 1", "entry @0 @0:T/F"),
            ("NOT $a > 1", "entry @0 @0:F/T"),
            ("$a > 1 AND $b == 'x'", "entry @0 @0:@2/F @2:T/F"),
            ("$a > 1 OR $b == 'x'", "entry @0 @0:T/@2 @2:T/F"),
            ("$a > 1 AND ($b == 'x' OR NOT $c BEGINSWITH 'y')", "entry @0 @0:@2/F @2:T/@4 @4:F/T"),
            ("NOT ($a > 1 AND $b == 'x')", "entry @0 @0:@2/T @2:F/T"),
            ("($a > 1 OR $b > 1) AND ($c > 1 OR $a < 0)", "entry @0 @0:@4/@2 @2:@4/F @4:T/@6 @6:T/F"),
            ("TRUEPREDICATE", "entry T"),
            ("FALSEPREDICATE", "entry F"),
            ("$a CONTAINS 'x' AND $b.@count > 2 AND $c BETWEEN {1, 5}", "entry @0 @0:@2/F @2:@4/F @4:T/F"),
            ("a > 1 AND b == 'x'", "entry @0 @0:@2/F @2:T/F"),
        ])
    func shapes(_ text: String, _ expected: String) throws {
        let predicate = try CompiledPredicate(text, symbols: text.contains("$") ? Self.symbols : nil)
        let graph = try #require(predicate.program.decisionGraph)
        #expect(predicate.program.storage.hasDecisionGraph)
        #expect(Self.shape(graph) == expected, "\(predicate.disassembly())")
    }

    @Test("programs that need the operand stack have no graph")
    func stackPrograms() throws {
        for text in ["$a + 1 > 2", "SUBQUERY($a, $x, $x > 1).@count > 0", "ANY $a > 1"] {
            let program = try CompiledPredicate(text, symbols: Self.symbols).program
            #expect(program.decisionGraph == nil, "\(text)")
            #expect(!program.storage.hasDecisionGraph)
            #expect(program.storage.graphNodes.isEmpty)
        }
    }

    @Test("a graph with more nodes than the step budget is not built (the instruction loop counts steps)")
    func budget() throws {
        let text = (0..<10).map { "$a == \($0)" }.joined(separator: " OR ")
        let small = try CompiledPredicate(text, symbols: Self.symbols, limits: Limits(maxEvaluationSteps: 9))
        #expect(small.program.decisionGraph == nil)
        #expect(throws: EvaluationError.self) { try small.evaluate(in: RowStore(["a": 42])) }
        let enough = try CompiledPredicate(text, symbols: Self.symbols, limits: Limits(maxEvaluationSteps: 10))
        #expect(enough.program.decisionGraph?.nodes.count == 10)
        #expect(try enough.evaluate(in: RowStore(["a": 42])) == false)
    }

    @Test("a backward jump, a jump out of the program or a stack instruction is refused; a missing return is an answer")
    func refusals() {
        let leaf = Instruction.matchSlot(SlotOperand(0), MatcherIndex(0))
        func build(_ code: [Instruction]) -> String {
            guard let graph = DecisionGraph(code) else { return "refused" }
            return "entry \(graph.entry.rawValue) "
                + graph.nodes.map { "\($0.offset):\($0.onTrue.rawValue)/\($0.onFalse.rawValue)" }.joined(separator: " ")
        }
        // A backward jump could loop: no graph, the instruction loop (with its budget check) runs it.
        #expect(build([leaf, .jump(JumpOffset(-2)), .return]) == "refused")
        #expect(build([leaf, .jumpIfFalse(JumpOffset(5)), .return]) == "refused")
        #expect(build([.pushObject, .return]) == "refused")
        // Forward jumps, NOT and constants are followed; -1 is false, -2 true, -3 "ended without a return".
        #expect(build([leaf, .jumpIfFalse(JumpOffset(1)), .not, .return]) == "entry 0 0:-1/-1")
        #expect(build([leaf, .not, .jumpIfTrue(JumpOffset(1)), .setFlag(true), .return]) == "entry 0 0:-2/-2")
        #expect(build([leaf]) == "entry 0 0:-3/-3")
        #expect(build([.setFlag(true), .not, .return]) == "entry -1 ")
    }

    @Test("the listing shows every node with its leaf and its edges")
    func listing() throws {
        let predicate = try CompiledPredicate("$a > 1 AND NOT $b BEGINSWITH 'x'", symbols: Self.symbols)
        let lines = predicate.disassembly().split(separator: "\n").map(String.init)
        let graph = Array(lines.drop { !$0.hasPrefix("decision graph") })
        #expect(graph.first == "decision graph (entry n0)")
        #expect(graph.count == 3)
        #expect(
            graph[1]
                == "n0  true -> n1    false -> false   0000  1:1   matchSlot            #0 m0  ; $a > 1  [integer test: value in 2...]"
        )
        #expect(
            graph[2]
                == "n1  true -> false false -> true    0002  1:16  matchSlot            #1 m1  ; $b BEGINSWITH \"x\" (substring)"
        )
    }

    @Test("a traced evaluation walks the graph's nodes, the same ones the listing shows")
    func trace() throws {
        let predicate = try CompiledPredicate("$a > 1 AND ($b == 'x' OR $c == 2)", symbols: Self.symbols)
        var events: [TraceEvent] = []
        let result = try predicate.evaluate(variables: ["a": 5, "b": "y", "c": 2]) { events.append($0) }
        #expect(result)
        #expect(events.map(\.step) == [.decisionNode(0), .decisionNode(1), .decisionNode(2)])
        #expect(events.map(\.offset) == [0, 2, 4])
        let listing = predicate.disassembly()
        for event in events { #expect(listing.contains(event.listing), "\(event.listing)") }
    }

    @Test(
        "a graph of slot leaves runs from the store's entries alone",
        arguments: [
            ("$a > 1", true),
            ("$a CONTAINS 'x' AND $b.@count > 2 OR NOT $c BETWEEN {1, 5}", true),
            ("$a > 1 AND b == 'x'", false),
            ("$a + 1 > 2", false),
            ("a > 1", false),
        ])
    func runsOnSlotsAlone(_ text: String, _ expected: Bool) throws {
        let predicate = try CompiledPredicate(text, symbols: text.contains("$") ? Self.symbols : nil)
        #expect(predicate.program.storage.runsOnSlotsAlone == expected)
    }

    /// Walked from the entries alone, the leaves of one evaluation still charge one budget: two leaves
    /// that each need the budget of one fail together, and the error carries the predicate's source and
    /// the range of the leaf that ran out.
    @Test("the leaves of a graph of slot leaves share the evaluation's budget")
    func slotLeavesShareTheBudget() throws {
        let subject = Value.string(String(repeating: "ab", count: 2_000))
        let store = RowStore(["a": subject, "b": subject])
        let first = "$a LIKE[c] '*b*b*c'"
        let both = first + " OR $b LIKE[c] '*b*b*c'"
        func compiled(_ text: String, _ steps: Int) throws -> CompiledPredicate {
            try CompiledPredicate(text, symbols: Self.symbols, limits: Limits(maxEvaluationSteps: steps))
        }
        func fits(_ text: String, _ steps: Int) throws -> Bool {
            (try? compiled(text, steps).evaluate(in: store)) != nil
        }
        // The fewest steps one leaf needs.
        var low = 1
        var high = Limits.default.maxEvaluationSteps
        #expect(try fits(first, high))
        while low < high {
            let middle = low + (high - low) / 2
            if try fits(first, middle) { high = middle } else { low = middle + 1 }
        }
        let predicate = try compiled(both, low)
        #expect(predicate.program.storage.runsOnSlotsAlone)
        #expect(try fits(both, 2 * low))
        let error = try #require(throws: EvaluationError.self) { try predicate.evaluate(in: store) }
        #expect(error.kind == .budgetExceeded)
        let source = try #require(error.source)
        #expect(source.slice(error.range) == "$b LIKE[c] '*b*b*c'")
    }

    /// A leaf that runs once per element is charged the text it searches; from the slots' inputs as from the
    /// whole evaluation inputs (the budget's own charge for the string), and nothing for a leaf that does not
    /// search text.
    @Test("the slots' inputs charge a text-searching leaf its string")
    func slotInputsChargeText() throws {
        let text = String(repeating: "y", count: 1_000)
        let store = RowStore(["a": .string(text)])
        var reference = EvaluationBudget(10_000)
        try reference.chargeText(text)
        for (predicate, expected) in [("$a CONTAINS 'x'", reference.remaining), ("$a > 1", 10_000)] {
            let compiled = try CompiledPredicate(predicate, symbols: Self.symbols)
            let leaf = try #require(compiled.program.decisionGraph?.nodes.first?.instruction)
            var budget = EvaluationBudget(10_000)
            try store.withEntries { (entries) throws(EvaluationError) in
                try withUnsafeMutablePointer(to: &budget) { (budget) throws(EvaluationError) in
                    try SlotLeafInputs(slots: SlotEntries(entries), budget: budget)
                        .chargeText(leaf, compiled.program.storage)
                }
            }
            #expect(budget.remaining == expected, "\(predicate)")
        }
    }

    /// The integer test each slot leaf's node carries: what it reads, its range and whether it is negated
    /// (`-` for none). Its answers are checked against the leaf's tiers in debug builds, over every value below.
    @Test(
        "a slot leaf comparing with an integer carries its integer range in its node",
        arguments: [
            ("$a > 1", "value 2...9223372036854775807"),
            ("$a >= 1", "value 1...9223372036854775807"),
            ("$a < 1", "value -9223372036854775808...0"),
            ("$a <= -1", "value -9223372036854775808...-1"),
            ("$a == 5", "value 5...5"),
            ("$a != 5", "value not 5...5"),
            ("$a BETWEEN {7, 3}", "value 3...7"),
            ("$b.@count == 0", "count 0...0"),
            ("$b.value.@count > 2", "count 3...9223372036854775807"),
            ("$a < -9223372036854775808", "value empty"),
            ("$a > 9223372036854775807", "value empty"),
            ("$a == 'x'", "-"),
            ("$a > 1.5", "-"),
            ("$a IN {1, 2}", "-"),
            ("$a ==[c] 1", "-"),
        ])
    func integerLeaves(_ text: String, _ expected: String) throws {
        let predicate = try CompiledPredicate(text, symbols: Self.symbols)
        let node = try #require(predicate.program.storage.graphNodes.first)
        let leaf = node.integerLeaf
        let (bounds, negated) = leaf.range
        let range = (negated ? "not " : "") + (bounds.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "empty")
        let described: String
        switch leaf.operand {
        case .none: described = "-"
        case .value: described = "value " + range
        case .count: described = "count " + range
        }
        #expect(described == expected)
        #expect(leaf.slot == (text.hasPrefix("$b") ? 1 : 0) || leaf.operand == .none)
    }

    @Test("answers from the nodes' integer tests agree with the general path at the integers' edges")
    func integerLeavesAtTheEdges() throws {
        let texts = [
            "$a > 1 OR $a < -9223372036854775808", "$a != 5 AND $a BETWEEN {0, 9}", "$b.@count == 0 OR $a >= 0",
        ]
        let values: [Value] = [.int(.min), .int(.max), -1, 0, 1, 5, 9, 10, [], [1], 5.0, "5", .null]
        for text in texts {
            let slotted = try CompiledPredicate(text, symbols: Self.symbols)
            let bound = try CompiledPredicate(text)
            #expect(slotted.program.storage.graphNodes.contains { $0.integerLeaf.operand != .none })
            for a in values {
                for b in values {
                    let store = RowStore(["a": a, "b": b])
                    let viaGraph = Self.outcome { () throws(EvaluationError) in try slotted.evaluate(in: store) }
                    let viaBindings = Self.outcome { () throws(EvaluationError) in
                        try bound.evaluate(variables: ["a": a, "b": b])
                    }
                    #expect(viaGraph == viaBindings, "\(text) with a=\(a) b=\(b)")
                }
            }
        }
    }

    static let values: [Value] = [.null, 0, 1, 2, 5, -1, "x", "y", "", true, [1, 2, 3], ["x"], [], 1.5]

    /// The answer, or the error's kind and message (not its range: the two paths may point at different
    /// parts of the failing leaf).
    static func outcome(_ evaluate: () throws(EvaluationError) -> Bool) -> String {
        do throws(EvaluationError) {
            return String(try evaluate())
        } catch {
            return "\(error.kind.rawValue): \(error.message)"
        }
    }

    /// AND/OR/NOT mixes over three slots, with leaves that raise on some values (`$a + 0` is not a leaf;
    /// `$b BEGINSWITH 'x'` on a number, `$a > 'x'`, `$c.@count > 1` on a scalar are errors or false).
    @Test(
        "answers and errors agree with the general path over bindings",
        arguments: [
            "$a > 1 AND ($b == 'x' OR NOT $c == 2)",
            "NOT ($a > 1 AND $b == 'x') OR $c IN {1, 2}",
            "($a > 1 OR $b > 1) AND ($c > 1 OR $a < 0)",
            "$a BETWEEN {1, 2} AND NOT $b BEGINSWITH 'x' OR $c.@count > 1",
            "$a > 'x' OR $b == 'y'",
            "NOT (NOT $a == 1 OR NOT ($b CONTAINS 'x' AND $c != 5))",
            "$a == 1 AND TRUEPREDICATE OR FALSEPREDICATE AND $b == 2",
            "$a.@count == 3 OR $b MATCHES 'x+' OR $c LIKE 'y*'",
        ])
    func agreesWithGeneralPath(_ text: String) throws {
        let slotted = try CompiledPredicate(text, symbols: Self.symbols)
        let bound = try CompiledPredicate(text)
        #expect(slotted.program.decisionGraph != nil, "\(text) should compile to leaves")
        for a in Self.values {
            for b in Self.values {
                for c in [Value.null, 1, 2, "y", [1, 2]] {
                    let store = RowStore(["a": a, "b": b, "c": c])
                    let viaGraph = Self.outcome { () throws(EvaluationError) in try slotted.evaluate(in: store) }
                    let viaBindings = Self.outcome { () throws(EvaluationError) in
                        try bound.evaluate(variables: ["a": a, "b": b, "c": c])
                    }
                    #expect(viaGraph == viaBindings, "\(text) with a=\(a) b=\(b) c=\(c)")
                }
            }
        }
    }

    @Test(
        "a graph whose every node has an integer test is walked by those tests alone",
        arguments: [
            ("$a > 1", true),
            ("$b.@count == 0 AND ($a BETWEEN {1, 5} OR $a != 9)", true),
            ("NOT $a < 3 OR $c.@count > 1", true),
            ("$a == 'x'", false),
            ("$a > 1 AND $b CONTAINS 'x'", false),
            ("$a > 1.5", false),
            ("$a IN {1, 2}", false),
            ("$a > 1 AND b > 1", false),
        ])
    func walksIntegersAlone(_ text: String, _ expected: Bool) throws {
        let predicate = try CompiledPredicate(text, symbols: Self.symbols)
        #expect(predicate.program.storage.walksIntegersAlone == expected)
        #expect(predicate.disassembly().contains("; integer tests alone)") == expected)
        #expect(predicate.core.storeRoute == (expected ? .integerLeaves : .slots))
    }

    /// Every combination of the values below, through the integer walk and through the public entry, against
    /// the same predicate over variable bindings (the instruction and key-leaf path): the walk answers when
    /// every slot it reads holds an integer or an array, answers the same, and declines anything else (a
    /// null, a string, a double, a dictionary, a store without the slot), which the graph walk then answers.
    @Test("the integer walk answers as the other paths, and declines the values it has no test for")
    func integerWalk() throws {
        let text = "$a > 1 AND ($b.@count == 0 OR NOT $a BETWEEN {3, 5}) OR $c != 7"
        let predicate = try CompiledPredicate(text, symbols: Self.symbols)
        let reference = try CompiledPredicate(text)
        #expect(predicate.program.storage.walksIntegersAlone)
        let values: [Value] = [0, 2, 4, 6, 7, .null, "x", 2.5, [], [1], ["k": 1]]
        var (answered, declined) = (0, 0)
        for a in values {
            for b in values {
                for c in values {
                    let store = RowStore(["a": a, "b": b, "c": c])
                    // An error (`@count` of a number) is an outcome too: its kind.
                    func outcome(_ evaluate: () throws(EvaluationError) -> Bool) -> String {
                        do throws(EvaluationError) { return String(try evaluate()) } catch { return "\(error.kind)" }
                    }
                    let expected = outcome { () throws(EvaluationError) in
                        try reference.evaluate(variables: ["a": a, "b": b, "c": c])
                    }
                    #expect(outcome { () throws(EvaluationError) in try predicate.evaluate(in: store) } == expected)
                    let quick = predicate.core.walkIntegerLeaves(in: store)
                    if let quick {
                        #expect(String(quick) == expected, "\(a) \(b) \(c)")
                        answered += 1
                    } else {
                        declined += 1
                    }
                }
            }
        }
        #expect(answered > 100 && declined > 100)
        // A store without the slots the walk reads: declined, and the graph walk reads them as null.
        let short = RowStore(["a": 2])
        #expect(predicate.core.walkIntegerLeaves(in: short) == nil)
        #expect(try predicate.evaluate(in: short) == reference.evaluate(variables: ["a": 2, "b": .null, "c": .null]))
    }

    /// What a trace shows is what runs: the integer walk's nodes, and when it declines (a null in `$c`) the
    /// whole walk's from the entry.
    @Test("a traced graph of integer leaves shows the integer walk's nodes, then the whole walk's if it declines")
    func traceIntegerWalk() throws {
        let predicate = try CompiledPredicate("$a > 1 AND $c < 5", symbols: Self.symbols)
        #expect(predicate.program.storage.walksIntegersAlone)
        func walked(_ variables: [String: Value]) throws -> [TraceEvent.Step] {
            var events: [TraceEvent] = []
            _ = try predicate.evaluate(variables: variables) { events.append($0) }
            return events.map(\.step)
        }
        #expect(try walked(["a": 5, "c": 1]) == [.decisionNode(0), .decisionNode(1)])
        #expect(try walked(["a": 0, "c": 1]) == [.decisionNode(0)])
        #expect(
            try walked(["a": 5, "c": .null]) == [
                .decisionNode(0), .decisionNode(1), .decisionNode(0), .decisionNode(1),
            ])
    }
}
