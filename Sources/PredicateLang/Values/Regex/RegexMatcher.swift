// RegexMatcher: runs a RegexProgram over a subject as a Thompson NFA simulation (the Pike VM without
// captures). All live threads advance in lock step, one scalar at a time, and each instruction is
// in a thread list at most once per position, so the work is O(subject × program), never exponential.
// Look-arounds are tabulated first, one extra linear scan each, and then read like anchors.

/// The NFA simulation over one subject.
///
/// Notes:
/// - The main program is anchored at position 0 and accepts only at the end (whole-string match).
/// - A look-behind body is run forwards, unanchored (a fresh thread starts at every position);
///   "matches ending at p" is recorded for every p. A look-ahead body is compiled reversed and run
///   backwards from the end the same way, which records "matches starting at p". Nested
///   look-arounds are tabulated first (innermost first). Assertions always read absolute positions,
///   so they need no mirroring in reversed programs.
struct RegexMatcher {
    /// A set of instruction indexes with O(1) insert, lookup and clear (Briggs–Torczon sparse set).
    private struct ThreadList {
        var dense: [Int]
        var sparse: [Int]
        var count = 0

        init(capacity: Int) {
            dense = Array(repeating: 0, count: capacity)
            sparse = Array(repeating: 0, count: capacity)
        }

        func contains(_ pc: Int) -> Bool {
            let slot = sparse[pc]
            return slot < count && dense[slot] == pc
        }

        mutating func insert(_ pc: Int) {
            sparse[pc] = count
            dense[count] = pc
            count += 1
        }
    }

    /// A position in the subject, as assertions see it.
    private struct Context {
        var position: Int
        var previous: Unicode.Scalar?
        var current: Unicode.Scalar?
        var following: Unicode.Scalar?
        var afterFollowing: Bool
    }

    /// The thread steps still allowed for this match (all scans share it).
    private struct Budget {
        var remaining: Int
        let limit: Int

        mutating func spend(_ steps: Int) throws(EvaluationError) {
            remaining -= steps
            if remaining < 0 {
                throw EvaluationError(.regexLimit, "Can't do regex matching, reason: (more than \(limit) matcher steps)")
            }
        }
    }

    private let subject: [Unicode.Scalar]
    /// Each subject scalar's simple case folding, when some program needs it.
    private let folded: [Unicode.Scalar]

    init(subject: [Unicode.Scalar], folding: Bool) {
        self.subject = subject
        folded = folding ? subject.map(StringFolding.simpleCaseFolded) : subject
    }

    /// Whether `program` matches all of the subject. Throws `regexLimit` past `stepBudget` steps.
    func matchesWhole(_ program: RegexProgram, stepBudget: Int) throws(EvaluationError) -> Bool {
        var budget = Budget(remaining: stepBudget, limit: stepBudget)
        let tables = try lookaroundTables(program, &budget)
        let accepted = try scan(program, tables: tables, forward: true, anchored: true, &budget)
        return accepted[subject.count]
    }

    /// One table per look-around of `program`: entry p says whether its body matches at p.
    private func lookaroundTables(_ program: RegexProgram, _ budget: inout Budget) throws(EvaluationError) -> [[Bool]] {
        var tables: [[Bool]] = []
        for lookaround in program.lookarounds {
            let inner = try lookaroundTables(lookaround.program, &budget)
            tables.append(
                try scan(lookaround.program, tables: inner, forward: !lookaround.isAhead, anchored: false, &budget))
        }
        return tables
    }

    /// Runs `program` over the subject in one direction. Entry p of the result says whether a match
    /// state is live at position p. `anchored` starts threads only at the first position.
    private func scan(
        _ program: RegexProgram, tables: [[Bool]], forward: Bool, anchored: Bool, _ budget: inout Budget
    ) throws(EvaluationError) -> [Bool] {
        let count = subject.count
        var accepted = Array(repeating: false, count: count + 1)
        var current = ThreadList(capacity: program.instructions.count)
        var next = ThreadList(capacity: program.instructions.count)
        var stack: [Int] = []
        var position = forward ? 0 : count
        addThread(0, program, tables, to: &current, context(program, at: position), &stack)
        accepted[position] = hasMatch(program, current)
        for _ in 0..<count {
            if anchored && current.count == 0 { return accepted }
            try budget.spend(current.count + 1)
            let index = forward ? position : position - 1
            position = forward ? position + 1 : position - 1
            let after = context(program, at: position)
            next.count = 0
            for slot in 0..<current.count {
                let pc = current.dense[slot]
                if consumes(program, program.instructions[pc], index) {
                    addThread(pc + 1, program, tables, to: &next, after, &stack)
                }
            }
            if !anchored { addThread(0, program, tables, to: &next, after, &stack) }
            swap(&current, &next)
            accepted[position] = hasMatch(program, current)
        }
        return accepted
    }

    private func hasMatch(_ program: RegexProgram, _ list: ThreadList) -> Bool {
        for slot in 0..<list.count where program.instructions[list.dense[slot]] == .match { return true }
        return false
    }

    private func consumes(_ program: RegexProgram, _ instruction: RegexInstruction, _ index: Int) -> Bool {
        switch instruction {
        case .scalar(let value): subject[index].value == value
        case .foldedScalar(let value): folded[index].value == value
        case .characterClass(let classIndex): program.classes[classIndex].contains(subject[index])
        case .foldedCharacterClass(let classIndex): program.classes[classIndex].contains(folded[index])
        case .anyScalar: true
        case .split, .jump, .assertion, .lookaround, .match: false
        }
    }

    /// Adds `start` and everything reachable from it by ε-moves (explicit stack, no recursion).
    private func addThread(
        _ start: Int, _ program: RegexProgram, _ tables: [[Bool]], to list: inout ThreadList, _ context: Context,
        _ stack: inout [Int]
    ) {
        stack.append(start)
        while let pc = stack.popLast() {
            if list.contains(pc) { continue }
            list.insert(pc)
            switch program.instructions[pc] {
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertion(let assertion):
                if Self.holds(assertion, context) { stack.append(pc + 1) }
            case .lookaround(let index, let isNegated):
                if tables[index][context.position] != isNegated { stack.append(pc + 1) }
            case .scalar, .foldedScalar, .characterClass, .foldedCharacterClass, .anyScalar, .match:
                break
            }
        }
    }

    private func context(_ program: RegexProgram, at index: Int) -> Context {
        guard program.usesAssertions else {
            return Context(position: index, previous: nil, current: nil, following: nil, afterFollowing: false)
        }
        return Context(
            position: index,
            previous: index > 0 ? subject[index - 1] : nil,
            current: index < subject.count ? subject[index] : nil,
            following: index + 1 < subject.count ? subject[index + 1] : nil,
            afterFollowing: index + 2 < subject.count)
    }

    private static func isTerminator(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return RegexProperty.lineTerminator.contains(scalar)
    }

    private static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return RegexProperty.word.contains(scalar)
    }

    private static func holds(_ assertion: RegexAssertion, _ context: Context) -> Bool {
        let insideCRLF = context.previous == "\r" && context.current == "\n"
        switch assertion {
        case .startOfInput:
            return context.previous == nil
        case .startOfLine:
            return context.previous == nil || (isTerminator(context.previous) && context.current != nil && !insideCRLF)
        case .endOfInput:
            return context.current == nil
        case .endOfLine:
            return context.current == nil || (isTerminator(context.current) && !insideCRLF)
        case .endOfInputOrFinalTerminator:
            if context.current == nil { return true }
            if isTerminator(context.current) && context.following == nil { return !insideCRLF }
            return context.current == "\r" && context.following == "\n" && !context.afterFollowing
        case .wordBoundary:
            return isWord(context.previous) != isWord(context.current)
        case .notWordBoundary:
            return isWord(context.previous) == isWord(context.current)
        }
    }
}
