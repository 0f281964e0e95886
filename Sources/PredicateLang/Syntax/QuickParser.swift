// QuickParser: the usual predicate parsed straight from its bytes, without tokens: comparisons of keys,
// `$variables`, SELF, literals, `{…}` aggregates and `%@` / `%K` arguments (`$age > 18`, `name BEGINSWITH[cd] %@`,
// `$country IN {'NZ', 'AU'}`), joined by AND and OR, negated by NOT and grouped by parentheses, a few levels
// deep. Anything else (arithmetic, a function, a nested aggregate, another format specifier, an escape, deeper
// nesting, any error or warning) declines, and the parser reads the text from the start: every diagnostic comes
// from the parser. Debug builds parse each quick result the thorough way too and check the trees are equal.

/// Parses the common predicate shape directly from the source bytes; nil when the parser must read it.
///
/// Lexing into a token array and a payload table, then parsing those, costs a one-comparison form
/// condition two allocations and most of its parse. The shape it reads (the parser's precedence and trees:
/// a chain of one connective is one n-ary node, a group is its predicate, `NONE` is `NOT ANY`, keys on SELF
/// are a path without a base):
///
///     predicate  = andChain { ( "OR" | "||" ) andChain } ;
///     andChain   = unary { ( "AND" | "&&" ) unary } ;
///     unary      = ( "NOT" | "!" ) unary | "(" predicate ")" | comparison ;   (at most 4 levels deep)
///     comparison = [ "ANY" | "SOME" | "ALL" | "NONE" ] term operator [ options ] term ;
///     term       = literal | "%@" | "%K" | aggregate | ( "$" WORD | "SELF" | key ) { "." ( key | "@" WORD ) } ;
///     aggregate  = "{" [ term { "," term } ] "}" ;                  (no aggregate inside another)
///     key        = WORD ;                                        (ASCII; not a reserved word)
///     operator   = "==" | "=" | "!=" | "<>" | "<" | "<=" | "=<" | ">" | ">=" | "=>"
///                | "CONTAINS" | "BEGINSWITH" | "ENDSWITH" | "LIKE" | "MATCHES" | "IN" | "BETWEEN" ;
///     options    = "[" { "c" | "d" | "l" | "n" | "w" } "]" ;     (any case, written tight)
///     literal    = decimal integer | decimal fraction (`2.5`) | quoted string without escapes
///                | "YES" | "NO" | "TRUE" | "FALSE"
///                | "NIL" | "NULL" ;
struct QuickParser: ~Copyable {
    /// The source's bytes, valid while ``parse(_:arguments:limits:)`` runs; they are read through
    /// ``peek(_:)`` and ``byte(at:)``, which check the index, and ``slice(_:)``, which clamps the range.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: Limits
    private var position = 0
    /// At least as many nodes as the parser counts for what was read (a limit the parser would reach is
    /// the parser's to report).
    private var nodes = 1
    /// The comparisons read so far.
    private var comparisons = 0
    /// The groups and negations the cursor is inside.
    private var nesting = 0
    /// Whether the cursor is inside an aggregate (one inside another is the parser's).
    private var inAggregate = false

    /// Why the quick parser stopped: the parser takes over from the start.
    private struct Decline: Error {}

    /// The most comparisons read quickly: a longer predicate is the parser's (its node count is limited).
    private static let maxComparisons = 64
    /// The deepest nesting of groups and negations read quickly: deeper is the parser's.
    private static let maxNesting = 4
    /// The most elements of an aggregate read quickly.
    private static let maxAggregateElements = 64
    /// The nesting depth the limits must allow for a comparison outside any group: the parser counts a level
    /// for each group and each negation on top of what its operands take, and lower limits are its to enforce.
    private static let flatDepth = 8

    /// The format arguments (`%@`, `%K`), taken in order; all must be taken.
    private let arguments: [Value]
    private var argumentIndex = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, arguments: [Value], limits: Limits) {
        self.bytes = bytes
        self.arguments = arguments
        self.limits = limits
    }

    /// The tree of `source`, or nil when the parser must read it.
    static func parse(_ source: SourceText, arguments: [Value] = [], limits: Limits) -> SyntaxTree.Predicate? {
        source.text.withUTF8Bytes { bytes in
            var parser = QuickParser(bytes: bytes, arguments: arguments, limits: limits)
            do throws(Decline) {
                return try parser.predicate()
            } catch {
                return nil
            }
        }
    }

    // MARK: Predicates

    /// The whole text: one OR chain, and nothing after it.
    private mutating func predicate() throws(Decline) -> SyntaxTree.Predicate {
        // Limits set this low are the parser's to enforce.
        guard limits.maxNestingDepth >= Self.flatDepth else { throw Decline() }
        let predicate = try orChain()
        // An argument left over is the parser's to warn about.
        guard position == bytes.count, argumentIndex == arguments.count else { throw Decline() }
        return predicate
    }

    /// `a OR b OR …` of AND chains (AND binds tighter than OR); a chain of one is its operand, a longer one an
    /// n-ary node, as the parser builds them. Stops at the end of the text or a `)`.
    private mutating func orChain() throws(Decline) -> SyntaxTree.Predicate {
        let (first, afterFirst) = try andChain()
        guard var orLength = afterFirst else { return first }
        var operands: [SyntaxTree.Predicate] = []
        operands.reserveCapacity(4)
        operands.append(first)
        while true {
            position &+= orLength
            let (operand, following) = try andChain()
            operands.append(operand)
            guard let length = following else { break }
            orLength = length
        }
        return try compound(operands, isOr: true)
    }

    /// `a AND b AND …` of negations and primaries, and the length of the OR that ends it (nil at the end of
    /// the text or a `)`), which the OR chain consumes without reading it again. Inlined there: most
    /// predicates are one AND chain.
    @inline(__always)
    private mutating func andChain() throws(Decline) -> (SyntaxTree.Predicate, orLength: Int?) {
        let first = try chainOperand()
        guard var next = try connectiveAhead() else { return (first, nil) }
        guard !next.isOr else { return (first, next.length) }
        var operands: [SyntaxTree.Predicate] = []
        operands.reserveCapacity(4)
        operands.append(first)
        while true {
            position &+= next.length
            operands.append(try chainOperand())
            let following = try connectiveAhead()
            guard let and = following, !and.isOr else {
                return (try compound(operands, isOr: false), following?.length)
            }
            next = and
        }
    }

    /// The n-ary node of a chain of two or more operands.
    private mutating func compound(_ operands: consuming [SyntaxTree.Predicate], isOr: Bool) throws(Decline)
        -> SyntaxTree.Predicate
    {
        nodes &+= 1
        guard nodes <= limits.maxNodeCount, let first = operands.first, let last = operands.last else {
            throw Decline()
        }
        let range = first.range.union(last.range)
        return isOr ? .or(operands, range) : .and(operands, range)
    }

    /// The connective after the whitespace at the cursor, not consumed: whether it is OR (`OR`, `||`) or AND
    /// (`AND`, `&&`), and its length; nil at the end of the text or a `)`. Anything else declines.
    private mutating func connectiveAhead() throws(Decline) -> (isOr: Bool, length: Int)? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        switch peek() {
        case UInt8(ascii: ")"): return nil
        case UInt8(ascii: "&"), UInt8(ascii: "|"):
            guard peek(1) == peek() else { throw Decline() }
            return (peek() == UInt8(ascii: "|"), 2)
        default:
            // A word connective must be apart from what precedes it (`1AND` is not `1 AND`).
            let before = byte(at: position &- 1)
            guard Lexer.isWhitespace(before) || before == UInt8(ascii: ")") else { throw Decline() }
            let start = position
            let word = try self.word()
            position = start
            switch try keyword(word) {
            case .and: return (false, word.count)
            case .or: return (true, word.count)
            default: throw Decline()
            }
        }
    }

    /// An operand of an AND chain: a comparison, unless a group or a negation may start here (most operands
    /// are comparisons, and the calls through ``unary()`` and ``primary()`` cost each one ~60 instructions).
    @inline(__always)
    private mutating func chainOperand() throws(Decline) -> SyntaxTree.Predicate {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "("), UInt8(ascii: "!"), UInt8(ascii: "n"), UInt8(ascii: "N"): return try unary()
        default: return try comparison()
        }
    }

    /// `NOT p` / `! p` (the negation's range runs to the end of `p`), or a primary predicate.
    private mutating func unary() throws(Decline) -> SyntaxTree.Predicate {
        skipWhitespace()
        let start = position
        if peek() == UInt8(ascii: "!"), peek(1) != UInt8(ascii: "=") {
            position &+= 1
        } else if peek() | 0x20 == UInt8(ascii: "n") {
            // `NOT`, or the first word of a comparison.
            let word = try self.word()
            guard Keyword.lookUp(slice(word)) == .not else {
                position = start
                return try primary()
            }
            guard Lexer.isWhitespace(peek()) || peek() == UInt8(ascii: "(") else { throw Decline() }
        } else {
            return try primary()
        }
        try enterLevel()
        nodes &+= 1
        let operand = try unary()
        nesting &-= 1
        return .not(operand, SourceRange(start, operand.range.upperBound))
    }

    /// `( predicate )` (the group is its predicate, range and all) or a comparison.
    @inline(__always)
    private mutating func primary() throws(Decline) -> SyntaxTree.Predicate {
        guard peek() == UInt8(ascii: "(") else { return try comparison() }
        position &+= 1
        try enterLevel()
        let inner = try orChain()
        guard peek() == UInt8(ascii: ")") else { throw Decline() }
        position &+= 1
        nesting &-= 1
        return inner
    }

    /// One level of groups and negations deeper; past ``maxNesting``, or past what the limits leave above a
    /// flat comparison's own depth, the parser reads the text.
    private mutating func enterLevel() throws(Decline) {
        nesting &+= 1
        guard nesting <= Self.maxNesting, limits.maxNestingDepth >= Self.flatDepth &+ nesting else { throw Decline() }
    }

    private mutating func comparison() throws(Decline) -> SyntaxTree.Predicate {
        comparisons &+= 1
        guard comparisons <= Self.maxComparisons else { throw Decline() }
        skipWhitespace()
        let start = position
        var modifier = ComparisonModifier.direct
        var isNone = false
        // A first word is read and looked up once: a modifier, or the start of the left-hand side.
        var firstWord: (range: Range<Int>, keyword: Keyword?)?
        if isWordStart(peek()) {
            let word = try self.word()
            let keyword = Keyword.lookUp(slice(word))
            // `Keyword.some` and `Keyword.none` spelt out: on an optional, `.some` and `.none` are its own cases.
            switch keyword {
            case Keyword.any?, Keyword.some?: modifier = .any
            case Keyword.all?: modifier = .all
            case Keyword.none?:
                modifier = .any
                isNone = true
            default: firstWord = (word, keyword)
            }
            if modifier != .direct {
                guard Lexer.isWhitespace(peek()) else { throw Decline() }
                skipWhitespace()
            }
        }
        let lhs: SyntaxTree.Expression
        if let firstWord { lhs = try wordTerm(firstWord.range, firstWord.keyword) } else { lhs = try term() }
        skipWhitespace()
        let (op, options, operatorRange) = try comparisonOperator()
        skipWhitespace()
        let rhs = try term()
        nodes &+= 3
        guard nodes <= limits.maxNodeCount else { throw Decline() }
        let range = SourceRange(start, rhs.range.upperBound)
        let comparison = SyntaxTree.Predicate.comparison(
            SyntaxTree.Comparison(
                modifier: modifier, lhs: lhs, op: op, options: options, rhs: rhs, range: range,
                operatorRange: operatorRange))
        return isNone ? .not(comparison, range) : comparison
    }

    // MARK: Expressions

    /// A literal, `%@` / `%K`, an aggregate, or `SELF`, `$name` or `key` followed by `.key…`.
    @inline(__always)
    private mutating func term() throws(Decline) -> SyntaxTree.Expression {
        let start = position
        switch peek() {
        case UInt8(ascii: "$"):
            position &+= 1
            let name = try word()
            return try keyPath(from: start, base: .variable(text(name), SourceRange(start, name.upperBound)))
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try literal()
        case UInt8(ascii: "%"):
            return try formatArgument()
        case UInt8(ascii: "{"):
            return try aggregate()
        default:
            let word = try self.word()
            return try wordTerm(word, Keyword.lookUp(slice(word)))
        }
    }

    /// The term that starts with the word at `word` (read, the cursor after it), which spells `keyword`: a key
    /// path, SELF and its keys, or a literal word.
    @inline(__always)
    private mutating func wordTerm(_ word: Range<Int>, _ keyword: Keyword?) throws(Decline) -> SyntaxTree.Expression {
        switch keyword {
        case nil:
            // Room for a two-key path, made once a key has been read (a decline then allocates nothing).
            var components: [SyntaxTree.KeyPathComponent] = []
            components.reserveCapacity(2)
            components.append(
                SyntaxTree.KeyPathComponent(text(word), range: SourceRange(word.lowerBound, word.upperBound)))
            return try keyPath(from: word.lowerBound, base: nil, components)
        case .self?:
            return try keyPath(
                from: word.lowerBound, base: .evaluatedObject(SourceRange(word.lowerBound, word.upperBound)))
        case let keyword?:
            // A literal word (`YES`, `nil`…), already read and looked up; any other reserved word declines.
            guard let value = keyword.literalValue else { throw Decline() }
            try endOfTerm()
            return .constant(value, SourceRange(word.lowerBound, word.upperBound))
        }
    }

    /// `base` (or SELF when nil) followed by `.key…` from the cursor, after the keys in `components`: the
    /// base alone when there are no keys; keys on SELF are a path without a base, as the parser builds them.
    private mutating func keyPath(
        from start: Int, base: consuming SyntaxTree.Expression?,
        _ components: consuming [SyntaxTree.KeyPathComponent] = []
    ) throws(Decline) -> SyntaxTree.Expression {
        var components = components
        // A path that starts here (a variable's keys) gets room for a few keys at once: grown one key at a time,
        // the array was allocated for the first key and again for the second.
        if components.isEmpty, peek() == UInt8(ascii: ".") { components.reserveCapacity(4) }
        while peek() == UInt8(ascii: ".") {
            position &+= 1
            if peek() == UInt8(ascii: "@") {
                // A collection operator: the `@` and its word are one key, as the lexer reads them.
                let start = position
                position &+= 1
                let word = try self.word()
                components.append(
                    SyntaxTree.KeyPathComponent(
                        text(start..<word.upperBound), range: SourceRange(start, word.upperBound)))
            } else {
                components.append(try key())
            }
        }
        nodes &+= components.count &+ 1
        let range = SourceRange(start, position)
        switch consume base {
        case .some(let alone) where components.isEmpty: return alone
        case .some(.evaluatedObject), nil: return .keyPath(base: nil, components: components, range)
        case let base: return .keyPath(base: base, components: components, range)
        }
    }

    /// `{ term, … }` (`{}` too): literals, keys, variables and arguments, not another aggregate or a dictionary;
    /// one nesting level, as the parser counts it.
    private mutating func aggregate() throws(Decline) -> SyntaxTree.Expression {
        let start = position
        guard !inAggregate, limits.maxNestingDepth >= Self.flatDepth &+ nesting &+ 1 else { throw Decline() }
        position &+= 1
        skipWhitespace()
        var elements: [SyntaxTree.Expression] = []
        if peek() != UInt8(ascii: "}") {
            inAggregate = true
            while true {
                skipWhitespace()
                elements.append(try term())
                guard elements.count <= min(Self.maxAggregateElements, limits.maxAggregateElements) else {
                    throw Decline()
                }
                skipWhitespace()
                guard peek() == UInt8(ascii: ",") else { break }
                position &+= 1
            }
            inAggregate = false
        }
        guard peek() == UInt8(ascii: "}") else { throw Decline() }
        position &+= 1
        try endOfTerm()
        nodes &+= elements.count &+ 1
        return .aggregate(elements, SourceRange(start, position))
    }

    /// `%@` (the next argument as a constant) or `%K` (the next argument, a string, as a key path whose
    /// components all carry the specifier's range), as the lexer and parser make them. Any other specifier, an
    /// argument missing, a `%K` whose argument is not a string of non-empty components, or a key or index
    /// after the specifier declines.
    private mutating func formatArgument() throws(Decline) -> SyntaxTree.Expression {
        let start = position
        let letter = peek(1)
        guard letter == UInt8(ascii: "@") || letter == UInt8(ascii: "K"), argumentIndex < arguments.count else {
            throw Decline()
        }
        let argument = arguments[argumentIndex]
        argumentIndex &+= 1
        position &+= 2
        try endOfTerm()
        let range = SourceRange(start, position)
        nodes &+= 1
        guard letter == UInt8(ascii: "K") else { return .constant(argument, range) }
        guard case .string(let path) = argument else { throw Decline() }
        var components: [SyntaxTree.KeyPathComponent] = []
        for name in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard !name.isEmpty else { throw Decline() }
            components.append(SyntaxTree.KeyPathComponent(String(name), range: range))
        }
        nodes &+= components.count
        return .keyPath(base: nil, components: components, range)
    }

    /// A key of a key path: a word that is not a reserved word.
    private mutating func key() throws(Decline) -> SyntaxTree.KeyPathComponent {
        let word = try self.word()
        guard Keyword.lookUp(slice(word)) == nil else { throw Decline() }
        return SyntaxTree.KeyPathComponent(text(word), range: SourceRange(word.lowerBound, word.upperBound))
    }

    /// An operator, its option letters and its range (the letters' brackets included): a symbol as the lexer
    /// spells it, or a keyword operator other than the UTI ones. Options are read written tight (`[cd]`).
    private mutating func comparisonOperator() throws(Decline) -> (ComparisonOperator, ComparisonOptions, SourceRange) {
        let start = position
        let op: ComparisonOperator
        if let (symbol, length) = Token.symbol(peek(), peek(1)) {
            guard let symbolOperator = symbol.comparisonOperator else { throw Decline() }
            op = symbolOperator
            position &+= length
        } else {
            guard let keywordOperator = try keyword(try self.word()).comparisonOperator else { throw Decline() }
            switch keywordOperator {
            case .utiConformsTo, .utiEquals: throw Decline()
            default: op = keywordOperator
            }
        }
        var end = position
        skipWhitespace()
        var options: ComparisonOptions = []
        if peek() == UInt8(ascii: "[") {
            position &+= 1
            while peek() != UInt8(ascii: "]") {
                // An ASCII letter lowered; any other byte (`]` missing, a space) declines.
                guard Lexer.isASCIILetter(peek()),
                    let option = ComparisonOptions.option(forLetter: Character(Unicode.Scalar(peek() | 0x20)))
                else { throw Decline() }
                options.insert(option)
                position &+= 1
            }
            // `[]` is the parser's to report.
            guard !options.isEmpty else { throw Decline() }
            position &+= 1
            end = position
        }
        return (op, options, SourceRange(start, end))
    }

    /// A decimal integer that fits `Int64` or a decimal fraction, or a quoted string without escapes (a literal
    /// word is ``wordTerm(_:_:)``'s); what follows must end it (``endOfTerm()``).
    private mutating func literal() throws(Decline) -> SyntaxTree.Expression {
        let start = position
        let value: Value
        switch peek() {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let quote = peek()
            var end = position &+ 1
            while end < bytes.count, byte(at: end) != quote {
                guard byte(at: end) != UInt8(ascii: "\\") else { throw Decline() }
                end &+= 1
            }
            guard end < bytes.count, end &- (start &+ 1) <= limits.maxStringLiteralBytes else { throw Decline() }
            value = .string(text(start &+ 1..<end))
            position = end &+ 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // No leading zero (`0x1F`, `007`) or exponent: the lexer's other numbers.
            guard peek() != UInt8(ascii: "0") || !isWordByte(peek(1)) else { throw Decline() }
            var magnitude: Int64 = 0
            var overflowed = false
            while Lexer.isDigit(peek()) {
                let (times, multiplyOverflowed) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, addOverflowed) = times.addingReportingOverflow(Int64(peek() &- UInt8(ascii: "0")))
                overflowed = overflowed || multiplyOverflowed || addOverflowed
                magnitude = sum
                position &+= 1
            }
            if peek() == UInt8(ascii: "."), Lexer.isDigit(peek(1)) {
                // A fraction is a double, as the lexer converts its spelling.
                position &+= 1
                while Lexer.isDigit(peek()) { position &+= 1 }
                guard let double = Double(text(start..<position)) else { throw Decline() }
                value = .double(double)
            } else {
                guard !overflowed else { throw Decline() }
                value = .int(magnitude)
            }
        default:
            throw Decline()
        }
        try endOfTerm()
        return .constant(value, SourceRange(start, position))
    }

    /// Checks the byte after a literal or a format specifier. Whatever comes next is read by the grammar's
    /// next step; these are the bytes that may end such a term there, as they end a token for the lexer
    /// (`1AND`, `1.5e3`, `'a'b`, `YES.x`, `%K.name` decline).
    @inline(__always)
    private func endOfTerm() throws(Decline) {
        let next = peek()
        switch next {
        case UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: ")"), UInt8(ascii: "="), UInt8(ascii: "!"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","), UInt8(ascii: "}"):
            return
        default:
            guard position == bytes.count || Lexer.isWhitespace(next) else { throw Decline() }
        }
    }

    // MARK: Bytes

    /// The reserved word the bytes in `word` spell; not one declines.
    private func keyword(_ word: Range<Int>) throws(Decline) -> Keyword {
        guard let keyword = Keyword.lookUp(slice(word)) else { throw Decline() }
        return keyword
    }

    /// An ASCII word (`[A-Za-z_][A-Za-z0-9_]*`) ending at a byte that cannot continue a name; its range.
    private mutating func word() throws(Decline) -> Range<Int> {
        let start = position
        guard isWordStart(peek()) else { throw Decline() }
        while isWordByte(peek()) { position &+= 1 }
        // A non-ASCII letter or digit would continue the name: the lexer's.
        guard peek() < 0x80 else { throw Decline() }
        return start..<position
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: slice(range)), as: UTF8.self)
    }

    /// The bytes in `range`, clamped to the text.
    private func slice(_ range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> {
        bytes[range.clamped(to: bytes.indices)]
    }

    /// The byte `ahead` past the cursor, or 0 past the end.
    private func peek(_ ahead: Int = 0) -> UInt8 {
        let index = position &+ ahead
        return byte(at: index)
    }

    /// The byte at `index`, or 0 outside the text.
    private func byte(at index: Int) -> UInt8 {
        UInt(bitPattern: index) < UInt(bitPattern: bytes.count) ? bytes[index] : 0
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, Lexer.isWhitespace(byte(at: position)) { position &+= 1 }
    }

    private func isWordStart(_ byte: UInt8) -> Bool { Lexer.isASCIILetter(byte) || byte == UInt8(ascii: "_") }

    /// An ASCII letter, digit or `_` (a byte at or above 0x80 is not one).
    private func isWordByte(_ byte: UInt8) -> Bool { byte < 0x80 && Lexer.isASCIIWordByte(byte) }
}
