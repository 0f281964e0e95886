import Testing

@testable import PredicateLang

/// Escapes and flags: `\\N{NAME}`, `\\R`, `\\X`, the one-character escapes, `\\Q…\\E`, and the inline flags
/// `(?i) (?s) (?m) (?x) (?d) (?w)`, including NSPredicate's DOTALL | MULTILINE defaults. Every answer is ICU's.
@Suite("MATCHES escapes and flags")
struct RegexEscapeTests {
    typealias RegexCase = RegexPatternTests.RegexCase

    static let nameCases: [RegexCase] = [
        RegexCase("a", "\\N{LATIN SMALL LETTER A}", true),
        RegexCase("abc", "a\\N{latin small letter b}c", true),
        RegexCase("😀", "\\N{GRINNING FACE}", true),
        RegexCase("中", "\\N{CJK UNIFIED IDEOGRAPH-4E2D}", true),
        RegexCase("한", "\\N{HANGUL SYLLABLE HAN}", true),
        RegexCase("aBc", "a\\N{LATIN SMALL LETTER B}c", .caseInsensitive, true),
        RegexCase("b", "[a-\\N{LATIN SMALL LETTER C}]", true),
        RegexCase("-", "[\\N{HYPHEN-MINUS}]", true),
        RegexCase("A", "\\N{LATIN SMALL LETTER A}", false),
    ]

    static let lineBreakCases: [RegexCase] = [
        RegexCase("\r\n", "\\R", true),
        RegexCase("\r\n", "\\R\\R", false),
        RegexCase("\n", "\\R", true),
        RegexCase("\u{2028}", "\\R", true),
        RegexCase("\u{85}", "\\R", true),
        RegexCase("\u{B}", "\\R", true),
        RegexCase("a", "\\R", false),
        RegexCase("\r\n", "\\R\\n", false),
        RegexCase("\n\r", "\\R\\R", true),
        RegexCase("\r\r", "\\R{2}", true),
        RegexCase("a\r\nb", "a\\Rb", true),
    ]

    static let graphemeCases: [RegexCase] = [
        RegexCase("a\u{308}\u{301}", "\\X", true),
        RegexCase("a\u{308}\u{301}", "..", true),
        RegexCase("👍🏽", "\\X", true),
        RegexCase("👍🏽", "..", true),
        RegexCase("🇺🇸", "\\X", true),
        RegexCase("🇺🇸🇫🇷", "\\X\\X", true),
        RegexCase("🇺🇸🇫🇷", "\\X", false),
        RegexCase("क\u{94D}ष", "\\X", true),
        RegexCase("\r\n", "\\X", true),
        RegexCase("👨\u{200D}👩\u{200D}👧", "\\X", true),
        RegexCase("한국", "\\X{2}", true),
        RegexCase("\u{1100}\u{1161}\u{11A8}", "\\X", true),
        RegexCase("ab", "\\X", false),
        RegexCase("a\u{200D}", "\\X", true),
    ]

    static let escapeCases: [RegexCase] = [
        RegexCase("j", "\\j", true),
        RegexCase("E", "\\E", true),
        RegexCase("a}", "a\\}", true),
        RegexCase("A", "\\x41", true),
        RegexCase("A", "\\x{41}", true),
        RegexCase("\u{1}", "\\ca", true),
        RegexCase("\u{1}", "\\cA", true),
        RegexCase("c", "\\c", true),
        RegexCase("\u{1B}", "\\e", true),
        RegexCase("\u{7}", "\\a", true),
        RegexCase("A", "\\0101", true),
        RegexCase("?6", "\\0776", true),
        RegexCase("😀", "\\uD83D\\uDE00", true),
        RegexCase("😀", "\\x{1F600}", true),
        RegexCase("😀", "\\U0001F600", true),
        RegexCase("a+b*", "\\Qa+b*\\E", true),
        RegexCase("a", "a\\Q\\E", true),
        RegexCase("aaa", "a\\Q\\E*", true),
    ]

    static let flagCases: [RegexCase] = [
        RegexCase("a\nb", "a.b", true),
        RegexCase("a\nb", "(?-s)a.b", false),
        RegexCase("a\nb", "a$\\n^b", true),
        RegexCase("a\nb", "(?-m)a$\\n^b", false),
        RegexCase("\r\n", ".", true),
        RegexCase("\r\n", "..", false),
        RegexCase("a\r\nb", "a.b", true),
        RegexCase("a\rb", "(?-s)(?d)a.b", true),
        RegexCase("a\nb", "(?-s)(?d)a.b", false),
        RegexCase("a\n", "(?-m)(?d)a$\\n", true),
        RegexCase("a\r", "(?-m)(?d)a$\\r", false),
        RegexCase("a\r\n", "(?-m)a$\\r\\n", true),
        RegexCase("ab", "(?x) a b # comment", true),
        RegexCase("a b", "(?x)a\\ b", true),
        RegexCase("a b", "(?x)[a b]+", false),
        RegexCase("aab", "(?x)a{1, 2}b", true),
        RegexCase("ab", "(?w)a\\Bb", true),
        RegexCase("a.b", "(?w)a\\b.\\bb", false),
        RegexCase("a b", "(?w)a\\b \\bb", true),
        RegexCase("ABc", "(?i)ab(?-i)c", true),
        RegexCase("ABC", "(?i)ab(?-i)c", false),
        RegexCase("aBc", "a(?i:b)c", true),
        RegexCase("aBC", "a(?i:b)c", false),
        RegexCase("a", "(?u)a", true),
        RegexCase("a", "^*a", true),
        RegexCase("a", "a$+", true),
        RegexCase("ab", "a(?#note)b", true),
        RegexCase("aa", "a(?#note)*", true),
        RegexCase("ab", "a\\b", false),
        RegexCase("a b", "a\\b b", true),
        RegexCase("é\u{301}x", "[\\s\\S]*\\b[\\s\\S]*", .normalized, true),
    ]

    static let errors = [
        "\\N{NOT A CHARACTER NAME}", "\\N{LATIN SMALL LETTER A", "\\N", "\\x{110000}", "\\0", "\\x{00000041}", "\\u12",
        "a}", "{1}", "\\x", "a\\", "(?z)a", "(?)a", "(?(1)a|b)", "(?{x})a", "(?<a_1>a)", "(?<a>a)(?<a>a)", "(?<=a+)b",
        "(?<=a??)b", "(?<!a*)b",
    ]

    @Test("\\N{NAME}: characters by Unicode name, ASCII case ignored", arguments: nameCases)
    func names(_ testCase: RegexCase) throws {
        #expect(
            try RegexPattern(testCase.pattern, options: testCase.options).matches(testCase.subject) == testCase.expected
        )
    }

    @Test("\\R: CR LF as one, or a single line terminator", arguments: lineBreakCases)
    func lineBreaks(_ testCase: RegexCase) throws {
        #expect(
            try RegexPattern(testCase.pattern, options: testCase.options).matches(testCase.subject) == testCase.expected
        )
    }

    @Test("\\X: grapheme clusters as ICU 72 segments them", arguments: graphemeCases)
    func graphemes(_ testCase: RegexCase) throws {
        #expect(
            try RegexPattern(testCase.pattern, options: testCase.options).matches(testCase.subject) == testCase.expected
        )
    }

    @Test("one-character escapes, quoting, and escaped letters without a meaning", arguments: escapeCases)
    func escapes(_ testCase: RegexCase) throws {
        #expect(
            try RegexPattern(testCase.pattern, options: testCase.options).matches(testCase.subject) == testCase.expected
        )
    }

    @Test("flags and NSPredicate's defaults (DOTALL, MULTILINE)", arguments: flagCases)
    func flags(_ testCase: RegexCase) throws {
        #expect(
            try RegexPattern(testCase.pattern, options: testCase.options).matches(testCase.subject) == testCase.expected
        )
    }

    @Test("malformed escapes, names, groups and look-behinds are invalid patterns", arguments: errors)
    func invalid(_ pattern: String) {
        #expect(throws: EvaluationError.self) { try RegexPattern(pattern, options: []) }
    }
}
