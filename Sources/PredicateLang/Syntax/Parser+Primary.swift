// Parser+Primary: primary expressions (literals, SELF, $variables, format arguments, keys,
// parenthesised expressions, {aggregates}, {"key" = value} dictionary constants) and the call forms: built-in functions by selector,
// FUNCTION, SUBQUERY, TERNARY and CAST. Unsupported constructs get a "not supported" diagnostic.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PredicateParser {
    /// A primary expression.
    ///
    ///     primary = literal | "SELF" | "ANYKEY" | VARIABLE | FORMAT_ARGUMENT | keyComponent | function | specialForm | aggregate | "(" expression ")" ;
    ///     literal = STRING | NUMBER | "TRUE" | "YES" | "FALSE" | "NO" | "NULL" | "NIL" ;
    mutating func parsePrimary() -> SyntaxTree.Expression? {
        if isAborted { return nil }
        switch primaryForm() {
        case .leaf: return parseLeaf()
        case .function: return parseFunction()
        case .aggregate: return parseAggregate()
        case .group: return parseParenthesizedExpression()
        case .specialForm: return parseSpecialForm()
        case .unexpected:
            reportUnexpectedInExpression()
            return nil
        }
    }

    /// Which kind of primary expression starts at the cursor.
    enum PrimaryForm {
        case leaf, function, aggregate, group, specialForm, unexpected
    }

    func primaryForm() -> PrimaryForm {
        switch tokens[position].kind {
        case .string, .double, .formatConstant, .integer, .keyword(.true), .keyword(.yes), .keyword(.false),
            .keyword(.no), .keyword(.null), .keyword(.nil), .keyword(.self), .keyword(.anyKey), .variable,
            .formatKeyPath, .atIdentifier:
            .leaf
        case .identifier, .escapedIdentifier:
            peek().is(.leftParen) && !isQuotedName(tokens[position]) ? .function : .leaf
        case .selector: .function
        case .symbol(.leftBrace): .aggregate
        case .symbol(.leftParen): .group
        case .keyword(.subquery), .keyword(.function), .keyword(.ternary), .keyword(.cast): .specialForm
        default: .unexpected
        }
    }

    /// Whether `token` is a name written in quotes (`#"a b"`), which is always a key, never a function.
    func isQuotedName(_ token: Token) -> Bool {
        let index = token.range.lowerBound + 1
        let byte = source.byte(at: index)
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// A primary expression of one token: literal, SELF, ANYKEY, variable, key, format argument.
    private mutating func parseLeaf() -> SyntaxTree.Expression? {
        let token = tokens[position]
        if let key = keyComponent(token) {
            advance()
            guard countNode() else { return nil }
            return .keyPath(base: nil, components: [key], token.range)
        }
        switch token.kind {
        case .keyword(.self):
            advance()
            return countNode() ? .evaluatedObject(token.range) : nil
        case .keyword(.anyKey):
            advance()
            return countNode() ? .anyKey(token.range) : nil
        case .variable:
            advance()
            return countNode() ? .variable(text(token), token.range) : nil
        case .formatKeyPath:
            advance()
            guard case .components(let names) = payload(token), countNode() else { return nil }
            return .keyPath(base: nil, components: names.map { .init($0, range: token.range) }, token.range)
        default:
            return parseLiteral()
        }
    }

    /// A literal or a `%` constant.
    private mutating func parseLiteral() -> SyntaxTree.Expression? {
        let token = advance()
        guard countNode() else { return nil }
        let value: Value
        switch (token.kind, payload(token)) {
        case (.integer, .integer(let magnitude)):
            guard let integer = Int64(exactly: magnitude) else {
                error(.integerLiteralOverflow(spelling(token)), at: token.range)
                return nil
            }
            value = .int(integer)
        case (.string, .text(let text)): value = .string(text)
        case (_, .value(let constant)): value = constant
        case (.keyword(let keyword), _): value = keyword.literalValue ?? .null
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
        let opening = position
        guard enterGroup() else { return nil }
        defer { depth -= 1 }
        let inner = parseExpression()
        guard closeGroup(opening: opening, purpose: "the group") else { return nil }
        return inner
    }

    /// `{a, b, ...}`, or a dictionary constant `{"key" = value, ...}` (how a dictionary argument prints).
    ///
    ///     aggregate = "{" [ expression { "," expression } | dictionaryEntry { "," dictionaryEntry } ] "}" ;
    mutating func parseAggregate() -> SyntaxTree.Expression? {
        let opening = position
        guard enterAggregate() else { return nil }
        defer { depth -= 1 }
        var elements: [SyntaxTree.Expression] = []
        if !currentIs(.rightBrace) {
            repeat {
                guard let element = parseExpression() else { return nil }
                if elements.isEmpty && currentIs(.equal) { return parseDictionary(first: element, opening: opening) }
                elements.append(element)
                checkAggregateSize(elements)
            } while consumeComma()
        }
        return closeAggregate(elements, opening: opening)
    }

    /// The entries of `{"key" = value, ...}` after its first key, `first`, up to and including `}`: a
    /// dictionary constant. The language has no dictionary expression, so the values must be constants
    /// (as the printer writes them: literals, `{...}` arrays, `{...} UNION {}` sets, `1e999 - 1e999`).
    private mutating func parseDictionary(first: SyntaxTree.Expression, opening: Int) -> SyntaxTree.Expression? {
        var dictionary = ValueDictionary()
        var key = first
        while true {
            guard let (name, value) = parseDictionaryEntry(key) else { return nil }
            dictionary[name] = value
            if dictionary.count > limits.maxAggregateElements {
                error(.aggregateTooLarge(limit: limits.maxAggregateElements), at: key.range)
                return nil
            }
            guard consumeComma() else { break }
            guard let next = parseExpression() else { return nil }
            key = next
        }
        guard let closing = consume(.rightBrace) else {
            errorHere(.expectedClosing("}", "the dictionary"), notes: [.note(.toMatch("{"), at: tokens[opening].range)])
            return nil
        }
        return .constant(.dictionary(dictionary), tokens[opening].range.union(closing.range))
    }

    /// One `"key" = value` of a dictionary constant; `key` has been read, the cursor is at `=`.
    ///
    ///     dictionaryEntry = STRING "=" expression ;
    private mutating func parseDictionaryEntry(_ key: SyntaxTree.Expression) -> (String, Value)? {
        guard case .constant(.string(let name), _) = key else {
            error(.unsupported("a dictionary key that is not a string"), at: key.range)
            return nil
        }
        guard currentIs(.equal) else {
            errorHere(.expectedClosing("}", "the dictionary"))
            return nil
        }
        advance()
        guard let expression = parseExpression() else { return nil }
        guard let value = PredicateParser.constantValue(expression) else {
            error(.unsupported("a dictionary value that is not a constant"), at: expression.range)
            return nil
        }
        return (name, value)
    }

    /// The value of an expression made of constants the way printed constants are: a literal, an array
    /// `{...}`, a set `{...} UNION {}` and NaN `1e999 - 1e999`; nil for anything else.
    static func constantValue(_ expression: SyntaxTree.Expression) -> Value? {
        switch expression {
        case .constant(let value, _):
            return value
        case .aggregate(let elements, _):
            var values: [Value] = []
            for element in elements {
                guard let value = constantValue(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .setOperation(.union, let lhs, let rhs, _):
            guard let left = constantValue(lhs), let right = constantValue(rhs) else { return nil }
            return try? Value.setOperation(.union, left, right)
        case .arithmetic(.subtract, .constant(.double(let lhs), _), .constant(.double(let rhs), _), _):
            return .double(lhs - rhs)
        case .cast(let seconds, .constant(.string("NSDate"), _), _):
            // A date at an infinite or NaN time, which the parser does not fold (`CAST(1e999, "NSDate")`).
            guard let seconds = constantValue(seconds)?.doubleValue else { return nil }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            return nil
        }
    }

    private mutating func enterAggregate() -> Bool {
        advance()
        return enterLevel() && countNode()
    }

    private mutating func checkAggregateSize(_ elements: [SyntaxTree.Expression]) {
        if elements.count == limits.maxAggregateElements + 1 {
            error(.aggregateTooLarge(limit: limits.maxAggregateElements), at: elements[elements.count - 1].range)
        }
    }

    private mutating func closeAggregate(_ elements: [SyntaxTree.Expression], opening: Int) -> SyntaxTree.Expression? {
        guard let closing = consume(.rightBrace) else {
            errorHere(.expectedClosing("}", "the aggregate"), notes: [.note(.toMatch("{"), at: tokens[opening].range)])
            return nil
        }
        guard elements.count <= limits.maxAggregateElements else { return nil }
        return .aggregate(elements, tokens[opening].range.union(closing.range))
    }

    /// Arguments in parentheses after a call's name, up to and including `)`.
    ///
    ///     arguments = "(" [ expression { "," expression } ] ")" ;
    mutating func parseArguments() -> [SyntaxTree.Expression]? {
        let opening = position
        guard enterGroup() else { return nil }
        defer { depth -= 1 }
        // Arguments sit in an array inside the call's payload, a level deeper than a group's
        // operand in every recursive pass: a call is charged two levels.
        depth += 1
        defer { depth -= 1 }
        guard enterLevelChecked() else { return nil }
        var arguments: [SyntaxTree.Expression] = []
        if !currentIs(.rightParen) {
            repeat {
                guard let argument = parseExpression() else { return nil }
                arguments.append(argument)
            } while consumeComma()
        }
        return closeGroup(opening: opening, purpose: "the argument list") ? arguments : nil
    }
}
