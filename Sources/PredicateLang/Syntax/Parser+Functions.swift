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
        let name = advance()
        guard current.is(.leftParen) else {
            errorHere(.expectedLeftParen(after: name.text))
            return nil
        }
        guard let (arguments, closing) = parseArguments(), countNode() else { return nil }
        var selector = name.text
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
        error(.unknownFunction(name.text, selector: selector), at: name.range, fixIts: fixIts)
    }

    /// The keyword call forms.
    ///
    ///     specialForm = subquery | functionExpression | ternary | cast ;
    mutating func parseSpecialForm() -> SyntaxTree.Expression? {
        let keyword = advance()
        guard let opening = consume(.leftParen) else {
            errorHere(.expectedLeftParen(after: spelling(keyword).uppercased()))
            return nil
        }
        guard enterLevel(), countNode() else { return nil }
        defer { depth -= 1 }
        switch keyword.kind {
        case .keyword(.subquery): return parseSubquery(keyword, opening)
        case .keyword(.ternary): return parseTernary(keyword, opening)
        case .keyword(.cast): return parseCast(keyword, opening)
        default: return parseFunctionExpression(keyword, opening)
        }
    }

    /// `SUBQUERY(collection, $x, predicate)`.
    ///
    ///     subquery = "SUBQUERY" "(" expression "," VARIABLE "," predicate ")" ;
    private mutating func parseSubquery(_ keyword: Token, _ opening: Token) -> SyntaxTree.Expression? {
        guard let collection = parseExpression(), expectComma("after the SUBQUERY collection") else { return nil }
        guard current.kind == .variable else {
            errorHere(.expectedSubqueryVariable)
            return nil
        }
        let variable = advance()
        guard expectComma("after the SUBQUERY variable"), let predicate = parsePredicate(),
            let closing = expectClosingParen(opening: opening, purpose: "SUBQUERY")
        else { return nil }
        return .subquery(
            collection: collection, variable: variable.text, predicate: predicate, keyword.range.union(closing.range))
    }

    /// `TERNARY(condition, then, else)`.
    ///
    ///     ternary = "TERNARY" "(" predicate "," expression "," expression ")" ;
    private mutating func parseTernary(_ keyword: Token, _ opening: Token) -> SyntaxTree.Expression? {
        guard let condition = parsePredicate(), expectComma("after the TERNARY condition"),
            let then = parseExpression(), expectComma("between the TERNARY values"),
            let otherwise = parseExpression(),
            let closing = expectClosingParen(opening: opening, purpose: "TERNARY")
        else { return nil }
        return .ternary(condition: condition, then: then, else: otherwise, keyword.range.union(closing.range))
    }

    /// `CAST(value, 'Type')`.
    ///
    ///     cast = "CAST" "(" expression "," expression ")" ;
    private mutating func parseCast(_ keyword: Token, _ opening: Token) -> SyntaxTree.Expression? {
        guard let value = parseExpression(), expectComma("between the CAST value and type"),
            let type = parseExpression(),
            let closing = expectClosingParen(opening: opening, purpose: "CAST")
        else { return nil }
        return PredicateParser.cast(value, type, range: keyword.range.union(closing.range))
    }

    /// `FUNCTION(receiver, 'selector', arguments...)`.
    ///
    ///     functionExpression = "FUNCTION" "(" expression "," expression { "," expression } ")" ;
    private mutating func parseFunctionExpression(_ keyword: Token, _ opening: Token) -> SyntaxTree.Expression? {
        guard let receiver = parseExpression(), expectComma("after the FUNCTION receiver"),
            let selector = parseExpression()
        else { return nil }
        var arguments: [SyntaxTree.Expression] = []
        while consume(.comma) != nil {
            guard let argument = parseExpression() else { return nil }
            arguments.append(argument)
        }
        guard let closing = expectClosingParen(opening: opening, purpose: "FUNCTION") else { return nil }
        return .customFunction(
            receiver: receiver, selector: selector, arguments: arguments, keyword.range.union(closing.range))
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
