// Tracer: the hook behind `predc eval --trace`. Both loops are generic over a TraceSink and call it before
// each instruction (the dispatch loop) or decision node (the graph walk, and the integer walk that comes
// before it for a graph of integer tests alone), so the trace shows exactly what runs. The untraced path uses NoTrace, whose `isEnabled` is false, so it compiles to nothing.

/// One step of an evaluation, as a tracer sees it just before it runs.
package struct TraceEvent: Sendable {
    /// What ran: an instruction of the dispatch loop, or a node of the decision graph.
    package enum Step: Sendable, Equatable {
        /// The dispatch loop ran the instruction at the event's offset.
        case instruction
        /// The graph walk tested this node (its leaf is the instruction at the event's offset).
        case decisionNode(Int)
    }

    /// What ran.
    package var step: Step
    /// The instruction's offset.
    package var offset: Int
    /// The instruction (for a node, its leaf).
    package var instruction: Instruction
    /// The listing line: the instruction's (without location), or the node's, with its two edges.
    package var listing: String
    /// The operand stack, bottom first (always empty in the graph walk, which has none).
    package var stack: [Value]
    /// The predicate flag register (the graph walk has none: its answers pick edges).
    package var flag: Bool?

    /// clox style: `[ a ][ b ]  flag=…` and the listing line for an instruction, the node's line for a node.
    package var description: String {
        guard step == .instruction else { return listing }
        let stackText = stack.map { "[ \($0.predicateDescription) ]" }.joined()
        return "          \(stackText)  flag=\(flag ?? false)\n\(listing)"
    }
}

/// Receives trace events from the VM's loops.
protocol TraceSink {
    /// Whether the loops should call the sink at all.
    static var isEnabled: Bool { get }
    /// Before the dispatch loop runs the instruction at `offset`.
    mutating func record(_ program: Program.Storage, offset: Int, frame: borrowing Frame, flag: Bool)
    /// Before the graph walk tests node `node` of block `block` (0: the main one).
    mutating func recordNode(_ program: Program.Storage, block: Int, _ node: Int)
}

/// The untraced configuration.
struct NoTrace: TraceSink {
    /// A stored byte, so the type is not empty: ThreadSanitizer reports an `inout` of an empty struct
    /// passed through a generic parameter as a race on its metadata (swiftlang/swift#61073).
    private var unused: UInt8 = 0
    static var isEnabled: Bool { false }
    func record(_ program: Program.Storage, offset: Int, frame: borrowing Frame, flag: Bool) {}
    func recordNode(_ program: Program.Storage, block: Int, _ node: Int) {}
}

/// Forwards each event to a closure.
struct ClosureTrace: TraceSink {
    let source: SourceText?
    let handler: (TraceEvent) -> Void
    static var isEnabled: Bool { true }

    func record(_ program: Program.Storage, offset: Int, frame: borrowing Frame, flag: Bool) {
        let listing = Program(storage: program).disassembleInstruction(at: offset, source: source, previousLine: nil)
            .text
        handler(
            TraceEvent(
                step: .instruction, offset: offset, instruction: program.code[offset],
                listing: listing, stack: frame.stackContents, flag: flag))
    }

    func recordNode(_ program: Program.Storage, block: Int, _ node: Int) {
        let whole = Program(storage: program)
        guard let leaf = whole.placedNode(node, block: block) else { return }
        handler(
            TraceEvent(
                step: .decisionNode(node), offset: Int(leaf.offset), instruction: leaf.instruction,
                listing: whole.decisionNodeListing(node, block: block, source: source), stack: [], flag: nil))
    }
}
