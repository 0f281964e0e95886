// RegexPattern: the MATCHES operator's compiled regular expression. Parses ICU syntax (RegexParser),
// compiles it to an NFA program (RegexProgram) and matches whole strings in linear time
// (RegexMatcher). The VM precompiles constant patterns; Value.compare builds one per call.

/// A compiled `MATCHES` pattern: ICU regular-expression syntax, matched against the whole subject
/// in time proportional to subject × pattern (no backtracking, so `(a+)+$` cannot blow up).
///
/// Supported: literals and escapes (`\.` `\\` `\t` `\n` `\r` `\f` `\a` `\e` `\0ooo` `\xhh` `\x{…}`
/// `\uhhhh` `\Uhhhhhhhh` `\cX` `\Q…\E`), `.`, classes (`[abc]`, `[^a-z]`, `[\d_]`, nested `[a[bc]]`,
/// `[[:alpha:]]`), `\d \D \w \W \s \S \h \H \v \V`, `\p{…}`/`\P{…}` for general categories and common
/// binary properties, anchors `^ $ \A \z \Z`, `\b \B`, groups `( )`, `(?: )`, `(?<name> )`,
/// alternation, quantifiers `* + ? {n} {n,} {n,m}` with lazy `?` and possessive `+` suffixes,
/// look-ahead `(?= )` `(?! )` and look-behind `(?<= )` `(?<! )` (unbounded, any nesting), and
/// inline flags `(?i)`, `(?s)`, `(?m)`, `(?x)` (also scoped: `(?i: … )`, and turned off with `-`).
///
/// Semantics and deviations:
/// - The match covers the whole subject (`uregex_matches`): `'abc' MATCHES 'b'` is false.
/// - As for NSPredicate, `.` matches line terminators and `^`/`$` match at line boundaries
///   (DOTALL | MULTILINE); `(?-s)` and `(?-m)` turn them off.
/// - `[c]` folds the subject fully (``StringFolding``) and matches the pattern case-insensitively;
///   `[d]` removes diacritics from the subject and from the pattern's literals and class members;
///   without `[n]` subject and pattern are canonically composed (NFC). Positions are Unicode
///   scalars of the folded subject.
/// - Possessive quantifiers and atomic groups `(?> )` are matched as ordinary greedy ones, so a
///   match that ICU would refuse because the possessive part cannot give back is still found.
/// - Look-arounds stay linear: each body is run once over the whole subject (look-aheads backwards)
///   to tabulate where it matches, then the main match reads the table like an anchor.
/// - Backreferences, `\G`, `\X`, `\R`, `\N{…}`, class set operations (`&&`, `--`) and script
///   properties are an `invalidPattern` error whose message says "not supported".
/// - An empty pattern never matches.
///
/// Limits: patterns whose program (after expanding counted repetition) exceeds
/// ``maxProgramSize`` instructions, nest groups deeper than 64 or repeat more than 100,000 times
/// are a `regexLimit` error at initialisation; subjects longer than `Limits.maxRegexSubjectBytes`
/// and matches that need more than ``maxMatchSteps`` thread steps are a `regexLimit` error.
///
/// ```swift
/// let isbn = try RegexPattern("\\d{10}|\\d{9}[Xx]", options: [])
/// try isbn.matches("123456789X")   // true
/// ```
package struct RegexPattern: Sendable, Hashable {
    /// The pattern as written.
    package let pattern: String
    /// The options as written.
    package let options: ComparisonOptions
    let program: RegexProgram

    /// The most NFA instructions one pattern (and each look-around body) may compile to. The matcher
    /// stores instruction indexes in 16 bits, so this must stay below 65,535.
    package static let maxProgramSize = 10_000
    /// The most thread steps (live NFA states summed over subject positions) one match may take.
    package static let maxMatchSteps = 50_000_000

    /// Compiles `pattern`; throws `invalidPattern` for syntax errors and unsupported features,
    /// `regexLimit` for patterns beyond the limits.
    package init(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) {
        self.pattern = pattern
        self.options = options
        var parser = RegexParser(pattern, options: options)
        let node = try parser.parse()
        let size = node.programSize
        guard size <= Self.maxProgramSize else {
            throw EvaluationError(
                .regexLimit,
                "Can't do regex matching, reason: (pattern compiles to more than \(Self.maxProgramSize) instructions)")
        }
        program = RegexProgram(node)
    }

    /// Whether the whole of `subject` matches, with a budget of its own (``maxMatchSteps``).
    package func matches(_ subject: String, limits: Limits = .default) throws(EvaluationError) -> Bool {
        var budget = EvaluationBudget(Self.maxMatchSteps)
        return try matches(subject, budget: &budget, limits: limits)
    }

    /// Whether the whole of `subject` matches, charging the matcher's steps to `budget`. Throws
    /// `regexLimit` when `subject` is longer than `limits.maxRegexSubjectBytes` UTF-8 bytes, and
    /// budget-exceeded when the budget runs out.
    func matches(_ subject: String, budget: inout EvaluationBudget, limits: Limits) throws(EvaluationError) -> Bool {
        if pattern.isEmpty { return false }
        guard subject.utf8.count <= limits.maxRegexSubjectBytes else {
            throw EvaluationError(
                .regexLimit,
                "MATCHES subject of \(subject.utf8.count) bytes exceeds the limit of \(limits.maxRegexSubjectBytes) bytes"
            )
        }
        if let result = try matchesASCII(subject, &budget) { return result }
        let scalars = Array(StringFolding.fold(subject, options: options).unicodeScalars)
        let folded = program.usesFolding ? scalars.map(StringFolding.simpleCaseFolded) : scalars
        return try RegexMatcher(subject: scalars, folded: folded).matchesWhole(program, &budget)
    }

    /// The ASCII path: the subject's bytes are read in place and lowercased on the fly for `[c]`
    /// (folding ASCII changes nothing else). Nil when the subject is not ASCII.
    private func matchesASCII(_ subject: String, _ budget: inout EvaluationBudget) throws(EvaluationError) -> Bool? {
        let caseInsensitive = StringFolding.effectiveOptions(options).contains(.caseInsensitive)
        var outcome: Result<Bool?, EvaluationError> = .success(nil)
        StringSearch.withBytes(subject) { bytes in
            guard ASCIIBytes.isASCII(bytes) else { return }
            // Non-capturing transforms: a capturing closure stored in a lazy map would allocate a context.
            let folded = bytes.lazy.map(Self.lowercasedScalar)
            do throws(EvaluationError) {
                let matched =
                    caseInsensitive
                    ? try RegexMatcher(subject: folded, folded: folded).matchesWhole(program, &budget)
                    : try RegexMatcher(subject: bytes.lazy.map(Self.scalar), folded: folded).matchesWhole(
                        program, &budget)
                outcome = .success(matched)
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func scalar(_ byte: UInt8) -> Unicode.Scalar { Unicode.Scalar(byte) }
    private static func lowercasedScalar(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(ASCIIBytes.lowercased(byte))
    }
}
