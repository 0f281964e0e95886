// DecisionGraph: a program of fused leaves, NOT, constants and forward jumps (the usual form condition)
// as the compiler also emits it: a graph of its leaves. Each node is one leaf test with the node to run
// next when it answers true and when it answers false; the jumps, NOTs, constant flags and the final
// `return` between two leaves are followed once, when the program is compiled, instead of on every
// evaluation. The VM walks the graph instead of the instructions when a program has one, and the
// disassembler lists it, so what `predc explain` shows and `predc eval --trace` walks is what runs.
//
// For `$a > 1 AND ($b == 'x' OR NOT $c BEGINSWITH 'y')` the program is
//
//     0000  matchSlot    #0 m0   ; $a > 1
//     0001  jumpIfFalse  +4      ; -> 0006
//     0002  matchSlot    #1 m1   ; $b == "x"
//     0003  jumpIfTrue   +2      ; -> 0006
//     0004  matchSlot    #2 m2   ; $c BEGINSWITH "y"
//     0005  not
//     0006  return
//
// and its graph has three nodes: n0 (offset 0) goes to n1 on true and to `false` on false; n1 (offset 2)
// to `true` on true and to n2 on false; n2 (offset 4) to `false` on true and to `true` on false (the NOT
// is folded into the edges). Every edge goes to a later node or to an answer, so an evaluation runs at
// most one test per node.

/// Where evaluation goes after a node: the index of the next node, or an answer.
package struct DecisionTarget: Hashable, Sendable, CustomStringConvertible {
    /// A node index (0 or more), or one of the negative answers below.
    package let rawValue: Int32

    package init(node: Int32) { rawValue = node }
    /// A target from its ``rawValue`` (a node's number, or an answer's negative code).
    init(rawValue: Int32) { self.rawValue = rawValue }
    private init(answer: Int32) { rawValue = answer }

    /// Evaluation ends with false.
    package static let answerFalse = DecisionTarget(answer: -1)
    /// Evaluation ends with true.
    package static let answerTrue = DecisionTarget(answer: -2)
    /// The program ends without a `return` (a compiler bug): evaluation raises an error.
    package static let missingReturn = DecisionTarget(answer: -3)

    /// Whether this is a node rather than an answer.
    package var isNode: Bool { rawValue >= 0 }

    package var description: String {
        switch self {
        case .answerTrue: "true"
        case .answerFalse: "false"
        case .missingReturn: "(no return)"
        default: "n\(rawValue)"
        }
    }
}

/// One leaf test of a ``DecisionGraph`` and where evaluation goes after it.
package struct DecisionNode: Hashable, Sendable {
    /// The leaf instruction (a fused `match…` instruction).
    package let instruction: Instruction
    /// The next node or the answer when the test answers false. Stored before ``onTrue``, so that a walk
    /// picks the edge with the answer as its index.
    package let onFalse: DecisionTarget
    /// The next node or the answer when the test answers true.
    package let onTrue: DecisionTarget
    /// The leaf's offset in the program: its source range, and its line in listings.
    package let offset: Int32
    /// The leaf's integer test, answered from the node (``IntegerLeaf``): set when the program places its
    /// nodes, where the matchers are known; ``IntegerLeaf/none`` in a graph as built.
    package var integerLeaf = IntegerLeaf.none

    package init(instruction: Instruction, onTrue: DecisionTarget, onFalse: DecisionTarget, offset: Int32) {
        self.instruction = instruction
        self.onFalse = onFalse
        self.onTrue = onTrue
        self.offset = offset
    }
}

/// The decision graph of a program of leaves and control flow.
package struct DecisionGraph: Hashable, Sendable {
    /// The nodes, one per leaf in program order.
    package let nodes: [DecisionNode]
    /// The first node, or the answer of a program without leaves.
    package let entry: DecisionTarget

    /// A graph from its parts; nil when `nodes` is empty and `entry` a node.
    init?(nodes: [DecisionNode], entry: DecisionTarget) {
        guard !entry.isNode || !nodes.isEmpty else { return nil }
        self.nodes = nodes
        self.entry = entry
    }

    /// The graph of the block `block` of `code` (the whole program by default), or nil when the block
    /// holds anything but leaves, `not`, `setFlag`, forward jumps and `return` (it then runs instruction
    /// by instruction). Node offsets are offsets in `code`.
    package init?(_ code: [Instruction], block: Range<Int>? = nil) {
        var nodes: [DecisionNode] = []
        self.init(code, block: block, reusing: &nodes)
    }

    /// The graph of ``init(_:block:)``, its nodes written into `nodes` (empty; it keeps the room of an earlier
    /// graph's nodes), which the graph takes; when there is no graph, `nodes` is left as it is.
    init?(_ code: [Instruction], block: Range<Int>? = nil, reusing nodes: inout [DecisionNode]) {
        let block = block ?? code.indices
        guard code.count < Int(Int32.max), code.indices.contains(block.lowerBound) || block.isEmpty,
            block.upperBound <= code.count
        else { return nil }
        // Each leaf's node number, in temporary storage (on the stack for the usual program).
        let graph = withUnsafeTemporaryAllocation(of: Int32.self, capacity: code.count) { nodeIndex in
            nodeIndex.initialize(repeating: -1)
            return Self.graph(code, block: block, nodeIndex, into: &nodes)
        }
        guard let graph else { return nil }
        self = graph
    }

    /// The graph of `block` of `code`, with `nodeIndex` (one entry per instruction, all -1) to number its
    /// leaves in.
    private static func graph(
        _ code: [Instruction], block: Range<Int>, _ nodeIndex: UnsafeMutableBufferPointer<Int32>,
        into nodes: inout [DecisionNode]
    ) -> DecisionGraph? {
        var leafCount: Int32 = 0
        for offset in block {
            if code[offset].isLeaf {
                nodeIndex[offset] = leafCount
                leafCount += 1
            } else if !isControl(code[offset]) {
                return nil
            }
        }
        let end = block.upperBound
        let numbers = UnsafeBufferPointer(nodeIndex)
        guard let entry = follow(code, from: block.lowerBound, to: end, flag: false, after: -1, numbers)
        else { return nil }
        nodes.reserveCapacity(Int(leafCount))
        for offset in block where code[offset].isLeaf {
            guard let onTrue = follow(code, from: offset + 1, to: end, flag: true, after: offset, numbers),
                let onFalse = follow(code, from: offset + 1, to: end, flag: false, after: offset, numbers)
            else { return nil }
            nodes.append(
                DecisionNode(instruction: code[offset], onTrue: onTrue, onFalse: onFalse, offset: Int32(offset)))
        }
        return DecisionGraph(nodes: nodes.take(), entry: entry)
    }

    /// The nodes, taken out of the graph (unshared, so that they can be emptied and written again).
    consuming func takeNodes() -> [DecisionNode] { nodes }

    /// Control flow between leaves, which the graph folds into its edges.
    private static func isControl(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .not, .setFlag, .jumpIfFalse, .jumpIfTrue, .jump, .return: true
        default: false
        }
    }

    /// Runs the control flow from `start` with `flag` until a leaf (its node) or an answer. Nil when a jump
    /// does not go forward or lands outside the program: such a program keeps the instruction loop.
    private static func follow(
        _ code: [Instruction], from start: Int, to end: Int, flag: Bool, after leaf: Int,
        _ nodeIndex: UnsafeBufferPointer<Int32>
    ) -> DecisionTarget? {
        var pc = start
        var flag = flag
        while pc < end {
            let offset = pc
            pc += 1
            var jump: Int32?
            switch code[offset] {
            case .not:
                flag.toggle()
            case .setFlag(let value):
                flag = value
            case .jumpIfFalse(let distance):
                if !flag { jump = distance.rawValue }
            case .jumpIfTrue(let distance):
                if flag { jump = distance.rawValue }
            case .jump(let distance):
                jump = distance.rawValue
            case .return:
                return flag ? .answerTrue : .answerFalse
            default:
                // A leaf: the next node (leaves after `leaf` only, since `pc` only moves forward).
                guard offset > leaf else { return nil }
                return DecisionTarget(node: nodeIndex[offset])
            }
            if let jump {
                // Forward only, so the walk ends within `code.count` steps.
                guard jump >= 0 else { return nil }
                let (target, overflow) = pc.addingReportingOverflow(Int(jump))
                guard !overflow, target <= end else { return nil }
                pc = target
            }
        }
        return .missingReturn
    }
}
