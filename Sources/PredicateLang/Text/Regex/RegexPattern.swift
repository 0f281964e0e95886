// RegexPattern: the MATCHES operator's compiled regular expression. Prepares pattern and subject as
// NSPredicate does (normalisation, [c]/[d] folding), parses ICU syntax (RegexParser) and matches the whole
// subject with the linear-time automaton (RegexProgram, RegexMatcher) or, for the patterns that need it,
// the budgeted backtracking matcher (RegexBacktrackProgram, RegexBacktracker).

/// A compiled `MATCHES` pattern: an ICU regular expression matched against the whole subject, with ICU's
/// syntax and answers (checked against ICU itself, see `scripts/icu-oracle`).
///
/// Supported: everything ICU's pattern syntax has, namely
/// - literals and escapes: `\\` `\.` (any escaped symbol), `\a \e \f \n \r \t`, `\0ooo`, `\xhh`, `\x{h…}`,
///   `\uhhhh`, `\Uhhhhhhhh`, `\cX`, `\N{UNICODE CHARACTER NAME}`, `\Q…\E`; an escaped letter with no meaning
///   is that letter (`\j` is `j`);
/// - `.`, `\R` (CR LF or one line terminator), `\X` (one grapheme cluster, ICU's segmentation);
/// - classes `\d \D \s \S \w \W \h \H \v \V`, sets `[abc]`, `[^a-z]`, nested `[a[bc]]`, `[:alpha:]`,
///   `[\p{L}&&\p{Lu}]` and `[a-z&[aeiou]]` (intersection), `[\p{L}--[a]]` and `[a-z-[aeiou]]` (difference);
/// - properties `\p{…}` / `\P{…}`: general categories (`\p{Lu}`, `\p{Letter}`, `\p{gc=L}`), scripts
///   (`\p{Greek}`, `\p{Script=Latin}`, `\p{sc=Han}`, `\p{scx=Hira}`), blocks (`\p{InGreek}`,
///   `\p{Block=Basic_Latin}`), binary properties (`\p{Alphabetic}`, `\p{White_Space=No}`, `\p{Emoji}`), `Age`,
///   `Numeric_Type`, `Numeric_Value`, `Canonical_Combining_Class`, `Hangul_Syllable_Type`,
///   `Grapheme_Cluster_Break`, `Word_Break`, `Name`, `Any`, `ASCII`, `Assigned`, and ICU's Java forms
///   (`\p{IsLatin}`, `\p{javaLowerCase}`); names match loosely (case, spaces, `_`, `-` ignored);
/// - anchors `^ $ \A \z \Z \G`, word boundaries `\b \B` (Unicode word boundaries in `(?w)` mode);
/// - groups `( )`, `(?: )`, `(?<name> )`, atomic `(?> )`, comments `(?# )`, alternation, back references
///   `\1`…`\n` and `\k<name>`;
/// - quantifiers `* + ? {n} {n,} {n,m}`, lazy (`*?`) and possessive (`*+`);
/// - look-ahead `(?= )` `(?! )` and look-behind `(?<= )` `(?<! )` (a look-behind must have a bounded
///   length, as in ICU);
/// - flags `(?i)`, `(?m)`, `(?s)`, `(?x)`, `(?d)` (UNIX_LINES), `(?w)` (Unicode word boundaries), `(?u)`,
///   turned off with `-` and scoped with `(?i: … )`.
///
/// Semantics:
/// - The match covers the whole subject (`uregex_matches`): `'abc' MATCHES 'b'` is false.
/// - As NSPredicate opens every pattern with UREGEX_DOTALL | UREGEX_MULTILINE, `.` matches line
///   terminators (a CR LF pair as one) and `^`/`$` match at line boundaries; `(?-s)` and `(?-m)` turn them off.
/// - `[c]` is ICU's case-insensitive mode (UREGEX_CASE_INSENSITIVE): literals match under full case folding
///   (`ß` matches `SS`), sets are closed over case, `(?-i)` turns it off.
/// - `[d]` removes diacritics from the pattern text and the subject before matching (NSPredicate's own
///   preprocessing; ICU has no such mode). `[c]` and `[d]` also fold fullwidth forms to ASCII.
/// - Without `[n]` the pattern and the subject are canonically composed (NFC) first, so decomposed and
///   precomposed text match alike; `[n]` matches the text as given. (NSPredicate uses NFKC.)
/// - Patterns with back references, atomic groups or possessive quantifiers (and look-behinds whose body
///   contains `.` or `\R`, and patterns too large for the automaton) run on a backtracking matcher that
///   tries ICU's choices in ICU's order; the others run on an automaton in time linear in subject × pattern,
///   so `(a+)+$` cannot blow up. The backtracking matcher charges every step to the evaluation budget: where
///   ICU would backtrack for a very long time, the match ends in a budget-exceeded error.
/// - Errors name ICU's error code: `Can't do regex matching, reason: (U_REGEX_RULE_SYNTAX: …)`.
/// - An empty pattern never matches.
///
/// Deviations from ICU 72: Unicode properties come from the Swift runtime's Unicode version where the
/// standard library provides them, and from generated ICU tables otherwise; `(?w)` segments Han, kana,
/// Hangul and Southeast Asian scripts by rule, without ICU's dictionaries; the properties ICU accepts
/// beyond the list above (Bidi_Class, Line_Break, East_Asian_Width, …) are an `invalidPattern` error whose
/// message says "not supported".
///
/// Limits: patterns that nest groups or sets deeper than 64, chain more than 128 property operations in a
/// set, or repeat more than 100,000 times (`{n,m}`; ICU allows 16,777,215) are a `regexLimit` error at
/// initialisation; subjects longer than `Limits.maxRegexSubjectBytes` are a `regexLimit` error; running out
/// of the step budget is budget-exceeded, and a backtracking stack beyond eight megabytes (ICU's limit) a
/// `regexLimit` error, as ICU reports U_REGEX_STACK_OVERFLOW.
///
/// ```swift
/// let isbn = try RegexPattern("\\d{10}|\\d{9}[Xx]", options: [])
/// try isbn.matches("123456789X")   // true
/// ```
package struct RegexPattern: Sendable, Hashable {
    /// How a pattern is matched.
    enum Engine: Hashable, Sendable {
        /// The linear-time automaton.
        case automaton(RegexProgram)
        /// The budgeted backtracking matcher.
        case backtracking(RegexBacktrackProgram)
    }

    /// The pattern as written.
    package let pattern: String
    /// The options as written.
    package let options: ComparisonOptions
    let engine: Engine

    /// The most automaton instructions one pattern (and each look-around body) may compile to; larger
    /// patterns run on the backtracking matcher. The automaton stores instruction indexes in 16 bits, so this
    /// must stay below 65,535.
    package static let maxProgramSize = 10_000
    /// The most steps one match may take when it has no budget of its own.
    package static let maxMatchSteps = 50_000_000

    /// Compiles `pattern`; throws `invalidPattern` for syntax errors and unsupported features, `regexLimit`
    /// for patterns beyond the limits.
    package init(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) {
        try self.init(pattern, options: options, alwaysBacktracking: false)
    }

    /// Compiles `pattern`, for the backtracking matcher even when the automaton could match it when
    /// `alwaysBacktracking` (tests check the two matchers against each other this way).
    init(_ pattern: String, options: ComparisonOptions, alwaysBacktracking: Bool) throws(EvaluationError) {
        self.pattern = pattern
        self.options = options
        let text = Self.prepared(pattern, options: options)
        var parser = RegexParser(
            Array(text.unicodeScalars),
            caseInsensitive: StringFolding.effectiveOptions(options).contains(.caseInsensitive))
        let node = try parser.parse()
        // The automaton expands counted repetition; a pattern too large for it backtracks instead.
        let backtracks = alwaysBacktracking || node.requiresBacktracking || node.programSize > Self.maxProgramSize
        engine =
            backtracks
            ? .backtracking(RegexBacktrackProgram(node, groupCount: parser.groupCount)) : .automaton(RegexProgram(node))
    }

    /// The automaton, when the pattern runs on it.
    var program: RegexProgram? {
        if case .automaton(let program) = engine { return program }
        return nil
    }

    /// Whether the whole of `subject` matches, with a budget of its own (``maxMatchSteps``).
    package func matches(_ subject: String, limits: Limits = .default) throws(EvaluationError) -> Bool {
        var budget = EvaluationBudget(Self.maxMatchSteps)
        return try matches(subject, budget: &budget, limits: limits)
    }

    /// Whether the whole of `subject` matches, charging the matcher's steps to `budget`. Throws `regexLimit`
    /// when `subject` is longer than `limits.maxRegexSubjectBytes` UTF-8 bytes, and budget-exceeded when the
    /// budget runs out.
    func matches(_ subject: String, budget: inout EvaluationBudget, limits: Limits) throws(EvaluationError) -> Bool {
        if pattern.isEmpty { return false }
        guard subject.utf8.count <= limits.maxRegexSubjectBytes else {
            throw EvaluationError(
                .regexLimit,
                "MATCHES subject of \(subject.utf8.count) bytes exceeds the limit of \(limits.maxRegexSubjectBytes) bytes"
            )
        }
        switch engine {
        case .automaton(let program):
            if let result = try matchesASCII(subject, program, &budget) { return result }
            let scalars = Array(Self.prepared(subject, options: options).unicodeScalars)
            return try RegexMatcher(subject: scalars, program: program).matchesWhole(program, &budget)
        case .backtracking(let program):
            let scalars = Array(Self.prepared(subject, options: options).unicodeScalars)
            var matcher = RegexBacktracker(program, subject: scalars)
            return try matcher.matchesWhole(&budget)
        }
    }

    /// The ASCII path: the subject's bytes are read in place (preparation changes nothing in ASCII). Nil when
    /// the subject is not ASCII.
    private func matchesASCII(_ subject: String, _ program: RegexProgram, _ budget: inout EvaluationBudget)
        throws(EvaluationError) -> Bool?
    {
        var outcome: Result<Bool?, EvaluationError> = .success(nil)
        subject.withUTF8Bytes { bytes in
            guard ASCIIBytes.isASCII(bytes) else { return }
            // A non-capturing transform: a capturing closure stored in a lazy map would allocate a context.
            let scalars = bytes.lazy.map(Self.scalar)
            do throws(EvaluationError) {
                outcome = .success(try RegexMatcher(subject: scalars, program: program).matchesWhole(program, &budget))
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func scalar(_ byte: UInt8) -> Unicode.Scalar { Unicode.Scalar(byte) }

    /// Pattern text and subjects as NSPredicate prepares them: `[n]` leaves them as they are; otherwise `[d]`
    /// removes diacritics, `[c]` and `[d]` fold fullwidth forms, and the result is canonically composed.
    static func prepared(_ text: String, options: ComparisonOptions) -> String {
        let effective = StringFolding.effectiveOptions(options)
        if effective.contains(.normalized) || StringFolding.isASCII(text) { return text }
        if effective.contains(.diacriticInsensitive) {
            return StringFolding.fold(text, options: .diacriticInsensitive)
        }
        guard effective.contains(.caseInsensitive) else { return StringFolding.composed(text) }
        let widened = String(String.UnicodeScalarView(text.unicodeScalars.map(StringFolding.widthFolded)))
        return StringFolding.composed(widened)
    }
}
