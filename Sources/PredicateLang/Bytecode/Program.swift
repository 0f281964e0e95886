// Program: the compiler's output and the VM's input. Immutable and Sendable, so one compiled predicate
// is shared by every thread that evaluates it. Side tables hold what instructions index: constants,
// prepared matchers, key paths, variable names, and the source range of every instruction.

/// A compiled predicate: instructions plus the tables they index.
///
/// Build one with ``CompiledPredicate/compile(_:arguments:symbols:sourceName:limits:)``; read
/// ``disassembly(source:title:)`` to see it.
public struct Program: Sendable {
    /// The tables, shared by every copy of the program (copying a program is one reference).
    @usableFromInline let storage: Storage

    init(
        instructions: [Instruction], constants: [Value], integers: [Int64], strings: [StringConstant],
        matchers: [Matcher], keyPaths: [[String]], keyPathRanges: [SourceRange],
        names: [String], sourceRanges: [SourceRange], maxStackDepth: Int, localCount: Int,
        symbols: SymbolTable?
    ) {
        storage = Storage(instructions: instructions, constants: constants, integers: integers, strings: strings,
                          matchers: matchers, keyPaths: keyPaths, keyPathRanges: keyPathRanges,
                          names: names, sourceRanges: sourceRanges, maxStackDepth: maxStackDepth,
                          localCount: localCount, symbols: symbols)
    }

    init(storage: Storage) { self.storage = storage }

    /// The immutable contents of a program. A final class, so the VM borrows all tables at once.
    ///
    /// The instructions and matchers are also copied into memory the storage owns (`code`,
    /// `matcherTable`), so the dispatch loop reads them through plain pointers without entering an
    /// array's `withUnsafeBufferPointer` on every evaluation. That memory is written once in `init`,
    /// never mutated and freed in `deinit`, which is why sharing it across threads is safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        let instructions: [Instruction]
        let constants: [Value]
        let integers: [Int64]
        let strings: [StringConstant]
        let matchers: [Matcher]
        let keyPaths: [[String]]
        let keyPathRanges: [SourceRange]
        let names: [String]
        let sourceRanges: [SourceRange]
        let maxStackDepth: Int
        let localCount: Int
        let symbols: SymbolTable?
        let isFormMode: Bool
        @usableFromInline let code: UnsafeBufferPointer<Instruction>
        let matcherTable: UnsafeBufferPointer<Matcher>
        @usableFromInline let isStackless: Bool
        /// A stackless program as a decision graph (see ``LeafGraph``); empty when the program is not
        /// stackless or has a shape the graph does not cover (``hasLeafGraph`` is false then).
        let leafNodes: UnsafeBufferPointer<LeafNode>
        /// The first node of ``leafNodes``, or an answer (`LeafGraph.answer…`) for a program without leaves.
        let leafEntry: Int32
        /// Whether ``leafNodes`` and ``leafEntry`` describe this program.
        let hasLeafGraph: Bool

        init(
            instructions: [Instruction], constants: [Value], integers: [Int64], strings: [StringConstant],
            matchers: [Matcher], keyPaths: [[String]], keyPathRanges: [SourceRange],
            names: [String], sourceRanges: [SourceRange], maxStackDepth: Int, localCount: Int,
            symbols: SymbolTable?
        ) {
            self.instructions = instructions
            self.constants = constants
            self.integers = integers
            self.strings = strings
            self.matchers = matchers
            self.keyPaths = keyPaths
            self.keyPathRanges = keyPathRanges
            self.names = names
            self.sourceRanges = sourceRanges
            self.maxStackDepth = maxStackDepth
            self.localCount = localCount
            self.symbols = symbols
            self.isFormMode = symbols != nil
            isStackless = maxStackDepth == 0 && localCount == 0
            let codeMemory = UnsafeMutableBufferPointer<Instruction>.allocate(capacity: instructions.count)
            _ = codeMemory.initialize(from: instructions)
            code = UnsafeBufferPointer(codeMemory)
            let matcherMemory = UnsafeMutableBufferPointer<Matcher>.allocate(capacity: matchers.count)
            _ = matcherMemory.initialize(from: matchers)
            matcherTable = UnsafeBufferPointer(matcherMemory)
            let graph = isStackless ? LeafGraph.build(code) : nil
            leafNodes = UnsafeBufferPointer(graph?.nodes ?? .allocate(capacity: 0))
            leafEntry = graph?.entry ?? LeafGraph.answerMissing
            hasLeafGraph = graph != nil
        }

        deinit {
            UnsafeMutableBufferPointer(mutating: code).deinitialize().deallocate()
            UnsafeMutableBufferPointer(mutating: matcherTable).deinitialize().deallocate()
            UnsafeMutableBufferPointer(mutating: leafNodes).deinitialize().deallocate()
        }
    }

    /// The instructions; execution starts at 0 and ends at a `return`.
    public var instructions: [Instruction] { storage.instructions }
    /// Constant values (`pushConstant`, `unsupported` messages).
    public var constants: [Value] { storage.constants }
    /// Integer constants of fused integer leaves.
    public var integers: [Int64] { storage.integers }
    /// String constants of fused string leaves.
    public var strings: [StringConstant] { storage.strings }
    /// Prepared right-hand sides of comparisons (`match…`).
    public var matchers: [Matcher] { storage.matchers }
    /// Key paths read by `keyPath` and `matchKey`, as components.
    public var keyPaths: [[String]] { storage.keyPaths }
    /// Variable names read by `loadVariable`.
    public var names: [String] { storage.names }
    /// The source range of each instruction (the source map), for errors and listings.
    public var sourceRanges: [SourceRange] { storage.sourceRanges }
    /// The deepest the operand stack gets, as computed by the ``Verifier``.
    public var maxStackDepth: Int { storage.maxStackDepth }
    /// The number of locals the program uses (SUBQUERY state and variables).
    public var localCount: Int { storage.localCount }
    /// The symbol table slots were resolved against (form mode), if any.
    public var symbols: SymbolTable? { storage.symbols }
    /// Whether the program was compiled against a symbol table (its tags are slot reads).
    public var isFormMode: Bool { storage.isFormMode }

    /// The source range of the instruction at `offset`, or ``SourceRange/synthesized``.
    public func sourceRange(at offset: Int) -> SourceRange {
        storage.sourceRanges.indices.contains(offset) ? storage.sourceRanges[offset] : .synthesized
    }

    /// The tag of a slot, when the program was compiled against a symbol table.
    public func tag(of slot: SlotIndex) -> String? {
        guard let tags = storage.symbols?.tags, tags.indices.contains(Int(slot.rawValue)) else { return nil }
        return tags[Int(slot.rawValue)]
    }
}

/// A string constant with its ASCII-ness precomputed, for the fused string leaves.
public struct StringConstant: Hashable, Sendable {
    /// The string.
    public let value: String
    /// Whether every byte is ASCII.
    public let isASCII: Bool
    /// The UTF-8 bytes; equal bytes are equal scalars, which is NSString `isEqual:` equality.
    let utf8: [UInt8]

    public init(_ value: String) {
        self.value = value
        utf8 = Array(value.utf8)
        isASCII = utf8.allSatisfy { $0 < 0x80 }
    }
}
