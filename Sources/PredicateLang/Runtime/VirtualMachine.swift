// VirtualMachine: runs a Program against one set of inputs. `run` is the one entry point: a program with
// a decision graph walks it (VirtualMachine+DecisionGraph.swift), every other program runs the dispatch
// loop below, with an operand stack and locals in one temporary (stack) allocation sized from the
// program, so evaluating allocates nothing on the heap. (A graph of slot leaves only, the usual form
// condition, is also entered with a row store's entries alone, `run(_:slots:)`: the same walk.) Errors get
// the source range of the failing instruction.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one evaluation reads. Every member is borrowed from the caller for the duration of the run.
struct EvaluationInputs: ~Copyable {
    /// The evaluated object (`SELF`).
    let object: UnsafePointer<Value>
    /// `SELF`'s members when it is a dictionary and the program looks plain keys up in it: taken out of the
    /// `Value` once per evaluation and borrowed by each key leaf, instead of copied out of it by each.
    var fields: ValueDictionary? = nil
    /// The `$variable` bindings; nil when there are none (evaluating over a row store).
    let variables: UnsafePointer<[String: Value]>?
    /// The clock and random source of `now()` and `random()`.
    unowned(unsafe) let environment: EnvironmentBox
    /// The row slots (form mode): a plain pointer into the store, so copying it costs nothing.
    let slots: SlotEntries
    /// The objects typed reads start from (programs compiled against a Swift type's schema): register 0
    /// is the evaluated object, higher registers the elements of enclosing typed SUBQUERYs; nil otherwise.
    let registers: UnsafePointer<UnsafeRawPointer>?
    /// The work the evaluation may still do: every instruction, element visited, byte of text searched and
    /// pattern step is charged to it, nested runs (a typed SUBQUERY's block) included.
    let budget: UnsafeMutablePointer<EvaluationBudget>
}

/// The function environment of a compiled predicate, boxed so evaluation can borrow it for free.
final class EnvironmentBox: Sendable {
    let environment: FunctionEnvironment
    init(_ environment: FunctionEnvironment) { self.environment = environment }

    /// The live environment's box, shared by every predicate that uses it (one allocation fewer per compile).
    static let live = EnvironmentBox(.live)
}

/// Runs programs. Stateless: everything an evaluation mutates lives in its own frame.
enum VirtualMachine {
    /// Evaluates `program`: the one entry point. `trace` sees every decision node or instruction before
    /// it runs.
    @inline(__always)
    static func run<Trace: TraceSink>(
        _ program: Program.Storage, _ inputs: borrowing EvaluationInputs, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        if program.runsOnSlotsAlone {
            return try walkSlots(program, SlotLeafInputs(slots: inputs.slots, budget: inputs.budget), trace: &trace)
        }
        if program.hasDecisionGraph {
            return try walk(
                program, program.graphNodeBase, program.graphNodes.count, program.graphEntry, block: 0, inputs,
                leaves: AnyLeaves.self, trace: &trace)
        }
        return try runInstructions(program, from: 0, inputs, trace: &trace)
    }

    /// Runs block `block` (1 or more: a block after the main one) of `program`, untraced: a typed SUBQUERY's
    /// predicate, for one element.
    static func run(_ program: Program.Storage, block: Int, _ inputs: borrowing EvaluationInputs)
        throws(EvaluationError) -> Bool
    {
        var trace = NoTrace()
        guard program.blocks.indices.contains(block - 1) else {
            throw EvaluationError(.unsupported, "the program refers to a block it does not have")
        }
        let view = program.blocks[block - 1]
        if view.hasDecisionGraph {
            return try walk(
                program, view.nodeBase, view.nodes.count, view.entry, block: block, inputs, leaves: AnyLeaves.self,
                trace: &trace)
        }
        return try runInstructions(program, from: view.start, inputs, trace: &trace)
    }

    /// Runs the dispatch loop over a frame in one temporary (stack) allocation. Out of line, so the graph
    /// walk inlined into ``run(_:_:trace:)`` stays small.
    @inline(never)
    private static func runInstructions<Trace: TraceSink>(
        _ program: Program.Storage, from start: Int, _ inputs: borrowing EvaluationInputs, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let capacity = max(1, program.maxStackDepth + program.localCount)
        return try withUnsafeTemporaryAllocation(of: Value.self, capacity: capacity) {
            (buffer) throws(EvaluationError) -> Bool in
            guard let base = buffer.baseAddress else {
                throw EvaluationError(.unsupported, "no memory for the operand stack")
            }
            var frame = Frame(stack: base, locals: base + program.maxStackDepth, localCount: program.localCount)
            defer { frame.clear() }
            return try execute(program, from: start, inputs, &frame, trace: &trace)
        }
    }

    // The dispatch loop. `pc` is the offset of the next instruction; `flag` the predicate register.
    private static func execute<Trace: TraceSink>(
        _ program: Program.Storage, from start: Int, _ inputs: borrowing EvaluationInputs, _ frame: inout Frame,
        trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let code = program.code
        let limits = program.limits
        let budget = inputs.budget
        var pc = start
        var flag = false
        while pc < code.count {
            let offset = pc
            let instruction = code[pc]
            pc += 1
            do throws(EvaluationError) {
                try budget.pointee.charge(1)
                if Trace.isEnabled { trace.record(program, offset: offset, frame: frame, flag: flag) }
                switch instruction {
                case .pushConstant(let index):
                    frame.push(program.constants[Int(index.rawValue)])
                case .pushObject:
                    frame.push(evaluatedObject(program, inputs))
                case .loadVariable(let index):
                    frame.push(try variable(program.names[Int(index.rawValue)], inputs.variables))
                case .loadSlot(let slot):
                    frame.push(inputs.slots.value(slot))
                case .loadSlotHidden(let slot):
                    frame.push(.bool(inputs.slots.isHidden(slot)))
                case .loadSlotDisabled(let slot):
                    frame.push(.bool(inputs.slots.isDisabled(slot)))
                case .loadLocal(let local):
                    frame.push(frame.local(local))
                case .loadRead(let index):
                    frame.push(try readValue(index, program, inputs))
                case .keyPath(let index):
                    let value = frame.pop()
                    frame.push(
                        try KeyValueCoding.resolve(
                            value, program.keyPaths[Int(index.rawValue)][...], depth: 0, &budget.pointee))
                case .index:
                    let index = frame.pop()
                    let base = frame.pop()
                    try chargeUnordered(base, budget)
                    frame.push(try base.element(at: .value(index)))
                case .indexFixed(let kind):
                    let base = frame.pop()
                    try chargeUnordered(base, budget)
                    frame.push(try base.element(at: kind.indexValue))
                case .arithmetic(let op):
                    let rhs = frame.pop()
                    let lhs = frame.pop()
                    frame.push(try Value.arithmetic(op, lhs, rhs))
                case .negate:
                    frame.push(try frame.pop().negated())
                case .setOperation(let op):
                    let rhs = frame.pop()
                    let lhs = frame.pop()
                    try chargeSize(lhs, budget, perElement: hashingCost)
                    try chargeSize(rhs, budget, perElement: hashingCost)
                    frame.push(try Value.setOperation(op, lhs, rhs))
                case .call(let function, let count):
                    let arguments = frame.popArray(Int(count))
                    for argument in arguments { try chargeSize(argument, budget, perElement: 4) }
                    frame.push(try function.apply(arguments, environment: inputs.environment.environment))
                case .makeArray(let count):
                    try budget.pointee.charge(Int(count))
                    frame.push(.array(frame.popArray(Int(count))))
                case .cast:
                    let type = frame.pop()
                    let value = frame.pop()
                    try chargeSize(value, budget)
                    frame.push(try cast(value, type))
                case .unsupported(let index):
                    throw EvaluationError(
                        .unsupported, program.constants[Int(index.rawValue)].stringValue ?? "not supported")
                case .setFlag(let value):
                    flag = value
                case .compare(let op, let options, let modifier):
                    let rhs = frame.pop()
                    let lhs = frame.pop()
                    flag = try compare(lhs, op, rhs, options, modifier, limits, &budget.pointee)
                case .match(let index, let modifier):
                    let value = frame.pop()
                    guard let matcher = program.matcher(index) else { throw missingMatcher() }
                    flag = try match(matcher, value, modifier, limits, &budget.pointee)
                case .matchSlot, .matchSlotCount, .matchKey, .matchRead:
                    try chargeLeafText(instruction, program, inputs)
                    flag = try test(instruction, program, inputs)
                case .not:
                    flag = !flag
                case .jumpIfFalse(let jump):
                    if !flag { pc += Int(jump.rawValue) }
                case .jumpIfTrue(let jump):
                    if flag { pc += Int(jump.rawValue) }
                case .jump(let jump):
                    pc += Int(jump.rawValue)
                case .iterate(let local):
                    try frame.beginIteration(over: frame.pop(), at: local)
                case .iterateNext(let jump, let local):
                    if frame.advanceIteration(at: local) {
                        try budget.pointee.charge(1)
                    } else {
                        pc += Int(jump.rawValue)
                    }
                case .iterateKeep(let local):
                    frame.keepIterationElement(at: local)
                case .iterateEnd(let local):
                    frame.push(frame.endIteration(at: local))
                case .return:
                    return flag
                }
            } catch {
                throw error.range == .synthesized ? error.at(program.sourceRange(at: offset)) : error
            }
        }
        throw EvaluationError(.unsupported, "program ended without a result")
    }
}
