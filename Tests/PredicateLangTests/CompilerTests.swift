// Compiler output pinned as opcode sequences: fused leaves, short-circuit jumps, constant folding,
// matcher preparation, form-mode slot reads, and the compiler's diagnostics.

import Testing

@testable import PredicateLang

@Suite("Compiler")
struct CompilerTests {
    static let symbols = SymbolTable(tags: ["t", "age", "hobbies", "name", "country"])

    struct OpcodeCase: CustomTestStringConvertible, Sendable {
        let format: String
        let form: Bool
        let mnemonics: [String]
        init(_ format: String, form: Bool = false, _ mnemonics: [String]) {
            self.format = format
            self.form = form
            self.mnemonics = mnemonics
        }
        var testDescription: String { format }
    }

    static func compiled(_ format: String, form: Bool = false) throws -> CompiledPredicate {
        let result = CompiledPredicate.compile(format, symbols: form ? symbols : nil)
        let predicate = try #require(result.predicate, "\(result.diagnostics.map(\.text))")
        #expect(Verifier.verify(predicate.program).isEmpty)
        return predicate
    }

    @Test(
        "short predicates compile to these opcode sequences",
        arguments: [
            OpcodeCase("a == 1", ["matchKey", "return"]),
            OpcodeCase("$t == 1", form: true, ["matchSlot", "return"]),
            OpcodeCase("$t.value.@count = 0", form: true, ["matchSlotCount", "return"]),
            OpcodeCase("$t.@count > 2", form: true, ["matchSlotCount", "return"]),
            OpcodeCase("$t == 'x'", form: true, ["matchSlot", "return"]),
            OpcodeCase("$t.value != 'x'", form: true, ["matchSlot", "return"]),
            OpcodeCase("$t ==[c] 'x'", form: true, ["matchSlot", "return"]),
            OpcodeCase("$hobbies CONTAINS 'Music'", form: true, ["matchSlot", "return"]),
            OpcodeCase("'Music' IN $hobbies", form: true, ["matchSlot", "return"]),
            OpcodeCase("$t IN {1, 2, 3}", form: true, ["matchSlot", "return"]),
            OpcodeCase("$name BEGINSWITH[c] 'jo'", form: true, ["matchSlot", "return"]),
            OpcodeCase("$t.@count == 'x'", form: true, ["matchSlotCount", "return"]),
            OpcodeCase("$t.isHidden == YES", form: true, ["loadSlotHidden", "match", "return"]),
            OpcodeCase("$t.isDisabled == NO", form: true, ["loadSlotDisabled", "match", "return"]),
            OpcodeCase("$t.other == 1", form: true, ["loadSlot", "keyPath", "match", "return"]),
            OpcodeCase("ANY $t == 1", form: true, ["loadSlot", "match", "return"]),
            OpcodeCase("$x == 1", ["loadVariable", "match", "return"]),
            OpcodeCase("a == b", ["pushObject", "keyPath", "pushObject", "keyPath", "compare", "return"]),
            OpcodeCase(
                "a == 1 AND b == 2 AND c == 3",
                ["matchKey", "jumpIfFalse", "matchKey", "jumpIfFalse", "matchKey", "return"]),
            OpcodeCase("a == 1 OR b == 2", ["matchKey", "jumpIfTrue", "matchKey", "return"]),
            OpcodeCase("NOT a < 1", ["matchKey", "not", "return"]),
            OpcodeCase("NOT a == 1", ["matchKey", "return"]),
            OpcodeCase("NOT NOT a == 1", ["matchKey", "return"]),
            OpcodeCase(
                "TERNARY(a == 1, 2, 3) == 2",
                ["matchKey", "jumpIfFalse", "pushConstant", "jump", "pushConstant", "match", "return"]),
            OpcodeCase(
                "SUBQUERY(xs, $x, $x == 1).@count == 0",
                [
                    "pushObject", "keyPath", "iterate", "iterateNext", "loadLocal", "match",
                    "jumpIfFalse", "iterateKeep", "jump", "iterateEnd", "keyPath", "match", "return",
                ]),
            OpcodeCase(
                "{a, 1}[SIZE] == 2",
                ["pushObject", "keyPath", "pushConstant", "makeArray", "indexFixed", "match", "return"]),
            OpcodeCase("ANYKEY == 1", ["unsupported", "match", "return"]),
        ])
    func opcodes(_ testCase: OpcodeCase) throws {
        let predicate = try Self.compiled(testCase.format, form: testCase.form)
        #expect(mnemonics(predicate.program) == testCase.mnemonics, "\(predicate.disassembly())")
    }

    @Test(
        "constant subtrees are folded; now() and random() are not",
        arguments: [
            OpcodeCase("1 + 2 == 3", ["setFlag", "return"]),
            OpcodeCase("x == 2 * 3", ["matchKey", "return"]),
            OpcodeCase("x IN {1, 2 + 1}", ["matchKey", "return"]),
            OpcodeCase("uppercase('a') == x", ["matchKey", "return"]),
            OpcodeCase("now() > x", ["call", "pushObject", "keyPath", "compare", "return"]),
            OpcodeCase("random() > 2", ["call", "match", "return"]),
            OpcodeCase("a == 1 AND TRUEPREDICATE", ["matchKey", "return"]),
            OpcodeCase("FALSEPREDICATE AND a == 1", ["setFlag", "return"]),
            OpcodeCase("a == 1 AND FALSEPREDICATE AND b == 1", ["matchKey", "jumpIfFalse", "setFlag", "return"]),
            OpcodeCase("TERNARY(1 < 2, x, y) == 1", ["matchKey", "return"]),
            OpcodeCase("'a' + 1 == 1", ["pushConstant", "pushConstant", "arithmetic", "match", "return"]),
        ])
    func folding(_ testCase: OpcodeCase) throws {
        let predicate = try Self.compiled(testCase.format, form: testCase.form)
        #expect(mnemonics(predicate.program) == testCase.mnemonics, "\(predicate.disassembly())")
    }

    @Test("folded values land in the matcher and constant tables")
    func foldedValues() throws {
        let product = try Self.compiled("x == 2 * 3")
        #expect(product.program.matchers.first?.constant == .int(6))
        let flag = try Self.compiled("1 + 2 == 4")
        #expect(flag.program.instructions.first == .setFlag(false))
    }

    @Test(
        "a constant pattern folds when valid; an invalid one is kept, with a warning, whatever the subject",
        arguments: [
            ("'abc' MATCHES 'a.c'", true), ("'abc' MATCHES 'b'", true), ("'abc' LIKE 'a*'", true),
            ("'abc' MATCHES '('", false), ("nil MATCHES '('", false), ("5 MATCHES '('", false),
            ("'abc' LIKE 'a\\\\'", false), ("nil LIKE 'a\\\\'", false),
        ])
    func constantPatterns(_ format: String, _ isValid: Bool) throws {
        let result = CompiledPredicate.compile(format)
        let predicate = try #require(result.predicate, "\(result.diagnostics)")
        if isValid {
            #expect(mnemonics(predicate.program) == ["setFlag", "return"], "\(predicate.disassembly())")
        } else {
            // Kept as a comparison, with the compiler's warning at the pattern (matched, it raises there).
            #expect(mnemonics(predicate.program) != ["setFlag", "return"], "\(predicate.disassembly())")
            #expect(result.diagnostics.contains { $0.severity == .warning }, "\(result.diagnostics)")
        }
    }

    @Test(
        "key paths and variable names are shared, below the scan limit and past it (where the hash index takes over)",
        arguments: [3, TableIndex<String>.scanLimit, TableIndex<String>.scanLimit + 1, 40])
    func sharedNames(count: Int) throws {
        // Each key path and variable once; then each variable twice in its clause, one name-table entry.
        let keys = (0..<count).map { "k\($0) == $v\($0)" }.joined(separator: " OR ")
        let program = try Self.compiled(keys).program
        #expect(program.keyPaths == (0..<count).map { ["k\($0)"] })
        #expect(program.names == (0..<count).map { "v\($0)" })
        let repeated = try Self.compiled((0..<count).map { "$v\($0) > 1 AND $v\($0) < 9" }.joined(separator: " OR "))
        #expect(repeated.program.names == (0..<count).map { "v\($0)" })
        let bindings = Dictionary(uniqueKeysWithValues: (0..<count).map { ("v\($0)", Value.int(Int64($0))) })
        let object = Value.dictionary(Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", Value.int(-1)) }))
        #expect(try Self.compiled(keys).evaluate(with: object, variables: bindings) == false)
        let last = Value.dictionary(["k\(count - 1)": .int(Int64(count - 1))])
        #expect(try Self.compiled(keys).evaluate(with: last, variables: bindings) == true)
        var zeros = Dictionary(uniqueKeysWithValues: (0..<count).map { ("v\($0)", Value.int(0)) })
        #expect(try repeated.evaluate(with: .null, variables: zeros) == false)
        zeros["v\(count - 1)"] = 5
        #expect(try repeated.evaluate(with: .null, variables: zeros) == true)
    }

    @Test("constant right-hand sides are prepared once")
    func preparation() throws {
        func preparation(_ format: String) throws -> String {
            try Self.compiled(format, form: true).program.matchers.first?.kindName ?? "none"
        }
        #expect(try preparation("$t CONTAINS 'x'") == "substring-or-element")
        #expect(try preparation("$t BEGINSWITH[cd] 'x'") == "substring")
        #expect(try preparation("$t LIKE 'a*'") == "like")
        #expect(try preparation("$t MATCHES 'a.*'") == "regex")
        #expect(try preparation("$t IN {1, 2, 2}") == "integers(2)")
        #expect(try preparation("$t IN {'a', 'b'}") == "strings(2)")
        #expect(try preparation("$t IN {1, 'a'}") == "set(2)")
        #expect(try preparation("$t IN[c] {'a', 'b'}") == "set(2)")
        #expect(try preparation("$t BETWEEN {1, 2}") == "integer-range")
        #expect(try preparation("$t BETWEEN {1, 2.5}") == "general")
        #expect(try preparation("$t > 5") == "integer")
        #expect(try preparation("$t > 5.5") == "double")
        #expect(try preparation("$t == 'x'") == "string")
        #expect(try preparation("$t ==[c] 'x'") == "general")
        #expect(try preparation("$t < 'x'") == "general")
    }

    @Test("jumps of an AND chain all land on the end")
    func jumpTargets() throws {
        let program = try Self.compiled("a == 1 AND b == 2 AND c == 3").program
        #expect(program.instructions[1] == .jumpIfFalse(JumpOffset(3)))
        #expect(program.instructions[3] == .jumpIfFalse(JumpOffset(1)))
    }

    @Test("the instruction stays 8 bytes")
    func instructionSize() {
        #expect(MemoryLayout<Instruction>.stride == 8)
    }

    // MARK: Diagnostics

    @Test("an unknown tag reads null, with a warning, a did-you-mean note and a fix-it")
    func unknownTag() throws {
        let text = "$agee > 18"
        let result = CompiledPredicate.compile(text, symbols: Self.symbols)
        let predicate = try #require(result.predicate)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.id == "unknown-tag")
        #expect(warning.text == "unknown tag 'agee'")
        #expect(warning.range == SourceRange(0, 5))
        #expect(warning.notes.first?.text == "did you mean 'age'?")
        #expect(warning.fixIts.first?.replacement == "$age")
        #expect(try predicate.evaluate(in: RowStore(symbols: Self.symbols)) == false)
    }

    @Test("an unknown tag far from every known one gets no suggestion")
    func unknownTagWithoutSuggestion() {
        let result = CompiledPredicate.compile("$zzzzzzzz == 1", symbols: Self.symbols)
        #expect(result.diagnostics.first?.id == "unknown-tag")
        #expect(result.diagnostics.first?.notes.isEmpty == true)
    }

    @Test(
        "an invalid constant LIKE or MATCHES pattern is a warning at compile time and an error at the pattern when matched",
        arguments: [
            ("name LIKE 'abc\\\\'", "'abc\\\\'"),
            ("name MATCHES '(a'", "'(a'"),
            ("name MATCHES[c] 'a{2,1}'", "'a{2,1}'"),
        ])
    func invalidPattern(_ text: String, _ pattern: String) throws {
        let result = CompiledPredicate.compile(text)
        let predicate = try #require(result.predicate)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.id == "invalid-pattern")
        #expect(result.source.slice(warning.range) == pattern)
        let error = #expect(throws: EvaluationError.self) { try predicate.evaluate(with: ["name": "abc"]) }
        #expect(error?.kind == .invalidPattern)
        #expect(error.map { result.source.slice($0.range) } == pattern)
        #expect(try predicate.evaluate(with: ["name": nil]) == false)
    }

    @Test("a constant expression that always raises compiles with a warning and raises at evaluation")
    func constantFailure() throws {
        let result = CompiledPredicate.compile("'a' + 1 == 1")
        let predicate = try #require(result.predicate)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.id == "constant-expression-fails")
        #expect(result.source.slice(warning.range) == "'a' + 1")
        #expect(throws: EvaluationError.self) { try predicate.evaluate() }
    }

    @Test(
        "unsupported constructs compile with a warning and raise at evaluation",
        arguments: [
            "ANYKEY == 1", "FUNCTION(SELF, 'foo') == 1", "a UTI-CONFORMS-TO 'public.text'",
        ])
    func unsupported(_ text: String) throws {
        let result = CompiledPredicate.compile(text)
        let predicate = try #require(result.predicate, "\(result.diagnostics.map(\.text))")
        #expect(result.diagnostics.contains { $0.id == "unsupported-construct" })
        #expect(throws: EvaluationError.self) { try predicate.evaluate(with: ["a": "x"]) }
    }

    @Test("a tree nested deeper than the compiler follows is rejected, not a crash")
    func nestingTooDeep() {
        var expression = Tree.constant(1)
        for _ in 0..<300 {
            expression = .negate(.arithmetic(.add, expression, Tree.variable("x"), .synthesized), .synthesized)
        }
        let tree = Tree.compare(expression, .equalTo, Tree.constant(1))
        let result = CompiledPredicate.compile(tree, source: SourceText(""))
        #expect(result.predicate == nil)
        #expect(result.diagnostics.contains { $0.id == "nesting-too-deep" })
    }

    @Test("a program with more matchers than the encoding addresses is rejected")
    func programTooLarge() {
        let children = (0..<66_000).map { Tree.compare(Tree.key("a"), .equalTo, Tree.constant(.int(Int64($0)))) }
        let result = CompiledPredicate.compile(.or(children, .synthesized), source: SourceText(""))
        #expect(result.predicate == nil)
        #expect(result.diagnostics.contains { $0.id == "program-too-large" })
    }
}
