// RegexProgram: a MATCHES pattern compiled to Thompson-NFA instructions (RegexNode → instructions), the
// input of RegexMatcher. `.`, `\R` and `\X` are lowered to instructions and internal assertions here;
// counted repetition is expanded; RegexPattern bounds the size first.

/// One NFA instruction. Consuming instructions advance one code point; the others are ε-moves.
enum RegexInstruction: Hashable, Sendable {
    /// Consume one code point equal to the value.
    case scalar(UInt32)
    /// Consume one code point whose full case folding continues `foldedStrings[string]` at `offset` (going
    /// backwards: ends there); continue as many instructions on as the folding is long.
    case folded(string: Int, offset: Int, isBackward: Bool)
    /// Consume one code point in `sets[index]`.
    case set(Int)
    /// Consume any code point.
    case anyScalar
    /// Never matches (a surrogate code point, or an empty set).
    case fail
    /// ε: continue at both targets.
    case split(Int, Int)
    /// ε: continue at the target.
    case jump(Int)
    /// ε: continue at the next instruction if the assertion holds here.
    case assertion(RegexAssertion)
    /// ε: continue at the next instruction if `lookarounds[index]` matches here (does not, when negated);
    /// RegexMatcher tabulates each look-around for every position before matching.
    case lookaround(Int, isNegated: Bool)
    /// Accept (only counts at the end of the subject: MATCHES is a whole-string match).
    case match
}

/// A look-around body compiled on its own: a look-ahead body is compiled *reversed* (it is run from the end
/// of the subject backwards), a look-behind body forwards.
struct RegexLookaround: Hashable, Sendable {
    var program: RegexProgram
    var isAhead: Bool
}

/// A compiled pattern: instructions, the sets, folded strings and look-arounds they reference, and what
/// the matcher must prepare for them.
struct RegexProgram: Hashable, Sendable {
    var instructions: [RegexInstruction] = []
    var sets: [RegexCompiledSet] = []
    var foldedStrings: [[UInt32]] = []
    var lookarounds: [RegexLookaround] = []
    /// Whether any instruction tests an assertion.
    var usesAssertions = false
    /// Whether `\b`/`\B` need ICU's word-boundary table, `(?w)` the Unicode one, `\X` the grapheme one.
    var usesWordBoundaries = false
    var usesUnicodeWordBoundaries = false
    var usesGraphemeBoundaries = false
    /// Whether concatenations are emitted last-to-first (the program of a look-ahead body).
    private let isReversed: Bool

    /// Compiles `node` followed by `match` (the only `match`, always the last instruction). The caller bounds
    /// `node.programSize`.
    init(_ node: RegexNode, reversed: Bool = false) {
        isReversed = reversed
        emit(node)
        instructions.append(.match)
    }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty, .backreference:
            break
        case .literal(let codePoints):
            for codePoint in isReversed ? codePoints.reversed() : codePoints {
                instructions.append(Unicode.Scalar(codePoint) == nil ? .fail : .scalar(codePoint))
            }
        case .foldedLiteral(let codePoints):
            foldedStrings.append(codePoints)
            let string = foldedStrings.count - 1
            for index in 0..<codePoints.count {
                let offset = isReversed ? codePoints.count - index : index
                instructions.append(.folded(string: string, offset: offset, isBackward: isReversed))
            }
        case .set(let set):
            emitSet(set)
        case .dot(let kind):
            switch kind {
            case .all: emit(Self.crlfUnit(or: .ranges(.all)))
            case .line: emitSet(RegexParser.classEscape(0x56))
            case .unixLine: emitSet(RegexSet.single(0x0A).complemented())
            }
        case .lineBreak:
            emit(Self.crlfUnit(or: RegexParser.classEscape(0x76)))
        case .graphemeCluster:
            usesGraphemeBoundaries = true
            let inside = RegexNode.sequence([.assertion(.notGraphemeBoundary), .set(.ranges(.all))])
            emit(
                .sequence([
                    .set(.ranges(.all)),
                    .repetition(inside, minimum: 0, maximum: nil, mode: .greedy, isInterval: false),
                    .assertion(.graphemeBoundary),
                ]))
        case .concatenation(let nodes):
            for child in isReversed ? nodes.reversed() : nodes { emit(child) }
        case .alternation(let nodes):
            emitAlternation(nodes)
        case .repetition(let body, let minimum, let maximum, _, _):
            emitRepetition(body, minimum: minimum, maximum: maximum)
        case .capture(let body, _), .atomic(let body):
            emit(body)
        case .assertion(let assertion):
            emitAssertion(assertion)
        case .lookaround(let body, let isAhead, let isNegated):
            usesAssertions = true
            let lookaround = RegexLookaround(program: RegexProgram(body, reversed: isAhead), isAhead: isAhead)
            usesWordBoundaries = usesWordBoundaries || lookaround.program.usesWordBoundaries
            usesUnicodeWordBoundaries = usesUnicodeWordBoundaries || lookaround.program.usesUnicodeWordBoundaries
            usesGraphemeBoundaries = usesGraphemeBoundaries || lookaround.program.usesGraphemeBoundaries
            lookarounds.append(lookaround)
            instructions.append(.lookaround(lookarounds.count - 1, isNegated: isNegated))
        }
    }

    /// `.` (DOTALL) and `\R`: CR LF as one unit where a CR LF starts, else one code point of `single`.
    private static func crlfUnit(or single: RegexSet) -> RegexNode {
        let any = RegexNode.set(.ranges(.all))
        return .alternation([
            .sequence([.assertion(.atCarriageReturnLineFeed), any, any]),
            .sequence([.assertion(.notAtCarriageReturnLineFeed), .set(single)]),
        ])
    }

    private mutating func emitSet(_ set: RegexSet) {
        if let members = set.explicitMembers {
            if members.isEmpty { return instructions.append(.fail) }
            if members == .all { return instructions.append(.anyScalar) }
        }
        let compiled = RegexCompiledSet(set)
        if let existing = sets.firstIndex(of: compiled) { return instructions.append(.set(existing)) }
        sets.append(compiled)
        instructions.append(.set(sets.count - 1))
    }

    private mutating func emitAssertion(_ assertion: RegexAssertion) {
        usesAssertions = true
        switch assertion {
        case .wordBoundary, .notWordBoundary: usesWordBoundaries = true
        case .unicodeWordBoundary, .notUnicodeWordBoundary: usesUnicodeWordBoundaries = true
        case .graphemeBoundary, .notGraphemeBoundary: usesGraphemeBoundaries = true
        default: break
        }
        instructions.append(.assertion(assertion))
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

    /// `minimum` copies, then either a loop (`L: split body exit; body; jump L`) or `maximum - minimum`
    /// optional copies that all exit to the end.
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
}

/// A set with a bitmap of its ASCII members, so ASCII code points never walk the set expression.
struct RegexCompiledSet: Hashable, Sendable {
    let set: RegexSet
    private let asciiLow: UInt64
    private let asciiHigh: UInt64

    init(_ set: RegexSet) {
        self.set = set
        let ascii = set.asciiMask
        assert(ascii == RegexASCIIMask { set.contains($0) }, "a set's ASCII mask disagrees with its members")
        asciiLow = ascii.low
        asciiHigh = ascii.high
    }

    /// Whether `value` is in the set.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        if value < 64 { return asciiLow >> UInt64(value) & 1 != 0 }
        if value < 128 { return asciiHigh >> UInt64(value - 64) & 1 != 0 }
        return set.contains(value)
    }
}
