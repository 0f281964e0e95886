// SyntaxTree+Parse: the public entry points of the front end. Text (plus format arguments) →
// Lexer → PredicateParser → tree and diagnostics. Input size is checked before lexing; diagnostics come back
// sorted by position. Any error means no tree.

/// The result of parsing a predicate: the tree if there were no errors, and every diagnostic.
public struct ParseResult: Sendable {
    /// The predicate, or nil when `diagnostics` contains an error.
    public var tree: SyntaxTree.Predicate?
    /// Errors and warnings, in source order.
    public var diagnostics: [Diagnostic]
    /// The text that was parsed, for rendering diagnostics.
    public var source: SourceText

    public init(tree: SyntaxTree.Predicate?, diagnostics: [Diagnostic], source: SourceText) {
        self.tree = tree
        self.diagnostics = diagnostics
        self.source = source
    }
}

/// The result of parsing a lone expression (`+[NSExpression expressionWithFormat:]`).
public struct ExpressionParseResult: Sendable {
    /// The expression, or nil when `diagnostics` contains an error.
    public var expression: SyntaxTree.Expression?
    /// Errors and warnings, in source order.
    public var diagnostics: [Diagnostic]
    /// The text that was parsed, for rendering diagnostics.
    public var source: SourceText

    public init(expression: SyntaxTree.Expression?, diagnostics: [Diagnostic], source: SourceText) {
        self.expression = expression
        self.diagnostics = diagnostics
        self.source = source
    }
}

extension SyntaxTree {
    /// Parses a predicate format string.
    ///
    /// ```swift
    /// let result = SyntaxTree.parse("name BEGINSWITH[c] %@ AND age >= 18", arguments: ["jo"])
    /// result.tree?.format   // name BEGINSWITH[c] "jo" AND age >= 18
    /// ```
    ///
    /// - Parameters:
    ///   - text: The format string.
    ///   - arguments: Values for `%@ %K %d %f ...`, in order (a `%K` takes a string value, split on `.`
    ///     into a key path).
    ///   - sourceName: The name diagnostics show, such as `<argument>` or a file path.
    ///   - limits: Bounds on input size, nesting and tree size.
    public static func parse(
        _ text: String, arguments: [Value] = [], sourceName: String = "<input>", limits: Limits = .default
    ) -> ParseResult {
        guard text.utf8.count <= limits.maxSourceBytes else {
            let (source, diagnostics) = oversized(text, sourceName, limits)
            return ParseResult(tree: nil, diagnostics: diagnostics, source: source)
        }
        let source = SourceText(text, name: sourceName)
        // The usual predicate (comparisons of keys, variables, SELF, literals and `%@` / `%K` arguments, with
        // connectives, negations and groups) is read without tokens; whatever the quick parser declines, the
        // parser reads.
        if let tree = QuickParser.parse(source, arguments: arguments, limits: limits) {
            assert(
                {
                    let thorough = thoroughlyParsed(source, arguments: arguments, limits: limits)
                    return thorough.tree == tree && thorough.diagnostics.isEmpty
                }(), "the quick parser disagrees with the parser on \(text)")
            return ParseResult(tree: tree, diagnostics: [], source: source)
        }
        return thoroughlyParsed(source, arguments: arguments, limits: limits)
    }

    /// `source` read by the lexer and the parser.
    static func thoroughlyParsed(_ source: SourceText, arguments: [Value], limits: Limits) -> ParseResult {
        var parser = makeParser(source, arguments: arguments, limits: limits)
        var tree: Predicate?
        if parser.isAtEnd && !parser.diagnostics.hasErrors {
            parser.error(.emptyInput, at: .empty(at: 0))
        } else {
            tree = parser.parsePredicate()
            parser.expectEnd()
        }
        let diagnostics = sorted(parser.diagnostics)
        return ParseResult(tree: diagnostics.hasErrors ? nil : tree, diagnostics: diagnostics, source: source)
    }

    /// Parses a format string as a single expression, as `NSExpression(format:)` does.
    public static func parseExpression(
        _ text: String, arguments: [Value] = [], sourceName: String = "<input>", limits: Limits = .default
    ) -> ExpressionParseResult {
        guard text.utf8.count <= limits.maxSourceBytes else {
            let (source, diagnostics) = oversized(text, sourceName, limits)
            return ExpressionParseResult(expression: nil, diagnostics: diagnostics, source: source)
        }
        let source = SourceText(text, name: sourceName)
        var parser = makeParser(source, arguments: arguments, limits: limits)
        var expression: Expression?
        if parser.isAtEnd && !parser.diagnostics.hasErrors {
            parser.error(.expectedExpression(after: nil), at: .empty(at: 0))
        } else {
            expression = parser.parseExpression()
            parser.expectEnd()
        }
        let diagnostics = sorted(parser.diagnostics)
        return ExpressionParseResult(
            expression: diagnostics.hasErrors ? nil : expression, diagnostics: diagnostics, source: source)
    }

    /// Lexes `source` and returns a parser over its tokens.
    private static func makeParser(_ source: SourceText, arguments: [Value], limits: Limits) -> PredicateParser {
        var lexer = Lexer(source: source, arguments: arguments, limits: limits)
        let tokens = lexer.tokenize()
        // The lexer's payloads and diagnostics are moved to the parser, not copied out of it (a copy of a
        // field goes through its type's metadata, which the first compile in a process has to build).
        var parser = PredicateParser(source: source, tokens: tokens, payloads: lexer.payloads.take(), limits: limits)
        parser.diagnostics = lexer.diagnostics.take()
        return parser
    }

    /// The `input-too-large` error, with a source of only the text's first `maxSourceBytes` bytes:
    /// oversized input costs no more work than the largest accepted one.
    private static func oversized(_ text: String, _ name: String, _ limits: Limits) -> (SourceText, [Diagnostic]) {
        let prefix = String(decoding: text.utf8.prefix(max(0, limits.maxSourceBytes)), as: UTF8.self)
        let source = SourceText(prefix, name: name)
        return (source, [.error(.inputTooLarge(limit: limits.maxSourceBytes), at: .empty(at: 0))])
    }

    /// Diagnostics in source order (stable), capped at 100.
    private static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.count > 1 else { return diagnostics }
        let ordered = diagnostics.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }
        return ordered.prefix(100).map(\.element)
    }
}

extension PredicateParser {
    /// After the predicate: anything left over is an error (with "did you mean 'AND'?" for typos).
    mutating func expectEnd() {
        guard !isAtEnd, !isAborted else { return }
        var fixIts: [FixIt] = []
        if current.kind == .identifier,
            let suggestion = PredicateParser.suggestion(for: text(current), among: ["AND", "OR"])
        {
            fixIts.append(FixIt(range: current.range, replacement: suggestion))
        }
        if comparisonOperatorAhead() {
            errorHere(.chainedComparison)
        } else {
            errorHere(.expectedEnd, fixIts: fixIts)
        }
    }
}
