// Parser+Expressions: the expression levels, lowest precedence first: assignment, the binary
// operators (by precedence climbing, so one loop serves four levels), unary minus, postfix key paths
// and subscripts. Primary expressions and the call forms are in Parser+Primary.swift.

extension PredicateParser {
    /// An operand of a comparison.
    ///
    /// Most operands are one leaf or a key path of plain keys (`$age`, `'NZ'`, `customer.name`) followed by what
    /// ends an operand: those are read by ``parsePostfix()`` directly, without going through the assignment,
    /// binary and unary levels, which would return them unchanged (~190 instructions an operand). Debug builds
    /// parse each such operand through the levels too and check that both agree.
    ///
    ///     expression = assignment ;
    mutating func parseExpression() -> SyntaxTree.Expression? {
        guard !isAborted, isPlainOperandAhead() else { return parseAssignment() }
        #if DEBUG
            var thorough = self
            let expected = thorough.parseAssignment()
        #endif
        let operand = parsePostfix()
        #if DEBUG
            assert(
                operand == expected && position == thorough.position && depth == thorough.depth
                    && nodeCount == thorough.nodeCount && diagnostics == thorough.diagnostics
                    && isAborted == thorough.isAborted && isRecovering == thorough.isRecovering,
                "the quick operand path disagrees with the expression levels at token \(position)")
        #endif
        return operand
    }

    /// Whether the operand at the cursor is one the expression levels above ``parsePostfix()`` would return as
    /// it is: a leaf primary (not a `$variable :=`, not a call) or a leaf followed by `.key` steps, then a token
    /// that ends an operand (a comparison operator, a connective, a closing bracket, `,` or the end). A leading
    /// `-`, a binary operator, a subscript or `%K` after a dot make it false, and the levels read the operand.
    func isPlainOperandAhead() -> Bool {
        guard primaryForm() == .leaf else { return false }
        var index = position &+ 1
        while index &+ 1 < tokens.count, tokens[index].is(.dot) {
            guard isKeyToken(tokens[index &+ 1]) else { return false }
            index &+= 2
        }
        guard index < tokens.count else { return false }
        let next = tokens[index]
        switch next.kind {
        case .end, .symbol(.rightParen), .symbol(.rightBracket), .symbol(.rightBrace), .symbol(.comma): return true
        default: return isComparisonOperator(next) || isConnective(next)
        }
    }

    /// `$x := value` (right-associative, lowest precedence).
    ///
    ///     assignment = VARIABLE ":=" assignment | bitwise ;
    mutating func parseAssignment() -> SyntaxTree.Expression? {
        if isAborted { return nil }
        if let target = consumeAssignmentTarget() {
            defer { depth -= 1 }
            guard let value = parseAssignment() else { return nil }
            return makeAssignment(target, value)
        }
        guard let expression = parseBinary(minimumPrecedence: 1) else { return nil }
        // `a := 1`: only a variable can be assigned. Checked here, not in a function the expression would be
        // passed through (and copied by).
        if tokens[position].is(.assign) {
            error(.assignmentTargetNotVariable, at: expression.range)
            return nil
        }
        return expression
    }

    /// `$x :=` if next: consumes it and enters a nesting level; returns the variable token.
    private mutating func consumeAssignmentTarget() -> Token? {
        guard tokens[position].kind == .variable, peek().is(.assign) else { return nil }
        let variable = advance()
        advance()
        depth += 1
        return enterLevelChecked() ? variable : nil
    }

    private mutating func makeAssignment(_ variable: Token, _ value: SyntaxTree.Expression) -> SyntaxTree.Expression? {
        guard countNode() else { return nil }
        return .assignment(variable: text(variable), value: value, variable.range.union(value.range))
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
        while let (op, precedence) = consumeBinaryOperator(minimumPrecedence: minimumPrecedence) {
            guard let rhs = parseBinary(minimumPrecedence: precedence + 1), let combined = makeBinary(op, lhs, rhs)
            else {
                return nil
            }
            lhs = combined
        }
        return lhs
    }

    /// The next binary operator binding at least as tightly as `minimumPrecedence`, consumed, with
    /// one nesting level entered; nil if there is none (or the depth limit was hit).
    private mutating func consumeBinaryOperator(minimumPrecedence: Int) -> (BinaryOperator, Int)? {
        guard let (op, precedence) = binaryOperatorAhead(), precedence >= minimumPrecedence else { return nil }
        advance()
        return enterLevel() ? (op, precedence) : nil
    }

    private mutating func makeBinary(
        _ op: BinaryOperator, _ lhs: SyntaxTree.Expression, _ rhs: SyntaxTree.Expression
    ) -> SyntaxTree.Expression? {
        guard countNode() else { return nil }
        let range = lhs.range.union(rhs.range)
        switch op {
        case .arithmetic(let arithmetic): return .arithmetic(arithmetic, lhs, rhs, range)
        case .set(let set): return .setOperation(set, lhs, rhs, range)
        }
    }

    /// Unary minus, read in a loop (one nesting level each). A minus before a numeric constant is
    /// folded into a negative constant; `-9223372036854775808` is Int64.min.
    ///
    ///     unary = "-" unary | postfix ;
    mutating func parseUnary() -> SyntaxTree.Expression? {
        let savedDepth = depth
        defer { depth = savedDepth }
        guard var minuses = consumeMinuses() else { return nil }
        let operand: SyntaxTree.Expression
        if let minimum = parseInt64Minimum(after: &minuses) {
            operand = minimum
        } else {
            guard let postfix = parsePostfix() else { return nil }
            operand = postfix
        }
        return minuses.isEmpty ? operand : applyMinuses(operand, minuses)
    }

    /// Reads unary `-` tokens, one nesting level each; nil on an error (`~` is not supported).
    private mutating func consumeMinuses() -> [SourceRange]? {
        var minuses: [SourceRange] = []
        while tokens[position].is(Token.Symbol.minus) {
            minuses.append(advance().range)
            guard enterLevel() else { return nil }
        }
        if tokens[position].is(.tilde) {
            errorHere(.unsupported("the unary '~' operator (use onesComplement(x))"))
            return nil
        }
        return minuses
    }

    /// `-9223372036854775808`: the one integer literal that only fits when negated.
    private mutating func parseInt64Minimum(after minuses: inout [SourceRange]) -> SyntaxTree.Expression? {
        guard let minus = minuses.last, tokens[position].kind == .integer,
            case .integer(let magnitude) = payload(tokens[position]), magnitude == UInt64(Int64.max) + 1,
            !peek().is(.dot), !peek().is(.leftBracket), countNode()
        else { return nil }
        let literal = advance()
        minuses.removeLast()
        return .constant(.int(.min), minus.union(literal.range))
    }

    private mutating func applyMinuses(_ operand: SyntaxTree.Expression, _ minuses: [SourceRange]) -> SyntaxTree
        .Expression?
    {
        var result = operand
        for minus in minuses.reversed() {
            guard countNode() else { return nil }
            result = PredicateParser.negated(result, range: minus.union(result.range))
        }
        return result
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
    /// The components of a key path being read are collected in one array that grows in place, so
    /// a key path of n components costs O(n), not the O(n²) of rebuilding the node per component.
    ///
    ///     postfix = primary { "." keyStep | "[" index "]" } ;
    ///     keyStep = keyComponent | "%K" ;
    ///     index = "FIRST" | "LAST" | "SIZE" | expression ;
    mutating func parsePostfix() -> SyntaxTree.Expression? {
        let savedDepth = depth
        defer { depth = savedDepth }
        var path: KeyPathBuilder
        if peek().is(.dot), let key = parseKeyBeforeDot() {
            path = key
        } else {
            guard let primary = parsePrimary() else { return nil }
            // Most operands (`$age`, `18`, `'NZ'`) have no postfix: returned as they are, without a builder.
            if !currentIs(.dot) && !currentIs(.leftBracket) { return primary }
            path = KeyPathBuilder(primary)
        }
        while true {
            if currentIs(.dot) {
                guard parseKeyStep(into: &path) else { return nil }
            } else if currentIs(.leftBracket) {
                guard let indexed = parseIndex(base: path.take()) else { return nil }
                path = KeyPathBuilder(indexed)
            } else {
                return path.take()
            }
        }
    }

    /// A key followed by a dot (`customer.name`): the key path's builder started from the key at once, not
    /// from a one-key path node taken apart again (which cost a node and an array, then a copy of the array).
    /// Nil, having read nothing, for any other primary; nil as well when counting the key's node aborts the
    /// parse (past `maxNodeCount`), after which `parsePrimary` reads nothing either and the postfix is nil.
    @inline(never)
    private mutating func parseKeyBeforeDot() -> KeyPathBuilder? {
        guard !isAborted, let key = keyComponent(tokens[position]) else { return nil }
        advance()
        guard countNode() else { return nil }
        return KeyPathBuilder(key: key)
    }

    /// The key `token` names when it is one (an identifier, a `#`-escaped or `#`-quoted name, or a collection
    /// operator such as `@count`); nil for any other token.
    func keyComponent(_ token: Token) -> SyntaxTree.KeyPathComponent? {
        isKeyToken(token) ? SyntaxTree.KeyPathComponent(text(token), range: token.range) : nil
    }

    /// Whether `token` names a key: an identifier, a `#`-escaped or `#`-quoted name, or a collection operator.
    func isKeyToken(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .escapedIdentifier, .atIdentifier: true
        default: false
        }
    }

    /// `.component` after the expression `path` holds. A `%K` argument after the dot adds every key of
    /// its key path (`a.%K` with `"b.c"` is `a.b.c`), as Apple's grammar allows a key-path expression
    /// there.
    private mutating func parseKeyStep(into path: inout KeyPathBuilder) -> Bool {
        let dot = advance()
        if current.kind == .formatKeyPath {
            let token = advance()
            guard case .components(let names) = payload(token) else { return false }
            for name in names {
                guard append(.init(name, range: token.range), to: &path) else { return false }
            }
            return true
        }
        guard let component = parseKeyComponent(after: dot) else { return false }
        return append(component, to: &path)
    }

    /// `base.component`: extends a key path, or starts one on SELF or on another operand (which
    /// costs a node, and a nesting level when the base is not SELF).
    private mutating func append(_ component: SyntaxTree.KeyPathComponent, to path: inout KeyPathBuilder) -> Bool {
        switch path.state {
        case .extending:
            break
        case .operand(.evaluatedObject):
            guard countNode() else { return false }
        case .operand:
            guard enterLevel(), countNode() else { return false }
        }
        path.append(component)
        return true
    }

    /// `[n]`, `['key']`, `[FIRST]`, `[LAST]`, `[SIZE]`.
    private mutating func parseIndex(base: SyntaxTree.Expression) -> SyntaxTree.Expression? {
        let opening = position
        guard enterIndex() else { return nil }
        let selector: SyntaxTree.IndexSelector
        if let keyword = consumeIndexKeyword() {
            selector = keyword
        } else {
            guard let index = parseExpression() else { return nil }
            selector = .expression(index)
        }
        return closeIndex(base, selector, opening: opening)
    }

    /// An index nests its base and an `IndexSelector` payload around the index expression, so it is
    /// charged two levels (the depth is restored when the postfix chain ends).
    private mutating func enterIndex() -> Bool {
        advance()
        return enterLevel() && enterLevel() && countNode()
    }

    /// `FIRST`, `LAST` or `SIZE` directly followed by `]`.
    private mutating func consumeIndexKeyword() -> SyntaxTree.IndexSelector? {
        let token = tokens[position]
        guard token.is(.first) || token.is(.last) || token.is(.size), peek().is(.rightBracket) else { return nil }
        advance()
        return token.is(.first) ? .first : (token.is(.last) ? .last : .size)
    }

    private mutating func closeIndex(
        _ base: SyntaxTree.Expression, _ selector: SyntaxTree.IndexSelector, opening: Int
    ) -> SyntaxTree.Expression? {
        guard let closing = consume(.rightBracket) else {
            errorHere(.expectedClosing("]", "the subscript"), notes: [.note(.toMatch("["), at: tokens[opening].range)])
            return nil
        }
        return .index(base, selector, base.range.union(closing.range))
    }

    /// One key: an identifier, a `#`-escaped word, a `#`-quoted name (`#"first name"`, any text), or a
    /// collection operator such as `@count`.
    ///
    ///     keyComponent = IDENTIFIER | "#" WORD | "#" STRING | "@" IDENTIFIER ;
    mutating func parseKeyComponent(after dot: Token) -> SyntaxTree.KeyPathComponent? {
        let token = current
        if let key = keyComponent(token) {
            advance()
            return key
        }
        switch token.kind {
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

/// The expression a postfix chain has read so far. While key-path components follow one another they
/// are appended to one uniquely owned array; the tree node is built once, when something else
/// follows (a subscript, or the end of the chain).
struct KeyPathBuilder {
    enum State {
        /// An expression that is not (yet) a key path being extended.
        case operand(SyntaxTree.Expression)
        /// A key path on `base` (nil: SELF) whose components are in `components`.
        case extending(base: SyntaxTree.Expression?)
    }

    private(set) var state: State
    private var components: [SyntaxTree.KeyPathComponent] = []
    private var range: SourceRange

    /// Starts from `expression`; a key path is taken apart so that its components can grow.
    init(_ expression: SyntaxTree.Expression) {
        range = expression.range
        if case .keyPath(let base, let components, _) = expression {
            state = .extending(base: base)
            self.components = components
        } else {
            state = .operand(expression)
        }
    }

    /// Room for a typical path's components at once, rather than growing at the first, second and third.
    private static let typicalComponentCount = 4

    /// Starts a key path on SELF from its first key. (Written out rather than through ``append(_:)``, whose
    /// checks of the state and the range cost the common dotted key three retains.)
    init(key: SyntaxTree.KeyPathComponent) {
        range = key.range
        state = .extending(base: nil)
        components.reserveCapacity(Self.typicalComponentCount)
        components.append(key)
    }

    /// Adds one component: `a.b` + `c` is `a.b.c`; SELF + `c` is `c`; any other operand becomes the base.
    mutating func append(_ component: SyntaxTree.KeyPathComponent) {
        range = range.union(component.range)
        if case .operand(let operand) = state {
            if case .evaluatedObject = operand {
                state = .extending(base: nil)
            } else {
                state = .extending(base: operand)
            }
        }
        if components.isEmpty { components.reserveCapacity(Self.typicalComponentCount) }
        components.append(component)
    }

    /// Where the components are stored, as a number (an identity, never dereferenced): a test counts how
    /// often it changes while components are appended, to check that they are not copied each time.
    var componentStorageIdentity: Int { components.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }

    /// The expression read so far; the builder is left empty.
    mutating func take() -> SyntaxTree.Expression {
        switch state {
        case .operand(let operand):
            return operand
        case .extending(let base):
            let path = components
            components = []
            return .keyPath(base: base, components: path, range)
        }
    }
}
