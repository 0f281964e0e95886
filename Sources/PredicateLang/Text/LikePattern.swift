// LikePattern: the LIKE operator's wildcard pattern (`*` any run, `?` one character), compiled once
// and matched against whole strings with a two-pointer wildcard matcher: O(subject × pattern) in the
// worst case, never exponential. The VM precompiles constant patterns; Value.compare builds one per call.

/// A compiled `LIKE` pattern.
///
/// - `*` matches zero or more characters, `?` exactly one; the whole subject must match.
/// - `\*`, `\?` and `\\` are a literal `*`, `?` and `\`; a backslash before any other character is
///   dropped; an unescaped backslash at the end of the pattern is an error (as on Apple).
/// - Every other character is literal: there are no character classes (`'a.c'` matches only `a.c`).
/// - `[c]`/`[d]` fold the pattern's literal characters and the subject with ``StringFolding``;
///   without `[n]` both are canonically composed (NFC), so a character is a Unicode scalar of the
///   composed string.
/// - An empty pattern never matches, not even an empty subject.
///
/// ```swift
/// let pattern = try LikePattern("a*b?", options: .caseInsensitive)
/// try pattern.matches("AxxBc")   // true
/// ```
package struct LikePattern: Sendable, Hashable {
    /// The pattern as written.
    package let pattern: String
    /// The options as written.
    package let options: ComparisonOptions
    /// Literal scalars (folded) and the wildcard sentinels ``anyOne`` and ``anyRun``.
    let tokens: [UInt32]
    /// Whether every literal token is ASCII (enables the byte path for ASCII subjects).
    let isASCII: Bool

    static let anyOne: UInt32 = 0xFFFF_FFFE
    static let anyRun: UInt32 = 0xFFFF_FFFF

    /// The error Apple raises for a pattern ending in an unescaped backslash.
    static let trailingBackslashMessage =
        "The backslash is a wildcard char, and cannot appear unescaped at the end of a string."

    /// Compiles `pattern`; throws `invalidPattern` for a trailing unescaped backslash.
    package init(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) {
        self.pattern = pattern
        self.options = options
        var tokens: [UInt32] = []
        var literal = String.UnicodeScalarView()
        var scalars = pattern.unicodeScalars.makeIterator()
        func flushLiteral() {
            guard !literal.isEmpty else { return }
            for scalar in StringFolding.fold(String(literal), options: options).unicodeScalars {
                tokens.append(scalar.value)
            }
            literal = String.UnicodeScalarView()
        }
        while let scalar = scalars.next() {
            switch scalar {
            case "*", "?":
                flushLiteral()
                // Consecutive `*` collapse to one: same language, less work.
                let token = scalar == "*" ? Self.anyRun : Self.anyOne
                if !(token == Self.anyRun && tokens.last == Self.anyRun) { tokens.append(token) }
            case "\\":
                guard let escaped = scalars.next() else {
                    throw EvaluationError(.invalidPattern, Self.trailingBackslashMessage)
                }
                // `\*`, `\?`, `\\` are literal; before any other character the backslash is dropped.
                literal.append(escaped)
            default:
                literal.append(scalar)
            }
        }
        flushLiteral()
        self.tokens = tokens
        isASCII = tokens.allSatisfy { $0 < 0x80 || $0 >= Self.anyOne }
    }

    /// Whether the whole of `subject` matches, with a budget of its own (``maxMatchSteps``).
    package func matches(_ subject: String, limits: Limits = .default) throws(EvaluationError) -> Bool {
        var budget = EvaluationBudget(Self.maxMatchSteps)
        return try matches(subject, budget: &budget, limits: limits)
    }

    /// Whether the whole of `subject` matches, charging every step of the matcher to `budget`. Throws
    /// `regexLimit` when `subject` is longer than `limits.maxRegexSubjectBytes` UTF-8 bytes, and
    /// budget-exceeded when the budget runs out.
    func matches(_ subject: String, budget: inout EvaluationBudget, limits: Limits) throws(EvaluationError) -> Bool {
        if pattern.isEmpty { return false }
        guard subject.utf8.count <= limits.maxRegexSubjectBytes else {
            throw EvaluationError(
                .regexLimit,
                "LIKE subject of \(subject.utf8.count) bytes exceeds the limit of \(limits.maxRegexSubjectBytes) bytes")
        }
        let effective = StringFolding.effectiveOptions(options)
        var outcome: Outcome?
        if isASCII {
            let caseInsensitive = effective.contains(.caseInsensitive)
            outcome = subject.withUTF8Bytes { bytes in
                guard ASCIIBytes.isASCII(bytes) else { return nil }
                return tokens.withUnsafeBufferPointer { pattern in
                    Self.wildcardMatch(
                        text: bytes.lazy.map { UInt32(caseInsensitive ? ASCIIBytes.lowercased($0) : $0) },
                        pattern: pattern, budget: &budget)
                }
            }
        }
        if outcome == nil {
            let text = StringFolding.fold(subject, options: effective).unicodeScalars.map(\.value)
            outcome = tokens.withUnsafeBufferPointer { pattern in
                text.withUnsafeBufferPointer { Self.wildcardMatch(text: $0, pattern: pattern, budget: &budget) }
            }
        }
        switch outcome {
        case .matched: return true
        case .failed, nil: return false
        case .budgetExceeded: throw budget.exceeded()
        }
    }

    /// The most matcher steps one `LIKE` match may take (the pointers' moves, restarts included).
    package static let maxMatchSteps = 50_000_000

    enum Outcome { case matched, failed, budgetExceeded }

    /// Greedy wildcard matching that remembers only the last `*`: when a later literal fails, the
    /// last `*` absorbs one more character and matching resumes after it. Earlier stars never need
    /// revisiting, so the work is bounded by text × pattern.
    static func wildcardMatch<Text: RandomAccessCollection>(
        text: Text, pattern: UnsafeBufferPointer<UInt32>, budget: inout EvaluationBudget
    ) -> Outcome where Text.Element == UInt32, Text.Index == Int {
        var textIndex = text.startIndex
        var patternIndex = 0
        var starPattern = -1
        var starText = text.startIndex
        while textIndex < text.endIndex {
            if !budget.consume(1) { return .budgetExceeded }
            if patternIndex < pattern.count
                && (pattern[patternIndex] == anyOne || pattern[patternIndex] == text[textIndex])
            {
                textIndex += 1
                patternIndex += 1
            } else if patternIndex < pattern.count && pattern[patternIndex] == anyRun {
                starPattern = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if starPattern >= 0 {
                patternIndex = starPattern + 1
                starText += 1
                textIndex = starText
            } else {
                return .failed
            }
        }
        while patternIndex < pattern.count && pattern[patternIndex] == anyRun { patternIndex += 1 }
        return patternIndex == pattern.count ? .matched : .failed
    }
}
