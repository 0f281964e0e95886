// VirtualMachine: the dispatch loop and nothing else. Runs a Program against one set of inputs with an
// operand stack and locals in one temporary (stack) allocation sized from the program, so evaluating
// allocates nothing on the heap. Errors get the source range of the failing instruction.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one evaluation reads: the object, variable bindings, and a form's row slots.
struct EvaluationInputs {
    var object: Value
    var variables: [String: Value]
    var slotValues: UnsafeBufferPointer<Value>
    var hiddenFlags: UnsafeBufferPointer<Bool>
    var disabledFlags: UnsafeBufferPointer<Bool>
    var environment: FunctionEnvironment
    var limits: Limits
}

/// Runs programs. Stateless: everything an evaluation mutates lives in its own frame.
enum VirtualMachine {
    /// Evaluates `program`; `trace` sees every instruction before it runs.
    static func run<Trace: TraceSink>(
        _ program: Program, _ inputs: borrowing EvaluationInputs, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let capacity = max(1, program.maxStackDepth + program.localCount)
        let result: Result<Bool, EvaluationError> = withUnsafeTemporaryAllocation(of: Value.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else {
                return .failure(EvaluationError(.unsupported, "no memory for the operand stack"))
            }
            var frame = Frame(stack: base, locals: base + program.maxStackDepth, localCount: program.localCount)
            defer { frame.clear() }
            do throws(EvaluationError) {
                return .success(try execute(program, inputs, &frame, trace: &trace))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // The dispatch loop. `pc` is the offset of the next instruction; `flag` the predicate register.
    private static func execute<Trace: TraceSink>(
        _ program: Program, _ inputs: borrowing EvaluationInputs, _ frame: inout Frame, trace: inout Trace
    ) throws(EvaluationError) -> Bool {
        let code = program.instructions
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
                    frame.push(inputs.object)
                case .loadVariable(let index):
                    frame.push(try variable(program.names[Int(index.rawValue)], inputs))
                case .loadSlot(let slot):
                    frame.push(slotValue(slot, inputs))
                case .loadSlotHidden(let slot):
                    frame.push(.bool(flagValue(slot, inputs.hiddenFlags)))
                case .loadSlotDisabled(let slot):
                    frame.push(.bool(flagValue(slot, inputs.disabledFlags)))
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
                    frame.push(try function.apply(arguments, environment: inputs.environment))
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
                    flag = try match(program.matchers[Int(index.rawValue)], value, modifier, inputs.limits, &steps)
                case .matchSlot(let slot, let index):
                    flag = try program.matchers[Int(index.rawValue)].test(slotValue(slot, inputs), limits: inputs.limits)
                case .matchSlotCount(let slot, let index):
                    flag = try program.matchers[Int(index.rawValue)].test(try count(of: slotValue(slot, inputs)), limits: inputs.limits)
                case .matchKey(let path, let index):
                    let value = try keyPathValue(inputs.object, program.keyPaths[Int(path.rawValue)])
                    flag = try program.matchers[Int(index.rawValue)].test(value, limits: inputs.limits)
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
                throw error.range == .synthesized ? error.at(program.sourceRange(at: offset)) : error
            }
        }
        throw EvaluationError(.unsupported, "program ended without a result")
    }
}
