// Parser+Primary: primary expressions (literals, SELF, $variables, format arguments, keys,
// parenthesised expressions, {aggregates}) and the call forms: built-in functions by selector,
// FUNCTION, SUBQUERY, TERNARY and CAST. Unsupported constructs get a "not supported" diagnostic.

extension PredicateParser {
    /// A primary expression.
    ///
    ///     primary = literal | "SELF" | "ANYKEY" | VARIABLE | FORMAT_ARGUMENT | keyComponent | function | specialForm | aggregate | "(" expression ")" ;
    ///     literal = STRING | NUMBER | "TRUE" | "YES" | "FALSE" | "NO" | "NULL" | "NIL" ;
    mutating func parsePrimary() -> SyntaxTree.Expression? {
        if isAborted { return nil }
        let token = current
        switch token.kind {
        case .string, .double, .formatConstant, .integer, .keyword(.true), .keyword(.yes), .keyword(.false),
            .keyword(.no), .keyword(.null), .keyword(.nil):
            return parseLiteral()
        case .keyword(.self):
            advance()
            return countNode() ? .evaluatedObject(token.range) : nil
        case .keyword(.anyKey):
            advance()
            return countNode() ? .anyKey(token.range) : nil
        case .variable:
            advance()
            return countNode() ? .variable(token.text, token.range) : nil
        case .formatKeyPath:
            advance()
            guard case .components(let names) = token.payload, countNode() else { return nil }
            return .keyPath(base: nil, components: names.map { .init($0, range: token.range) }, token.range)
        case .identifier, .escapedIdentifier:
            if peek().is(.leftParen) { return parseFunction() }
            advance()
            guard countNode() else { return nil }
            return .keyPath(base: nil, components: [.init(token.text, range: token.range)], token.range)
        case .atIdentifier:
            advance()
            guard countNode() else { return nil }
            return .keyPath(base: nil, components: [.init(token.text, range: token.range)], token.range)
        case .selector:
            return parseFunction()
        case .symbol(.leftBrace):
            return parseAggregate()
        case .symbol(.leftParen):
            return parseParenthesizedExpression()
        case .keyword(.subquery), .keyword(.function), .keyword(.ternary), .keyword(.cast):
            return parseSpecialForm()
        default:
            reportUnexpectedInExpression()
            return nil
        }
    }

    /// A literal or a `%` constant.
    private mutating func parseLiteral() -> SyntaxTree.Expression? {
        let token = advance()
        guard countNode() else { return nil }
        let value: Value
        switch (token.kind, token.payload) {
        case (.integer, .integer(let magnitude)):
            guard let integer = Int64(exactly: magnitude) else {
                error(.integerLiteralOverflow(spelling(token)), at: token.range)
                return nil
            }
            value = .int(integer)
        case (.string, .text(let text)): value = .string(text)
        case (_, .value(let constant)): value = constant
        case (.keyword(.true), _), (.keyword(.yes), _): value = .bool(true)
        case (.keyword(.false), _), (.keyword(.no), _): value = .bool(false)
        default: value = .null
        }
        return .constant(value, token.range)
    }

    /// What cannot start an expression: a reserved word used as a key, FETCH, CASEINSENSITIVE, or
    /// a token that has no place here.
    private mutating func reportUnexpectedInExpression() {
        let token = current
        switch token.kind {
        case .keyword(.fetch):
            errorHere(.unsupported("FETCH"))
        case .keyword(.caseInsensitive), .keyword(.ci):
            errorHere(.unsupported("'\(spelling(token).uppercased())'"))
        case .keyword(let keyword) where keyword != .and && keyword != .or && keyword != .not:
            let word = spelling(token)
            errorHere(.reservedWordAsKey(word), fixIts: [FixIt(range: token.range, replacement: "#" + word)])
        default:
            errorHere(.expectedExpression(after: previousSpelling))
        }
    }

    /// `( expression )`.
    private mutating func parseParenthesizedExpression() -> SyntaxTree.Expression? {
        let opening = advance()
        guard enterLevel() else { return nil }
        defer { depth -= 1 }
        let inner = parseExpression()
        guard expectClosingParen(opening: opening, purpose: "the group") != nil else { return nil }
        return inner
    }

    /// `{a, b, ...}`.
    ///
    ///     aggregate = "{" [ expression { "," expression } ] "}" ;
    mutating func parseAggregate() -> SyntaxTree.Expression? {
        let opening = advance()
        guard enterLevel(), countNode() else { return nil }
        defer { depth -= 1 }
        var elements: [SyntaxTree.Expression] = []
        if let closing = consume(.rightBrace) { return .aggregate([], opening.range.union(closing.range)) }
        while true {
            guard let element = parseExpression() else { return nil }
            elements.append(element)
            if elements.count == limits.maxAggregateElements + 1 {
                error(.aggregateTooLarge(limit: limits.maxAggregateElements), at: element.range)
            }
            if consume(.comma) == nil { break }
        }
        guard let closing = consume(.rightBrace) else {
            errorHere(.expectedClosing("}", "the aggregate"), notes: [.note(.toMatch("{"), at: opening.range)])
            return nil
        }
        guard elements.count <= limits.maxAggregateElements else { return nil }
        return .aggregate(elements, opening.range.union(closing.range))
    }

    /// Arguments in parentheses after a call's name, up to and including `)`.
    ///
    ///     arguments = "(" [ expression { "," expression } ] ")" ;
    mutating func parseArguments() -> (arguments: [SyntaxTree.Expression], closing: Token)? {
        let opening = advance()
        guard enterLevel() else { return nil }
        defer { depth -= 1 }
        var arguments: [SyntaxTree.Expression] = []
        if let closing = consume(.rightParen) { return ([], closing) }
        while true {
            guard let argument = parseExpression() else { return nil }
            arguments.append(argument)
            if consume(.comma) == nil { break }
        }
        guard let closing = expectClosingParen(opening: opening, purpose: "the argument list") else { return nil }
        return (arguments, closing)
    }
}
