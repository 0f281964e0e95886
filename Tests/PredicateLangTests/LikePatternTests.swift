import Testing

@testable import PredicateLang

/// LIKE: `*` and `?` wildcards, escapes, folding, whole-string match, bounded work.
@Suite("LIKE patterns")
struct LikePatternTests {
    struct LikeCase: CustomTestStringConvertible, Sendable {
        let subject: String
        let pattern: String
        let options: ComparisonOptions
        let expected: Bool
        init(_ subject: String, _ pattern: String, _ expected: Bool) {
            self.init(subject, pattern, [], expected)
        }
        init(_ subject: String, _ pattern: String, _ options: ComparisonOptions, _ expected: Bool) {
            self.subject = subject
            self.pattern = pattern
            self.options = options
            self.expected = expected
        }
        var testDescription: String { "'\(subject)' LIKE[\(options.rawValue)] '\(pattern)' is \(expected)" }
    }

    @Test(
        "wildcards, escapes and folding",
        arguments: [
            LikeCase("abc", "abc", true),
            LikeCase("ABC", "abc", false),
            LikeCase("ABC", "abc", .caseInsensitive, true),
            LikeCase("ABC", "a*", .caseInsensitive, true),
            LikeCase("ac", "a*c", true),
            LikeCase("abcdefc", "a*c", true),
            LikeCase("abcdefcd", "a*c", false),
            LikeCase("abc", "a?c", true),
            LikeCase("ac", "a?c", false),
            LikeCase("abbc", "a?c", false),
            LikeCase("abcde", "a*b*c?e", true),
            LikeCase("abcfebbcce", "a*b*c?e", true),
            LikeCase("aaabbbcccdddeeebbbccce", "a*b*c?e", true),
            LikeCase("abcccccccde", "a*b*c?e", true),
            LikeCase("aaabbbcccc", "a*b*c?e", false),
            LikeCase("acde", "a*b*c?e", false),
            LikeCase("aabbcczzeeffzZ?", "?a*z?\\?", true),
            LikeCase("atestp.foo", "test*.foo", false),
            LikeCase("test.foo", "test*.foo", true),
            LikeCase("a.c", "a.c", true),
            LikeCase("abc", "a.c", false),
            LikeCase("a(b)+[c]$^{d}|e", "a(b)+[c]$^{d}|e", true),
            LikeCase("a*", "a\\*", true),
            LikeCase("ab", "a\\*", false),
            LikeCase("a?", "a\\?", true),
            LikeCase("ab", "a\\?", false),
            LikeCase("a\\b", "a\\\\b", true),
            LikeCase("ab", "a\\b", true),
            LikeCase("", "*", true),
            LikeCase("", "*?", false),
            LikeCase("", "", false),
            LikeCase("abc", "", false),
            LikeCase("Stephen", "Ste*en", true),
            LikeCase("a\nb", "a?b", true),
            LikeCase("café", "caf?", true),
            LikeCase("cafe\u{301}", "caf?", true),
            LikeCase("CAFÉ", "cafe", [.caseInsensitive, .diacriticInsensitive], true),
            LikeCase("CAFÉ", "caf?", .caseInsensitive, true),
            LikeCase("CAFÉ", "cafe", .caseInsensitive, false),
            LikeCase("straße", "STRA*E", .caseInsensitive, true),
            LikeCase("ABC", "abc", [.caseInsensitive, .normalized], false),
            LikeCase("👍🏽", "??", true),
        ])
    func matches(_ testCase: LikeCase) throws {
        let pattern = try LikePattern(testCase.pattern, options: testCase.options)
        #expect(try pattern.matches(testCase.subject) == testCase.expected)
    }

    @Test("a trailing unescaped backslash is Apple's invalid-pattern error")
    func trailingBackslash() {
        #expect(throws: EvaluationError(.invalidPattern, LikePattern.trailingBackslashMessage)) {
            try LikePattern("abc\\", options: [])
        }
        #expect(throws: Never.self) { try LikePattern("abc\\\\", options: []) }
    }

    @Test("a subject over the limit is a regex-limit error")
    func subjectLimit() throws {
        let pattern = try LikePattern("*", options: [])
        let limits = Limits(maxRegexSubjectBytes: 8)
        #expect(try pattern.matches("12345678", limits: limits))
        #expect(throws: EvaluationError.self) { try pattern.matches("123456789", limits: limits) }
        do {
            _ = try pattern.matches("123456789", limits: limits)
        } catch {
            #expect(error.kind == .regexLimit)
        }
    }

    @Test("star-heavy patterns on long subjects finish with the right answer")
    func pathological() throws {
        let subject = String(repeating: "a", count: 10_000)
        let failing = try LikePattern(String(repeating: "*a", count: 50) + "b", options: [])
        #expect(try !failing.matches(subject))
        let passing = try LikePattern(String(repeating: "*a", count: 50) + "*", options: [])
        #expect(try passing.matches(subject))
        let unicode = try LikePattern("*é*é*x", options: [])
        #expect(try !unicode.matches(String(repeating: "é", count: 10_000)))
    }

    @Test("the wildcard matcher stops at its step budget instead of running long")
    func stepBudget() throws {
        let pattern = try LikePattern("*" + String(repeating: "a", count: 50) + "b", options: [])
        let text: [UInt32] = Array(repeating: 0x61, count: 200)
        let limited = pattern.tokens.withUnsafeBufferPointer { tokens in
            var budget = EvaluationBudget(500)
            return text.withUnsafeBufferPointer {
                LikePattern.wildcardMatch(text: $0, pattern: tokens, budget: &budget)
            }
        }
        #expect(limited == .budgetExceeded)
        let unlimited = pattern.tokens.withUnsafeBufferPointer { tokens in
            var budget = EvaluationBudget(LikePattern.maxMatchSteps)
            return text.withUnsafeBufferPointer {
                LikePattern.wildcardMatch(text: $0, pattern: tokens, budget: &budget)
            }
        }
        #expect(unlimited == .failed)
    }

    @Test("random LIKE patterns agree with a reference backtracking matcher")
    func randomAgainstReference() throws {
        var generator = SplitMix(state: 7)
        let alphabet: [Character] = ["a", "b", "*", "?"]
        func reference(_ text: [Character], _ pattern: [Character]) -> Bool {
            guard let first = pattern.first else { return text.isEmpty }
            switch first {
            case "*": return (0...text.count).contains { reference(Array(text[$0...]), Array(pattern.dropFirst())) }
            case "?": return !text.isEmpty && reference(Array(text.dropFirst()), Array(pattern.dropFirst()))
            default: return text.first == first && reference(Array(text.dropFirst()), Array(pattern.dropFirst()))
            }
        }
        for _ in 0..<1_000 {
            let pattern = String(
                (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "a"
                })
            let subject = String(
                (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                    Bool.random(using: &generator) ? "a" as Character : "b"
                })
            let like = try LikePattern(pattern, options: [])
            #expect(
                try like.matches(subject) == reference(Array(subject), Array(pattern)), "'\(subject)' LIKE '\(pattern)'"
            )
        }
    }
}
