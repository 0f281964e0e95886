import Testing

@testable import PredicateLang

/// What NSPredicate's options do to MATCHES (see LanguageReference, MATCHES): `[c]` is ICU's case-insensitive
/// mode; `[d]` removes diacritics from the pattern text and the subject first; `[c]` and `[d]` fold fullwidth
/// forms; without `[n]` both are canonically composed, so decomposed text matches its precomposed form.
@Suite("MATCHES options")
struct RegexOptionTests {
    typealias RegexCase = RegexPatternTests.RegexCase

    static let optionCases: [RegexCase] = [
        RegexCase("STRASSE", "straße", .caseInsensitive, true),
        RegexCase("straße", "STRASSE", .caseInsensitive, true),
        RegexCase("ß", "s.", .caseInsensitive, false),
        RegexCase("ß", "\\w", .caseInsensitive, true),
        RegexCase("A", "(?-i)a", .caseInsensitive, false),
        RegexCase("\u{212A}", "k", .caseInsensitive, true),
        RegexCase("ＡＢＣ", "abc", .caseInsensitive, true),
        RegexCase("ＡＢＣ", "abc", false),
        RegexCase("Σ", "σ", .caseInsensitive, true),
        RegexCase("ς", "Σ", .caseInsensitive, true),
        RegexCase("\u{130}", "i", .caseInsensitive, false),
        RegexCase("\u{131}", "I", .caseInsensitive, false),
        RegexCase("ǅ", "ǆ", .caseInsensitive, true),
        RegexCase("ﬁ", "fi", .caseInsensitive, true),
        RegexCase("FI", "ﬁ", .caseInsensitive, true),
        RegexCase("\u{17F}", "s", .caseInsensitive, true),
        RegexCase("SS", "ß", .caseInsensitive, true),
        RegexCase("\u{1E9E}", "ss", .caseInsensitive, true),
        RegexCase("café", "cafe", .diacriticInsensitive, true),
        RegexCase("cafe", "café", .diacriticInsensitive, true),
        RegexCase("CAFÉ", "cafe", [.caseInsensitive, .diacriticInsensitive], true),
        RegexCase("CAFÉ", "cafe", .diacriticInsensitive, false),
        RegexCase("café", "caf\\u00e9", .diacriticInsensitive, false),
        RegexCase("cafe", "caf[é]", .diacriticInsensitive, true),
        RegexCase("b", "[à-ü]", .diacriticInsensitive, true),
        RegexCase("ü", "[à-ü]", true),
        RegexCase("b", "[à-ü]", false),
        RegexCase("naïve", "naive", .diacriticInsensitive, true),
        RegexCase("cafe\u{301}", "café", true),
        RegexCase("cafe\u{301}", "café", .normalized, false),
        RegexCase("café", "cafe\u{301}", true),
        RegexCase("é", "e\\u0301", false),
        RegexCase("é", "e\u{301}", true),
        RegexCase("e\u{301}", "\\X", .normalized, true),
        RegexCase("e\u{301}", "..", .normalized, true),
        RegexCase("e\u{301}", ".", true),
        RegexCase("é", "[e]\u{301}", false),
        RegexCase("ＡＢＣ", "ＡＢＣ", .normalized, true),
        RegexCase("fi", "ﬁ", false),
        RegexCase("①", "\\d", false),
        RegexCase("①", "\\p{No}", true),
    ]

    @Test("[c], [d], [n] and canonical composition", arguments: optionCases)
    func options(_ testCase: RegexCase) throws {
        #expect(
            try RegexPattern(testCase.pattern, options: testCase.options).matches(testCase.subject) == testCase.expected
        )
    }

    @Test("[l] and [w] do not change MATCHES")
    func ignoredOptions() throws {
        for options: ComparisonOptions in [.localeSensitive, .wordSensitive] {
            #expect(try RegexPattern("caf\u{E9}", options: options).matches("cafe\u{301}"))
            #expect(try !RegexPattern("CAFE", options: options).matches("cafe"))
        }
    }

    @Test("NSPredicate's DOTALL | MULTILINE: `.` matches line terminators, `^` and `$` match at lines")
    func defaultFlags() throws {
        #expect(try RegexPattern("a.b", options: []).matches("a\nb"))
        #expect(try RegexPattern("a$\\n^b", options: []).matches("a\nb"))
        #expect(try !RegexPattern("(?-s)a.b", options: []).matches("a\nb"))
        #expect(try !RegexPattern("(?-m)a$\\n^b", options: []).matches("a\nb"))
        #expect(try RegexPattern("(?-m)a$", options: []).matches("a"))
    }
}
