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

/// What a graph walk answers its leaves from: the whole ``EvaluationInputs``, or, for a graph whose leaves
/// all read row slots (the usual form condition), ``SlotLeafInputs``: the slots and the budget alone, so
/// that such a walk sets up nothing else. Both are the same walk, specialised.
protocol LeafInputs: ~Copyable {
    /// The row slots (empty outside form mode).
    var slots: SlotEntries { get }
    /// The answer of `leaf`, with the leaves of `Leaves` answered by the quick tier inline.
    func test<Leaves: LeafSet>(_ leaf: Instruction, _ program: Program.Storage, leaves: Leaves.Type)
        throws(EvaluationError) -> Bool
    /// Charges the text `leaf`'s matcher searches (a leaf that runs once per element of a loop).
    func chargeText(_ leaf: Instruction, _ program: Program.Storage) throws(EvaluationError)
}

extension EvaluationInputs: LeafInputs {
    @inline(__always)
    func test<Leaves: LeafSet>(_ leaf: Instruction, _ program: Program.Storage, leaves: Leaves.Type)
        throws(EvaluationError) -> Bool
    {
        try VirtualMachine.test(leaf, program, self, leaves: leaves)
    }

    @inline(__always)
    func chargeText(_ leaf: Instruction, _ program: Program.Storage) throws(EvaluationError) {
        try VirtualMachine.chargeLeafText(leaf, program, self)
    }
}

/// What the leaves of a graph of slot leaves only (``Program/Storage/runsOnSlotsAlone``) read: the row
/// slots, and the budget their thorough tier charges its inner work to.
struct SlotLeafInputs: LeafInputs {
    let slots: SlotEntries
    let budget: UnsafeMutablePointer<EvaluationBudget>

    /// The quick tier when it answers (checked against the thorough tier in debug builds), else the thorough.
    @inline(__always)
    func test<Leaves: LeafSet>(_ leaf: Instruction, _ program: Program.Storage, leaves: Leaves.Type)
        throws(EvaluationError) -> Bool
    {
        if let answer = VirtualMachine.quickSlotTest(leaf, program, slots) {
            assert(
                (try? VirtualMachine.thoroughSlotTest(leaf, program, slots, budget)) == answer,
                "quick and thorough tiers disagree on \(leaf.mnemonic)")
            return answer
        }
        return try VirtualMachine.thoroughSlotTest(leaf, program, slots, budget)
    }

    /// Charges a text-searching `matchSlot`'s string.
    func chargeText(_ leaf: Instruction, _ program: Program.Storage) throws(EvaluationError) {
        try VirtualMachine.chargeSlotText(leaf, program, slots, budget)
    }
}

extension IntegerLeaf {
    /// The answer from the node: the slot's integer or its array's count tested against the range; nil when
    /// the leaf has no integer test, the store has no such slot, or the value is of another kind.
    @inline(__always)
    func answer(_ slots: SlotEntries) -> Bool? {
        guard operand != .none else { return nil }
        return answerOfTest(slots)
    }

    /// ``answer(_:)`` of a leaf known to have an integer test (``operand`` is not ``Operand/none``).
    @inline(__always)
    func answerOfTest(_ slots: SlotEntries) -> Bool? {
        guard let value = slots.valuePointer(slot: slot) else { return nil }
        if operand == .value {
            guard case .int(let integer) = value.pointee else { return nil }
            return accepts(integer)
        }
        guard case .array(let elements) = value.pointee else { return nil }
        return accepts(Int64(elements.count))
    }
}

extension VirtualMachine {
    /// Evaluates a program whose main decision graph reads row slots only (``Program/Storage/runsOnSlotsAlone``)
    /// over `slots`: the walk of ``run(_:_:trace:)``, given the slots and a budget and nothing else, by the
    /// leaves' tiers. Its caller, the row store's entry, has tried the integer walk first (its first step, in
    /// a frame of its own: ``CompiledPredicate/Core/walkIntegerLeaves(in:)``).
    @inline(__always)
    static func run(_ program: Program.Storage, slots: SlotEntries) throws(EvaluationError) -> Bool {
        try withSlotLeafInputs(program, slots) { (inputs) throws(EvaluationError) -> Bool in
            var trace = NoTrace()
            return try walkTiers(program, inputs, trace: &trace)
        }
    }

    /// The answer of the leaves' tiers alone (without the integer walk): what debug builds check the integer
    /// walk's answers against.
    static func tiersAnswer(_ program: Program.Storage, slots: SlotEntries) -> Bool? {
        try? withSlotLeafInputs(program, slots) { (inputs) throws(EvaluationError) -> Bool in
            var trace = NoTrace()
            return try walkTiers(program, inputs, trace: &trace)
        }
    }

    /// Calls `body` with the inputs of a walk of slot leaves: `slots` and a budget for the evaluation.
    @inline(__always)
    private static func withSlotLeafInputs(
        _ program: Program.Storage, _ slots: SlotEntries,
        _ body: (SlotLeafInputs) throws(EvaluationError) -> Bool
    ) throws(EvaluationError) -> Bool {
        var budget = EvaluationBudget(program.limits.maxEvaluationSteps)
        // Unprotected: the budget is two integers, never indexed; a protected address would put a stack
        // guard on every form-mode evaluation (five instructions).
        return try _withUnprotectedUnsafeMutablePointer(to: &budget) { (budget) throws(EvaluationError) -> Bool in
            try body(SlotLeafInputs(slots: slots, budget: budget))
        }
    }

    /// The walk of a graph whose every node carries an integer test (``Program/Storage/walksIntegersAlone``,
    /// the usual numeric and `@count` form condition): the same edges, each node answered by its integer
    /// test alone. Nothing is set up (no budget, no inputs, no error path), so the loop runs in registers.
    /// Nil at the first node whose slot holds neither an integer nor an array (a null, a string, a missing
    /// slot): the evaluation then takes the whole walk from the entry, whose leaves answer every value (the
    /// tests are pure, so walking again changes nothing). `trace` sees every node before its test, so a trace
    /// of a walk that declines shows the nodes this walk tested, then the whole walk's. Debug builds check
    /// each answer against the leaves' tiers (``tiersAnswer(_:slots:)``).
    @inline(__always)
    static func walkIntegers<Trace: TraceSink>(_ program: Program.Storage, _ slots: SlotEntries, trace: inout Trace)
        -> Bool?
    {
        let nodes = program.graphNodeBase
        var next = program.graphEntry
        // Every edge goes to a later node or to an answer, which is negative (checked when the program was
        // made), so the loop ends and reads only nodes.
        while next >= 0 {
            if Trace.isEnabled { trace.recordNode(program, block: 0, Int(next)) }
            let node = nodes + Int(next)
            guard let answer = node.pointee.integerLeaf.answerOfTest(slots) else { return nil }
            next = answer ? node.pointee.onTrue.rawValue : node.pointee.onFalse.rawValue
        }
        // Such a graph's edges end in true or false (``Program/Storage/walksIntegersAlone``).
        let answer = next == DecisionTarget.answerTrue.rawValue
        assert(tiersAnswer(program, slots: slots) == answer, "the integer walk and the graph walk disagree")
        return answer
    }

    /// Walks the main graph of a program of slot leaves only (``Program/Storage/runsOnSlotsAlone``) with
    /// `inputs`, the way ``run(_:_:trace:)`` takes for such a program: a graph of integer leaves alone by their
    /// integer tests first (``walkIntegers(_:_:trace:)``), then, or else, by the leaves' tiers.
    @inline(__always)
    static func walkSlots<Trace: TraceSink>(_ program: Program.Storage, _ inputs: SlotLeafInputs, trace: inout Trace)
        throws(EvaluationError) -> Bool
    {
        if program.walksIntegersAlone, let answer = walkIntegers(program, inputs.slots, trace: &trace) {
            return answer
        }
        return try walkTiers(program, inputs, trace: &trace)
    }

    /// Walks the main graph of a program of slot leaves only with each leaf answered by its tiers.
    @inline(__always)
    static func walkTiers<Trace: TraceSink>(
        _ program: Program.Storage, _ inputs: SlotLeafInputs, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        try walk(
            program, program.graphNodeBase, program.graphNodes.count, program.graphEntry, block: 0, inputs,
            leaves: SlotLeaves.self, trace: &trace)
    }

    /// Walks the decision graph of block `block` of `program` (`count` nodes from `nodes`, starting at
    /// `entry`) with `Leaves` answered inline from `inputs`; `trace` sees every node before its test runs.
    @inline(__always)
    static func walk<Trace: TraceSink, Leaves: LeafSet, Inputs: LeafInputs & ~Copyable>(
        _ program: Program.Storage, _ nodes: UnsafePointer<DecisionNode>, _ nodeCount: Int, _ entry: Int32,
        block: Int, _ inputs: borrowing Inputs, leaves: Leaves.Type, trace: inout Trace
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
                if block != 0 { try inputs.chargeText(node.pointee.instruction, program) }
                let answer: Bool
                if let integer = node.pointee.integerLeaf.answer(inputs.slots) {
                    assert(
                        (try? inputs.test(node.pointee.instruction, program, leaves: leaves)) == integer,
                        "the integer test and the leaf's tiers disagree on \(node.pointee.instruction.mnemonic)")
                    answer = integer
                } else {
                    answer = try inputs.test(node.pointee.instruction, program, leaves: leaves)
                }
                next = answer ? node.pointee.onTrue.rawValue : node.pointee.onFalse.rawValue
            }
        } catch {
            throw error.range == .synthesized ? error.at(program.sourceRange(at: Int(offset))) : error
        }
        if next == DecisionTarget.answerTrue.rawValue { return true }
        if next == DecisionTarget.answerFalse.rawValue { return false }
        throw EvaluationError(.unsupported, "program ended without a result")
    }
}
