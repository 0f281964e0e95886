// Lexer+Listing: a package-level view of the token stream for `predc explain` (token kind and range),
// so the CLI can list tokens without the Lexer and Token types becoming public.

extension SyntaxTree {
    /// The tokens of `text` in order, each as its kind's name (`identifier`, `keyword`, `symbol`,
    /// `string`, `integer`, ...) and its range; the final end-of-input token is left out.
    package static func tokenListing(
        _ text: String, arguments: [Value] = [], limits: Limits = .default
    ) -> [(kind: String, range: SourceRange)] {
        var lexer = Lexer(source: SourceText(text), arguments: arguments, limits: limits)
        return lexer.tokenize().compactMap { token in
            let description = String(describing: token.kind)
            let kind = String(description.prefix { $0 != "(" })
            return kind == "end" ? nil : (kind, token.range)
        }
    }
}
