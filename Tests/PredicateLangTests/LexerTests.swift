import Testing

@testable import PredicateLang

/// Tokens: every operator spelling, keywords in any case, names, both string quotes with every
/// escape, every number form, variables, and format specifiers against an argument array.
@Suite("Lexer")
struct LexerTests {
    /// The tokens of `input` (without `.end`), each described as `kind` or `kind:payload`, and the
    /// diagnostics' ids.
    static func lex(_ input: String, arguments: [Value] = []) -> (tokens: [String], diagnostics: [String]) {
        var lexer = Lexer(source: SourceText(input), arguments: arguments, limits: .default)
        let tokens = lexer.tokenize().dropLast().map { token -> String in
            let payload: String
            switch lexer.payloads[token.payloadIndex] {
            case .none: payload = ""
            case .text(let text): payload = ":" + text
            case .integer(let integer): payload = ":" + String(integer)
            case .value(let value): payload = ":" + value.predicateDescription
            case .components(let components): payload = ":" + components.joined(separator: "|")
            }
            switch token.kind {
            case .symbol(let symbol): return symbol.rawValue
            case .keyword(let keyword): return keyword.rawValue
            default: return "\(token.kind)" + payload
            }
        }
        return (tokens, lexer.diagnostics.map(\.id))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let tokens: [String]
        var arguments: [Value] = []
        init(_ input: String, _ tokens: [String], arguments: [Value] = []) {
            self.input = input
            self.tokens = tokens
            self.arguments = arguments
        }
        var testDescription: String { input }
    }

    @Test(
        "every operator and punctuation spelling",
        arguments: [
            Case("= == != <> < <= =< > >= =>", ["==", "==", "!=", "!=", "<", "<=", "<=", ">", ">=", ">="]),
            Case("&& || ! + - * / ** :=", ["&&", "||", "!", "+", "-", "*", "/", "**", ":="]),
            Case("( ) [ ] { } , .", ["(", ")", "[", "]", "{", "}", ",", "."]),
            Case("& | ^ << >> ~", ["&", "|", "^", "<<", ">>", "~"]),
            Case("a<=b>=c", ["identifier:a", "<=", "identifier:b", ">=", "identifier:c"]),
            Case("1**-2", ["integer:1", "**", "-", "integer:2"]),
        ])
    func operators(_ testCase: Case) {
        let result = Self.lex(testCase.input)
        #expect(result.tokens == testCase.tokens)
        #expect(result.diagnostics.isEmpty)
    }

    @Test(
        "keywords are case-insensitive; keys keep their case; # escapes a reserved word",
        arguments: [
            Case("aNd Or nOt AnY SoMe aLl NoNe", ["AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE"]),
            Case(
                "like BeginsWith endswith CONTAINS in between matches",
                ["LIKE", "BEGINSWITH", "ENDSWITH", "CONTAINS", "IN", "BETWEEN", "MATCHES"]),
            Case("uti-conforms-to UTI-EQUALS uti", ["UTI-CONFORMS-TO", "UTI-EQUALS", "identifier:uti"]),
            Case(
                "uti-equalsx Uti-Equal sku utx",
                [
                    "identifier:uti", "-", "identifier:equalsx", "identifier:Uti", "-", "identifier:Equal",
                    "identifier:sku", "identifier:utx",
                ]),
            Case("uti-conforms-t", ["identifier:uti", "-", "identifier:conforms", "-", "identifier:t"]),
            Case(
                "a09Zz_ z[0] Z/_x:",
                [
                    "identifier:a09Zz_", "identifier:z", "[", "integer:0", "]", "identifier:Z", "/",
                    "selector:_x:",
                ]),
            Case("self nil null yes no true false", ["SELF", "NIL", "NULL", "YES", "NO", "TRUE", "FALSE"]),
            Case(
                "first LAST size anykey subquery function ternary cast fetch",
                ["FIRST", "LAST", "SIZE", "ANYKEY", "SUBQUERY", "FUNCTION", "TERNARY", "CAST", "FETCH"]),
            Case(
                "truepredicate FALSEPREDICATE union intersect minus caseinsensitive ci",
                ["TRUEPREDICATE", "FALSEPREDICATE", "UNION", "INTERSECT", "MINUS", "CASEINSENSITIVE", "CI"]),
            Case("Name _x x1 andy", ["identifier:Name", "identifier:_x", "identifier:x1", "identifier:andy"]),
            Case("#size #Like #x", ["escapedIdentifier:size", "escapedIdentifier:Like", "escapedIdentifier:x"]),
            Case("@count @sum", ["atIdentifier:@count", "atIdentifier:@sum"]),
            Case("$x $#in $_y1", ["variable:x", "variable:in", "variable:_y1"]),
            Case("sum: raise:toPower: add:to", ["selector:sum:", "selector:raise:toPower:", "selector:add:to"]),
            Case("$x:=1 a:=1", ["variable:x", ":=", "integer:1", "identifier:a", ":=", "integer:1"]),
            Case("émile", ["identifier:émile"]),
        ])
    func names(_ testCase: Case) {
        let result = Self.lex(testCase.input)
        #expect(result.tokens == testCase.tokens)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("an identifier continues with exactly the ASCII letters, digits and underscore")
    func asciiWordBytes() {
        for byte in UInt8(0)..<0x80 {
            let expected =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            #expect(Lexer.isASCIIWordByte(byte) == expected, "byte \(byte)")
        }
    }

    @Test(
        "string literals: both quotes and every escape",
        arguments: [
            Case("'abc' \"abc\"", ["string:abc", "string:abc"]),
            Case("'a\"b' \"a'b\"", ["string:a\"b", "string:a'b"]),
            Case(#"'\n\t\r\a\b\f\v'"#, ["string:\n\t\r\u{07}\u{08}\u{0C}\u{0B}"]),
            Case(#"'\'' "\"" '\\'"#, ["string:'", "string:\"", "string:\\"]),
            Case(#"'\u00e9\u0041' '\U00E9'"#, ["string:éA", "string:é"]),
            Case(#"'\uD83D\uDE00'"#, ["string:😀"]),
            Case(#"'\x41\x7' '\X4a'"#, ["string:A\u{07}", "string:J"]),
            Case(#"'\101\0\7' '\1010'"#, ["string:A\u{0}\u{07}", "string:A0"]),
            Case(#"'\q\%\$' '\é'"#, ["string:q%$", "string:é"]),
            Case("'%@ $x %K'", ["string:%@ $x %K"]),
            Case("''", ["string:"]),
            Case("'line\nbreak'", ["string:line\nbreak"]),
        ])
    func strings(_ testCase: Case) {
        let result = Self.lex(testCase.input)
        #expect(result.tokens == testCase.tokens)
        #expect(result.diagnostics.isEmpty)
    }

    @Test(
        "numbers: decimal, fraction, exponent, hex, octal, binary",
        arguments: [
            Case("0 27 007", ["integer:0", "integer:27", "integer:7"]),
            Case("2.5 9.2e-5 1E3 1e+2", ["double:2.5", "double:9.2e-05", "double:1000", "double:100"]),
            Case(
                "0x1F 0XfF 0o17 0O7 0b101 0B1",
                ["integer:31", "integer:255", "integer:15", "integer:7", "integer:5", "integer:1"]),
            Case("18446744073709551615", ["integer:18446744073709551615"]),
            Case("1.foo 1e", ["integer:1", ".", "identifier:foo", "integer:1", "identifier:e"]),
        ])
    func numbers(_ testCase: Case) {
        let result = Self.lex(testCase.input)
        #expect(result.tokens == testCase.tokens)
        #expect(result.diagnostics.isEmpty)
    }

    @Test(
        "format specifiers take the argument array in order",
        arguments: [
            Case("%@ %K", ["formatConstant:\"x\"", "formatKeyPath:a|b"], arguments: ["x", "a.b"]),
            Case(
                "%d %i %ld %lld %u %hd %qd",
                [
                    "formatConstant:1", "formatConstant:2", "formatConstant:3", "formatConstant:4", "formatConstant:5",
                    "formatConstant:6", "formatConstant:7",
                ], arguments: [1, 2, 3, 4, 5, 6, 7]),
            Case(
                "%f %lf %e %g %.2f",
                [
                    "formatConstant:1.5", "formatConstant:2.5", "formatConstant:3.5", "formatConstant:0.5",
                    "formatConstant:1.25",
                ], arguments: [1.5, 2.5, 3.5, 0.5, 1.25]),
            Case(
                "%s %S %c %%",
                ["formatConstant:\"s\"", "formatConstant:\"t\"", "formatConstant:99", "formatConstant:\"%\""],
                arguments: ["s", "t", 99]),
            Case("%@", ["formatConstant:{1, 2}"], arguments: [[1, 2]]),
            Case("%K", ["formatKeyPath:$x"], arguments: ["$x"]),
        ])
    func formatSpecifiers(_ testCase: Case) {
        let result = Self.lex(testCase.input, arguments: testCase.arguments)
        #expect(result.tokens == testCase.tokens)
        #expect(result.diagnostics.isEmpty)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let input: String
        let ids: [String]
        var arguments: [Value] = []
        init(_ input: String, _ ids: [String], arguments: [Value] = []) {
            self.input = input
            self.ids = ids
            self.arguments = arguments
        }
        var testDescription: String { input }
    }

    @Test(
        "lexical errors",
        arguments: [
            ErrorCase("'abc", ["unterminated-string"]),
            ErrorCase("\"abc\\\"", ["unterminated-string"]),
            ErrorCase("a ? b", ["question-mark-outside-string"]),
            ErrorCase("a \\ b", ["backslash-outside-string"]),
            ErrorCase("a /* x */ b", ["comment-not-supported"]),
            ErrorCase("a // x", ["comment-not-supported"]),
            ErrorCase("a ; b", ["unexpected-character"]),
            ErrorCase("$ 1", ["expected-variable-name"]),
            ErrorCase("# 1", ["expected-key-after-hash"]),
            ErrorCase("@ 1", ["expected-key-after-at"]),
            ErrorCase("%z", ["unrecognized-conversion-specifier"]),
            ErrorCase("%k", ["unrecognized-conversion-specifier", "unused-format-argument"], arguments: ["x"]),
            ErrorCase("%", ["expected-conversion-character"]),
            ErrorCase("%@ %@", ["insufficient-format-arguments"], arguments: [1]),
            ErrorCase("%@", ["unused-format-argument"], arguments: [1, 2]),
            ErrorCase("%K", ["format-key-path-not-string"], arguments: [1]),
            ErrorCase("%K", ["invalid-format-key-path"], arguments: [""]),
            ErrorCase("%d", ["format-argument-kind"], arguments: ["1"]),
            ErrorCase("%f", ["format-argument-kind"], arguments: [nil]),
            ErrorCase("%f", ["format-argument-kind"], arguments: [5]),
            ErrorCase("%d", ["format-argument-kind"], arguments: [2.5]),
            ErrorCase("%s", ["format-argument-kind"], arguments: [1]),
            ErrorCase("18446744073709551616", ["integer-literal-overflow"]),
            ErrorCase("0x", ["expected-digits"]),
            ErrorCase("0b2", ["expected-digits"]),
            ErrorCase(#"'\x'"#, ["invalid-escape"]),
            ErrorCase(#"'\u12'"#, ["invalid-escape"]),
            ErrorCase(#"'\uDC00'"#, ["invalid-unicode-escape"]),
        ])
    func errors(_ testCase: ErrorCase) {
        #expect(Self.lex(testCase.input, arguments: testCase.arguments).diagnostics == testCase.ids)
    }

    @Test("the unrecognized conversion letter is named in Apple's words")
    func conversionMessage() {
        var lexer = Lexer(source: SourceText("a == %z"), arguments: [], limits: .default)
        _ = lexer.tokenize()
        #expect(lexer.diagnostics.first?.text == "Unrecognized conversion specifier 'z' in format string")
        #expect(lexer.diagnostics.first?.range == SourceRange(5, 7))
    }

    @Test("token ranges are UTF-8 offsets")
    func ranges() {
        var lexer = Lexer(source: SourceText("é == 'ü'"), arguments: [], limits: .default)
        let tokens = lexer.tokenize()
        #expect(tokens.map(\.range) == [SourceRange(0, 2), SourceRange(3, 5), SourceRange(6, 10), .empty(at: 10)])
    }
}
