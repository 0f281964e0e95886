// RegexBacktrackProgram+Repetition: quantifiers in ICU's instruction sequences. Greedy `*` and `+` over a
// body that may match empty stop when an iteration made no progress; lazy `*?`, `+?`, `??` and possessive
// `*+`, `++` do not check (as in ICU, such a loop runs until the step budget ends); `{n,m}` uses a
// counted loop that checks progress once past `n` when unbounded.

extension RegexBacktrackProgram {
    mutating func emitRepetition(
        _ body: RegexNode, minimum: Int, maximum: Int?, mode: RegexQuantifierMode, isInterval: Bool
    ) {
        if maximum == 0 { return }
        if isInterval {
            if mode == .possessive {
                let register = allocate(1)
                instructions.append(.saveStack(register: register))
                emitCountedLoop(body, minimum: minimum, maximum: maximum, isLazy: false)
                instructions.append(.restoreStack(register: register))
            } else {
                emitCountedLoop(body, minimum: minimum, maximum: maximum, isLazy: mode == .lazy)
            }
            return
        }
        switch mode {
        case .greedy: emitGreedy(body, minimum: minimum, isOptional: maximum == 1)
        case .lazy: emitLazy(body, minimum: minimum, isOptional: maximum == 1)
        case .possessive: emitPossessive(body, minimum: minimum, isOptional: maximum == 1)
        }
    }

    /// `?`: `split end; body`. `*`: `L: split end; body; jump L`, or with a progress check
    /// `split end; store r; B: body; jumpSaveIfProgress B`. `+`: `B: body; jumpSave B` (or checked likewise).
    private mutating func emitGreedy(_ body: RegexNode, minimum: Int, isOptional: Bool) {
        if isOptional {
            let split = instructions.count
            instructions.append(.split(-1))
            emit(body)
            instructions[split] = .split(instructions.count)
            return
        }
        let checksProgress = body.mayMatchEmpty
        var split: Int?
        if minimum == 0 {
            split = instructions.count
            instructions.append(.split(-1))
        }
        if checksProgress {
            let register = allocate(1)
            instructions.append(.storePosition(register: register))
            let start = instructions.count
            emit(body)
            instructions.append(.jumpSaveIfProgress(start, register: register))
        } else if minimum == 0 {
            let loop = instructions.count - 1
            emit(body)
            instructions.append(.jump(loop))
        } else {
            let start = instructions.count
            emit(body)
            instructions.append(.jumpSave(start))
        }
        if let split { instructions[split] = .split(instructions.count) }
    }

    /// `??`: `jump L4; L2: body; jump L5; L4: split L2; L5:`. `*?`: `jump L3; L2: body; L3: split L2`.
    /// `+?`: `L: body; split L`.
    private mutating func emitLazy(_ body: RegexNode, minimum: Int, isOptional: Bool) {
        if minimum == 1 {
            let start = instructions.count
            emit(body)
            instructions.append(.split(start))
            return
        }
        let skip = instructions.count
        instructions.append(.jump(-1))
        let start = instructions.count
        emit(body)
        if isOptional {
            let leave = instructions.count
            instructions.append(.jump(-1))
            instructions[skip] = .jump(instructions.count)
            instructions.append(.split(start))
            instructions[leave] = .jump(instructions.count)
        } else {
            instructions[skip] = .jump(instructions.count)
            instructions.append(.split(start))
        }
    }

    /// `?+`: `save r; split end; body; end: restore r`. `*+`: `save r; L: split end; body; jump L; end: restore r`.
    /// `++`: `save r; B: body; split end; jump B; end: restore r`.
    private mutating func emitPossessive(_ body: RegexNode, minimum: Int, isOptional: Bool) {
        let register = allocate(1)
        instructions.append(.saveStack(register: register))
        let split: Int
        if minimum == 1 {
            let start = instructions.count
            emit(body)
            split = instructions.count
            instructions.append(.split(-1))
            instructions.append(.jump(start))
        } else {
            split = instructions.count
            instructions.append(.split(-1))
            emit(body)
            if !isOptional { instructions.append(.jump(split)) }
        }
        instructions[split] = .split(instructions.count)
        instructions.append(.restoreStack(register: register))
    }

    /// `counterStart; body; counterLoop` with the loop's registers (count, last position).
    private mutating func emitCountedLoop(_ body: RegexNode, minimum: Int, maximum: Int?, isLazy: Bool) {
        let register = allocate(2)
        let loop = loops.count
        loops.append(
            RegexCountedLoop(register: register, minimum: minimum, maximum: maximum, isLazy: isLazy, body: 0, exit: 0))
        instructions.append(.counterStart(loop: loop))
        loops[loop].body = instructions.count
        emit(body)
        instructions.append(.counterLoop(loop: loop))
        loops[loop].exit = instructions.count
    }
}
