// Verifier: checks a compiled instruction stream before anyone runs it. Follows every path from
// offset 0 using each instruction's stack effect: jump targets in range, no stack underflow, equal
// depth where paths join, `flag` set before it is read, every index inside its table. The compiler
// runs it on every program and takes the maximum stack depth from it.

/// A problem the ``Verifier`` found; it means the compiler has a bug, never that the input was bad.
package struct VerificationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The instruction offset.
    package var offset: Int
    /// What is wrong.
    package var message: String

    package var description: String { String(format4(offset)) + ": " + message }
}

/// Checks the structural invariants of an instruction stream.
package struct Verifier: Sendable {
    /// The sizes of the tables instructions index.
    package struct Tables: Sendable {
        package var constants: Int
        package var matchers: Int
        package var keyPaths: Int
        package var names: Int
        package var locals: Int
        package var reads: Int

        package init(constants: Int, matchers: Int, keyPaths: Int, names: Int, locals: Int, reads: Int = 0) {
            self.constants = constants
            self.matchers = matchers
            self.keyPaths = keyPaths
            self.names = names
            self.locals = locals
            self.reads = reads
        }
    }

    private struct State: Equatable {
        var depth: Int
        var flagSet: Bool
    }

    /// Verifies `instructions` from each of `entries` (the main block at 0 and any later blocks); returns
    /// the maximum stack depth, or the first failure found.
    package static func analyze(
        _ instructions: [Instruction], tables: Tables, entries: [Int] = [0]
    ) -> Result<Int, VerificationFailure> {
        guard !instructions.isEmpty else {
            return .failure(VerificationFailure(offset: 0, message: "empty program"))
        }
        // The state of each offset and the work list live in temporary storage (on the stack for the usual
        // program): an offset is queued when its state is first set and at most once more (when it gains
        // "flag unset"), so the list never holds more than twice the offsets plus the entries.
        return withUnsafeTemporaryAllocation(of: State?.self, capacity: instructions.count) { states in
            states.initialize(repeating: nil)
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* instructions.count &+ entries.count) {
                analyze(instructions, tables: tables, entries: entries, states: states, worklist: $0)
            }
        }
    }

    /// ``analyze(_:tables:entries:)`` over `states` (one per instruction, all nil) and room for the work list.
    private static func analyze(
        _ instructions: [Instruction], tables: Tables, entries: [Int], states: UnsafeMutableBufferPointer<State?>,
        worklist: UnsafeMutableBufferPointer<Int>
    ) -> Result<Int, VerificationFailure> {
        var queued = 0
        for entry in entries {
            guard instructions.indices.contains(entry) else {
                return .failure(VerificationFailure(offset: entry, message: "block entry outside the program"))
            }
            guard states[entry] == nil else { continue }
            worklist[queued] = entry
            queued &+= 1
            states[entry] = State(depth: 0, flagSet: false)
        }
        var maxDepth = 0
        while queued > 0 {
            queued &-= 1
            let offset = worklist[queued]
            guard let state = states[offset] else { continue }
            let instruction = instructions[offset]
            if let problem = indexProblem(instruction, tables: tables) {
                return .failure(VerificationFailure(offset: offset, message: problem))
            }
            let effect = instruction.stackEffect
            if state.depth < effect.pops {
                return .failure(
                    VerificationFailure(
                        offset: offset, message: "stack underflow (depth \(state.depth), pops \(effect.pops))"))
            }
            if instruction.readsFlag && !state.flagSet {
                return .failure(VerificationFailure(offset: offset, message: "flag read before it is set"))
            }
            let next = State(
                depth: state.depth - effect.pops + effect.pushes,
                flagSet: state.flagSet || instruction.setsFlag)
            maxDepth = max(maxDepth, next.depth)
            // At most two successors, kept in locals (an array here cost an allocation per instruction).
            var first = offset + 1
            var second: Int? = nil
            switch instruction {
            case .return:
                if state.depth != 0 {
                    return .failure(
                        VerificationFailure(offset: offset, message: "return with \(state.depth) values on the stack"))
                }
                continue
            case .jump(let jump):
                first = offset + 1 + Int(jump.rawValue)
            case .jumpIfFalse(let jump), .jumpIfTrue(let jump), .iterateNext(let jump, _):
                first = offset + 1 + Int(jump.rawValue)
                second = offset + 1
            default:
                break
            }
            /// Carries `next` to `successor`, queuing it when its state is new or gains "flag unset".
            func flow(to successor: Int) -> VerificationFailure? {
                guard instructions.indices.contains(successor) else {
                    return VerificationFailure(
                        offset: offset, message: "control flows to \(successor), outside the program")
                }
                if let existing = states[successor] {
                    if existing.depth != next.depth {
                        return VerificationFailure(
                            offset: successor,
                            message: "paths join with stack depths \(existing.depth) and \(next.depth)")
                    }
                    guard existing.flagSet && !next.flagSet else { return nil }
                }
                // Never taken (see the bound above); kept so that a mistake cannot write past the list.
                guard queued < worklist.count else {
                    return VerificationFailure(offset: offset, message: "work list overflow")
                }
                states[successor] = next
                worklist[queued] = successor
                queued &+= 1
                return nil
            }
            if let failure = flow(to: first) { return .failure(failure) }
            if let second, let failure = flow(to: second) { return .failure(failure) }
        }
        return .success(maxDepth)
    }

    /// Verifies a whole program, including its recorded maximum depth and source map.
    package static func verify(_ program: Program) -> [VerificationFailure] {
        let tables = Tables(
            constants: program.constants.count, matchers: program.matchers.count,
            keyPaths: program.storage.keyPaths.count, names: program.names.count,
            locals: program.localCount, reads: program.reads.count)
        var failures: [VerificationFailure] = []
        let instructions = program.instructions  // copied out of the program's table once
        switch analyze(instructions, tables: tables, entries: [0] + program.blocks.map(\.start)) {
        case .success(let depth):
            if depth != program.maxStackDepth {
                failures.append(
                    VerificationFailure(
                        offset: 0, message: "recorded max depth \(program.maxStackDepth), computed \(depth)"))
            }
        case .failure(let failure):
            failures.append(failure)
        }
        let rangeCount = program.sourceRanges.count
        if rangeCount != instructions.count {
            failures.append(
                VerificationFailure(
                    offset: 0, message: "source map has \(rangeCount) entries for \(instructions.count) instructions"))
        }
        if let graph = program.decisionGraph { failures += graphProblems(graph, instructions) }
        for block in program.blocks {
            if let graph = block.decisionGraph { failures += graphProblems(graph, instructions) }
        }
        if program.keyPathRanges.count != program.storage.keyPaths.count {
            failures.append(VerificationFailure(offset: 0, message: "key path ranges do not match key paths"))
        }
        return failures
    }

    /// Checks a decision graph against its program: every node is the leaf at its offset, in program
    /// order, and every edge goes to a later node or to an answer (so a walk ends within its node count).
    static func graphProblems(_ graph: DecisionGraph, _ instructions: [Instruction]) -> [VerificationFailure] {
        var failures: [VerificationFailure] = []
        func check(_ target: DecisionTarget, from node: Int, at offset: Int) {
            if target.isNode, Int(target.rawValue) <= node || Int(target.rawValue) >= graph.nodes.count {
                failures.append(VerificationFailure(offset: offset, message: "graph edge to \(target) from n\(node)"))
            }
        }
        check(graph.entry, from: -1, at: 0)
        var previous = -1
        for (index, node) in graph.nodes.enumerated() {
            let offset = Int(node.offset)
            if offset <= previous || !instructions.indices.contains(offset) || instructions[offset] != node.instruction
                || !node.instruction.isLeaf
            {
                failures.append(
                    VerificationFailure(offset: offset, message: "graph node n\(index) is not the leaf at its offset"))
            }
            previous = offset
            check(node.onTrue, from: index, at: offset)
            check(node.onFalse, from: index, at: offset)
        }
        return failures
    }

    private static func indexProblem(_ instruction: Instruction, tables: Tables) -> String? {
        func check(_ index: Int, _ count: Int, _ table: String) -> String? {
            index < count ? nil : "\(table) index \(index) out of range (\(count))"
        }
        switch instruction {
        case .pushConstant(let index), .unsupported(let index):
            return check(Int(index.rawValue), tables.constants, "constant")
        case .loadVariable(let index):
            return check(Int(index.rawValue), tables.names, "name")
        case .loadLocal(let index):
            return check(Int(index.rawValue), tables.locals, "local")
        case .keyPath(let index):
            return check(Int(index.rawValue), tables.keyPaths, "key path")
        case .match(let matcher, _), .matchSlot(_, let matcher), .matchSlotCount(_, let matcher):
            return check(Int(matcher.rawValue), tables.matchers, "matcher")
        case .matchKey(let keyPath, let matcher):
            return check(Int(keyPath.rawValue), tables.keyPaths, "key path")
                ?? check(Int(matcher.rawValue), tables.matchers, "matcher")
        case .matchRead(let read, let matcher, _):
            return check(Int(read.rawValue), tables.reads, "read")
                ?? check(Int(matcher.rawValue), tables.matchers, "matcher")
        case .loadRead(let read):
            return check(Int(read.rawValue), tables.reads, "read")
        case .iterate(let local), .iterateNext(_, let local), .iterateKeep(let local), .iterateEnd(let local):
            return check(Int(local.rawValue) + 3, tables.locals, "local")
        case .pushObject, .loadSlot, .loadSlotHidden, .loadSlotDisabled, .index, .indexFixed, .arithmetic,
            .negate, .setOperation, .call, .makeArray, .cast, .setFlag, .compare, .not, .jumpIfFalse,
            .jumpIfTrue, .jump, .return:
            return nil
        }
    }
}

/// Zero-padded four-digit offset, as listings print it.
func format4(_ offset: Int) -> String {
    let digits = String(offset)
    return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
}
