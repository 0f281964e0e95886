// Program: the compiler's output and the VM's input. Immutable and Sendable, so one compiled predicate
// is shared by every thread that evaluates it. Side tables hold what instructions index: constants,
// prepared matchers, key paths, variable names, the source range of every instruction, and, for a
// program of leaves, its decision graph.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A compiled predicate: instructions, the tables they index, and the limits evaluation runs under.
///
/// Build one with the ``Compiler``; read ``disassembly(source:title:)`` to see it.
package struct Program: Sendable {
    /// The tables, shared by every copy of the program (copying a program is one reference).
    @usableFromInline let storage: Storage

    /// A block of the program after the main one: instructions from `start` to the next block (or the end),
    /// ending with `return`, and its decision graph when it is made of leaves.
    struct Block: Sendable {
        var start: Int
        var decisionGraph: DecisionGraph?
    }

    /// The program whose storage this is.
    init(storage: Storage) { self.storage = storage }

    /// The immutable contents of a program. A final class, so the VM borrows all tables at once.
    ///
    /// The instructions, source ranges, matchers, read plans and graph nodes are copied into memory the storage
    /// owns (`code`, `rangeTable`, `matcherTable`, `quickReads`, `graphNodes`; one allocation for all of them;
    /// the compiler's arrays are not kept but go back to it when it asks; ``instructions``, ``sourceRanges``,
    /// ``matchers`` and ``decisionGraph`` copy the tables out for tools), so the VM reads them through plain
    /// pointers without entering an array's `withUnsafeBufferPointer` on every evaluation. That memory is written once in `init`, never mutated and freed in `deinit`, which is why
    /// sharing it across threads is safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Everything the compiler handed over, each table stored once (the tables placed below are kept only
        // there).
        let symbols: SymbolTable?
        let programBlocks: [Block]
        let typedRoot: SchemaObject?
        /// Whether the program was compiled against a symbol table (its tags are slot reads).
        let isFormMode: Bool
        // What the loops read.
        let limits: Limits
        let constants: [Value]
        /// Each key path's components, shared with the syntax tree (the VM walks them by name).
        let keyPaths: [[SyntaxTree.KeyPathComponent]]
        /// Whether any key path is a plain key (the VM then takes a dictionary `SELF`'s members out once).
        let readsPlainKeys: Bool
        /// For each key path, its single key when it is one plain key (no `@` operator, not `self`): the
        /// VM looks such a key up in a dictionary directly. Read in place (without copying a key's name),
        /// and made in place: an array of `PlainKey?` would make the runtime build that array type's
        /// metadata on a process's first compile (about 64,000 instructions, a fifth of that compile).
        let plainKeyTable: UnsafeBufferPointer<PlainKey?>
        /// The first plain key: ``plainKeyTable``'s base, never nil.
        let plainKeyBase: UnsafePointer<PlainKey?>
        let keyPathRanges: [SourceRange]
        let names: [String]
        /// The source range of each instruction of ``code``, in place.
        let rangeTable: UnsafeBufferPointer<SourceRange>
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
        /// The instructions, in place.
        let code: UnsafeBufferPointer<Instruction>
        /// The prepared right-hand sides of comparisons, in place.
        let matcherTable: UnsafeBufferPointer<Matcher>
        /// The first matcher: ``matcherTable``'s base, never nil.
        let matcherBase: UnsafePointer<Matcher>
        /// The nodes of the main decision graph, in place (empty without a graph).
        let graphNodes: UnsafeBufferPointer<DecisionNode>
        /// The first node: ``graphNodes``' base, never nil.
        let graphNodeBase: UnsafePointer<DecisionNode>
        /// The graph's entry (``DecisionTarget/rawValue``).
        let graphEntry: Int32
        /// Whether the VM walks the decision graph rather than the instructions.
        let hasDecisionGraph: Bool
        /// Whether the program is a decision graph whose every leaf reads a row slot (a form condition):
        /// evaluated from a row store's entries alone (``VirtualMachine/run(_:slots:)``), whatever `SELF` and
        /// the variables are.
        let runsOnSlotsAlone: Bool
        /// Whether every node of the main graph of a program that ``runsOnSlotsAlone`` carries an integer test
        /// (``IntegerLeaf``), so that it is first walked by its nodes' integer tests alone
        /// (``VirtualMachine/walkIntegers(_:_:trace:)``), and every edge goes to a later node or to true or false
        /// (checked here: that walk relies on it for its bounds and its end).
        let walksIntegersAlone: Bool
        /// The one allocation holding the tables above (``TableLayout``).
        private let tableMemory: UnsafeMutableRawPointer

        /// The prepared right-hand sides, copied out of ``matcherTable`` (listings, tests, tools).
        var matchers: [Matcher] { Array(matcherTable) }
        /// The instructions, copied out of ``code`` (tests, tools).
        var instructions: [Instruction] { Array(code) }
        /// The source map, copied out of ``rangeTable`` (tests, tools).
        var sourceRanges: [SourceRange] { Array(rangeTable) }
        /// The main decision graph as the compiler built it, copied out of ``graphNodes`` (tests, tools).
        var decisionGraph: DecisionGraph? {
            guard hasDecisionGraph else { return nil }
            let nodes = graphNodes.map { placed in
                var node = placed
                node.integerLeaf = .none
                return node
            }
            return DecisionGraph(nodes: nodes, entry: DecisionTarget(rawValue: graphEntry))
        }

        /// The source range of the instruction at `offset`, or ``SourceRange/synthesized``.
        func sourceRange(at offset: Int) -> SourceRange {
            rangeTable.indices.contains(offset) ? rangeTable[offset] : .synthesized
        }

        /// A program of what the compiler hands over, each table its own parameter and moved into the program
        /// (a struct of them, taken apart field by field, left twelve empty arrays to release a compile); when
        /// `handingBack` is true, the compiler's tables go back in `emptied` once they are copied into the
        /// program's own memory, for the next compile to write into (else they are freed).
        init(
            instructions instructionList: [Instruction], sourceRanges rangeList: [SourceRange],
            constants: [Value], matchers: [Matcher], keyPaths keyPathList: [[SyntaxTree.KeyPathComponent]],
            keyPathRanges: [SourceRange], names: [String], maxStackDepth: Int, localCount: Int,
            symbols symbolTable: SymbolTable?, limits: Limits, decisionGraph graph: DecisionGraph?,
            reads readList: [TypedRead], blocks blockList: [Block],
            typedRoot: SchemaObject?, handingBack: Bool, into emptied: inout CompilerTables?
        ) {
            // Each of the compiler's tables comes in owned (an initializer's parameters are) and is moved into its
            // field or placed, and stored once; then what is derived from them. The matchers are moved into the
            // table: a copy would retain every reference a matcher holds (its constant, strings, sets) and the
            // compiler's array would then release them all again. (Declared `consuming`, this initializer
            // over-released in a release build, FINDINGS §38: the parameters are left plain.)
            var pendingMatchers = matchers
            let matcherCount = pendingMatchers.count
            graphEntry = graph?.entry.rawValue ?? DecisionTarget.missingReturn.rawValue
            hasDecisionGraph = graph != nil
            // The nodes taken out of the graph: placed below, then handed back emptied like the other tables.
            let mainNodes = graph?.takeNodes() ?? []
            isFormMode = symbolTable != nil
            self.typedRoot = typedRoot
            self.limits = limits
            self.constants = constants
            self.keyPathRanges = keyPathRanges
            self.names = names
            self.maxStackDepth = maxStackDepth
            self.localCount = localCount
            var collectionList: [ObjectCollection] = []
            let plans = readList.map { QuickRead.plan(for: $0, collections: &collectionList) }
            // Every table in one allocation: each table's offset, then one block of memory for all.
            var layout = TableLayout()
            let planOffset = layout.add(QuickRead.self, count: plans.count)
            let collectionOffset = layout.add(ObjectCollection.self, count: collectionList.count)
            let codeOffset = layout.add(Instruction.self, count: instructionList.count)
            let rangeOffset = layout.add(SourceRange.self, count: rangeList.count)
            let matcherOffset = layout.add(Matcher.self, count: matcherCount)
            let plainKeyOffset = layout.add(PlainKey?.self, count: keyPathList.count)
            let nodeOffset = layout.add(DecisionNode.self, count: mainNodes.count)
            var blockOffsets: [Int] = []
            if !blockList.isEmpty {
                blockOffsets.reserveCapacity(blockList.count)
                for block in blockList {
                    blockOffsets.append(layout.add(DecisionNode.self, count: block.decisionGraph?.nodes.count ?? 0))
                }
            }
            tableMemory = layout.allocate()
            (quickReads, quickReadBase) = Self.place(plans, in: tableMemory, at: planOffset)
            (collections, collectionBase) = Self.place(collectionList, in: tableMemory, at: collectionOffset)
            // Copied from the compiler's arrays, which go back to it emptied when it asks (below).
            (code, _) = Self.place(instructionList, in: tableMemory, at: codeOffset)
            (rangeTable, _) = Self.place(rangeList, in: tableMemory, at: rangeOffset)
            (matcherTable, matcherBase) = Self.move(&pendingMatchers, into: tableMemory, at: matcherOffset)
            (plainKeyTable, plainKeyBase, readsPlainKeys) = Self.placePlainKeys(
                of: keyPathList, in: tableMemory, at: plainKeyOffset)
            (graphNodes, graphNodeBase) = Self.placeNodes(mainNodes, in: tableMemory, at: nodeOffset, matcherTable)
            var views: [BlockView] = []
            if !blockList.isEmpty {
                views.reserveCapacity(blockList.count)
                for (block, offset) in zip(blockList, blockOffsets) {
                    let (nodes, base) = Self.placeNodes(
                        block.decisionGraph?.nodes ?? [], in: tableMemory, at: offset, matcherTable)
                    views.append(
                        BlockView(
                            start: block.start, nodes: nodes, nodeBase: base,
                            entry: block.decisionGraph?.entry.rawValue ?? DecisionTarget.missingReturn.rawValue,
                            hasDecisionGraph: block.decisionGraph != nil))
                }
            }
            blocks = views
            runsOnSlotsAlone =
                hasDecisionGraph
                && mainNodes.allSatisfy { node in
                    switch node.instruction {
                    case .matchSlot, .matchSlotCount: true
                    default: false
                    }
                }
            walksIntegersAlone =
                runsOnSlotsAlone && Self.walksIntegersAlone(graphNodes, entry: graphEntry)
            keyPaths = keyPathList
            reads = readList
            programBlocks = blockList
            symbols = symbolTable
            // The compiler's arrays go back when it asks, to be emptied there (``CompilerTables/empty()``):
            // moved, not copied (a copy would make the emptying reallocate).
            if handingBack {
                emptied = CompilerTables(
                    instructions: instructionList, ranges: rangeList, matchers: pendingMatchers, nodes: mainNodes)
            }
        }

        /// Whether every node of `nodes` carries an integer test and the graph ends in true or false by forward
        /// edges alone: the entry and every edge go to a later node or to true or false.
        private static func walksIntegersAlone(_ nodes: UnsafeBufferPointer<DecisionNode>, entry: Int32) -> Bool {
            func isValid(_ target: Int32, after index: Int) -> Bool {
                target >= 0
                    ? Int(target) > index && Int(target) < nodes.count
                    : target == DecisionTarget.answerTrue.rawValue || target == DecisionTarget.answerFalse.rawValue
            }
            guard isValid(entry, after: -1) else { return false }
            return nodes.indices.allSatisfy { index in
                nodes[index].integerLeaf.operand != .none && isValid(nodes[index].onTrue.rawValue, after: index)
                    && isValid(nodes[index].onFalse.rawValue, after: index)
            }
        }

        /// `elements` copied into `memory` at byte `offset` (laid out by ``TableLayout``), and the table's
        /// (never nil) base.
        private static func place<Element>(_ elements: [Element], in memory: UnsafeMutableRawPointer, at offset: Int)
            -> (UnsafeBufferPointer<Element>, UnsafePointer<Element>)
        {
            let base = (memory + offset).bindMemory(to: Element.self, capacity: elements.count)
            let table = UnsafeMutableBufferPointer(start: base, count: elements.count)
            _ = table.initialize(from: elements)
            return (UnsafeBufferPointer(table), UnsafePointer(base))
        }

        /// Places a graph's nodes like ``place(_:in:at:)``, each with its leaf's integer test (``IntegerLeaf``)
        /// from `matchers`.
        private static func placeNodes(
            _ nodes: [DecisionNode], in memory: UnsafeMutableRawPointer, at offset: Int,
            _ matchers: UnsafeBufferPointer<Matcher>
        ) -> (UnsafeBufferPointer<DecisionNode>, UnsafePointer<DecisionNode>) {
            let (table, base) = place(nodes, in: memory, at: offset)
            let placed = UnsafeMutablePointer(mutating: base)
            for index in table.indices {
                placed[index].integerLeaf = IntegerLeaf.of(table[index].instruction, matchers: matchers)
            }
            return (table, base)
        }

        /// Makes the plain key of each key path in place (see ``plainKeyTable``); also whether any is one.
        private static func placePlainKeys(
            of keyPaths: [[SyntaxTree.KeyPathComponent]], in memory: UnsafeMutableRawPointer, at offset: Int
        ) -> (UnsafeBufferPointer<PlainKey?>, UnsafePointer<PlainKey?>, Bool) {
            let base = (memory + offset).bindMemory(to: PlainKey?.self, capacity: keyPaths.count)
            var anyPlain = false
            for (index, components) in keyPaths.enumerated() {
                let key = PlainKey(components)
                if key != nil { anyPlain = true }
                (base + index).initialize(to: key)
            }
            return (UnsafeBufferPointer(start: base, count: keyPaths.count), UnsafePointer(base), anyPlain)
        }

        deinit {
            Self.deinitialize(code)
            Self.deinitialize(rangeTable)
            Self.deinitialize(matcherTable)
            Self.deinitialize(plainKeyTable)
            Self.deinitialize(graphNodes)
            Self.deinitialize(quickReads)
            Self.deinitialize(collections)
            for block in blocks { Self.deinitialize(block.nodes) }
            TableLayout.deallocate(tableMemory)
        }

        /// `elements` moved into `memory` at byte `offset` (as ``place(_:in:at:)``), last first, leaving
        /// `elements` empty; nothing is retained when the array is uniquely referenced.
        private static func move<Element>(
            _ elements: inout [Element], into memory: UnsafeMutableRawPointer, at offset: Int
        ) -> (UnsafeBufferPointer<Element>, UnsafePointer<Element>) {
            let count = elements.count
            let base = (memory + offset).bindMemory(to: Element.self, capacity: count)
            var index = count
            while let element = elements.popLast() {
                index &-= 1
                (base + index).initialize(to: element)
            }
            return (UnsafeBufferPointer(start: base, count: count), UnsafePointer(base))
        }

        /// Deinitializes a table placed by ``place(_:in:at:)`` (the memory is freed once, for all tables).
        private static func deinitialize<Element>(_ table: UnsafeBufferPointer<Element>) {
            _ = UnsafeMutableBufferPointer(mutating: table).deinitialize()
        }
    }

    /// Byte offsets of the tables of one program in a single allocation: each table starts at its
    /// element type's alignment. An empty table takes no room: its base is the block's start (aligned for
    /// every table's elements), never nil and never read, since every read is checked against the table's
    /// count (most programs have no typed reads, collections or key paths: room for one of each was 136
    /// bytes of a form condition's 464). Table sizes are bounded by the compiler's limits, far below overflow.
    struct TableLayout {
        private(set) var byteCount = 0
        private(set) var alignment = 1

        /// Reserves room for `count` elements of `type` and returns its offset (0 for no elements).
        mutating func add<Element>(_ type: Element.Type, count: Int) -> Int {
            let elementAlignment = MemoryLayout<Element>.alignment
            alignment = max(alignment, elementAlignment)
            guard count > 0 else { return 0 }
            let offset = (byteCount &+ elementAlignment &- 1) & ~(elementAlignment &- 1)
            byteCount = offset &+ MemoryLayout<Element>.stride &* count
            return offset
        }

        /// The alignment the C allocator gives every block (`malloc`'s guarantee on 64-bit Linux and Darwin); no
        /// Swift type is aligned past it, so the aligned path below is taken only if `malloc` fails.
        private static var mallocAlignment: Int { 16 }

        /// One block of memory for the laid-out tables. From `malloc` where the C allocator is at hand and its
        /// alignment suffices: `UnsafeMutableRawPointer.allocate` takes the runtime's aligned path
        /// (`posix_memalign`) for every alignment on Linux, about 80 instructions more a compile. Freed by
        /// ``deallocate(_:)``.
        func allocate() -> UnsafeMutableRawPointer {
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
                if alignment <= Self.mallocAlignment, let block = malloc(max(byteCount, 1)) { return block }
            #endif
            return UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
        }

        /// Frees a block from ``allocate()`` (`free` takes the aligned path's blocks too on those platforms).
        static func deallocate(_ block: UnsafeMutableRawPointer) {
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
                free(block)
            #else
                block.deallocate()
            #endif
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
    package var instructions: [Instruction] { storage.instructions }
    /// Constant values (`pushConstant`, `unsupported` messages).
    package var constants: [Value] { storage.constants }
    /// Prepared right-hand sides of comparisons (`match…`).
    package var matchers: [Matcher] { storage.matchers }
    /// Key paths read by `keyPath` and `matchKey`, as their components' names (made on each call).
    package var keyPaths: [[String]] { storage.keyPaths.map { $0.map(\.name) } }
    /// Where each key path was written (the position of an error a fused key read raises).
    package var keyPathRanges: [SourceRange] { storage.keyPathRanges }
    /// Variable names read by `loadVariable`.
    package var names: [String] { storage.names }
    /// The source range of each instruction (the source map), for errors and listings.
    package var sourceRanges: [SourceRange] { storage.sourceRanges }
    /// The deepest the operand stack gets, as computed by the ``Verifier``.
    package var maxStackDepth: Int { storage.maxStackDepth }
    /// The number of locals the program uses (SUBQUERY state and variables).
    package var localCount: Int { storage.localCount }
    /// The symbol table slots were resolved against (form mode), if any.
    package var symbols: SymbolTable? { storage.symbols }
    /// Whether the program was compiled against a symbol table (its tags are slot reads).
    package var isFormMode: Bool { storage.isFormMode }
    /// The limits evaluation runs under.
    package var limits: Limits { storage.limits }
    /// The decision graph the VM walks instead of the instructions, for a program of leaves.
    package var decisionGraph: DecisionGraph? { storage.decisionGraph }
    /// Typed reads (programs compiled against a Swift type's schema).
    package var reads: [TypedRead] { storage.reads }
    /// The blocks after the main one.
    var blocks: [Block] { storage.programBlocks }

    /// The source range of the instruction at `offset`, or ``SourceRange/synthesized``.
    package func sourceRange(at offset: Int) -> SourceRange { storage.sourceRange(at: offset) }

    /// The tag of a slot, when the program was compiled against a symbol table.
    package func tag(of slot: SlotOperand) -> String? {
        guard let tags = symbols?.tags, tags.indices.contains(Int(slot.rawValue)) else { return nil }
        return tags[Int(slot.rawValue)]
    }
}
