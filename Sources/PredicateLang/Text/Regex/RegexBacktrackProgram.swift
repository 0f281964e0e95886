// RegexBacktrackProgram: a MATCHES pattern compiled for RegexBacktracker, the matcher of patterns that need
// back references, atomic groups or possessive quantifiers. Each construct compiles to the instruction
// sequence ICU's regex compiler emits for it (regexcmp.cpp), so choices are tried in ICU's order and loops
// stop on the same empty iterations.

/// One instruction of the backtracking matcher.
enum RegexBacktrackInstruction: Hashable, Sendable {
    /// Consume one code point equal to the value.
    case scalar(UInt32)
    /// Consume `literals[index]` exactly.
    case literal(Int)
    /// Consume text whose full case folding is `foldedStrings[index]`, ending on a code point boundary.
    case folded(Int)
    /// Consume one code point in `sets[index]`.
    case set(Int)
    /// Consume any code point.
    case anyScalar
    /// `.` in DOTALL mode: any code point, CR LF as one (within the active region).
    case dotAll
    /// `\R`: CR LF, or one line terminator.
    case lineBreak
    /// `\X`: to the next grapheme cluster boundary.
    case graphemeCluster
    /// Fail.
    case fail
    /// Continue if the assertion holds here.
    case assertion(RegexAssertion)
    /// Consume the text group `group` captured (case-insensitively when asked); fails if it has not captured.
    case backreference(group: Int, caseInsensitive: Bool)
    /// Save a state to resume at `target`, then continue (ICU's STATE_SAVE).
    case split(Int)
    /// Continue at the target.
    case jump(Int)
    /// Save a state to resume after this instruction, then continue at the target (JMP_SAV).
    case jumpSave(Int)
    /// As ``jumpSave(_:)`` when the position moved since `register` was stored, else continue (JMP_SAV_X).
    case jumpSaveIfProgress(Int, register: Int)
    /// Store the position in `register` (STO_INP_LOC).
    case storePosition(register: Int)
    /// Start a counted loop `loops[loop]` (CTR_INIT, CTR_INIT_NG).
    case counterStart(loop: Int)
    /// End of one iteration of a counted loop (CTR_LOOP, CTR_LOOP_NG).
    case counterLoop(loop: Int)
    /// Record the start of group `group` (START_CAPTURE).
    case captureStart(group: Int)
    /// Complete group `group` here (END_CAPTURE).
    case captureEnd(group: Int)
    /// Store the backtrack stack height in `register` (STO_SP).
    case saveStack(register: Int)
    /// Drop the states saved since `register` was stored (LD_SP).
    case restoreStack(register: Int)
    /// Enter a look-ahead: save height, position and region in `register…`, open the region (LA_START).
    case lookaheadStart(register: Int)
    /// Leave a look-ahead that matched: drop its states, restore position and region (LA_END).
    case lookaheadEnd(register: Int)
    /// Restore position and region after a negative look-ahead's body failed.
    case lookaheadRestore(register: Int)
    /// Enter a look-behind: save height, position and region, end the region here (LB_START).
    case lookbehindStart(register: Int)
    /// Try the body from the next start position, nearest first, no further than `maximum` code points back;
    /// when none is left, fail (positive) or continue at `exit` (negative) (LB_CONT, LBN_CONT).
    case lookbehindNext(register: Int, maximum: Int, exit: Int?)
    /// The body matched: it must end at the look-behind's position (LB_END, LBN_END).
    case lookbehindEnd(register: Int, isNegated: Bool)
    /// Accept if at the end of the subject.
    case match
}

/// A counted loop `{minimum,maximum}`: its registers (count, last position), body and exit.
struct RegexCountedLoop: Hashable, Sendable {
    var register: Int
    var minimum: Int
    var maximum: Int?
    var isLazy: Bool
    var body: Int
    var exit: Int
}

/// A pattern compiled for the backtracking matcher.
struct RegexBacktrackProgram: Hashable, Sendable {
    var instructions: [RegexBacktrackInstruction] = []
    var literals: [[UInt32]] = []
    var foldedStrings: [[UInt32]] = []
    var sets: [RegexCompiledSet] = []
    var loops: [RegexCountedLoop] = []
    /// Registers per state: three per capture group (start, end, tentative start), then loops and groups.
    var registerCount: Int
    var usesWordBoundaries = false
    var usesUnicodeWordBoundaries = false
    var usesGraphemeBoundaries = false

    init(_ node: RegexNode, groupCount: Int) {
        registerCount = 3 * groupCount
        emit(node)
        instructions.append(.match)
    }

    mutating func allocate(_ count: Int) -> Int {
        defer { registerCount += count }
        return registerCount
    }

    mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .literal(let codePoints):
            if codePoints.count == 1 {
                instructions.append(Unicode.Scalar(codePoints[0]) == nil ? .fail : .scalar(codePoints[0]))
            } else {
                literals.append(codePoints)
                instructions.append(.literal(literals.count - 1))
            }
        case .foldedLiteral(let codePoints):
            foldedStrings.append(codePoints)
            instructions.append(.folded(foldedStrings.count - 1))
        case .set(let set):
            emitSet(set)
        case .dot(let kind):
            switch kind {
            case .all: instructions.append(.dotAll)
            case .line: emitSet(RegexParser.classEscape(0x56))
            case .unixLine: emitSet(RegexSet.single(0x0A).complemented())
            }
        case .lineBreak:
            instructions.append(.lineBreak)
        case .graphemeCluster:
            usesGraphemeBoundaries = true
            instructions.append(.graphemeCluster)
        case .concatenation(let nodes):
            for child in nodes { emit(child) }
        case .alternation(let nodes):
            emitAlternation(nodes)
        case .repetition(let body, let minimum, let maximum, let mode, let isInterval):
            emitRepetition(body, minimum: minimum, maximum: maximum, mode: mode, isInterval: isInterval)
        case .capture(let body, let index):
            instructions.append(.captureStart(group: index))
            emit(body)
            instructions.append(.captureEnd(group: index))
        case .atomic(let body):
            let register = allocate(1)
            instructions.append(.saveStack(register: register))
            emit(body)
            instructions.append(.restoreStack(register: register))
        case .backreference(let group, let caseInsensitive):
            instructions.append(.backreference(group: group, caseInsensitive: caseInsensitive))
        case .assertion(let assertion):
            switch assertion {
            case .wordBoundary, .notWordBoundary: usesWordBoundaries = true
            case .unicodeWordBoundary, .notUnicodeWordBoundary: usesUnicodeWordBoundaries = true
            default: break
            }
            instructions.append(.assertion(assertion))
        case .lookaround(let body, let isAhead, let isNegated):
            if isAhead {
                emitLookahead(body, isNegated: isNegated)
            } else {
                emitLookbehind(body, isNegated: isNegated)
            }
        }
    }

    private mutating func emitSet(_ set: RegexSet) {
        if let members = set.explicitMembers {
            if members.isEmpty { return instructions.append(.fail) }
            if members == .all { return instructions.append(.anyScalar) }
        }
        sets.append(RegexCompiledSet(set))
        instructions.append(.set(sets.count - 1))
    }

    /// `split L2; a; jump end; L2: split L3; b; jump end; L3: c; end:` (ICU's `|`).
    private mutating func emitAlternation(_ nodes: [RegexNode]) {
        var jumps: [Int] = []
        for (offset, child) in nodes.enumerated() {
            if offset == nodes.count - 1 {
                emit(child)
                break
            }
            let split = instructions.count
            instructions.append(.split(-1))
            emit(child)
            jumps.append(instructions.count)
            instructions.append(.jump(-1))
            instructions[split] = .split(instructions.count)
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
    }

    private mutating func emitLookahead(_ body: RegexNode, isNegated: Bool) {
        let register = allocate(3)
        instructions.append(.lookaheadStart(register: register))
        guard isNegated else {
            emit(body)
            instructions.append(.lookaheadEnd(register: register))
            return
        }
        let split = instructions.count
        instructions.append(.split(-1))
        emit(body)
        instructions.append(.lookaheadEnd(register: register))
        instructions.append(.fail)
        instructions[split] = .split(instructions.count)
        instructions.append(.lookaheadRestore(register: register))
    }

    private mutating func emitLookbehind(_ body: RegexNode, isNegated: Bool) {
        let register = allocate(4)
        instructions.append(.lookbehindStart(register: register))
        let next = instructions.count
        instructions.append(.lookbehindNext(register: register, maximum: body.maximumLength, exit: nil))
        emit(body)
        instructions.append(.lookbehindEnd(register: register, isNegated: isNegated))
        if isNegated {
            instructions[next] = .lookbehindNext(
                register: register, maximum: body.maximumLength, exit: instructions.count)
        }
    }
}
