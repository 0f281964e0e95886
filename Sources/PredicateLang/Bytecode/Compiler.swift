// Compiler: SyntaxTree.Predicate → Program. This file holds the compiler's state and its emitters
// (instructions, jumps, tables); Compiler+Predicates.swift and Compiler+Expressions.swift walk the
// tree, ConstantFolding.swift simplifies it first. Problems are collected as diagnostics.

/// Turns a syntax tree into a verified ``Program``.
struct Compiler {
    let symbols: SymbolTable?
    let limits: Limits
    /// The schema of the evaluated object; its fields are read in place when it describes a Swift type.
    let schema: Schema?
    var diagnostics: [Diagnostic] = []

    var instructions: [Instruction] = []
    var ranges: [SourceRange] = []
    var constants: [Value] = []
    var matchers: [Matcher] = []
    /// The key-path and name tables, behind one reference (see ``NameTables``), made when the first key
    /// path or name is added (a form condition usually has none).
    private var madeNameTables: NameTables?
    var localCount = 0
    /// SUBQUERY variables in scope, innermost last.
    var scopes: [(name: String, local: LocalIndex)] = []
    /// Typed reads of a program compiled against a Swift type's schema.
    var reads: [TypedRead] = []
    /// SUBQUERY variables bound to the elements of an object collection, in registers, innermost last.
    var typedScopes: [(name: String, register: UInt8, object: SchemaObject)] = []
    /// The blocks after the main one, as compiled (their instructions and source ranges), in number order.
    var pendingBlocks: [(instructions: [Instruction], ranges: [SourceRange])] = []
    /// Current recursion depth over the tree.
    var depth = 0
    /// Set when a table or jump outgrew its encoding; the program is then not produced.
    var overflowed = false

    // No field holds reused tables (``compile(_:reusing:)`` takes them as a parameter): the compiler recurses
    // over the tree, and with such fields the deepest accepted SUBQUERY nesting overflowed a 512 KiB thread's
    // stack in a debug build (LimitsTests+Hardening.swift).

    init(symbols: SymbolTable?, limits: Limits, schema: Schema? = nil) {
        self.symbols = symbols
        self.limits = limits
        self.schema = schema
    }

    /// The object type typed reads start from, when the schema describes a Swift type (its fields have
    /// accessors); nil for schemas of dictionaries and for no schema.
    var typedRoot: SchemaObject? {
        guard let root = schema?.root, root.hasFieldAccessors else { return nil }
        return root
    }

    /// The entries of a program without blocks after the main one: shared, so the usual compile allocates no
    /// array for them (a block appends to a copy).
    private static let mainBlockOnly = [0]

    /// The deepest tree nesting the compiler follows (it recurses over the tree).
    var maxDepth: Int { max(64, limits.maxNestingDepth * 2) }

    /// Compiles `tree` into fresh tables, which its program frees once it has copied them.
    mutating func compile(_ tree: SyntaxTree.Predicate) -> Program? {
        var noTables: CompilerTables?
        return compile(tree, reusing: &noTables)
    }

    /// Compiles `tree`; returns the program, or nil when an error diagnostic was produced. Given `tables`
    /// (empty; ones handed back by an earlier compile keep their room), it writes into them and hands them
    /// back emptied: the program's once it has copied them, else its own.
    mutating func compile(_ tree: SyntaxTree.Predicate, reusing tables: inout CompilerTables?) -> Program? {
        var graphNodes: [DecisionNode] = []
        if var given = tables.take() {
            // Swapped rather than assigned: the given arrays come in without the compiler's own (empty) ones being
            // released here; those go with `given`.
            swap(&instructions, &given.instructions)
            swap(&ranges, &given.ranges)
            swap(&matchers, &given.matchers)
            swap(&graphNodes, &given.nodes)
            let program = compileTables(tree, graphNodes: &graphNodes, handingBack: true, into: &tables)
            if program == nil {
                tables = CompilerTables(
                    instructions: instructions.take(), ranges: ranges.take(), matchers: matchers.take(),
                    nodes: graphNodes)
            }
            tables?.empty()
            return program
        }
        return compileTables(tree, graphNodes: &graphNodes, handingBack: false, into: &tables)
    }

    private mutating func compileTables(
        _ tree: SyntaxTree.Predicate, graphNodes: inout [DecisionNode], handingBack: Bool,
        into compilerTables: inout CompilerTables?
    ) -> Program? {
        let folded = ConstantFolding(limits: limits).fold(tree)
        diagnostics = diagnostics.followed(by: folded.diagnostics)
        // A matcher is large (a few hundred bytes): room for one per comparison at once, not 1, 2, 4, 8...
        let comparisons = Self.comparisonCount(folded.predicate, depth: 0)
        if comparisons > 1 { matchers.reserveCapacity(comparisons) }
        // Every program has instructions: room for the usual shape at once rather than growing 1, 2, 4, 8, 16
        // (a fused leaf and a jump per comparison, and the return), at least a typical 16.
        let expected = max(16, comparisons &* 2 &+ 4)
        instructions.reserveCapacity(expected)
        ranges.reserveCapacity(expected)
        compilePredicate(folded.predicate)
        emit(.return, at: .synthesized)
        let mainEnd = instructions.count
        // The entries of the blocks: the main one at 0, then each block's first instruction.
        var blockStarts = Self.mainBlockOnly
        for block in pendingBlocks {
            blockStarts.append(instructions.count)
            instructions += block.instructions
            ranges += block.ranges
        }
        threadJumps()
        if overflowed {
            diagnostics.append(.error(.programTooLarge, at: tree.range))
        }
        guard !diagnostics.hasErrors else { return nil }
        let tables = Verifier.Tables(
            constants: constants.count, matchers: matchers.count, keyPaths: madeNameTables?.keyPaths.count ?? 0,
            names: madeNameTables?.names.count ?? 0, locals: localCount, reads: reads.count)
        switch Verifier.analyze(instructions, tables: tables, entries: blockStarts) {
        case .success(let depth):
            var blocks: [Program.Block] = []
            if blockStarts.count > 1 {
                blocks.reserveCapacity(blockStarts.count &- 1)
                for index in 1..<blockStarts.count {
                    let start = blockStarts[index]
                    let end = index &+ 1 < blockStarts.count ? blockStarts[index &+ 1] : instructions.count
                    var nodes: [DecisionNode] = []
                    blocks.append(
                        Program.Block(start: start, decisionGraph: decisionGraph(start..<end, nodes: &nodes)))
                }
            }
            // Every table is handed over (moved, not copied: a copy is a retain now and a release when the
            // compiler goes), and the matchers are moved on into the program's own table.
            let mainGraph = decisionGraph(0..<mainEnd, nodes: &graphNodes)
            // Given tables go back in `tables` (nil here) when `handingBack` is true.
            return Program(
                storage: Program.Storage(
                    instructions: instructions.take(), sourceRanges: ranges.take(), constants: constants.take(),
                    matchers: matchers.take(), keyPaths: madeNameTables?.keyPaths.take() ?? [],
                    keyPathRanges: madeNameTables?.keyPathRanges.take() ?? [],
                    names: madeNameTables?.names.take() ?? [], maxStackDepth: depth,
                    localCount: localCount, symbols: symbols, limits: limits,
                    decisionGraph: mainGraph, reads: reads.take(), blocks: blocks, typedRoot: typedRoot,
                    handingBack: handingBack, into: &compilerTables))
        case .failure(let failure):
            diagnostics.append(.error(.verifierRejected(failure.description), at: tree.range))
            return nil
        }
    }

    /// The comparisons of `predicate` outside SUBQUERYs (each compiles to at most one matcher); the walk
    /// stops counting below the compiler's own depth bound.
    private static func comparisonCount(_ predicate: SyntaxTree.Predicate, depth: Int) -> Int {
        guard depth < 256 else { return 0 }
        switch predicate {
        case .constant: return 0
        case .comparison: return 1
        case .not(let operand, _): return comparisonCount(operand, depth: depth &+ 1)
        case .and(let operands, _), .or(let operands, _):
            var count = 0
            // By index: iterating the array copies each operand out (a retain and a release).
            for index in operands.indices { count &+= comparisonCount(operands[index], depth: depth &+ 1) }
            return count
        }
    }

    /// The decision graph of the block `block` when it is made of leaves and control flow. Each node runs
    /// at most once per evaluation, so a graph of at most `maxEvaluationSteps` nodes stays within the step
    /// budget without counting; a larger one runs instruction by instruction, which counts. Its nodes are
    /// written into `nodes`' room (given tables' room for the main block, else a new array).
    private func decisionGraph(_ block: Range<Int>, nodes: inout [DecisionNode]) -> DecisionGraph? {
        guard let graph = DecisionGraph(instructions, block: block, reusing: &nodes),
            graph.nodes.count <= limits.maxEvaluationSteps
        else { return nil }
        return graph
    }

    /// Compiles `predicate` as a block of its own (a typed SUBQUERY's predicate, run per element); returns
    /// its number (1 for the first block after the main one).
    mutating func compileBlock(_ predicate: SyntaxTree.Predicate) -> Int {
        let outer = (instructions, ranges)
        instructions = []
        ranges = []
        compilePredicate(predicate)
        emit(.return, at: .synthesized)
        pendingBlocks.append((instructions, ranges))
        (instructions, ranges) = outer
        return pendingBlocks.count
    }

    // MARK: Emitting

    /// Appends an instruction with the source range it implements; returns its offset.
    @discardableResult
    mutating func emit(_ instruction: Instruction, at range: SourceRange) -> Int {
        instructions.append(instruction)
        ranges.append(range)
        return instructions.count - 1
    }

    /// Emits a forward jump whose target is patched later with ``patchJump(_:)``.
    mutating func emitJump(_ make: (JumpOffset) -> Instruction, at range: SourceRange) -> Int {
        emit(make(JumpOffset(0)), at: range)
    }

    /// Points the jump at `offset` to the next instruction to be emitted.
    mutating func patchJump(_ offset: Int) {
        patchJump(offset, to: instructions.count)
    }

    /// Points the jump at `offset` to `target`.
    mutating func patchJump(_ offset: Int, to target: Int) {
        let distance = target - (offset + 1)
        guard let encoded = Int32(exactly: distance) else {
            overflowed = true
            return
        }
        let jump = JumpOffset(encoded)
        switch instructions[offset] {
        case .jumpIfFalse: instructions[offset] = .jumpIfFalse(jump)
        case .jumpIfTrue: instructions[offset] = .jumpIfTrue(jump)
        case .jump: instructions[offset] = .jump(jump)
        case .iterateNext(_, let local): instructions[offset] = .iterateNext(jump, local)
        default: overflowed = true
        }
    }

    /// Retargets jumps that land on other jumps whose outcome is already known (the flag does not
    /// change across a jump): `jumpIfTrue → jumpIfFalse` falls through it, `jumpIfFalse → jumpIfFalse`
    /// goes straight to the second target, and so on.
    mutating func threadJumps() {
        for offset in instructions.indices {
            var target: Int
            let onTrue: Bool?
            switch instructions[offset] {
            case .jumpIfFalse(let jump):
                target = offset + 1 + Int(jump.rawValue)
                onTrue = false
            case .jumpIfTrue(let jump):
                target = offset + 1 + Int(jump.rawValue)
                onTrue = true
            case .jump(let jump):
                target = offset + 1 + Int(jump.rawValue)
                onTrue = nil
            default: continue
            }
            var hops = 0
            while instructions.indices.contains(target), hops < instructions.count {
                hops += 1
                switch (instructions[target], onTrue) {
                case (.jump(let jump), _):
                    target = target + 1 + Int(jump.rawValue)
                case (.jumpIfFalse(let jump), false?), (.jumpIfTrue(let jump), true?):
                    target = target + 1 + Int(jump.rawValue)
                case (.jumpIfFalse, true?), (.jumpIfTrue, false?):
                    target += 1
                default:
                    hops = instructions.count
                }
            }
            patchJump(offset, to: target)
        }
    }

    /// Emits a jump back to `target`.
    mutating func emitLoop(_ make: (JumpOffset) -> Instruction, to target: Int, at range: SourceRange) {
        let offset = emitJump(make, at: range)
        patchJump(offset, to: target)
    }

    // MARK: Tables

    /// The index of `value` in the constant table (identical constants are shared).
    mutating func constant(_ value: Value) -> ConstantIndex {
        if constants.count < 256,
            let existing = constants.firstIndex(where: { $0.kindName == value.kindName && $0 == value })
        {
            return ConstantIndex(UInt16(existing))
        }
        return ConstantIndex(checked(Self.append(value, to: &constants)))
    }

    mutating func matcher(_ matcher: Matcher) -> MatcherIndex {
        MatcherIndex(checked(Self.append(matcher, to: &matchers)))
    }

    /// The index of a key path written at `range` (the range positions errors of fused key reads).
    mutating func keyPath(_ components: [SyntaxTree.KeyPathComponent], at range: SourceRange) -> KeyPathIndex {
        let nameTables = nameTables()
        if let existing = nameTables.keyPathIndex(components, at: range) { return KeyPathIndex(existing) }
        guard let index = Self.append(components, to: &nameTables.keyPaths) else {
            overflowed = true
            return KeyPathIndex(0)
        }
        nameTables.keyPathRanges.append(range)
        nameTables.indexKeyPath()
        return KeyPathIndex(index)
    }

    mutating func name(_ name: String) -> NameIndex {
        let nameTables = nameTables()
        if let existing = nameTables.nameIndex(name) { return NameIndex(existing) }
        guard let index = Self.append(name, to: &nameTables.names) else {
            overflowed = true
            return NameIndex(0)
        }
        nameTables.indexName()
        return NameIndex(index)
    }

    /// The key-path and name tables, made on first use.
    private mutating func nameTables() -> NameTables {
        if let tables = madeNameTables { return tables }
        let tables = NameTables()
        madeNameTables = tables
        return tables
    }

    /// Reserves `count` consecutive locals; returns the first.
    mutating func allocateLocals(_ count: Int) -> LocalIndex {
        let first = localCount
        localCount += count
        guard let encoded = UInt16(exactly: first + count) else {
            overflowed = true
            return LocalIndex(0)
        }
        return LocalIndex(encoded - UInt16(count))
    }

    private mutating func checked(_ index: UInt16?) -> UInt16 {
        guard let index else {
            overflowed = true
            return 0
        }
        return index
    }

    /// Appends to a table addressed by 16-bit indices; nil when it is full.
    private static func append<Element>(_ element: Element, to table: inout [Element]) -> UInt16? {
        guard let index = UInt16(exactly: table.count) else { return nil }
        table.append(element)
        return index
    }

    // MARK: Depth

    /// Enters one level of the tree; false (with a diagnostic) when too deep.
    mutating func enter(_ range: SourceRange) -> Bool {
        depth += 1
        if depth > maxDepth {
            if !diagnostics.contains(where: { $0.message == .compilerNestingTooDeep }) {
                diagnostics.append(.error(.compilerNestingTooDeep, at: range))
            }
            return false
        }
        return true
    }

    mutating func leave() { depth -= 1 }
}

/// The compiler's key-path and name tables with an index of each, so that sharing an entry costs a lookup,
/// not a scan of the table (a scan made compiling n distinct key paths cost n²). Kept behind one reference
/// so that the compiler value stays small: debug builds copy it on the recursive path, and the deepest
/// accepted predicate must compile on a 512 KiB thread.
final class NameTables {
    /// A key path and the range it was written at (the range positions errors of fused key reads).
    struct KeyPathEntry: Hashable {
        var components: [SyntaxTree.KeyPathComponent]
        var range: SourceRange
    }

    // Unchecked: one compiler owns the tables and calls nothing while it accesses them; a checked access
    // costs a runtime call (its access set in thread-local storage) per look-up and append, ~2,700
    // instructions of a 100-byte predicate's compile.
    @exclusivity(unchecked) var keyPaths: [[SyntaxTree.KeyPathComponent]] = []
    @exclusivity(unchecked) var keyPathRanges: [SourceRange] = []
    @exclusivity(unchecked) var names: [String] = []
    @exclusivity(unchecked) private var keyPathPositions = TableIndex<KeyPathEntry>()
    @exclusivity(unchecked) private var namePositions = TableIndex<String>()

    /// Tables with room for a typical predicate's key paths at once, rather than growing at the first,
    /// second and fourth. (Names, of `$variables` outside forms, are rarer: their table grows when used.)
    init() {
        keyPaths.reserveCapacity(8)
        keyPathRanges.reserveCapacity(8)
    }

    /// The index of the key path `components` written at `range`, if it is in the table. A small table is
    /// scanned comparing ranges first: an entry made for the comparison copied each path (a retain and a
    /// release) and compared its components before its range.
    func keyPathIndex(_ components: [SyntaxTree.KeyPathComponent], at range: SourceRange) -> UInt16? {
        if keyPaths.count <= TableIndex<KeyPathEntry>.scanLimit {
            for position in keyPathRanges.indices
            where keyPathRanges[position] == range && keyPaths.indices.contains(position)
                && keyPaths[position] == components
            {
                return UInt16(truncatingIfNeeded: position)
            }
            return nil
        }
        let entry = KeyPathEntry(components: components, range: range)
        return keyPathPositions.position(of: entry, count: keyPaths.count) {
            KeyPathEntry(components: keyPaths[$0], range: keyPathRanges[$0])
        }
    }

    /// Indexes the key path just appended.
    func indexKeyPath() {
        keyPathPositions.appended(count: keyPaths.count) {
            KeyPathEntry(components: keyPaths[$0], range: keyPathRanges[$0])
        }
    }

    /// The index of the variable name `name`, if it is in the table.
    func nameIndex(_ name: String) -> UInt16? {
        namePositions.position(of: name, count: names.count) { names[$0] }
    }

    /// Indexes the name just appended.
    func indexName() {
        namePositions.appended(count: names.count) { names[$0] }
    }
}

/// The positions of a table's entries by key: found by scanning while the table has at most ``scanLimit``
/// entries, through a hash index built when it grows past them. Most predicates stay below, and so never
/// instantiate the index's dictionary type (the first compile in a process paid ~360,000 instructions of
/// runtime conformance lookup for it).
struct TableIndex<Key: Hashable> {
    /// Up to this many entries a table is scanned.
    static var scanLimit: Int { 8 }

    private var hashed: [Key: UInt16] = [:]

    /// The position of `key` among the table's `count` entries, whose keys `keyAt` gives.
    func position(of key: Key, count: Int, keyAt: (Int) -> Key) -> UInt16? {
        guard count > Self.scanLimit else {
            for position in 0..<count where keyAt(position) == key { return UInt16(truncatingIfNeeded: position) }
            return nil
        }
        return hashed[key]
    }

    /// Indexes the entry just appended (the last of `count`), and every earlier one when the table has just
    /// passed the scan limit.
    mutating func appended(count: Int, keyAt: (Int) -> Key) {
        guard count > Self.scanLimit else { return }
        let first = count == Self.scanLimit &+ 1 ? 0 : count &- 1
        for position in first..<count { hashed[keyAt(position)] = UInt16(truncatingIfNeeded: position) }
    }
}
