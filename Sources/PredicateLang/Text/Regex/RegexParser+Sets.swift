// RegexParser+Sets: bracketed sets as ICU parses them (the set-* states of its grammar): members, ranges,
// `\p{…}`, `[:name:]`, nested sets (union), `&&` and `&[…]` (intersection), `--` and `-[…]` (difference), `^`
// (complement, after the case closure (?i) asks for). Operators are evaluated with ICU's precedence:
// members and one-character operators bind tighter than `&&` and `--`, which apply left to right.

/// A pending set operation, in ICU's order of precedence.
enum RegexSetOperator {
    case start, end, negation, caseClosure, difference2, intersection2, union, difference1, intersection1

    var precedence: Int {
        switch self {
        case .start: 0
        case .end: 1
        case .negation, .caseClosure: 2
        case .difference2, .intersection2: 3
        case .union, .difference1, .intersection1: 4
        }
    }
}

extension RegexParser {
    /// The states of ICU's set grammar.
    private enum SetState {
        case open, open2, posix, start, startDash, startAmpersand, afterLiteral, afterSet, afterRange, afterOperator
        case setAmpersand, literalAmpersand, setDash, rangeDash, rangeAmpersand, literalDash, literalDashEscape
        case escape
    }

    /// Deepest chain of lazy set operations kept (each is one level of recursion when a code point is tested).
    static let maxSetDepth = 128

    /// After `[`: the whole set, added as an item (or a literal, when it has one member).
    mutating func parseSet() throws(EvaluationError) {
        flushLiteral()
        let start = tokenStart - 1
        setOperands = []
        setOperators = []
        beginSet()
        var returns: [SetState?] = [nil]
        var state = SetState.open
        while true {
            if let next = try step(state, &returns, start: start) {
                state = next
            } else if let resume = returns.removeLast() {
                state = resume
            } else {
                break
            }
        }
        compile(setOperands.popLast()?.set ?? .empty)
    }

    /// One state transition; nil pops to the state saved when the current nested set began.
    private mutating func step(_ state: SetState, _ returns: inout [SetState?], start: Int) throws(EvaluationError)
        -> SetState?
    {
        switch state {
        case .open:
            if at("^") {
                negateSet()
                try advance()
                return .open2
            }
            if at(":") {
                try parsePosixProperty(at: start)
                return .posix
            }
            return .open2
        case .open2:
            if at("]") {
                try addLiteral(0x5D)
                try advance()
                return .afterLiteral
            }
            return .start
        case .posix:
            if at("]") { return try endSet() }
            if at(":") { return .start }
            throw Self.error(.ruleSyntax, at: tokenStart)
        case .start, .afterLiteral, .afterSet, .afterRange:
            return try member(state, &returns, start: start)
        case .startDash, .startAmpersand:
            let character: UInt32 = state == .startDash ? 0x2D : 0x26
            if token.isSyntax(Unicode.Scalar(UInt8(character))) { throw Self.error(.ruleSyntax, at: tokenStart) }
            try addToSet(.single(character))
            return .afterLiteral
        case .afterOperator:
            if at("[") { return try nested(.union, &returns) }
            if at("]") { throw Self.error(.ruleSyntax, at: tokenStart) }
            if at("\\") {
                try advance()
                return .escape
            }
            return try literalMember(start: start)
        case .setAmpersand, .literalAmpersand, .rangeAmpersand:
            if state == .setAmpersand && at("[") { return try nested(.intersection1, &returns) }
            if at("&") { return try pushOperator(.intersection2) }
            try addToSet(.single(0x26))
            return .afterLiteral
        case .setDash, .rangeDash:
            if state == .setDash && at("[") { return try nested(.difference1, &returns) }
            if at("-") { return try pushOperator(.difference2) }
            try addToSet(.single(0x2D))
            return .afterLiteral
        case .literalDash:
            return try literalDash(start: start)
        case .literalDashEscape:
            return try rangeEndEscape(start: start)
        case .escape:
            return try escapeMember(start: start)
        }
    }

    /// The states that may take a member, `]`, a nested set or an operator.
    private mutating func member(_ state: SetState, _ returns: inout [SetState?], start: Int) throws(EvaluationError)
        -> SetState?
    {
        if at("]") { return try endSet() }
        if at("[") { return try nested(.union, &returns) }
        if at("\\") {
            try advance()
            return .escape
        }
        if at("-") {
            try advance()
            switch state {
            case .start: return .startDash
            case .afterSet: return .setDash
            case .afterRange: return .rangeDash
            default: return .literalDash
            }
        }
        if at("&") {
            try advance()
            switch state {
            case .start: return .startAmpersand
            case .afterSet: return .setAmpersand
            case .afterRange: return .rangeAmpersand
            default: return .literalAmpersand
            }
        }
        return try literalMember(start: start)
    }

    private mutating func literalMember(start: Int) throws(EvaluationError) -> SetState {
        guard let value = token.value else { throw Self.error(.missingCloseBracket, at: start) }
        try addLiteral(value)
        try advance()
        return .afterLiteral
    }

    /// After a member and `-`: `--`, a literal `-` before `[` or `]`, or a range.
    private mutating func literalDash(start: Int) throws(EvaluationError) -> SetState {
        if at("-") { return try pushOperator(.difference2) }
        if at("[") || at("]") {
            try addToSet(.single(0x2D))
            return .afterLiteral
        }
        if at("\\") {
            try advance()
            return .literalDashEscape
        }
        try addRange(to: token.value, at: start)
        try advance()
        return .afterRange
    }

    /// `\` ending a range: `\N{…}` or an escaped character; class escapes are an error.
    private mutating func rangeEndEscape(start: Int) throws(EvaluationError) -> SetState {
        switch token.value {
        case 0x73, 0x53, 0x77, 0x57, 0x64, 0x44: throw Self.error(.ruleSyntax, at: tokenStart)
        case 0x4E:
            let last = try parseNamedCharacter(at: tokenStart)
            try addRange(to: last, at: start)
            lastSetLiteral = last
            return .afterRange
        default:
            try addRange(to: token.value, at: start)
            try advance()
            return .afterRange
        }
    }

    /// `\` inside a set: a property, a named character, a class escape or an escaped character.
    private mutating func escapeMember(start: Int) throws(EvaluationError) -> SetState {
        guard let value = token.value else { throw Self.error(.missingCloseBracket, at: start) }
        switch value {
        case 0x70, 0x50:
            try addToSet(try parseProperty(at: tokenStart))
            return .afterSet
        case 0x4E:
            let codePoint = try parseNamedCharacter(at: tokenStart)
            try addLiteral(codePoint)
            return .afterLiteral
        case 0x73, 0x53, 0x77, 0x57, 0x64, 0x44, 0x68, 0x48, 0x76, 0x56:
            try addToSet(Self.classEscape(value))
            try advance()
            return .afterRange
        default:
            try addLiteral(value)
            try advance()
            return .afterLiteral
        }
    }

    /// `[:name:]` or `[:^name:]` (the current token is the `:`); when no `:]` follows, the scan is undone and
    /// the `:` is an ordinary member.
    private mutating func parsePosixProperty(at start: Int) throws(EvaluationError) {
        let saved = (scanner, token, tokenStart)
        try advance()
        var negated = false
        if token.value == 0x5E {
            negated = true
            try advance()
        }
        var name = String.UnicodeScalarView()
        while true {
            name.append(token.value.flatMap(Unicode.Scalar.init) ?? " ")
            try advance()
            if token.isQuoted || token.value == nil {
                (scanner, token, tokenStart) = saved
                return
            }
            if token.value == 0x3A {
                try advance()
                if token.value == 0x5D { break }
            }
        }
        try addToSet(try resolveProperty(String(name), negated: negated, at: start))
    }

    // MARK: - Operands and operators

    private mutating func beginSet() {
        setOperands.append((.empty, 0))
        setOperators.append(.start)
        if flags.caseInsensitive { setOperators.append(.caseClosure) }
    }

    private mutating func negateSet() {
        if setOperators.last == .caseClosure {
            setOperators[setOperators.count - 1] = .negation
            setOperators.append(.caseClosure)
        } else {
            setOperators.append(.negation)
        }
    }

    private mutating func nested(_ operation: RegexSetOperator, _ returns: inout [SetState?]) throws(EvaluationError)
        -> SetState
    {
        guard returns.count <= Self.maxNesting else {
            throw EvaluationError(
                .regexLimit, "Can't do regex matching, reason: (sets nested deeper than \(Self.maxNesting))")
        }
        try evaluateSet(until: operation)
        setOperators.append(operation)
        beginSet()
        returns.append(.afterSet)
        try advance()
        return .open
    }

    private mutating func pushOperator(_ operation: RegexSetOperator) throws(EvaluationError) -> SetState {
        try evaluateSet(until: operation)
        setOperators.append(operation)
        setOperands.append((.empty, 0))
        try advance()
        return .afterOperator
    }

    /// `]`: applies the operators of this set; the result stays on the operand stack.
    private mutating func endSet() throws(EvaluationError) -> SetState? {
        try evaluateSet(until: .end)
        setOperators.removeLast()
        try advance()
        return nil
    }

    /// Applies pending operators whose precedence is at least that of `next` (ICU's setEval).
    private mutating func evaluateSet(until next: RegexSetOperator) throws(EvaluationError) {
        while let top = setOperators.last, top.precedence >= next.precedence, top != .start {
            setOperators.removeLast()
            guard let right = setOperands.popLast() else { return }
            var result: RegexSet
            var depth = right.depth + 1
            switch top {
            case .negation: result = right.set.complemented()
            case .caseClosure: result = right.set.caseClosed()
            default:
                guard let left = setOperands.popLast() else { return }
                depth = max(depth, left.depth + 1)
                switch top {
                case .difference1, .difference2: result = left.set.subtracting(right.set)
                case .intersection1, .intersection2: result = left.set.intersection(right.set)
                default: result = left.set.union(right.set)
                }
            }
            try pushOperand(result, depth: depth)
        }
    }

    /// Pushes an operand, refusing expressions too deep to test without deep recursion.
    private mutating func pushOperand(_ set: RegexSet, depth: Int) throws(EvaluationError) {
        let depth = set.explicitMembers == nil ? depth : 0
        guard depth <= Self.maxSetDepth else {
            throw EvaluationError(.regexLimit, "Can't do regex matching, reason: (set expression too complex)")
        }
        setOperands.append((set, depth))
    }

    /// A member character: pending one-character operators apply first (ICU's doSetLiteral).
    private mutating func addLiteral(_ value: UInt32) throws(EvaluationError) {
        try evaluateSet(until: .union)
        try addToSet(.single(value))
        lastSetLiteral = value
    }

    /// Adds to the set on top of the operand stack without applying operators.
    private mutating func addToSet(_ set: RegexSet) throws(EvaluationError) {
        guard let top = setOperands.popLast() else { return }
        try pushOperand(top.set.union(set), depth: top.depth + 1)
    }

    /// `last` closes a range that starts at the last literal.
    private mutating func addRange(to last: UInt32?, at start: Int) throws(EvaluationError) {
        guard let first = lastSetLiteral, let last, first <= last else { throw Self.error(.invalidRange, at: start) }
        try addToSet(.ranges(RegexRangeList(first, last)))
    }
}
