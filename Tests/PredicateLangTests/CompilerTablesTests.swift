// The compiler's tables handed from one compile to the next (Bytecode/CompilerTables.swift): programs
// compiled into reused tables are the programs compiled into fresh ones (listings, source maps, matchers,
// decision graphs), the tables come back empty with their room kept, and a large predicate's room is not kept.

import Testing

@testable import PredicateLang

@Suite("Compiler tables reused across compiles")
struct CompilerTablesTests {
    static let symbols = SymbolTable(tags: ["age", "name", "tags", "country"])

    /// Compiled one after the other into the same tables: shapes that grow every table, ones with warnings
    /// (an unknown tag, a constant expression that fails), blocks (SUBQUERY), and a predicate larger than the
    /// room the tables keep.
    static let sequence: [String] = [
        "$age > 18 AND $name BEGINSWITH[c] 'a'",
        "$country IN {'NZ', 'AU'} OR ($tags.@count > 2 AND NOT $name == 'Bo')",
        "$nosuch == 1 OR $age == 1 / 0",
        "SUBQUERY($tags, $t, $t BEGINSWITH 'x' OR $t ENDSWITH 'y').@count > 0 AND $age BETWEEN {1, 99}",
        "TRUEPREDICATE",
        (0..<600).map { "$age == \($0)" }.joined(separator: " OR "),
        "$name MATCHES '[a-z]+' AND $age < 65",
    ]

    /// What a program holds, as listings compare it.
    static func summary(_ result: CompilationResult) -> String {
        guard let predicate = result.predicate else {
            return "error: " + result.diagnostics.map(\.text).joined(separator: "; ")
        }
        let program = predicate.program
        return [
            program.disassembly(source: result.source), "\(program.sourceRanges)",
            program.matchers.map(\.kindName).joined(separator: ","), "\(program.maxStackDepth)",
            "\(Verifier.verify(program))",
        ].joined(separator: "\n")
    }

    /// A tree nested deeper than the compiler follows (built directly: the parser stops nesting sooner), so
    /// the compile fails after writing into the tables.
    static func tooDeep() throws -> SyntaxTree.Predicate {
        var tree = try #require(SyntaxTree.parse("$age > 1").tree)
        for level in 0..<400 {
            let leaf = try #require(SyntaxTree.parse("$name == 'n\(level)'").tree)
            tree = level.isMultiple(of: 2) ? .and([leaf, tree], tree.range) : .or([leaf, tree], tree.range)
        }
        return tree
    }

    @Test("programs compiled into reused tables are the programs compiled into fresh ones")
    func sameProgram() throws {
        var tables = CompilerTables()
        for text in Self.sequence + ["too deep"] + Self.sequence.reversed() {
            let parsed = SyntaxTree.parse(text == "too deep" ? "$age > 1" : text)
            let tree = text == "too deep" ? try Self.tooDeep() : try #require(parsed.tree, "\(text)")
            let fresh = CompiledPredicate.compile(tree, source: parsed.source, symbols: Self.symbols)
            let reused = CompiledPredicate.compile(
                tree, source: parsed.source, symbols: Self.symbols, limits: .default, reusing: &tables)
            #expect(Self.summary(reused) == Self.summary(fresh), "\(text)")
            #expect(reused.predicate?.program.decisionGraph == fresh.predicate?.program.decisionGraph, "\(text)")
            #expect(reused.diagnostics.map(\.text) == fresh.diagnostics.map(\.text), "\(text)")
            #expect((reused.predicate == nil) == (text == "too deep"), "\(text)")
            #expect(
                tables.instructions.isEmpty && tables.ranges.isEmpty && tables.matchers.isEmpty && tables.nodes.isEmpty,
                "\(text)")
            if let predicate = reused.predicate {
                #expect(predicate.program.sourceRanges.count == predicate.program.instructions.count)
                #expect(Verifier.verify(predicate.program).isEmpty, "\(text)")
            }
        }
    }

    @Test("the tables come back empty with their room, except a large predicate's")
    func roomKept() throws {
        var tables = CompilerTables()
        let small = SyntaxTree.parse("$age > 18 AND $name BEGINSWITH 'a' AND $country == 'NZ'")
        let compiled = CompiledPredicate.compile(
            try #require(small.tree), source: small.source, symbols: Self.symbols, limits: .default,
            reusing: &tables)
        let count = try #require(compiled.predicate).program.instructions.count
        #expect(tables.instructions.isEmpty && tables.instructions.capacity >= count)
        #expect(tables.ranges.isEmpty && tables.ranges.capacity >= count)
        #expect(tables.matchers.isEmpty && tables.matchers.capacity >= 3)
        // The program is a graph of three leaves: its nodes' room comes back too.
        #expect(compiled.predicate?.program.decisionGraph?.nodes.count == 3)
        #expect(tables.nodes.isEmpty && tables.nodes.capacity >= 3)

        let large = SyntaxTree.parse(Self.sequence[5])
        let program = CompiledPredicate.compile(
            try #require(large.tree), source: large.source, symbols: Self.symbols, limits: .default,
            reusing: &tables)
        #expect(try #require(program.predicate).program.instructions.count > CompilerTables.keptRoom)
        #expect(tables.instructions.capacity <= CompilerTables.keptRoom)
        #expect(tables.ranges.capacity <= CompilerTables.keptRoom)
    }
}

@Suite("Compiler tables kept between compiles")
struct CompilerTablePoolTests {
    /// Tables as a compile hands them back: emptied, with room for `count` instructions.
    static func emptied(room count: Int) -> CompilerTables? {
        var tables = CompilerTables()
        tables.instructions.reserveCapacity(count)
        tables.ranges.reserveCapacity(count)
        tables.nodes.reserveCapacity(count)
        tables.matchers.reserveCapacity(count / 8)
        return tables
    }

    @Test("keeps emptied sets up to its capacity, and none with more room than it keeps")
    func keeps() {
        let pool = CompilerTablePool(capacity: 2, keptRoom: 64)
        let first = pool.take()
        #expect(first.instructions.capacity == 0 && pool.count == 0)
        var tables = Self.emptied(room: 32)
        pool.give(&tables)
        #expect(tables == nil && pool.count == 1)
        tables = Self.emptied(room: 65)
        pool.give(&tables)
        #expect(tables == nil && pool.count == 1)
        for _ in 0..<3 {
            tables = Self.emptied(room: 16)
            pool.give(&tables)
        }
        #expect(pool.count == 2)
        let kept = pool.take()
        #expect(kept.instructions.isEmpty && kept.instructions.capacity >= 16 && pool.count == 1)
    }

    @Test("a compile takes a kept set and gives it back emptied, with the program's room")
    func compileUsesPool() throws {
        let pool = CompilerTablePool(capacity: 4, keptRoom: 128)
        let parsed = SyntaxTree.parse("$age > 18 AND $name BEGINSWITH 'a' AND $country == 'NZ'")
        let tree = try #require(parsed.tree)
        let first = CompiledPredicate.compile(
            tree, source: parsed.source, symbols: CompilerTablesTests.symbols, schema: nil, limits: .default,
            pool: pool)
        let count = try #require(first.predicate).program.instructions.count
        #expect(pool.count == 1)
        let kept = pool.take()
        #expect(kept.instructions.isEmpty && kept.instructions.capacity >= count)
        #expect(kept.matchers.isEmpty && kept.matchers.capacity >= 3)
        var back: CompilerTables? = kept
        pool.give(&back)
        // The second compile writes into the kept set and hands it back: still one set.
        _ = CompiledPredicate.compile(
            tree, source: parsed.source, symbols: CompilerTablesTests.symbols, schema: nil, limits: .default,
            pool: pool)
        #expect(pool.count == 1)
    }

    /// Object predicates (no symbol table) compiled one after the other: key paths, shared and fused ones,
    /// collection operators, constants, `$variables`, a SUBQUERY's block, fewer key paths than the compile before,
    /// none, and more than the pool keeps room for.
    static let objectSequence: [String] = [
        "customer.country == 'NZ' AND total > 100 AND ANY items.sku BEGINSWITH 'A-' AND customer.name != 'Bo'",
        "a.b.@count > 2 OR a.@sum.c == 3 OR a.b.@count < 0 OR $limit == 'x'",
        "SUBQUERY(items, $i, $i.qty > 1 AND $i.sku == 'x').@count > 0 AND name IN {'a', 'b', 3}",
        "name == 'x'",
        "TRUEPREDICATE",
        (0..<200).map { "k\($0) == \($0)" }.joined(separator: " OR "),
        "customer.country == 'NZ' AND total > 100",
    ]

    @Test("programs compiled through the pool are the programs compiled into fresh tables")
    func sameProgram() throws {
        let pool = CompilerTablePool(capacity: 1, keptRoom: 128)
        let formSequence = CompilerTablesTests.sequence + CompilerTablesTests.sequence.reversed()
        let objectSequence = Self.objectSequence + Self.objectSequence.reversed()
        for (text, symbols) in formSequence.map({ ($0, CompilerTablesTests.symbols) })
            + objectSequence.map({ ($0, SymbolTable?.none) })
        {
            let parsed = SyntaxTree.parse(text)
            let tree = try #require(parsed.tree, "\(text)")
            var compiler = Compiler(symbols: symbols, limits: .default, schema: nil)
            let fresh = compiler.compile(tree)
            let pooled = CompiledPredicate.compile(
                tree, source: parsed.source, symbols: symbols, schema: nil, limits: .default, pool: pool)
            let program = try #require(pooled.predicate?.program, "\(text)")
            let expected = try #require(fresh, "\(text)")
            #expect(
                program.disassembly(source: parsed.source) == expected.disassembly(source: parsed.source), "\(text)")
            #expect(program.sourceRanges == expected.sourceRanges, "\(text)")
            #expect(program.decisionGraph == expected.decisionGraph, "\(text)")
            #expect(program.matchers.map(\.kindName) == expected.matchers.map(\.kindName), "\(text)")
            #expect(program.constants == expected.constants, "\(text)")
            #expect(program.keyPaths == expected.keyPaths && program.keyPathRanges == expected.keyPathRanges, "\(text)")
            #expect(Verifier.verify(program).isEmpty, "\(text)")
            #expect(pool.count <= 1)
        }
    }
}
