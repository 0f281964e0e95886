// Token: one lexeme of a predicate format string, as the Lexer produces it and the Parser consumes
// it. A token is plain data (no references), so the parser's many token temporaries cost little stack
// in debug builds; payloads (decoded strings, numbers, format arguments) live in a side table.

/// One lexeme: its kind, its exact UTF-8 range and, for names and literals, the index of its payload
/// in the lexer's payload table (0 is "no payload").
struct Token: Hashable, Sendable {
    /// What kind of lexeme this is.
    enum Kind: Hashable, Sendable, BitwiseCopyable {
        /// A plain identifier such as `name` (payload `.text`).
        case identifier
        /// `#word`: a word used as a key even if it is reserved, or `#"any text"`: a quoted key
        /// (payload `.text`, without the `#` and the quotes).
        case escapedIdentifier
        /// `@count`, `@sum`, ...: a KVC collection operator (payload `.text`, with the `@`).
        case atIdentifier
        /// `name:` or `name:part:`: a selector written before `(` (payload `.text`, colons kept).
        case selector
        /// `$name`, `$#name` or `$#"any name"` (payload `.text`, the name without `$`/`#`/quotes).
        case variable
        /// A reserved word, recognised case-insensitively.
        case keyword(Keyword)
        /// A string literal (payload `.text`, escapes decoded).
        case string
        /// An integer literal (payload `.integer`, the magnitude).
        case integer
        /// A literal with a fraction or an exponent (payload `.value`, a double).
        case double
        /// `%@`, `%d`, `%f`, `%%`, ...: a constant from the argument list (payload `.value`).
        case formatConstant
        /// `%K`: a key path from the argument list (payload `.components`).
        case formatKeyPath
        /// An operator or punctuation token.
        case symbol(Symbol)
        /// Text the lexer could not read; the lexer has already reported it.
        case invalid
        /// The end of the input.
        case end
    }

    /// Operators and punctuation, by canonical spelling.
    enum Symbol: String, Hashable, Sendable, BitwiseCopyable {
        case equal = "=="  // = ==
        case notEqual = "!="  // != <>
        case less = "<"
        case lessOrEqual = "<="  // <= =<
        case greater = ">"
        case greaterOrEqual = ">="  // >= =>
        case andAnd = "&&"
        case orOr = "||"
        case bang = "!"
        case plus = "+"
        case minus = "-"
        case star = "*"
        case slash = "/"
        case starStar = "**"
        case ampersand = "&"
        case bar = "|"
        case caret = "^"
        case shiftLeft = "<<"
        case shiftRight = ">>"
        case tilde = "~"
        case assign = ":="
        case leftParen = "("
        case rightParen = ")"
        case leftBracket = "["
        case rightBracket = "]"
        case leftBrace = "{"
        case rightBrace = "}"
        case comma = ","
        case dot = "."

        /// The comparison operator this symbol spells, if it is one.
        var comparisonOperator: ComparisonOperator? {
            switch self {
            case .equal: .equalTo
            case .notEqual: .notEqualTo
            case .less: .lessThan
            case .lessOrEqual: .lessThanOrEqualTo
            case .greater: .greaterThan
            case .greaterOrEqual: .greaterThanOrEqualTo
            default: nil
            }
        }
    }

    /// The symbol spelled by the bytes `first` and `second` (0 past the end), with its length in bytes
    /// (the longest spelling wins: `<=` over `<`); nil when `first` starts no symbol. `//` and `/*` are the
    /// division symbol here: the lexer reports them as comments before asking. Inlined into the lexer's symbol
    /// path (a call there cost compiling P3 about 360 instructions).
    @inline(__always)
    static func symbol(_ first: UInt8, _ second: UInt8) -> (symbol: Symbol, length: Int)? {
        switch (first, second) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")): (.equal, 2)
        case (UInt8(ascii: "="), UInt8(ascii: "<")): (.lessOrEqual, 2)
        case (UInt8(ascii: "="), UInt8(ascii: ">")): (.greaterOrEqual, 2)
        case (UInt8(ascii: "="), _): (.equal, 1)
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): (.notEqual, 2)
        case (UInt8(ascii: "!"), _): (.bang, 1)
        case (UInt8(ascii: "<"), UInt8(ascii: ">")): (.notEqual, 2)
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): (.lessOrEqual, 2)
        case (UInt8(ascii: "<"), UInt8(ascii: "<")): (.shiftLeft, 2)
        case (UInt8(ascii: "<"), _): (.less, 1)
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): (.greaterOrEqual, 2)
        case (UInt8(ascii: ">"), UInt8(ascii: ">")): (.shiftRight, 2)
        case (UInt8(ascii: ">"), _): (.greater, 1)
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): (.andAnd, 2)
        case (UInt8(ascii: "&"), _): (.ampersand, 1)
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): (.orOr, 2)
        case (UInt8(ascii: "|"), _): (.bar, 1)
        case (UInt8(ascii: "*"), UInt8(ascii: "*")): (.starStar, 2)
        case (UInt8(ascii: "*"), _): (.star, 1)
        case (UInt8(ascii: "/"), _): (.slash, 1)
        case (UInt8(ascii: ":"), UInt8(ascii: "=")): (.assign, 2)
        case (UInt8(ascii: "+"), _): (.plus, 1)
        case (UInt8(ascii: "-"), _): (.minus, 1)
        case (UInt8(ascii: "^"), _): (.caret, 1)
        case (UInt8(ascii: "~"), _): (.tilde, 1)
        case (UInt8(ascii: "("), _): (.leftParen, 1)
        case (UInt8(ascii: ")"), _): (.rightParen, 1)
        case (UInt8(ascii: "["), _): (.leftBracket, 1)
        case (UInt8(ascii: "]"), _): (.rightBracket, 1)
        case (UInt8(ascii: "{"), _): (.leftBrace, 1)
        case (UInt8(ascii: "}"), _): (.rightBrace, 1)
        case (UInt8(ascii: ","), _): (.comma, 1)
        case (UInt8(ascii: "."), _): (.dot, 1)
        default: nil
        }
    }

    /// What a token carries besides its kind.
    enum Payload: Hashable, Sendable {
        case none
        case text(String)
        case integer(UInt64)
        case value(Value)
        case components([String])
    }

    var kind: Kind
    var range: SourceRange
    var payloadIndex = 0

    /// The comparison operator the token spells (a symbol or a keyword), if it is one.
    var comparisonOperator: ComparisonOperator? {
        switch kind {
        case .symbol(let symbol): symbol.comparisonOperator
        case .keyword(let keyword): keyword.comparisonOperator
        default: nil
        }
    }

    /// Whether the token is the symbol `symbol`.
    func `is`(_ symbol: Symbol) -> Bool { kind == .symbol(symbol) }

    /// Whether the token is the keyword `keyword`.
    func `is`(_ keyword: Keyword) -> Bool { kind == .keyword(keyword) }
}
