// RegexBacktracker: runs a RegexBacktrackProgram over a subject as ICU's matcher does: one current state
// (position, active region, registers) and a stack of saved states to resume on failure. Every step is
// charged to the evaluation budget, so a pattern that backtracks without end (`(a+)+\1b`, `(a?)*+b`) ends
// in an error instead of a stall; the saved states are bounded too (ICU's stack limit).

/// The backtracking matcher over one subject.
struct RegexBacktracker {
    /// The most integers the saved-state stack may hold (eight megabytes, ICU's default stack limit).
    static let maxStackSize = 1 << 20
    /// Steps counted locally before they are charged to the budget.
    private static let chargeInterval = 1 << 12

    private let program: RegexBacktrackProgram
    let subject: [Unicode.Scalar]
    let count: Int
    private let boundaries: RegexBoundaryTables
    private let graphemeBoundaries: [Bool]

    // The current state.
    private var pc = 0
    var position = 0
    var limit: Int
    var registers: [Int]
    /// Saved states, `pc, position, limit, registers…` each.
    private var stack: [Int] = []
    var steps = 0

    init(_ program: RegexBacktrackProgram, subject: [Unicode.Scalar]) {
        self.program = program
        self.subject = subject
        count = subject.count
        limit = subject.count
        registers = Array(repeating: -1, count: program.registerCount)
        boundaries = RegexBoundaryTables(
            subject, words: program.usesWordBoundaries, unicodeWords: program.usesUnicodeWordBoundaries,
            graphemes: false)
        graphemeBoundaries = program.usesGraphemeBoundaries ? RegexGraphemes.boundaries(subject) : []
    }

    private var frameSize: Int { 3 + registers.count }
    private var height: Int { stack.count / frameSize }

    /// Whether the program matches all of the subject.
    mutating func matchesWhole(_ budget: inout EvaluationBudget) throws(EvaluationError) -> Bool {
        while true {
            steps += 1
            if steps >= Self.chargeInterval {
                try budget.charge(steps)
                steps = 0
            }
            if try !execute(program.instructions[pc]) {
                guard try restore() else {
                    try budget.charge(steps)
                    return false
                }
            } else if pc == Int.max {
                try budget.charge(steps)
                return true
            }
        }
    }

    /// Runs one instruction; false when it fails. A `match` at the end sets `pc` to `Int.max`.
    private mutating func execute(_ instruction: RegexBacktrackInstruction) throws(EvaluationError) -> Bool {
        pc += 1
        switch instruction {
        case .scalar(let value):
            guard position < limit, subject[position].value == value else { return false }
            position += 1
        case .literal(let index):
            return consumeLiteral(program.literals[index])
        case .folded(let index):
            return consumeFolded(program.foldedStrings[index])
        case .set(let index):
            guard position < limit, program.sets[index].contains(subject[position].value) else { return false }
            position += 1
        case .anyScalar:
            guard position < limit else { return false }
            position += 1
        case .dotAll:
            guard position < limit else { return false }
            position += 1
            if subject[position - 1] == "\r" && position < limit && subject[position] == "\n" { position += 1 }
        case .lineBreak:
            guard position < limit, RegexBoundaryTables.isTerminator(subject[position].value) else { return false }
            position += 1
            if subject[position - 1] == "\r" && position < limit && subject[position] == "\n" { position += 1 }
        case .graphemeCluster:
            guard position < limit else { return false }
            position += 1
            while position < count && !graphemeBoundaries[position] { position += 1 }
            position = min(position, limit)
        case .fail:
            return false
        case .assertion(let assertion):
            return boundaries.holds(assertion, subject, at: position)
        case .backreference(let group, let caseInsensitive):
            return consumeBackreference(group, caseInsensitive: caseInsensitive)
        case .split(let target):
            try save(target)
        case .jump(let target):
            pc = target
        case .jumpSave(let target):
            try save(pc)
            pc = target
        case .jumpSaveIfProgress(let target, let register):
            if registers[register] < position {
                try save(pc)
                registers[register] = position
                pc = target
            }
        case .storePosition(let register):
            registers[register] = position
        case .counterStart(let loop):
            return try startLoop(program.loops[loop])
        case .counterLoop(let loop):
            try continueLoop(program.loops[loop])
        case .captureStart(let group):
            registers[3 * (group - 1) + 2] = position
        case .captureEnd(let group):
            registers[3 * (group - 1)] = registers[3 * (group - 1) + 2]
            registers[3 * (group - 1) + 1] = position
        case .saveStack(let register):
            registers[register] = height
        case .restoreStack(let register):
            truncateStack(toHeight: registers[register])
        default:
            return try executeLookaround(instruction)
        }
        return true
    }

    /// Look-arounds and `match`.
    private mutating func executeLookaround(_ instruction: RegexBacktrackInstruction) throws(EvaluationError) -> Bool {
        switch instruction {
        case .lookaheadStart(let register):
            (registers[register], registers[register + 1], registers[register + 2]) = (height, position, limit)
            limit = count
        case .lookaheadEnd(let register):
            truncateStack(toHeight: registers[register])
            (position, limit) = (registers[register + 1], registers[register + 2])
        case .lookaheadRestore(let register):
            (position, limit) = (registers[register + 1], registers[register + 2])
        case .lookbehindStart(let register):
            (registers[register], registers[register + 1], registers[register + 2]) = (height, position, limit)
            registers[register + 3] = -1
            limit = position
        case .lookbehindNext(let register, let maximum, let exit):
            let origin = registers[register + 1]
            let start = registers[register + 3] < 0 ? origin : registers[register + 3] - 1
            guard start >= 0, origin - start <= maximum else {
                limit = registers[register + 2]
                guard let exit else { return false }
                position = origin
                pc = exit
                return true
            }
            registers[register + 3] = start
            try save(pc - 1)
            position = start
        case .lookbehindEnd(let register, let isNegated):
            guard position == limit else { return false }
            limit = registers[register + 2]
            truncateStack(toHeight: registers[register])
            if isNegated { return false }
            position = registers[register + 1]
        case .match:
            guard position == count else { return false }
            pc = Int.max
        default:
            return false
        }
        return true
    }

    // MARK: - Saved states

    private mutating func save(_ target: Int) throws(EvaluationError) {
        guard stack.count + frameSize <= Self.maxStackSize else {
            throw EvaluationError(
                .regexLimit, "Can't do regex matching, reason: (U_REGEX_STACK_OVERFLOW: backtracking stack exhausted)")
        }
        stack.append(target)
        stack.append(position)
        stack.append(limit)
        stack.append(contentsOf: registers)
        steps += 1
    }

    /// Drops the states saved above `height` (the states of a finished atomic group or look-around).
    private mutating func truncateStack(toHeight height: Int) {
        let size = min(stack.count, max(0, height) * frameSize)
        stack.removeLast(stack.count - size)
    }

    /// Resumes the last saved state; false when none is left.
    private mutating func restore() throws(EvaluationError) -> Bool {
        guard !stack.isEmpty else { return false }
        let base = stack.count - frameSize
        pc = stack[base]
        position = stack[base + 1]
        limit = stack[base + 2]
        for index in 0..<registers.count { registers[index] = stack[base + 3 + index] }
        stack.removeLast(frameSize)
        return true
    }

    // MARK: - Counted loops

    private mutating func startLoop(_ loop: RegexCountedLoop) throws(EvaluationError) -> Bool {
        registers[loop.register] = 0
        if loop.maximum == nil { registers[loop.register + 1] = position }
        if loop.isLazy {
            if loop.minimum == 0 {
                if loop.maximum != 0 { try save(loop.body) }
                pc = loop.exit
            }
            return true
        }
        if loop.minimum == 0 { try save(loop.exit) }
        return loop.maximum != 0
    }

    private mutating func continueLoop(_ loop: RegexCountedLoop) throws(EvaluationError) {
        registers[loop.register] += 1
        let iterations = registers[loop.register]
        if let maximum = loop.maximum, iterations >= maximum { return }
        if iterations < loop.minimum {
            pc = loop.body
            return
        }
        if loop.maximum == nil {
            if position == registers[loop.register + 1] { return }
            registers[loop.register + 1] = position
        }
        if loop.isLazy {
            try save(loop.body)
        } else {
            try save(loop.exit)
            pc = loop.body
        }
    }
}
