// Program: the compiler's output and the VM's input. Immutable and Sendable, so one compiled predicate
// is shared by every thread that evaluates it. Side tables hold what instructions index: constants,
// prepared matchers, key paths, variable names, and the source range of every instruction.

/// A compiled predicate: instructions plus the tables they index.
///
/// Build one with ``CompiledPredicate/compile(_:arguments:symbols:sourceName:limits:)``; read
/// ``disassembly()`` to see it.
public struct Program: Sendable {
    /// The instructions; execution starts at 0 and ends at a `return`.
    public let instructions: [Instruction]
    /// Constant values (`pushConstant`, `unsupported` messages).
    public let constants: [Value]
    /// Prepared right-hand sides of comparisons (`match…`).
    public let matchers: [Matcher]
    /// Key paths read by `keyPath` and `matchKey`, as components.
    public let keyPaths: [[String]]
    /// Variable names read by `loadVariable`.
    public let names: [String]
    /// The source range of each instruction (the source map), for errors and listings.
    public let sourceRanges: [SourceRange]
    /// The deepest the operand stack gets, as computed by the ``Verifier``.
    public let maxStackDepth: Int
    /// The number of locals the program uses (SUBQUERY state and variables).
    public let localCount: Int
    /// The symbol table slots were resolved against (form mode), if any.
    public let symbols: SymbolTable?

    init(
        instructions: [Instruction], constants: [Value], matchers: [Matcher], keyPaths: [[String]],
        names: [String], sourceRanges: [SourceRange], maxStackDepth: Int, localCount: Int,
        symbols: SymbolTable?
    ) {
        self.instructions = instructions
        self.constants = constants
        self.matchers = matchers
        self.keyPaths = keyPaths
        self.names = names
        self.sourceRanges = sourceRanges
        self.maxStackDepth = maxStackDepth
        self.localCount = localCount
        self.symbols = symbols
    }

    /// The source range of the instruction at `offset`, or ``SourceRange/synthesized``.
    public func sourceRange(at offset: Int) -> SourceRange {
        sourceRanges.indices.contains(offset) ? sourceRanges[offset] : .synthesized
    }

    /// The tag of a slot, when the program was compiled against a symbol table.
    public func tag(of slot: SlotIndex) -> String? {
        guard let tags = symbols?.tags, tags.indices.contains(Int(slot.rawValue)) else { return nil }
        return tags[Int(slot.rawValue)]
    }
}
