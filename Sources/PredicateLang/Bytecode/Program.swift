// Program: the compiler's output and the VM's input. Immutable and Sendable, so one compiled predicate
// is shared by every thread that evaluates it. Side tables hold what instructions index: constants,
// prepared matchers, key paths, variable names, the source range of every instruction, and, for a
// program of leaves, its decision graph.

/// A compiled predicate: instructions, the tables they index, and the limits evaluation runs under.
///
/// Build one with the ``Compiler``; read ``disassembly(source:title:)`` to see it.
package struct Program: Sendable {
    /// The tables, shared by every copy of the program (copying a program is one reference).
    @usableFromInline let storage: Storage

    /// What the compiler hands over.
    struct Contents {
        var instructions: [Instruction]
        var sourceRanges: [SourceRange]
        var constants: [Value]
        var matchers: [Matcher]
        var keyPaths: [[String]]
        var keyPathRanges: [SourceRange]
        var names: [String]
        var maxStackDepth: Int
        var localCount: Int
        var symbols: SymbolTable?
        var limits: Limits
        var decisionGraph: DecisionGraph?
        /// Typed reads (programs compiled against a Swift type's schema).
        var reads: [TypedRead] = []
        /// The blocks after the main one (typed SUBQUERY predicates), in ``TypedRead/countWhere`` order.
        var blocks: [Block] = []
        /// The type of the evaluated object, for a program compiled against a Swift type's schema.
        var typedRoot: SchemaObject?
    }

    /// A block of the program after the main one: instructions from `start` to the next block (or the end),
    /// ending with `return`, and its decision graph when it is made of leaves.
    struct Block: Sendable {
        var start: Int
        var decisionGraph: DecisionGraph?
    }

    init(_ contents: Contents) { storage = Storage(contents) }

    /// The program whose storage this is.
    init(storage: Storage) { self.storage = storage }

    /// The immutable contents of a program. A final class, so the VM borrows all tables at once.
    ///
    /// The instructions, matchers and graph nodes are also copied into memory the storage owns (`code`,
    /// `matcherTable`, `graphNodes`), so the VM reads them through plain pointers without entering an
    /// array's `withUnsafeBufferPointer` on every evaluation. That memory is written once in `init`, never
    /// mutated and freed in `deinit`, which is why sharing it across threads is safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        /// Everything as the compiler handed it over (listings, tests, tools).
        let contents: Contents
        /// Whether the program was compiled against a symbol table (its tags are slot reads).
        let isFormMode: Bool
        // What the loops read, stored here directly so that reading one does not copy `contents`.
        let limits: Limits
        let constants: [Value]
        let keyPaths: [[String]]
        /// For each key path, its single key when it is one plain key (no `@` operator, not `self`): the
        /// VM looks such a key up in a dictionary directly.
        let plainKeys: [String?]
        let keyPathRanges: [SourceRange]
        let names: [String]
        let sourceRanges: [SourceRange]
        let maxStackDepth: Int
        let localCount: Int
        let reads: [TypedRead]
        /// The quick tier's plan of each read, in place (``QuickRead``).
        let quickReads: UnsafeBufferPointer<QuickRead>
        /// The first plan: ``quickReads``' base, never nil.
        let quickReadBase: UnsafePointer<QuickRead>
        /// The object collections the plans read, in place.
        let collections: UnsafeBufferPointer<ObjectCollection>
        /// The first collection: ``collections``' base, never nil.
        let collectionBase: UnsafePointer<ObjectCollection>
        /// The blocks after the main one, with their graphs' nodes in place.
        let blocks: [BlockView]
        /// ``Contents/instructions``, in place.
        let code: UnsafeBufferPointer<Instruction>
        /// ``Contents/matchers``, in place.
        let matcherTable: UnsafeBufferPointer<Matcher>
        /// The first matcher: ``matcherTable``'s base, never nil (the memory always has room for one).
        let matcherBase: UnsafePointer<Matcher>
        /// The nodes of ``Contents/decisionGraph``, in place (empty without a graph).
        let graphNodes: UnsafeBufferPointer<DecisionNode>
        /// The first node: ``graphNodes``' base, never nil.
        let graphNodeBase: UnsafePointer<DecisionNode>
        /// The graph's entry (``DecisionTarget/rawValue``).
        let graphEntry: Int32
        /// Whether the VM walks the decision graph rather than the instructions.
        let hasDecisionGraph: Bool
        /// Whether every leaf of the main graph reads a row slot (a form condition).
        let graphReadsOnlySlots: Bool

        init(_ contents: Contents) {
            self.contents = contents
            isFormMode = contents.symbols != nil
            limits = contents.limits
            constants = contents.constants
            keyPaths = contents.keyPaths
            plainKeys = contents.keyPaths.map { components in
                guard components.count == 1, let key = components.first, !key.hasPrefix("@"), key != "self",
                    key != "SELF"
                else { return nil }
                return key
            }
            keyPathRanges = contents.keyPathRanges
            names = contents.names
            sourceRanges = contents.sourceRanges
            maxStackDepth = contents.maxStackDepth
            localCount = contents.localCount
            reads = contents.reads
            var collectionList: [ObjectCollection] = []
            let plans = contents.reads.map { QuickRead.plan(for: $0, collections: &collectionList) }
            (quickReads, quickReadBase) = Self.copy(plans)
            (collections, collectionBase) = Self.copy(collectionList)
            blocks = contents.blocks.map { block in
                let (nodes, base) = Self.copy(block.decisionGraph?.nodes ?? [])
                return BlockView(
                    start: block.start, nodes: nodes, nodeBase: base,
                    entry: block.decisionGraph?.entry.rawValue ?? DecisionTarget.missingReturn.rawValue,
                    hasDecisionGraph: block.decisionGraph != nil)
            }
            (code, _) = Self.copy(contents.instructions)
            (matcherTable, matcherBase) = Self.copy(contents.matchers)
            (graphNodes, graphNodeBase) = Self.copy(contents.decisionGraph?.nodes ?? [])
            graphEntry = contents.decisionGraph?.entry.rawValue ?? DecisionTarget.missingReturn.rawValue
            hasDecisionGraph = contents.decisionGraph != nil
            graphReadsOnlySlots = (contents.decisionGraph?.nodes ?? []).allSatisfy { node in
                switch node.instruction {
                case .matchSlot, .matchSlotCount: true
                default: false
                }
            }
        }

        /// `elements` copied into memory with room for at least one element, and its (never nil) base.
        private static func copy<Element>(_ elements: [Element]) -> (
            UnsafeBufferPointer<Element>, UnsafePointer<Element>
        ) {
            let base = UnsafeMutablePointer<Element>.allocate(capacity: max(1, elements.count))
            let memory = UnsafeMutableBufferPointer(start: base, count: elements.count)
            _ = memory.initialize(from: elements)
            return (UnsafeBufferPointer(memory), UnsafePointer(base))
        }

        deinit {
            Self.free(code)
            Self.free(matcherTable)
            Self.free(graphNodes)
            Self.free(quickReads)
            Self.free(collections)
            for block in blocks { Self.free(block.nodes) }
        }

        /// Deinitializes and frees memory from ``copy(_:)`` (its base is never nil).
        private static func free<Element>(_ buffer: UnsafeBufferPointer<Element>) {
            let memory = UnsafeMutableBufferPointer(mutating: buffer)
            _ = memory.deinitialize()
            memory.baseAddress?.deallocate()
        }
    }

    /// A block after the main one, as the VM runs it.
    struct BlockView {
        let start: Int
        let nodes: UnsafeBufferPointer<DecisionNode>
        let nodeBase: UnsafePointer<DecisionNode>
        let entry: Int32
        let hasDecisionGraph: Bool
    }

    /// The instructions; execution starts at 0 and ends at a `return`.
    package var instructions: [Instruction] { storage.contents.instructions }
    /// Constant values (`pushConstant`, `unsupported` messages).
    package var constants: [Value] { storage.contents.constants }
    /// Prepared right-hand sides of comparisons (`match…`).
    package var matchers: [Matcher] { storage.contents.matchers }
    /// Key paths read by `keyPath` and `matchKey`, as components.
    package var keyPaths: [[String]] { storage.contents.keyPaths }
    /// Where each key path was written (the position of an error a fused key read raises).
    package var keyPathRanges: [SourceRange] { storage.contents.keyPathRanges }
    /// Variable names read by `loadVariable`.
    package var names: [String] { storage.contents.names }
    /// The source range of each instruction (the source map), for errors and listings.
    package var sourceRanges: [SourceRange] { storage.contents.sourceRanges }
    /// The deepest the operand stack gets, as computed by the ``Verifier``.
    package var maxStackDepth: Int { storage.contents.maxStackDepth }
    /// The number of locals the program uses (SUBQUERY state and variables).
    package var localCount: Int { storage.contents.localCount }
    /// The symbol table slots were resolved against (form mode), if any.
    package var symbols: SymbolTable? { storage.contents.symbols }
    /// Whether the program was compiled against a symbol table (its tags are slot reads).
    package var isFormMode: Bool { storage.isFormMode }
    /// The limits evaluation runs under.
    package var limits: Limits { storage.contents.limits }
    /// The decision graph the VM walks instead of the instructions, for a program of leaves.
    package var decisionGraph: DecisionGraph? { storage.contents.decisionGraph }
    /// Typed reads (programs compiled against a Swift type's schema).
    package var reads: [TypedRead] { storage.contents.reads }
    /// The blocks after the main one.
    var blocks: [Block] { storage.contents.blocks }

    /// The source range of the instruction at `offset`, or ``SourceRange/synthesized``.
    package func sourceRange(at offset: Int) -> SourceRange {
        sourceRanges.indices.contains(offset) ? sourceRanges[offset] : .synthesized
    }

    /// The tag of a slot, when the program was compiled against a symbol table.
    package func tag(of slot: SlotOperand) -> String? {
        guard let tags = symbols?.tags, tags.indices.contains(Int(slot.rawValue)) else { return nil }
        return tags[Int(slot.rawValue)]
    }
}
