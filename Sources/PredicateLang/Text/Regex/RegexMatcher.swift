// RegexMatcher: runs a RegexProgram over a subject as a Thompson NFA simulation (the Pike VM without
// captures). All live threads advance in lock step, one scalar at a time, and each instruction is
// in a thread list at most once per position, so the work is O(subject × program), never exponential.
// Look-arounds are tabulated first, one extra linear scan each, and then read like anchors.

/// The NFA simulation over one subject, generic over how the subject's scalars are stored (ASCII
/// bytes read in place, or an array of scalars).
///
/// Notes:
/// - The main program is anchored at position 0 and accepts only at the end (whole-string match).
/// - A look-behind body is run forwards, unanchored (a fresh thread starts at every position);
///   "matches ending at p" is recorded for every p. A look-ahead body is compiled reversed and run
///   backwards from the end the same way, which records "matches starting at p". Nested
///   look-arounds are tabulated first (innermost first). Assertions always read absolute positions,
///   so they need no mirroring in reversed programs.
/// - Thread lists and the ε-closure stack live in one temporary allocation (on the stack for small
///   programs), so a pattern without look-arounds matches an ASCII subject without heap allocation.
struct RegexMatcher<Subject: RandomAccessCollection, Folded: RandomAccessCollection>
where Subject.Element == Unicode.Scalar, Subject.Index == Int, Folded.Element == Unicode.Scalar, Folded.Index == Int {
    /// A set of instruction indexes with O(1) insert, lookup and clear (Briggs–Torczon sparse set).
    /// Instruction indexes are stored as 16 bits (programs are at most
    /// ``RegexPattern/maxProgramSize`` instructions), so the working memory of programs up to ~80
    /// instructions fits the 1 KiB that `withUnsafeTemporaryAllocation` keeps on the stack.
    typealias Slot = UInt16

    private struct ThreadList {
        var dense: UnsafeMutableBufferPointer<Slot>
        var sparse: UnsafeMutableBufferPointer<Slot>
        var count = 0

        func contains(_ pc: Int) -> Bool {
            let slot = Int(sparse[pc])
            return slot < count && Int(dense[slot]) == pc
        }

        mutating func insert(_ pc: Int) {
            sparse[pc] = Slot(truncatingIfNeeded: count)
            dense[count] = Slot(truncatingIfNeeded: pc)
            count += 1
        }
    }

    /// The ε-closure work stack: every visited instruction pushes at most two more, so
    /// 2 × program + 1 slots always suffice.
    private struct WorkStack {
        var storage: UnsafeMutableBufferPointer<Slot>
        var count = 0

        mutating func push(_ pc: Int) {
            storage[count] = Slot(truncatingIfNeeded: pc)
            count += 1
        }

        mutating func pop() -> Int? {
            guard count > 0 else { return nil }
            count -= 1
            return Int(storage[count])
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

    /// What the scans record.
    private enum Recording {
        /// Only whether a match state is live at the last position.
        case last
        /// Whether a match state is live at every position (look-around tables).
        case table
    }

    private let subject: Subject
    /// Each subject scalar's simple case folding (read only by folded instructions).
    private let folded: Folded

    init(subject: Subject, folded: Folded) {
        self.subject = subject
        self.folded = folded
    }

    /// Whether `program` matches all of the subject, charging thread steps to `budget`.
    func matchesWhole(_ program: RegexProgram, _ budget: inout EvaluationBudget) throws(EvaluationError) -> Bool {
        let tables = try lookaroundTables(program, &budget)
        var last = false
        _ = try scan(program, tables: tables, forward: true, anchored: true, recording: .last, &budget, last: &last)
        return last
    }

    /// One table per look-around of `program`: entry p says whether its body matches at p.
    private func lookaroundTables(_ program: RegexProgram, _ budget: inout EvaluationBudget) throws(EvaluationError)
        -> [[Bool]]
    {
        if program.lookarounds.isEmpty { return [] }
        var tables: [[Bool]] = []
        for lookaround in program.lookarounds {
            let inner = try lookaroundTables(lookaround.program, &budget)
            var last = false
            tables.append(
                try scan(
                    lookaround.program, tables: inner, forward: !lookaround.isAhead, anchored: false,
                    recording: .table, &budget, last: &last))
        }
        return tables
    }

    /// Runs `program` over the subject in one direction. `last` receives whether a match state is
    /// live at the final position; with `.table` the result has that answer for every position.
    /// `anchored` starts threads only at the first position.
    private func scan(
        _ program: RegexProgram, tables: [[Bool]], forward: Bool, anchored: Bool, recording: Recording,
        _ budget: inout EvaluationBudget, last: inout Bool
    ) throws(EvaluationError) -> [Bool] {
        let size = program.instructions.count
        return try withUnsafeTemporaryAllocation(of: Slot.self, capacity: 6 * size + 1) {
            (memory) throws(EvaluationError) -> [Bool] in
            memory.initialize(repeating: 0)
            let base = memory.baseAddress
            func slice(_ offset: Int, _ count: Int) -> UnsafeMutableBufferPointer<Slot> {
                UnsafeMutableBufferPointer(start: base.map { $0 + offset }, count: count)
            }
            var current = ThreadList(dense: slice(0, size), sparse: slice(size, size))
            var next = ThreadList(dense: slice(2 * size, size), sparse: slice(3 * size, size))
            var stack = WorkStack(storage: slice(4 * size, 2 * size + 1))
            return try run(
                program, tables, forward: forward, anchored: anchored, recording: recording,
                &current, &next, &stack, &budget, &last)
        }
    }

    private func run(
        _ program: RegexProgram, _ tables: [[Bool]], forward: Bool, anchored: Bool, recording: Recording,
        _ current: inout ThreadList, _ next: inout ThreadList, _ stack: inout WorkStack,
        _ budget: inout EvaluationBudget,
        _ last: inout Bool
    ) throws(EvaluationError) -> [Bool] {
        let count = subject.count
        var accepted: [Bool] = recording == .table ? Array(repeating: false, count: count + 1) : []
        var position = forward ? 0 : count
        addThread(0, program, tables, to: &current, context(program, at: position), &stack)
        var live = hasMatch(program, current)
        if recording == .table { accepted[position] = live }
        for _ in 0..<count {
            if anchored && current.count == 0 { break }
            try budget.charge(current.count + 1)
            let index = forward ? position : position - 1
            position = forward ? position + 1 : position - 1
            let after = context(program, at: position)
            next.count = 0
            for slot in 0..<current.count {
                let pc = Int(current.dense[slot])
                if consumes(program, program.instructions[pc], index) {
                    addThread(pc + 1, program, tables, to: &next, after, &stack)
                }
            }
            if !anchored { addThread(0, program, tables, to: &next, after, &stack) }
            swap(&current, &next)
            live = hasMatch(program, current)
            if recording == .table { accepted[position] = live }
        }
        last = live && position == (forward ? count : 0)
        return accepted
    }

    /// Whether the list holds the program's only `match` instruction, which is always the last one.
    private func hasMatch(_ program: RegexProgram, _ list: ThreadList) -> Bool {
        list.contains(program.instructions.count - 1)
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
        _ stack: inout WorkStack
    ) {
        stack.push(start)
        while let pc = stack.pop() {
            if list.contains(pc) { continue }
            list.insert(pc)
            switch program.instructions[pc] {
            case .jump(let target):
                stack.push(target)
            case .split(let first, let second):
                stack.push(second)
                stack.push(first)
            case .assertion(let assertion):
                if RegexAssertion.holds(
                    assertion, previous: context.previous, current: context.current, following: context.following,
                    afterFollowing: context.afterFollowing)
                {
                    stack.push(pc + 1)
                }
            case .lookaround(let index, let isNegated):
                if tables[index][context.position] != isNegated { stack.push(pc + 1) }
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
}

extension RegexAssertion {
    /// Whether the assertion holds between `previous` and `current` (nil at the ends of the subject).
    static func holds(
        _ assertion: RegexAssertion, previous: Unicode.Scalar?, current: Unicode.Scalar?, following: Unicode.Scalar?,
        afterFollowing: Bool
    ) -> Bool {
        let insideCRLF = previous == "\r" && current == "\n"
        switch assertion {
        case .startOfInput:
            return previous == nil
        case .startOfLine:
            return previous == nil || (isTerminator(previous) && current != nil && !insideCRLF)
        case .endOfInput:
            return current == nil
        case .endOfLine:
            return current == nil || (isTerminator(current) && !insideCRLF)
        case .endOfInputOrFinalTerminator:
            if current == nil { return true }
            if isTerminator(current) && following == nil { return !insideCRLF }
            return current == "\r" && following == "\n" && !afterFollowing
        case .wordBoundary:
            return isWord(previous) != isWord(current)
        case .notWordBoundary:
            return isWord(previous) == isWord(current)
        }
    }

    private static func isTerminator(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return RegexProperty.lineTerminator.contains(scalar)
    }

    private static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return RegexProperty.word.contains(scalar)
    }
}
