// RegexProgram: a MATCHES pattern compiled to Thompson-NFA instructions (RegexNode → instructions),
// the input of RegexMatcher. Counted repetition is expanded here; RegexPattern bounds the size first.

/// One NFA instruction. Consuming instructions advance one scalar; the others are ε-moves.
enum RegexInstruction: Hashable, Sendable {
    /// Consume one scalar equal to the value.
    case scalar(UInt32)
    /// Consume one scalar whose simple case folding equals the value.
    case foldedScalar(UInt32)
    /// Consume one scalar in `classes[index]`.
    case characterClass(Int)
    /// Consume one scalar whose simple case folding is in `classes[index]`.
    case foldedCharacterClass(Int)
    /// Consume any scalar.
    case anyScalar
    /// ε: continue at both targets.
    case split(Int, Int)
    /// ε: continue at the target.
    case jump(Int)
    /// ε: continue at the next instruction if the assertion holds here.
    case assertion(RegexAssertion)
    /// ε: continue at the next instruction if `lookarounds[index]` matches here (does not, when
    /// negated); RegexMatcher tabulates each look-around for every position before matching.
    case lookaround(Int, isNegated: Bool)
    /// Accept (only counts at the end of the subject: MATCHES is a whole-string match).
    case match
}

/// A look-around body compiled on its own: a look-ahead body is compiled *reversed* (it is run from
/// the end of the subject backwards), a look-behind body forwards.
struct RegexLookaround: Hashable, Sendable {
    var program: RegexProgram
    var isAhead: Bool
}

/// A compiled pattern: instructions, the classes and look-arounds they reference, and whether the
/// matcher must compute each subject scalar's case folding.
struct RegexProgram: Hashable, Sendable {
    var instructions: [RegexInstruction] = []
    var classes: [RegexCharacterClass] = []
    var lookarounds: [RegexLookaround] = []
    var usesFolding = false
    var usesAssertions = false
    /// Whether concatenations are emitted last-to-first (the program of a look-ahead body).
    private let isReversed: Bool

    /// Compiles `node` followed by `match` (the only `match`, always the last instruction). The caller
    /// bounds `node.programSize`.
    init(_ node: RegexNode, reversed: Bool = false) {
        isReversed = reversed
        emit(node)
        instructions.append(.match)
    }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar):
            instructions.append(.scalar(scalar.value))
        case .foldedScalar(let scalar):
            usesFolding = true
            instructions.append(.foldedScalar(scalar.value))
        case .characterClass(let characterClass, let folded):
            let index = classIndex(characterClass)
            if folded { usesFolding = true }
            instructions.append(folded ? .foldedCharacterClass(index) : .characterClass(index))
        case .anyScalar:
            instructions.append(.anyScalar)
        case .concatenation(let nodes):
            for child in isReversed ? nodes.reversed() : nodes { emit(child) }
        case .alternation(let nodes):
            emitAlternation(nodes)
        case .repetition(let body, let minimum, let maximum):
            emitRepetition(body, minimum: minimum, maximum: maximum)
        case .assertion(let assertion):
            usesAssertions = true
            instructions.append(.assertion(assertion))
        case .lookaround(let body, let isAhead, let isNegated):
            usesAssertions = true
            let lookaround = RegexLookaround(program: RegexProgram(body, reversed: isAhead), isAhead: isAhead)
            if lookaround.program.usesFolding { usesFolding = true }
            lookarounds.append(lookaround)
            instructions.append(.lookaround(lookarounds.count - 1, isNegated: isNegated))
        }
    }

    /// `split L1 next1; L1: a; jump end; next1: split L2 next2; …; last; end:`
    private mutating func emitAlternation(_ nodes: [RegexNode]) {
        var jumps: [Int] = []
        for (offset, child) in nodes.enumerated() {
            if offset == nodes.count - 1 {
                emit(child)
                break
            }
            let split = instructions.count
            instructions.append(.split(split + 1, -1))
            emit(child)
            jumps.append(instructions.count)
            instructions.append(.jump(-1))
            instructions[split] = .split(split + 1, instructions.count)
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
    }

    /// `minimum` copies, then either a loop (`L: split body exit; body; jump L`) or
    /// `maximum - minimum` optional copies that all exit to the end.
    private mutating func emitRepetition(_ body: RegexNode, minimum: Int, maximum: Int?) {
        for _ in 0..<minimum { emit(body) }
        guard let maximum else {
            let loop = instructions.count
            instructions.append(.split(loop + 1, -1))
            emit(body)
            instructions.append(.jump(loop))
            instructions[loop] = .split(loop + 1, instructions.count)
            return
        }
        var splits: [Int] = []
        for _ in minimum..<max(minimum, maximum) {
            splits.append(instructions.count)
            instructions.append(.split(instructions.count + 1, -1))
            emit(body)
        }
        for split in splits { instructions[split] = .split(split + 1, instructions.count) }
    }

    private mutating func classIndex(_ characterClass: RegexCharacterClass) -> Int {
        if let existing = classes.firstIndex(of: characterClass) { return existing }
        classes.append(characterClass)
        return classes.count - 1
    }
}
