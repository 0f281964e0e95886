// RegexMatcher: runs a RegexProgram over a subject as a Thompson NFA simulation (the Pike VM without
// captures). All live threads advance in lock step, one code point at a time, and each instruction is in a
// thread list at most once per position, so the work is O(subject × program), never exponential.
// Look-arounds are tabulated first, one extra linear scan each, and then read like anchors.

/// The NFA simulation over one subject, generic over how the subject's code points are stored (ASCII bytes
/// read in place, or an array of scalars).
///
/// Notes:
/// - The main program is anchored at position 0 and accepts only at the end (whole-string match).
/// - A look-behind body is run forwards, unanchored (a fresh thread starts at every position); "matches
///   ending at p" is recorded for every p. A look-ahead body is compiled reversed and run backwards from the
///   end the same way, which records "matches starting at p". Nested look-arounds are tabulated first
///   (innermost first). Assertions read absolute positions, so they need no mirroring in reversed programs.
/// - A folded instruction consumes one code point whose full case folding may be several code points long;
///   the thread then skips as many instructions (one per folded code point), so `ß` matches `ss`.
/// - Thread lists and the ε-closure stack live in one temporary allocation (on the stack for small programs),
///   so a pattern without look-arounds matches an ASCII subject without heap allocation.
struct RegexMatcher<Subject: RandomAccessCollection> where Subject.Element == Unicode.Scalar, Subject.Index == Int {
    /// A set of instruction indexes with O(1) insert, lookup and clear (Briggs–Torczon sparse set).
    /// Instruction indexes are stored as 16 bits (programs are at most ``RegexPattern/maxProgramSize``
    /// instructions), so the working memory of programs up to ~80 instructions fits the 1 KiB that
    /// `withUnsafeTemporaryAllocation` keeps on the stack.
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

    /// The ε-closure work stack: every visited instruction pushes at most two more, so 2 × program + 1 slots
    /// always suffice.
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

    /// What the scans record.
    private enum Recording {
        /// Only whether a match state is live at the last position.
        case last
        /// Whether a match state is live at every position (look-around tables).
        case table
    }

    private let subject: Subject
    private let boundaries: RegexBoundaryTables

    init(subject: Subject, program: RegexProgram) {
        self.subject = subject
        boundaries = RegexBoundaryTables(subject, program: program)
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

    /// Runs `program` over the subject in one direction. `last` receives whether a match state is live at the
    /// final position; with `.table` the result has that answer for every position. `anchored` starts threads
    /// only at the first position.
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
                program, tables, forward: forward, anchored: anchored, recording: recording, &current, &next, &stack,
                &budget, &last)
        }
    }

    private func run(
        _ program: RegexProgram, _ tables: [[Bool]], forward: Bool, anchored: Bool, recording: Recording,
        _ current: inout ThreadList, _ next: inout ThreadList, _ stack: inout WorkStack,
        _ budget: inout EvaluationBudget, _ last: inout Bool
    ) throws(EvaluationError) -> [Bool] {
        let count = subject.count
        var accepted: [Bool] = recording == .table ? Array(repeating: false, count: count + 1) : []
        var position = forward ? 0 : count
        addThread(0, program, tables, to: &current, at: position, &stack)
        var live = hasMatch(program, current)
        if recording == .table { accepted[position] = live }
        for _ in 0..<count {
            if anchored && current.count == 0 { break }
            try budget.charge(current.count + 1)
            let index = forward ? position : position - 1
            position = forward ? position + 1 : position - 1
            next.count = 0
            let scalar = subject[subject.startIndex + index]
            for slot in 0..<current.count {
                let pc = Int(current.dense[slot])
                let advance = consumes(program, program.instructions[pc], scalar)
                if advance > 0 { addThread(pc + advance, program, tables, to: &next, at: position, &stack) }
            }
            if !anchored { addThread(0, program, tables, to: &next, at: position, &stack) }
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

    /// How many instructions a thread at `instruction` moves on by consuming `scalar` (0: it dies).
    @inline(__always)
    private func consumes(_ program: RegexProgram, _ instruction: RegexInstruction, _ scalar: Unicode.Scalar) -> Int {
        switch instruction {
        case .scalar(let value): return scalar.value == value ? 1 : 0
        case .set(let index): return program.sets[index].contains(scalar.value) ? 1 : 0
        case .anyScalar: return 1
        case .folded(let string, let offset, let isBackward):
            return Self.foldedAdvance(program.foldedStrings[string], offset, isBackward, scalar.value)
        case .fail, .split, .jump, .assertion, .lookaround, .match: return 0
        }
    }

    /// How far a folded instruction moves: the length of the code point's full folding when it matches the
    /// folded string at `offset` (forwards, or ending there backwards), else 0.
    static func foldedAdvance(_ string: [UInt32], _ offset: Int, _ isBackward: Bool, _ value: UInt32) -> Int {
        if value < 0x80 {
            let folded = value &- 0x41 < 26 ? value | 0x20 : value
            return string[isBackward ? offset - 1 : offset] == folded ? 1 : 0
        }
        let folding = RegexCaseFolding.fullFold(value)
        let start = isBackward ? offset - folding.count : offset
        guard start >= 0, start + folding.count <= string.count else { return 0 }
        for index in 0..<folding.count where string[start + index] != folding[index] { return 0 }
        return folding.count
    }

    /// Adds `start` and everything reachable from it by ε-moves (explicit stack, no recursion).
    private func addThread(
        _ start: Int, _ program: RegexProgram, _ tables: [[Bool]], to list: inout ThreadList, at position: Int,
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
                if boundaries.holds(assertion, subject, at: position) { stack.push(pc + 1) }
            case .lookaround(let index, let isNegated):
                if tables[index][position] != isNegated { stack.push(pc + 1) }
            case .scalar, .folded, .set, .anyScalar, .fail, .match:
                break
            }
        }
    }
}
