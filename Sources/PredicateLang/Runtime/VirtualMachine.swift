// VirtualMachine: the dispatch loop and nothing else. Runs a Program against one set of inputs with an
// operand stack and locals in one temporary (stack) allocation sized from the program, so evaluating
// allocates nothing on the heap. Errors get the source range of the failing instruction.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The row slots one evaluation reads (form mode): a plain pointer into the store, so copying it costs nothing.
struct SlotInputs {
    var entries: UnsafeBufferPointer<RowStore.Entry>

    static var none: SlotInputs { SlotInputs(entries: UnsafeBufferPointer(start: nil, count: 0)) }
}

/// What one evaluation reads besides its slots. Every member is borrowed from the caller.
struct EvaluationInputs: ~Copyable {
    let object: UnsafePointer<Value>
    /// The `$variable` bindings (empty when evaluating over a row store).
    let variables: UnsafePointer<[String: Value]>
    unowned(unsafe) let environment: EnvironmentBox
    let slots: SlotInputs
    let limits: Limits
}

/// The function environment of a compiled predicate, boxed so evaluation can borrow it for free.
final class EnvironmentBox: Sendable {
    let environment: FunctionEnvironment
    init(_ environment: FunctionEnvironment) { self.environment = environment }
}

/// Runs programs. Stateless: everything an evaluation mutates lives in its own frame.
@usableFromInline
enum VirtualMachine {
    /// Evaluates `program`; `trace` sees every instruction before it runs.
    @inline(__always)
    static func run<Trace: TraceSink>(
        _ program: Program.Storage, _ inputs: borrowing EvaluationInputs, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        if program.isStackless {
            // Fused leaves and jumps only: no operand stack needed.
            // Its jumps only go forward, so it runs at most `code.count` steps: when that is within the
            // budget the leaf loop needs no step counter.
            if !Trace.isEnabled, program.code.count <= inputs.limits.maxEvaluationSteps {
                return try executeLeaves(program, inputs.slots.entries, inputs.object, inputs.limits)
            }
            if let nowhere = UnsafeMutablePointer<Value>(bitPattern: MemoryLayout<Value>.alignment) {
                var frame = Frame(stack: nowhere, locals: nowhere, localCount: 0)
                return try execute(program, program.code, program.matcherTable, inputs, &frame, trace: &trace)
            }
        }
        let capacity = max(1, program.maxStackDepth + program.localCount)
        return try withUnsafeTemporaryAllocation(of: Value.self, capacity: capacity) { (buffer) throws(EvaluationError) -> Bool in
            guard let base = buffer.baseAddress else {
                throw EvaluationError(.unsupported, "no memory for the operand stack")
            }
            var frame = Frame(stack: base, locals: base + program.maxStackDepth, localCount: program.localCount)
            defer { frame.clear() }
            return try execute(program, program.code, program.matcherTable, inputs, &frame, trace: &trace)
        }
    }

    static func missingTable() -> EvaluationError {
        EvaluationError(.unsupported, "the program refers to a table entry it does not have")
    }

    // The loop for stackless programs (fused leaves, NOT and jumps: the usual form condition). Such a
    // program normally has a decision graph (``LeafGraph``): one test per node, and the answer picks the
    // next node, so jumps, NOTs and the final `return` cost nothing at run time. A program the graph does
    // not cover runs its instructions one by one. Either way the loop ends within `code.count` steps
    // (jumps only go forward; the caller checked the budget).
    ///
    /// `object` is `SELF`; only `matchKey` leaves read it.
    private static func executeLeaves(
        _ program: Program.Storage, _ slots: UnsafeBufferPointer<RowStore.Entry>, _ object: UnsafePointer<Value>?,
        _ limits: borrowing Limits
    ) throws(EvaluationError) -> Bool {
        guard program.hasLeafGraph else { return try executeLeafCode(program, slots, object, limits) }
        return try walkLeafGraph(program, slots, object, limits)
    }

    /// ``executeLeaves`` for a form-mode predicate whose decision graph runs with a null `SELF` (the
    /// caller checked ``CompiledPredicate/runsLeafGraph``): takes the predicate's core, so the call
    /// passes two words and the limits are read only by a leaf's slow path.
    @usableFromInline
    static func executeLeafGraph(
        _ core: CompiledPredicate.Core, _ slots: UnsafeBufferPointer<RowStore.Entry>
    ) throws(EvaluationError) -> Bool {
        try walkLeafGraph(core.program.storage, slots, nil, core.limits)
    }

    /// The decision-graph loop: one leaf test per node, its answer picks the next node or the result.
    @inline(__always)
    private static func walkLeafGraph(
        _ program: Program.Storage, _ slots: UnsafeBufferPointer<RowStore.Entry>, _ object: UnsafePointer<Value>?,
        _ limits: borrowing Limits
    ) throws(EvaluationError) -> Bool {
        let nodes = program.leafNodes
        let matchers = program.matcherTable
        var next = program.leafEntry
        var offset: Int32 = 0
        do throws(EvaluationError) {
            while next >= 0 {
                let node = nodes[Int(next)]
                offset = node.offset
                let answer = try test(node.instruction, program, matchers, slots, object, limits)
                next = answer ? node.onTrue : node.onFalse
            }
        } catch {
            throw error.range == .synthesized ? error.at(program.sourceRanges[Int(offset)]) : error
        }
        if next == LeafGraph.answerTrue { return true }
        if next == LeafGraph.answerFalse { return false }
        throw EvaluationError(.unsupported, "program ended without a result")
    }

    /// ``executeLeaves`` for a stackless program without a decision graph: instruction by instruction.
    @inline(never)
    private static func executeLeafCode(
        _ program: Program.Storage, _ slots: UnsafeBufferPointer<RowStore.Entry>, _ object: UnsafePointer<Value>?,
        _ limits: borrowing Limits
    ) throws(EvaluationError) -> Bool {
        let code = program.code
        let matchers = program.matcherTable
        var pc = 0
        var offset = 0
        var flag = false
        do throws(EvaluationError) {
            while pc < code.count {
                offset = pc
                pc += 1
                let instruction = code[offset]
                switch instruction {
                case .jumpIfFalse(let jump):
                    if !flag { pc += Int(jump.rawValue) }
                case .jumpIfTrue(let jump):
                    if flag { pc += Int(jump.rawValue) }
                case .return:
                    return flag
                case .not:
                    flag = !flag
                case .setFlag(let value):
                    flag = value
                case .jump(let jump):
                    pc += Int(jump.rawValue)
                default:
                    flag = try test(instruction, program, matchers, slots, object, limits)
                }
            }
        } catch {
            throw error.range == .synthesized ? error.at(program.sourceRanges[offset]) : error
        }
        throw EvaluationError(.unsupported, "program ended without a result")
    }

    /// One leaf test: the fast paths written out, everything else through ``leaf``, which is kept out of
    /// line so the loops stay small (few spills, a small frame).
    @inline(__always)
    private static func test(
        _ instruction: Instruction, _ program: Program.Storage, _ matchers: UnsafeBufferPointer<Matcher>,
        _ slots: UnsafeBufferPointer<RowStore.Entry>, _ object: UnsafePointer<Value>?, _ limits: borrowing Limits
    ) throws(EvaluationError) -> Bool {
        switch instruction {
        case .compareSlotInteger(let slot, let op, let index):
            let position = Int(slot.rawValue)
            if position < slots.count, case .int(let integer) = slots[position].value {
                return holds(op, integer, program.integers[Int(index.rawValue)])
            }
        case .compareSlotCountInteger(let slot, let op, let index):
            let position = Int(slot.rawValue)
            if position < slots.count, case .array(let array) = slots[position].value {
                return holds(op, Int64(array.count), program.integers[Int(index.rawValue)])
            }
        case .compareSlotString(let slot, let op, let index):
            let position = Int(slot.rawValue)
            if position < slots.count, case .string(let string) = slots[position].value {
                return program.strings[Int(index.rawValue)].isIdentical(to: string) == (op == .equalTo)
            }
        case .matchSlot(let slot, let index):
            let position = Int(slot.rawValue)
            if position < slots.count, let entries = slots.baseAddress, let table = matchers.baseAddress,
                let answer = Matcher.quickTest(table + Int(index.rawValue), entries + position)
            {
                return answer
            }
        default:
            break
        }
        return try leaf(instruction, program, matchers, slots, object, limits)
    }

    /// A leaf test of a stackless program with the full rules: the slow paths of ``executeLeaves``.
    @inline(never)
    private static func leaf(
        _ instruction: Instruction, _ program: Program.Storage, _ matchers: UnsafeBufferPointer<Matcher>,
        _ entries: UnsafeBufferPointer<RowStore.Entry>, _ object: UnsafePointer<Value>?, _ limits: borrowing Limits
    ) throws(EvaluationError) -> Bool {
        let slots = SlotInputs(entries: entries)
        switch instruction {
        case .compareSlotInteger(let slot, let op, let index):
            let constant = program.integers[Int(index.rawValue)]
            return try Value.compare(slotValue(slot, slots), op, .int(constant), options: [], limits: limits)
        case .compareSlotCountInteger(let slot, let op, let index):
            let constant = program.integers[Int(index.rawValue)]
            return try Value.compare(count(of: slotValue(slot, slots)), op, .int(constant), options: [], limits: limits)
        case .compareSlotString(let slot, let op, let index):
            let constant = Value.string(program.strings[Int(index.rawValue)].value)
            return try Value.compare(slotValue(slot, slots), op, constant, options: [], limits: limits)
        case .matchSlot(let slot, let index):
            return try matchers[Int(index.rawValue)].test(slotValue(slot, slots), limits: limits)
        case .matchSlotCount(let slot, let index):
            return try matchers[Int(index.rawValue)].test(try count(of: slotValue(slot, slots)), limits: limits)
        case .matchKey(let path, let index):
            let value = try objectKeyPathValue(path, program, object?.pointee ?? .null)
            return try matchers[Int(index.rawValue)].test(value, limits: limits)
        default:
            throw EvaluationError(.unsupported, "instruction \(instruction.mnemonic) in a stackless program")
        }
    }

    // The dispatch loop. `pc` is the offset of the next instruction; `flag` the predicate register.
    private static func execute<Trace: TraceSink>(
        _ program: Program.Storage, _ code: UnsafeBufferPointer<Instruction>, _ matchers: UnsafeBufferPointer<Matcher>,
        _ inputs: borrowing EvaluationInputs, _ frame: inout Frame, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let maxSteps = inputs.limits.maxEvaluationSteps
        var pc = 0
        var flag = false
        var steps = 0
        while pc < code.count {
            let offset = pc
            let instruction = code[pc]
            pc += 1
            steps &+= 1
            do throws(EvaluationError) {
                if steps > maxSteps { throw budgetExceeded(maxSteps) }
                if Trace.isEnabled { trace.record(program, offset: offset, frame: frame, flag: flag) }
                switch instruction {
                case .pushConstant(let index):
                    frame.push(program.constants[Int(index.rawValue)])
                case .pushObject:
                    frame.push(inputs.object.pointee)
                case .loadVariable(let index):
                    frame.push(try variable(program.names[Int(index.rawValue)], inputs.variables.pointee))
                case .loadSlot(let slot):
                    frame.push(slotValue(slot, inputs.slots))
                case .loadSlotHidden(let slot):
                    frame.push(.bool(hiddenFlag(slot, inputs.slots)))
                case .loadSlotDisabled(let slot):
                    frame.push(.bool(disabledFlag(slot, inputs.slots)))
                case .loadLocal(let local):
                    frame.push(frame.local(local))
                case .keyPath(let index):
                    let value = frame.pop()
                    frame.push(try value.value(forKeyPath: program.keyPaths[Int(index.rawValue)]))
                case .index:
                    let index = frame.pop()
                    let base = frame.pop()
                    frame.push(try base.element(at: .value(index)))
                case .indexFixed(let kind):
                    let base = frame.pop()
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
                    frame.push(try Value.setOperation(op, lhs, rhs))
                case .call(let function, let count):
                    let arguments = frame.popArray(Int(count))
                    frame.push(try function.apply(arguments, environment: inputs.environment.environment))
                case .makeArray(let count):
                    try charge(&steps, Int(count), maxSteps)
                    frame.push(.array(frame.popArray(Int(count))))
                case .cast:
                    let type = frame.pop()
                    let value = frame.pop()
                    frame.push(try cast(value, type))
                case .unsupported(let index):
                    throw EvaluationError(.unsupported, program.constants[Int(index.rawValue)].stringValue ?? "not supported")
                case .setFlag(let value):
                    flag = value
                case .compare(let op, let options, let modifier):
                    let rhs = frame.pop()
                    let lhs = frame.pop()
                    flag = try compare(lhs, op, rhs, options, modifier, inputs.limits, &steps)
                case .match(let index, let modifier):
                    let value = frame.pop()
                    flag = try match(matchers[Int(index.rawValue)], value, modifier, inputs.limits, &steps)
                case .matchSlot, .matchSlotCount, .matchKey, .compareSlotInteger, .compareSlotCountInteger,
                    .compareSlotString:
                    // Fused leaves: the same fast and slow paths as in the leaf loops.
                    flag = try test(instruction, program, matchers, inputs.slots.entries, inputs.object, inputs.limits)
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
                        try charge(&steps, 1, maxSteps)
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
                throw error.range == .synthesized ? error.at(program.sourceRanges[offset]) : error
            }
        }
        throw EvaluationError(.unsupported, "program ended without a result")
    }
}
