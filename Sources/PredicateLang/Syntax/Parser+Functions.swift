// Parser+Functions: calls. Built-in functions by selector (`sum(a)` → `sum:`, `now()`,
// `raise:toPower:(2, 3)`), checked against BuiltinFunction; and the keyword forms FUNCTION,
// SUBQUERY, TERNARY and CAST. `CAST(<number>, 'NSDate')` is folded into a date constant, which is
// how dates print, so printed dates read back as the same tree.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PredicateParser {
    /// `name(args)`: with one argument and no trailing colon the selector gets a `:`.
    ///
    ///     function = ( IDENTIFIER | "#" WORD | SELECTOR ) arguments ;
    mutating func parseFunction() -> SyntaxTree.Expression? {
        let name = position
        guard consumeFunctionName(), let arguments = parseArguments() else { return nil }
        return makeFunction(name, arguments)
    }

    /// The name, which must be followed by `(`.
    private mutating func consumeFunctionName() -> Bool {
        let name = advance()
        guard tokens[position].is(.leftParen) else {
            errorHere(.expectedLeftParen(after: text(name)))
            return false
        }
        return true
    }

    /// The call whose name is the token at index `nameIndex`; its `)` was the last token read.
    private mutating func makeFunction(_ nameIndex: Int, _ arguments: [SyntaxTree.Expression]) -> SyntaxTree.Expression?
    {
        let name = tokens[nameIndex]
        let closing = tokens[position - 1]
        guard countNode() else { return nil }
        var selector = text(name)
        if arguments.count == 1 && !selector.hasSuffix(":") { selector += ":" }
        let range = name.range.union(closing.range)
        guard let function = BuiltinFunction(selector: selector) else {
            reportUnknownFunction(name, selector: selector)
            return nil
        }
        guard function.arity == arguments.count else {
            error(.functionArity(selector, expected: function.arity, actual: arguments.count), at: range)
            return nil
        }
        if function == .cast { return PredicateParser.cast(arguments[0], arguments[1], range: range) }
        return .function(selector: selector, arguments: arguments, range)
    }

    private mutating func reportUnknownFunction(_ name: Token, selector: String) {
        let candidates = BuiltinFunction.allCases.map(\.selector)
        var fixIts: [FixIt] = []
        if let suggestion = PredicateParser.suggestion(for: selector, among: candidates.map { $0.uppercased() }),
            let candidate = candidates.first(where: { $0.uppercased() == suggestion })
        {
            let bare = name.kind != .selector && candidate.hasSuffix(":") && candidate.dropLast().contains(":") == false
            fixIts.append(FixIt(range: name.range, replacement: bare ? String(candidate.dropLast()) : candidate))
        }
        error(.unknownFunction(text(name), selector: selector), at: name.range, fixIts: fixIts)
    }

    /// The keyword call forms.
    ///
    ///     specialForm = subquery | functionExpression | ternary | cast ;
    mutating func parseSpecialForm() -> SyntaxTree.Expression? {
        let keyword = position
        let savedDepth = depth
        guard enterSpecialForm() else { return nil }
        defer { depth = savedDepth }
        switch tokens[keyword].kind {
        case .keyword(.subquery): return parseSubquery(keyword)
        case .keyword(.ternary): return parseTernary(keyword)
        case .keyword(.cast): return parseCast(keyword)
        default: return parseFunctionExpression(keyword)
        }
    }

    /// The keyword and its `(`; enters one nesting level. On false the depth is unchanged.
    private mutating func enterSpecialForm() -> Bool {
        let keyword = advance()
        guard consume(.leftParen) != nil else {
            errorHere(.expectedLeftParen(after: spelling(keyword).uppercased()))
            return false
        }
        guard enterLevel(), countNode() else {
            depth -= 1
            return false
        }
        // A level is charged by the stack the later passes spend on it. TERNARY contains a whole
        // predicate (twice an expression's cost) and FUNCTION an argument array: two levels each.
        // SUBQUERY nests a collection, a predicate and a comparison: three levels.
        let extraLevels = keyword.is(.subquery) ? 2 : (keyword.is(.ternary) || keyword.is(.function) ? 1 : 0)
        for charged in 0..<extraLevels {
            guard enterLevel() else {
                depth -= charged + 2
                return false
            }
        }
        return true
    }

    /// `SUBQUERY(collection, $x, predicate)`.
    ///
    ///     subquery = "SUBQUERY" "(" expression "," VARIABLE "," predicate ")" ;
    private mutating func parseSubquery(_ keyword: Int) -> SyntaxTree.Expression? {
        guard let collection = parseExpression(), let variable = expectSubqueryVariable(),
            let predicate = parsePredicate(), let range = closeForm(keyword, purpose: "SUBQUERY")
        else { return nil }
        return .subquery(collection: collection, variable: variable, predicate: predicate, range)
    }

    /// `, $x ,` in a SUBQUERY: the variable's name.
    private mutating func expectSubqueryVariable() -> String? {
        guard expectComma("after the SUBQUERY collection") else { return nil }
        guard tokens[position].kind == .variable else {
            errorHere(.expectedSubqueryVariable)
            return nil
        }
        let variable = advance()
        return expectComma("after the SUBQUERY variable") ? text(variable) : nil
    }

    /// The `)` of a keyword form: the range from the keyword at token index `keyword` to it.
    private mutating func closeForm(_ keyword: Int, purpose: String) -> SourceRange? {
        guard let closing = expectClosingParen(opening: tokens[keyword + 1], purpose: purpose) else { return nil }
        return tokens[keyword].range.union(closing.range)
    }

    /// `TERNARY(condition, then, else)`.
    ///
    ///     ternary = "TERNARY" "(" predicate "," expression "," expression ")" ;
    private mutating func parseTernary(_ keyword: Int) -> SyntaxTree.Expression? {
        guard let condition = parsePredicate(), expectComma("after the TERNARY condition"),
            let then = parseExpression(), expectComma("between the TERNARY values"),
            let otherwise = parseExpression(), let range = closeForm(keyword, purpose: "TERNARY")
        else { return nil }
        return .ternary(condition: condition, then: then, else: otherwise, range)
    }

    /// `CAST(value, 'Type')`.
    ///
    ///     cast = "CAST" "(" expression "," expression ")" ;
    private mutating func parseCast(_ keyword: Int) -> SyntaxTree.Expression? {
        guard let value = parseExpression(), expectComma("between the CAST value and type"),
            let type = parseExpression(), let range = closeForm(keyword, purpose: "CAST")
        else { return nil }
        return PredicateParser.cast(value, type, range: range)
    }

    /// `FUNCTION(receiver, 'selector', arguments...)`.
    ///
    ///     functionExpression = "FUNCTION" "(" expression "," expression { "," expression } ")" ;
    private mutating func parseFunctionExpression(_ keyword: Int) -> SyntaxTree.Expression? {
        guard let receiver = parseExpression(), expectComma("after the FUNCTION receiver"),
            var arguments = parseExpression().map({ [$0] })
        else { return nil }
        while consumeComma() {
            guard let argument = parseExpression() else { return nil }
            arguments.append(argument)
        }
        guard let range = closeForm(keyword, purpose: "FUNCTION") else { return nil }
        let selector = arguments.removeFirst()
        return .customFunction(receiver: receiver, selector: selector, arguments: arguments, range)
    }

    /// A cast, or a date constant for `CAST(<number>, "NSDate")`.
    static func cast(
        _ value: SyntaxTree.Expression, _ type: SyntaxTree.Expression, range: SourceRange
    ) -> SyntaxTree.Expression {
        if case .constant(let number, _) = value, case .constant(.string("NSDate"), _) = type {
            switch number {
            case .int(let seconds):
                return .constant(.date(Date(timeIntervalSinceReferenceDate: Double(seconds))), range)
            case .double(let seconds) where seconds.isFinite:
                return .constant(.date(Date(timeIntervalSinceReferenceDate: seconds)), range)
            default:
                break
            }
        }
        return .cast(value, type: type, range)
    }
}
