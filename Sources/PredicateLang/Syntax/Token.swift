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

    /// Whether the token is the symbol `symbol`.
    func `is`(_ symbol: Symbol) -> Bool { kind == .symbol(symbol) }

    /// Whether the token is the keyword `keyword`.
    func `is`(_ keyword: Keyword) -> Bool { kind == .keyword(keyword) }
}
