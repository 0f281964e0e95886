// RegexMatcher: runs a RegexProgram over a subject as a Thompson NFA simulation (the Pike VM without
// captures). All live threads advance in lock step, one scalar at a time, and each instruction is
// in a thread list at most once per position, so the work is O(subject × program), never exponential.

/// The NFA simulation. One value per match call; its thread lists are sized to the program.
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

    /// What the assertions can see at a position: the scalars before it and at it (and one more,
    /// for `\Z` before a final `\r\n`).
    private struct Context {
        var previous: Unicode.Scalar?
        var current: Unicode.Scalar?
        var following: Unicode.Scalar?
        var afterFollowing: Bool
    }

    private let program: RegexProgram

    init(program: RegexProgram) {
        self.program = program
    }

    /// Whether the program matches all of `subject`. Throws `regexLimit` when the thread steps
    /// exceed `stepBudget`.
    func matchesWhole(_ subject: [Unicode.Scalar], stepBudget: Int) throws(EvaluationError) -> Bool {
        var current = ThreadList(capacity: program.instructions.count)
        var next = ThreadList(capacity: program.instructions.count)
        var stack: [Int] = []
        var steps = 0
        addThread(0, to: &current, context(subject, at: 0), &stack)
        for index in subject.indices {
            if current.count == 0 { return false }
            steps += current.count
            if steps > stepBudget {
                throw EvaluationError(
                    .regexLimit, "Can't do regex matching, reason: (more than \(stepBudget) matcher steps)")
            }
            let scalar = subject[index]
            let folded = program.usesFolding ? StringFolding.simpleCaseFolded(scalar) : scalar
            let after = context(subject, at: index + 1)
            next.count = 0
            for slot in 0..<current.count {
                let pc = current.dense[slot]
                if consumes(program.instructions[pc], scalar, folded) {
                    addThread(pc + 1, to: &next, after, &stack)
                }
            }
            swap(&current, &next)
        }
        for slot in 0..<current.count where program.instructions[current.dense[slot]] == .match {
            return true
        }
        return false
    }

    private func consumes(_ instruction: RegexInstruction, _ scalar: Unicode.Scalar, _ folded: Unicode.Scalar) -> Bool {
        switch instruction {
        case .scalar(let value): scalar.value == value
        case .foldedScalar(let value): folded.value == value
        case .characterClass(let index): program.classes[index].contains(scalar)
        case .foldedCharacterClass(let index): program.classes[index].contains(folded)
        case .anyScalar: true
        case .split, .jump, .assertion, .match: false
        }
    }

    /// Adds `pc` and everything reachable from it by ε-moves (explicit stack, no recursion).
    private func addThread(_ start: Int, to list: inout ThreadList, _ context: Context, _ stack: inout [Int]) {
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
            case .scalar, .foldedScalar, .characterClass, .foldedCharacterClass, .anyScalar, .match:
                break
            }
        }
    }

    private func context(_ subject: [Unicode.Scalar], at index: Int) -> Context {
        guard program.usesAssertions else {
            return Context(previous: nil, current: nil, following: nil, afterFollowing: false)
        }
        return Context(
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
