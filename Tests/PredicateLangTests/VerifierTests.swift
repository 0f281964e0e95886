// The bytecode verifier: accepts what the compiler emits, and rejects each kind of malformed stream
// (underflow, jumps outside the program, paths joining with different depths, the flag read unset,
// a return with values left, indices outside their tables).

import Testing

@testable import PredicateLang

@Suite("Verifier")
struct VerifierTests {
    static let tables = Verifier.Tables(constants: 2, matchers: 1, keyPaths: 1, names: 1, locals: 4)

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let instructions: [Instruction]
        let message: String
        var testDescription: String { name }
    }

    @Test(
        "malformed streams are rejected with the reason",
        arguments: [
            BadCase(
                name: "underflow", instructions: [.compare(.equalTo, [], .direct), .return], message: "stack underflow"),
            BadCase(
                name: "jump outside", instructions: [.setFlag(true), .jumpIfFalse(JumpOffset(5)), .return],
                message: "outside the program"),
            BadCase(name: "falls off the end", instructions: [.setFlag(true)], message: "outside the program"),
            BadCase(
                name: "depth mismatch at a join",
                instructions: [
                    .setFlag(true), .jumpIfFalse(JumpOffset(1)), .pushConstant(ConstantIndex(0)),
                    .match(MatcherIndex(0), .direct), .return,
                ], message: "paths join"),
            BadCase(name: "flag unset", instructions: [.return], message: "flag read before it is set"),
            BadCase(
                name: "values left at return", instructions: [.pushObject, .setFlag(true), .return],
                message: "return with 1 values"),
            BadCase(
                name: "constant index",
                instructions: [.pushConstant(ConstantIndex(9)), .match(MatcherIndex(0), .direct), .return],
                message: "constant index 9 out of range"),
            BadCase(
                name: "matcher index", instructions: [.matchSlot(SlotOperand(0), MatcherIndex(3)), .return],
                message: "matcher index"),
            BadCase(
                name: "local block", instructions: [.pushObject, .iterate(LocalIndex(2)), .setFlag(true), .return],
                message: "local index"),
            BadCase(
                name: "key path index", instructions: [.matchKey(KeyPathIndex(1), MatcherIndex(0)), .return],
                message: "key path index"),
            BadCase(name: "empty", instructions: [], message: "empty program"),
        ])
    func rejects(_ testCase: BadCase) throws {
        switch Verifier.analyze(testCase.instructions, tables: Self.tables) {
        case .success(let depth):
            Issue.record("accepted with depth \(depth)")
        case .failure(let failure):
            #expect(failure.message.contains(testCase.message), "\(failure)")
        }
    }

    @Test("a loop whose body keeps the depth is accepted, and the maximum depth is computed")
    func acceptsLoops() {
        let instructions: [Instruction] = [
            .pushObject, .iterate(LocalIndex(0)),
            .iterateNext(JumpOffset(4), LocalIndex(0)), .loadLocal(LocalIndex(3)), .match(MatcherIndex(0), .direct),
            .jumpIfFalse(JumpOffset(-4)), .jump(JumpOffset(-5)),
            .iterateEnd(LocalIndex(0)), .pushConstant(ConstantIndex(0)), .compare(.equalTo, [], .direct), .return,
        ]
        #expect(Verifier.analyze(instructions, tables: Self.tables) == .success(2))
    }

    @Test(
        "every program of a varied set of predicates verifies, with the recorded depth",
        arguments: [
            "a == 1", "a + 1 == b * 2 AND (c == 1 OR NOT d == 2)",
            "SUBQUERY(xs, $x, SUBQUERY($x.ys, $y, $y > 1).@count > 0).@count == 1",
            "TERNARY(a == 1, {1, 2, b}, {3})[SIZE] == 3", "ANY xs BETWEEN {1, c}", "max({a, b, 3}) > sum(xs)",
            "$v := 1 == 1", "ALL xs.name LIKE[c] 'a*'", "a IN b UNION c", "CAST(a, 'NSNumber') < 5",
        ])
    func compiledProgramsVerify(_ text: String) throws {
        let predicate = try #require(CompiledPredicate.compile(text).predicate)
        #expect(Verifier.verify(predicate.program).isEmpty)
    }
}

@Suite("Verifier: decision graphs")
struct DecisionGraphVerifierTests {
    @Test("compiled graphs verify; a backward edge or a node off its leaf is reported")
    func graphs() throws {
        let predicate = try CompiledPredicate(
            "$a > 1 AND ($b == 'x' OR $c == 2)", symbols: SymbolTable(tags: ["a", "b", "c"]))
        let program = predicate.program
        let graph = try #require(program.decisionGraph)
        #expect(Verifier.verify(program).isEmpty)
        #expect(Verifier.graphProblems(graph, program.instructions).isEmpty)
        let backward = DecisionNode(
            instruction: graph.nodes[1].instruction, onTrue: DecisionTarget(node: 0), onFalse: .answerFalse,
            offset: graph.nodes[1].offset)
        var nodes = graph.nodes
        nodes[1] = backward
        let broken = try #require(DecisionGraph(nodes: nodes, entry: graph.entry))
        #expect(Verifier.graphProblems(broken, program.instructions).map(\.message) == ["graph edge to n0 from n1"])
        nodes = graph.nodes
        nodes[2] = DecisionNode(
            instruction: nodes[2].instruction, onTrue: nodes[2].onTrue, onFalse: nodes[2].onFalse, offset: 1)
        let misplaced = try #require(DecisionGraph(nodes: nodes, entry: graph.entry))
        #expect(
            Verifier.graphProblems(misplaced, program.instructions).map(\.message) == [
                "graph node n2 is not the leaf at its offset"
            ])
    }
}
