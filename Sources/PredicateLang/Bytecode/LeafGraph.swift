// LeafGraph: a stackless program (fused leaves, NOT, constants and forward jumps: the usual form
// condition) rewritten as a decision graph. Each node is one leaf test with the node to run next when
// it answers true and when it answers false; the jumps, NOTs, constant flags and the final `return`
// between two leaves are followed once, when the program is built, instead of on every evaluation.
//
// For `$a > 1 AND ($b == 'x' OR NOT $c BEGINSWITH 'y')` the program is
//
//     0000  compareSlotInteger #0 > i0
//     0001  jumpIfFalse +4      ; -> 0006
//     0002  compareSlotString  #1 == s0
//     0003  jumpIfTrue +2       ; -> 0006
//     0004  matchSlot          #2 m0   ; BEGINSWITH "y"
//     0005  not
//     0006  return
//
// and its graph has three nodes: node 0 (offset 0) goes to node 1 on true and to `false` on false;
// node 1 (offset 2) to `true` on true and to node 2 on false; node 2 (offset 4) to `false` on true and
// to `true` on false (the NOT is folded into the edges).
//
// Every edge goes to a later node or to an answer, so an evaluation runs at most one test per node.

/// One leaf test of a ``LeafGraph`` and where evaluation goes after it.
@usableFromInline
struct LeafNode: Sendable {
    /// The leaf instruction (a fused `match…`/`compareSlot…` instruction).
    let instruction: Instruction
    /// The next node when the test answers true, or an answer (``LeafGraph/answerFalse``,
    /// ``LeafGraph/answerTrue``, ``LeafGraph/answerMissing``).
    let onTrue: Int32
    /// The next node when the test answers false, or an answer.
    let onFalse: Int32
    /// The leaf's offset in the program, for the source range of an error it raises.
    let offset: Int32
}

/// Builds the decision graph of a stackless program.
enum LeafGraph {
    /// Evaluation ends with false.
    static let answerFalse: Int32 = -1
    /// Evaluation ends with true.
    static let answerTrue: Int32 = -2
    /// The program ends without a `return` (a verifier bug): evaluation raises an error.
    static let answerMissing: Int32 = -3

    /// The graph's nodes, in memory the caller owns and frees, and the first node (or an answer, for a
    /// program without leaves); nil when `code` holds anything but leaves, `not`, `setFlag`, forward jumps
    /// and `return`. Built once per compiled program, so it allocates nothing but the nodes themselves.
    static func build(_ code: UnsafeBufferPointer<Instruction>) -> (nodes: UnsafeMutableBufferPointer<LeafNode>, entry: Int32)? {
        guard code.count < Int(Int32.max) else { return nil }
        var leafCount = 0
        for instruction in code {
            if isLeaf(instruction) {
                leafCount += 1
            } else if !isControl(instruction) {
                return nil
            }
        }
        // Node index of every leaf by offset, in a temporary (stack) buffer.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: code.count) { nodeIndex in
            var next: Int32 = 0
            for offset in code.indices {
                if isLeaf(code[offset]) {
                    nodeIndex[offset] = next
                    next += 1
                } else {
                    nodeIndex[offset] = -1
                }
            }
            let index = UnsafeBufferPointer(nodeIndex)
            guard let entry = follow(code, from: 0, flag: false, after: -1, index) else { return nil }
            let nodes = UnsafeMutableBufferPointer<LeafNode>.allocate(capacity: leafCount)
            var built = 0
            for offset in code.indices where isLeaf(code[offset]) {
                guard let onTrue = follow(code, from: offset + 1, flag: true, after: offset, index),
                    let onFalse = follow(code, from: offset + 1, flag: false, after: offset, index),
                    built < leafCount
                else {
                    _ = nodes[..<built].deinitialize()
                    nodes.deallocate()
                    return nil
                }
                nodes.initializeElement(
                    at: built, to: LeafNode(instruction: code[offset], onTrue: onTrue, onFalse: onFalse, offset: Int32(offset)))
                built += 1
            }
            return (nodes, entry)
        }
    }

    /// A fused leaf: sets the flag from one test, touches no stack.
    private static func isLeaf(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .matchSlot, .matchSlotCount, .matchKey, .compareSlotInteger, .compareSlotCountInteger, .compareSlotString:
            true
        default:
            false
        }
    }

    /// Control flow between leaves, which the graph folds into its edges.
    private static func isControl(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .not, .setFlag, .jumpIfFalse, .jumpIfTrue, .jump, .return: true
        default: false
        }
    }

    /// Runs the control flow from `start` with `flag` until a leaf (its node) or an answer. Nil when a
    /// jump does not go forward or lands outside the program: such a program keeps the plain loop.
    private static func follow(
        _ code: UnsafeBufferPointer<Instruction>, from start: Int, flag: Bool, after leaf: Int,
        _ nodeIndex: UnsafeBufferPointer<Int32>
    ) -> Int32? {
        var pc = start
        var flag = flag
        while pc < code.count {
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
                return flag ? answerTrue : answerFalse
            default:
                // A leaf: it is the next node (leaves after `leaf` only, by construction of `pc`).
                guard offset > leaf else { return nil }
                return nodeIndex[offset]
            }
            if let jump {
                // Forward only, so the walk ends within `code.count` steps.
                guard jump >= 0 else { return nil }
                let (target, overflow) = pc.addingReportingOverflow(Int(jump))
                guard !overflow, target <= code.count else { return nil }
                pc = target
            }
        }
        return answerMissing
    }
}
