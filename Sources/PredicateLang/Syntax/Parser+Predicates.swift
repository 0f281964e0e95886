// Parser+Predicates: the predicate levels of the grammar, lowest precedence first: OR, AND, NOT,
// primary predicates (groups, TRUEPREDICATE/FALSEPREDICATE, comparisons), and comparison operators
// with their option letters. Chains of one connective become one n-ary node, built in a loop.

extension PredicateParser {
    /// The whole predicate.
    ///
    ///     predicate = orPredicate ;
    mutating func parsePredicate() -> SyntaxTree.Predicate? {
        parseOrPredicate()
    }

    /// `a OR b OR c`, flattened into one `.or` node. AND binds tighter than OR.
    ///
    ///     orPredicate = andPredicate { ( "OR" | "||" ) andPredicate } ;
    mutating func parseOrPredicate() -> SyntaxTree.Predicate? {
        parseConnective(isOr: true)
    }

    /// `a AND b AND c`, flattened into one `.and` node.
    ///
    ///     andPredicate = notPredicate { ( "AND" | "&&" ) notPredicate } ;
    mutating func parseAndPredicate() -> SyntaxTree.Predicate? {
        parseConnective(isOr: false)
    }

    /// The loop shared by OR and AND: operands are collected in an array, so a chain of 10,000
    /// terms costs no recursion. A failed operand is skipped up to the next connective.
    ///
    /// Functions on the recursive path keep their own frames small (debug builds give every
    /// temporary a stack slot): token tests, errors and node building live in helpers that return
    /// before the recursive call.
    ///
    /// The array is only created when a second operand arrives: most calls see one operand.
    private mutating func parseConnective(isOr: Bool) -> SyntaxTree.Predicate? {
        var single: SyntaxTree.Predicate? = nil
        var operands: [SyntaxTree.Predicate] = []
        var failed = false
        while true {
            let operandStart = position
            if let operand = isOr ? parseAndPredicate() : parseNotPredicate() {
                if !operands.isEmpty {
                    operands.append(operand)
                } else if let first = single {
                    operands.reserveCapacity(4)
                    operands.append(first)
                    operands.append(operand)
                    single = nil
                } else {
                    single = operand
                }
            } else {
                failed = true
                if !resynchronize(operandStart: operandStart) { return nil }
            }
            switch consumeConnective(isOr: isOr) {
            case .none:
                if let single, operands.isEmpty { return failed ? nil : single }
                return makeCompound(operands, isOr: isOr, failed: failed)
            case .some(true): continue
            case .some(false): failed = true
            }
        }
    }

    /// After a failed operand: skip to the next connective. An operand that failed on its first
    /// token (`AND a == 1`) stays in recovery, so its cascade is not reported.
    private mutating func resynchronize(operandStart: Int) -> Bool {
        !isAborted && synchronize(clearingRecovery: position > operandStart)
    }

    /// Consumes the connective if it is next: nil if none, false if nothing usable follows it.
    private mutating func consumeConnective(isOr: Bool) -> Bool? {
        let connective = tokens[position]
        let matches =
            isOr ? (connective.is(.or) || connective.is(.orOr)) : (connective.is(.and) || connective.is(.andAnd))
        guard matches, !isAborted else { return nil }
        advance()
        if isAtEnd || tokens[position].is(.rightParen) || isConnective(tokens[position]) {
            errorHere(.expectedExpression(after: spelling(connective)))
            return false
        }
        return true
    }

    private mutating func makeCompound(_ operands: [SyntaxTree.Predicate], isOr: Bool, failed: Bool) -> SyntaxTree
        .Predicate?
    {
        guard !failed, let first = operands.first else { return nil }
        if operands.count == 1 { return first }
        guard countNode() else { return nil }
        let range = first.range.union(operands[operands.count - 1].range)
        return isOr ? .or(operands, range) : .and(operands, range)
    }

    /// `NOT p` / `! p`: applies to the next primary predicate. A chain of NOTs is read in a loop,
    /// one nesting level each.
    ///
    ///     notPredicate = ( "NOT" | "!" ) notPredicate | primaryPredicate ;
    mutating func parseNotPredicate() -> SyntaxTree.Predicate? {
        let savedDepth = depth
        defer { depth = savedDepth }
        guard let negations = consumeNegations(), let predicate = parsePrimaryPredicate() else { return nil }
        return negations.isEmpty ? predicate : wrapNegations(predicate, negations)
    }

    /// Reads `NOT`/`!` tokens, one nesting level each; returns the indices of those tokens (consecutive, and
    /// none when no negation is next), or nil on an error.
    private mutating func consumeNegations() -> Range<Int>? {
        let first = position
        while tokens[position].is(.not) || tokens[position].is(.bang) {
            advance()
            // `NOT (p)` counts once, at the group: that is how the printer writes `NOT` of a
            // compound, and the printed form must fit the same limit.
            if !currentIs(.leftParen) {
                guard enterLevel() else { return nil }
            }
        }
        if position > first, isAtEnd || tokens[position].is(.rightParen) || isConnective(tokens[position]) {
            errorHere(.expectedPredicate(after: source.slice(tokens[position &- 1].range)))
            return nil
        }
        return first..<position
    }

    /// `operand` under the negations read from the tokens at `negations`, the innermost (last) first.
    private mutating func wrapNegations(_ operand: SyntaxTree.Predicate, _ negations: Range<Int>) -> SyntaxTree
        .Predicate?
    {
        var predicate = operand
        for index in negations.reversed() {
            guard countNode() else { return nil }
            predicate = .not(predicate, tokens[index].range.union(predicate.range))
        }
        return predicate
    }

    /// A parenthesised predicate, a constant predicate or a comparison. Whether `(` opens a
    /// predicate or an expression (`(a + 1) * 2 == 4`) is decided by the token after its `)`.
    ///
    ///     primaryPredicate = "(" predicate ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison ;
    mutating func parsePrimaryPredicate() -> SyntaxTree.Predicate? {
        if isAborted { return nil }
        if let constant = parseConstantPredicate() { return constant }
        if opensPredicateGroup() { return parseGroup() }
        return parseComparison()
    }

    /// `TRUEPREDICATE` or `FALSEPREDICATE`, if next.
    private mutating func parseConstantPredicate() -> SyntaxTree.Predicate? {
        let token = tokens[position]
        guard token.is(.truePredicate) || token.is(.falsePredicate) else { return nil }
        advance()
        guard countNode() else { return nil }
        return .constant(token.is(.truePredicate), token.range)
    }

    private func opensPredicateGroup() -> Bool {
        tokens[position].is(.leftParen) && !parenthesisOpensExpression(at: position)
    }

    /// `( predicate )`.
    private mutating func parseGroup() -> SyntaxTree.Predicate? {
        let opening = position
        guard enterGroup() else { return nil }
        defer { depth -= 1 }
        let inner = parsePredicate()
        guard closeGroup(opening: opening, purpose: "the group") else { return nil }
        return inner
    }

    /// Whether the `(` at `index` starts an expression operand rather than a predicate group.
    func parenthesisOpensExpression(at index: Int) -> Bool {
        let closing = matchingParen[index]
        guard closing >= 0, closing + 1 < tokens.count else { return false }
        let next = tokens[closing + 1]
        switch next.kind {
        case .symbol(let symbol):
            return symbol != .rightParen && symbol != .comma && symbol != .andAnd && symbol != .orOr
                && symbol != .leftParen && symbol != .rightBracket && symbol != .rightBrace && symbol != .bang
        case .keyword(let keyword):
            return keyword.comparisonOperator != nil || keyword.setOperator != nil
        case .selector:
            return true
        default:
            return false
        }
    }

    /// `[ANY|SOME|ALL|NONE] lhs op[options] rhs`. `NONE` becomes `NOT (ANY ...)`. Comparisons do
    /// not chain.
    ///
    ///     comparison = [ modifier ] expression comparisonOperator expression ;
    ///     modifier = "ANY" | "SOME" | "ALL" | "NONE" ;
    mutating func parseComparison() -> SyntaxTree.Predicate? {
        let (start, modifier, isNone) = consumeModifier()
        guard let lhs = parseExpression(), let op = parseComparisonOperator(), let rhs = parseExpression() else {
            return nil
        }
        return makeComparison(start: start, modifier: modifier, isNone: isNone, lhs: lhs, op: op, rhs: rhs)
    }

    /// `ANY`, `SOME`, `ALL` or `NONE`, if next; with the start of the comparison.
    private mutating func consumeModifier() -> (SourceRange, ComparisonModifier, Bool) {
        let start = tokens[position].range
        switch tokens[position].kind {
        case .keyword(.any), .keyword(.some):
            advance()
            return (start, .any, false)
        case .keyword(.all):
            advance()
            return (start, .all, false)
        case .keyword(.none):
            advance()
            return (start, .any, true)
        default:
            return (start, .direct, false)
        }
    }

    private mutating func makeComparison(
        start: SourceRange, modifier: ComparisonModifier, isNone: Bool, lhs: SyntaxTree.Expression,
        op: (ComparisonOperator, ComparisonOptions, SourceRange), rhs: SyntaxTree.Expression
    ) -> SyntaxTree.Predicate? {
        if comparisonOperatorAhead() {
            errorHere(.chainedComparison)
            return nil
        }
        guard countNode() else { return nil }
        let range = start.union(rhs.range)
        let comparison = SyntaxTree.Predicate.comparison(
            SyntaxTree.Comparison(
                modifier: modifier, lhs: lhs, op: op.0, options: op.1, rhs: rhs, range: range, operatorRange: op.2))
        return isNone ? .not(comparison, range) : comparison
    }

    /// Whether the current token is a comparison operator.
    func comparisonOperatorAhead() -> Bool {
        isComparisonOperator(current)
    }

    /// Whether `token` is a comparison operator.
    func isComparisonOperator(_ token: Token) -> Bool {
        token.comparisonOperator != nil
    }

    /// The operator of a comparison and its option letters.
    ///
    ///     comparisonOperator = ( "==" | "=" | "!=" | "<>" | "<" | "<=" | "=<" | ">" | ">=" | "=>" | "BETWEEN" | "IN" | "CONTAINS" | "BEGINSWITH" | "ENDSWITH" | "LIKE" | "MATCHES" | "UTI-CONFORMS-TO" | "UTI-EQUALS" ) [ options ] ;
    ///     options = "[" OPTION_LETTERS "]" ;
    mutating func parseComparisonOperator() -> (ComparisonOperator, ComparisonOptions, SourceRange)? {
        let token = current
        guard let op = token.comparisonOperator else {
            reportMissingComparisonOperator()
            return nil
        }
        advance()
        var range = token.range
        var options: ComparisonOptions = []
        if current.is(.leftBracket) {
            guard let (letters, optionsRange) = parseOptions() else { return nil }
            options = letters
            range = range.union(optionsRange)
        }
        if isAtEnd || current.is(.rightParen) || isConnective(current) {
            errorHere(.expectedExpression(after: source.slice(range)))
            return nil
        }
        return (op, options, range)
    }

    /// `[cd]` after an operator.
    private mutating func parseOptions() -> (ComparisonOptions, SourceRange)? {
        let opening = advance()
        var options: ComparisonOptions = []
        let letters = current
        switch letters.kind {
        case .identifier, .keyword:
            advance()
            var letterOffset = letters.range.lowerBound
            for character in spelling(letters) {
                let lower = Character(character.lowercased())
                guard let option = ComparisonOptions.option(forLetter: lower) else {
                    let width = character.utf8.count
                    error(
                        .unknownComparisonOption(String(character)), at: SourceRange(letterOffset, letterOffset + width)
                    )
                    return nil
                }
                letterOffset += character.utf8.count
                options.insert(option)
            }
        default:
            errorHere(.unknownComparisonOption(spelling(letters)))
            return nil
        }
        guard let closing = consume(.rightBracket) else {
            errorHere(.expectedClosing("]", "the comparison options"), notes: [.note(.toMatch("["), at: opening.range)])
            return nil
        }
        return (options, opening.range.union(closing.range))
    }

    /// "expected a comparison operator", or a more precise message: a misspelled operator keyword
    /// (with a fix-it), or a custom selector operator (not supported).
    private mutating func reportMissingComparisonOperator() {
        let token = current
        switch token.kind {
        case .selector:
            errorHere(.unsupported("a custom selector operator such as '\(text(token))'"))
        case .identifier:
            if let suggestion = PredicateParser.suggestion(for: text(token), among: PredicateParser.operatorWords) {
                errorHere(.unknownOperator(text(token)), fixIts: [FixIt(range: token.range, replacement: suggestion)])
            } else {
                errorHere(.expectedComparisonOperator)
            }
        case .keyword(.caseInsensitive), .keyword(.ci):
            errorHere(.unsupported("'\(spelling(token).uppercased())'"))
        default:
            errorHere(.expectedComparisonOperator)
        }
    }
}
