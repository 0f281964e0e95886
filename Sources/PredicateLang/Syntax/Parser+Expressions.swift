// Parser+Expressions: the expression levels, lowest precedence first: assignment, the binary
// operators (by precedence climbing, so one loop serves four levels), unary minus, postfix key paths
// and subscripts. Primary expressions and the call forms are in Parser+Primary.swift.

extension PredicateParser {
    /// An operand of a comparison.
    ///
    ///     expression = assignment ;
    mutating func parseExpression() -> SyntaxTree.Expression? {
        parseAssignment()
    }

    /// `$x := value` (right-associative, lowest precedence).
    ///
    ///     assignment = VARIABLE ":=" assignment | bitwise ;
    mutating func parseAssignment() -> SyntaxTree.Expression? {
        if isAborted { return nil }
        if current.kind == .variable, peek().is(.assign) {
            let variable = advance()
            advance()
            guard enterLevel() else { return nil }
            defer { depth -= 1 }
            guard let value = parseAssignment() else { return nil }
            guard countNode() else { return nil }
            return .assignment(variable: variable.text, value: value, variable.range.union(value.range))
        }
        guard let expression = parseBinary(minimumPrecedence: 1) else { return nil }
        if current.is(.assign) {
            error(.assignmentTargetNotVariable, at: expression.range)
            return nil
        }
        return expression
    }

    /// A binary operator and its precedence (higher binds tighter).
    enum BinaryOperator {
        case arithmetic(ArithmeticOperator)
        case set(SetOperator)
    }

    /// The binary operator at the cursor, with its precedence level.
    func binaryOperatorAhead() -> (BinaryOperator, Int)? {
        switch current.kind {
        case .symbol(.ampersand): (.arithmetic(.bitwiseAnd), 1)
        case .symbol(.bar): (.arithmetic(.bitwiseOr), 1)
        case .symbol(.caret): (.arithmetic(.bitwiseXor), 1)
        case .symbol(.shiftLeft): (.arithmetic(.leftShift), 1)
        case .symbol(.shiftRight): (.arithmetic(.rightShift), 1)
        case .keyword(.union): (.set(.union), 1)
        case .keyword(.intersect): (.set(.intersect), 1)
        case .keyword(.minus): (.set(.minus), 1)
        case .symbol(.plus): (.arithmetic(.add), 2)
        case .symbol(.minus): (.arithmetic(.subtract), 2)
        case .symbol(.star): (.arithmetic(.multiply), 3)
        case .symbol(.slash): (.arithmetic(.divide), 3)
        case .symbol(.starStar): (.arithmetic(.power), 4)
        default: nil
        }
    }

    /// The four binary levels by precedence climbing; all are left-associative. Each operator
    /// applied counts one nesting level, which bounds the height of the tree a long chain builds.
    ///
    ///     bitwise = additive { ( "&" | "|" | "^" | "<<" | ">>" | "UNION" | "INTERSECT" | "MINUS" ) additive } ;
    ///     additive = multiplicative { ( "+" | "-" ) multiplicative } ;
    ///     multiplicative = power { ( "*" | "/" ) power } ;
    ///     power = unary { "**" unary } ;
    mutating func parseBinary(minimumPrecedence: Int) -> SyntaxTree.Expression? {
        let savedDepth = depth
        defer { depth = savedDepth }
        guard var lhs = parseUnary() else { return nil }
        while let (op, precedence) = binaryOperatorAhead(), precedence >= minimumPrecedence {
            advance()
            guard enterLevel(), let rhs = parseBinary(minimumPrecedence: precedence + 1), countNode() else {
                return nil
            }
            let range = lhs.range.union(rhs.range)
            switch op {
            case .arithmetic(let arithmetic): lhs = .arithmetic(arithmetic, lhs, rhs, range)
            case .set(let set): lhs = .setOperation(set, lhs, rhs, range)
            }
        }
        return lhs
    }

    /// Unary minus, read in a loop (one nesting level each). A minus before a numeric constant is
    /// folded into a negative constant; `-9223372036854775808` is Int64.min.
    ///
    ///     unary = "-" unary | postfix ;
    mutating func parseUnary() -> SyntaxTree.Expression? {
        let savedDepth = depth
        defer { depth = savedDepth }
        var minuses: [Token] = []
        while current.is(Token.Symbol.minus) {
            minuses.append(advance())
            guard enterLevel() else { return nil }
        }
        if current.is(.tilde) {
            errorHere(.unsupported("the unary '~' operator (use onesComplement(x))"))
            return nil
        }
        var operand: SyntaxTree.Expression
        if let minus = minuses.last, current.kind == .integer, case .integer(let magnitude) = current.payload,
            magnitude == UInt64(Int64.max) + 1, !peek().is(.dot), !peek().is(.leftBracket)
        {
            let literal = advance()
            minuses.removeLast()
            guard countNode() else { return nil }
            operand = .constant(.int(.min), minus.range.union(literal.range))
        } else {
            guard let postfix = parsePostfix() else { return nil }
            operand = postfix
        }
        for minus in minuses.reversed() {
            guard countNode() else { return nil }
            operand = PredicateParser.negated(operand, range: minus.range.union(operand.range))
        }
        return operand
    }

    /// `-operand`, folded when the operand is a numeric constant.
    static func negated(_ operand: SyntaxTree.Expression, range: SourceRange) -> SyntaxTree.Expression {
        if case .constant(let value, _) = operand {
            switch value {
            case .int(let integer) where integer != .min:
                return .constant(.int(-integer), range)
            case .double(let double):
                return .constant(.double(-double), range)
            default:
                break
            }
        }
        return .negate(operand, range)
    }

    /// Key-path steps and subscripts after a primary expression. `a.b` and `(a).b` give the same
    /// key path; a key path on another operand keeps it as its base.
    ///
    ///     postfix = primary { "." keyComponent | "[" index "]" } ;
    ///     index = "FIRST" | "LAST" | "SIZE" | expression ;
    mutating func parsePostfix() -> SyntaxTree.Expression? {
        let savedDepth = depth
        defer { depth = savedDepth }
        guard var base = parsePrimary() else { return nil }
        while true {
            if let dot = consume(.dot) {
                guard let component = parseKeyComponent(after: dot) else { return nil }
                guard let extended = appendingComponent(component, to: base) else { return nil }
                base = extended
            } else if current.is(.leftBracket) {
                guard let indexed = parseIndex(base: base) else { return nil }
                base = indexed
            } else {
                return base
            }
        }
    }

    /// `base.component`: extends a key path, or starts one on SELF or on another operand.
    private mutating func appendingComponent(
        _ component: SyntaxTree.KeyPathComponent, to base: SyntaxTree.Expression
    ) -> SyntaxTree.Expression? {
        let range = base.range.union(component.range)
        switch base {
        case .keyPath(let keyBase, let components, _):
            return .keyPath(base: keyBase, components: components + [component], range)
        case .evaluatedObject:
            guard countNode() else { return nil }
            return .keyPath(base: nil, components: [component], range)
        default:
            guard enterLevel(), countNode() else { return nil }
            return .keyPath(base: base, components: [component], range)
        }
    }

    /// `[n]`, `['key']`, `[FIRST]`, `[LAST]`, `[SIZE]`.
    private mutating func parseIndex(base: SyntaxTree.Expression) -> SyntaxTree.Expression? {
        let opening = advance()
        guard enterLevel(), countNode() else { return nil }
        let selector: SyntaxTree.IndexSelector
        if current.is(.first) || current.is(.last) || current.is(.size), peek().is(.rightBracket) {
            selector = current.is(.first) ? .first : (current.is(.last) ? .last : .size)
            advance()
        } else {
            guard let index = parseExpression() else { return nil }
            selector = .expression(index)
        }
        guard let closing = consume(.rightBracket) else {
            errorHere(.expectedClosing("]", "the subscript"), notes: [.note(.toMatch("["), at: opening.range)])
            return nil
        }
        return .index(base, selector, base.range.union(closing.range))
    }

    /// One key: an identifier, a `#`-escaped word, or a collection operator such as `@count`.
    ///
    ///     keyComponent = IDENTIFIER | "#" WORD | "@" IDENTIFIER ;
    mutating func parseKeyComponent(after dot: Token) -> SyntaxTree.KeyPathComponent? {
        let token = current
        switch token.kind {
        case .identifier, .escapedIdentifier, .atIdentifier:
            advance()
            return SyntaxTree.KeyPathComponent(token.text, range: token.range)
        case .keyword(let keyword) where keyword != .and && keyword != .or && keyword != .not:
            let word = spelling(token)
            errorHere(.reservedWordAsKey(word), fixIts: [FixIt(range: token.range, replacement: "#" + word)])
            return nil
        default:
            errorHere(.expectedKey(after: spelling(dot)))
            return nil
        }
    }
}
