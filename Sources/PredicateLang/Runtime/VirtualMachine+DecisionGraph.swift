// The decision-graph walk: the second of the VM's two loops, for programs the compiler gave a
// DecisionGraph (fused leaves and control flow only: the usual form condition). One leaf test per node;
// its answer picks the next node or the result, so jumps, NOTs and the final `return` cost nothing at run
// time. Every edge goes forward, so the walk runs at most one test per node, and the compiler builds a
// graph only when that is within the step budget.

/// Which leaves a graph walk answers with the quick tier inline, chosen when the program is compiled:
/// a walk over row-slot leaves only (form conditions) stays small, so its loop keeps everything in
/// registers; a walk over any leaves also answers key paths and typed reads inline. Both are the same loop,
/// specialised (like ``TraceSink``).
protocol LeafSet {
    /// Whether key-path and typed-read leaves are answered inline (otherwise they take the thorough tier).
    static var includesKeysAndReads: Bool { get }
}

/// Row-slot leaves only (`matchSlot`, `matchSlotCount`).
enum SlotLeaves: LeafSet {
    static var includesKeysAndReads: Bool { false }
}

/// Every kind of leaf.
enum AnyLeaves: LeafSet {
    static var includesKeysAndReads: Bool { true }
}

extension VirtualMachine {
    /// Walks the decision graph of block `block` of `program` (`count` nodes from `nodes`, starting at
    /// `entry`) with `Leaves` answered inline; `trace` sees every node before its test runs.
    @inline(__always)
    static func walk<Trace: TraceSink, Leaves: LeafSet>(
        _ program: Program.Storage, _ nodes: UnsafePointer<DecisionNode>, _ nodeCount: Int, _ entry: Int32,
        block: Int, _ inputs: borrowing EvaluationInputs, leaves: Leaves.Type, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let count = UInt32(truncatingIfNeeded: nodeCount)
        var next = entry
        var offset: Int32 = 0
        do throws(EvaluationError) {
            // An answer is negative, so as an unsigned number it is past every node.
            while UInt32(bitPattern: next) < count {
                if Trace.isEnabled { trace.recordNode(program, block: block, Int(next)) }
                let node = nodes + Int(next)
                offset = node.pointee.offset
                // Block 0 is the main graph (each leaf tested at most once); a later block runs per element.
                if block != 0 { try chargeLeafText(node.pointee.instruction, program, inputs) }
                next =
                    try test(node.pointee.instruction, program, inputs, leaves: leaves)
                    ? node.pointee.onTrue.rawValue : node.pointee.onFalse.rawValue
            }
        } catch {
            throw error.range == .synthesized ? error.at(program.sourceRanges[Int(offset)]) : error
        }
        if next == DecisionTarget.answerTrue.rawValue { return true }
        if next == DecisionTarget.answerFalse.rawValue { return false }
        throw EvaluationError(.unsupported, "program ended without a result")
    }
}
