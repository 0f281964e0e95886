import Testing

@testable import PredicateLang

/// MATCHES: ICU syntax coverage, whole-string semantics, errors, limits, and linear behaviour on patterns
/// that make backtracking engines explode. Every expected answer here is ICU 72's (checked with
/// scripts/icu-oracle); the other Regex*Tests files cover one family each.
@Suite("MATCHES regular expressions")
struct RegexPatternTests {
    struct RegexCase: CustomTestStringConvertible, Sendable {
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
        var testDescription: String { "'\(subject)' MATCHES[\(options.rawValue)] '\(pattern)' is \(expected)" }
    }

    static let syntaxCases: [RegexCase] = [
        // whole-string semantics
        RegexCase("abc", "b", false),
        RegexCase("abc", ".*b.*", true),
        RegexCase("abc", "abc", true),
        RegexCase("abcd", "abc", false),
        RegexCase("", "", false),
        RegexCase("", "a*", true),
        // literals and escapes
        RegexCase("a.c", "a\\.c", true),
        RegexCase("abc", "a\\.c", false),
        RegexCase("a\\c", "a\\\\c", true),
        RegexCase("a\tb", "a\\tb", true),
        RegexCase("a\nb", "a\\nb", true),
        RegexCase("é", "\\u00e9", true),
        RegexCase("é", "\\x{E9}", true),
        RegexCase("A", "\\x41", true),
        RegexCase("😀", "\\x{1F600}", true),
        RegexCase("😀", "\\U0001F600", true),
        RegexCase("A", "\\0101", true),
        RegexCase("\u{1}", "\\cA", true),
        RegexCase("a+b*", "\\Qa+b*\\E", true),
        RegexCase("aab", "\\Qa+b*\\E", false),
        RegexCase("{}", "\\{\\}", true),
        RegexCase("a}", "a\\}", true),
        // shorthand classes
        RegexCase("123", "\\d+", true),
        RegexCase("١٢٣", "\\d+", true),
        RegexCase("12a", "\\d+", false),
        RegexCase("abc", "\\D+", true),
        RegexCase("a_1", "\\w+", true),
        RegexCase("a-1", "\\w+", false),
        RegexCase("-+", "\\W+", true),
        RegexCase(" \t\n", "\\s+", true),
        RegexCase("x", "\\S", true),
        RegexCase(" ", "\\S", false),
        RegexCase("\t ", "\\h+", true),
        RegexCase("\n", "\\v", true),
        // dot (DOTALL by default)
        RegexCase("a\nb", "a.b", true),
        RegexCase("a\nb", "(?-s)a.b", false),
        RegexCase("axb", "(?-s)a.b", true),
        RegexCase("é", ".", true),
        RegexCase("e\u{301}", ".", true),
        // character classes
        RegexCase("b", "[abc]", true),
        RegexCase("d", "[abc]", false),
        RegexCase("m", "[a-z]", true),
        RegexCase("M", "[a-z]", false),
        RegexCase("M", "[^a-z]", true),
        RegexCase("m", "[^a-z]", false),
        RegexCase("_", "[\\d_]", true),
        RegexCase("7", "[\\d_]", true),
        RegexCase("x", "[\\d_]", false),
        RegexCase("-", "[a-]", true),
        RegexCase("-", "[-a]", true),
        RegexCase("]", "[]a]", true),
        RegexCase("c", "[a[bc]]", true),
        RegexCase("q", "[[:alpha:]]", true),
        RegexCase("1", "[[:alpha:]]", false),
        RegexCase("1", "[[:^alpha:]]", true),
        RegexCase("F", "[[:xdigit:]]", true),
        RegexCase(".", "[.]", true),
        RegexCase("x", "[.]", false),
        RegexCase("b", "[\\b]", true),
        RegexCase("\u{8}", "[\\b]", false),
        // properties
        RegexCase("Ab", "\\p{Lu}\\p{Ll}", true),
        RegexCase("ab", "\\p{Lu}\\p{Ll}", false),
        RegexCase("日本", "\\p{L}+", true),
        RegexCase("ab", "\\p{L}+", true),
        RegexCase("1", "\\P{L}", true),
        RegexCase("$", "\\p{Sc}", true),
        RegexCase("a", "\\p{Alphabetic}", true),
        RegexCase("!", "\\p{Punctuation}", true),
        RegexCase("é", "\\P{L}", false),
        // anchors and boundaries
        RegexCase("abc", "^abc$", true),
        RegexCase("ab\ncd", "ab$\\n^cd", true),
        RegexCase("ab\ncd", "(?-m)ab$\\n^cd", false),
        RegexCase("abc\n", "abc\\Z\\n", true),
        RegexCase("abc", "\\Aabc\\z", true),
        RegexCase("ab cd", "ab\\b cd", true),
        RegexCase("abcd", "ab\\bcd", false),
        RegexCase("abcd", "ab\\Bcd", true),
        RegexCase("ab cd", ".*\\bcd", true),
        // groups and alternation
        RegexCase("abab", "(ab)+", true),
        RegexCase("abab", "(?:ab)+", true),
        RegexCase("aba", "(?:ab)+", false),
        RegexCase("cat", "cat|dog", true),
        RegexCase("dog", "cat|dog", true),
        RegexCase("cow", "cat|dog", false),
        RegexCase("catdog", "(cat|dog)*", true),
        RegexCase("", "(cat|dog)*", true),
        RegexCase("ab", "a(|b)", true),
        RegexCase("a", "a(|b)", true),
        RegexCase("xy", "(?<name>x)y", true),
        RegexCase("ab", "(?#comment)ab", true),
        // quantifiers
        RegexCase("hello", "hel{2}o", true),
        RegexCase("helo", "hel{2}o", false),
        RegexCase("aaa", "a{2,}", true),
        RegexCase("a", "a{2,}", false),
        RegexCase("aaa", "a{1,3}", true),
        RegexCase("aaaa", "a{1,3}", false),
        RegexCase("", "a{0}", true),
        RegexCase("aa", "a{2}?", true),
        RegexCase("aaa", "a+?", true),
        RegexCase("aaa", "a*+", true),
        RegexCase("ab", "a?b", true),
        RegexCase("b", "a?b", true),
        RegexCase("CATCATCATG", ".*(CAT){3,}.*", true),
        RegexCase("CAT", ".*(CAT){3,}.*", false),
        RegexCase("123456789X", "\\d{10}|\\d{9}[Xx]", true),
        RegexCase("987654321x", "\\d{10}|\\d{9}[Xx]", true),
        RegexCase("1234567890", "\\d{10}|\\d{9}[Xx]", true),
        RegexCase("1234567890X", "\\d{10}|\\d{9}[Xx]", false),
        RegexCase("test2", "t.*t[0-9]", true),
        RegexCase("tesp", "t.*t", false),
        RegexCase("user@example.com", "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}", true),
        RegexCase("user@example", "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}", false),
        // inline flags
        RegexCase("ABC", "(?i)abc", true),
        RegexCase("ABC", "abc", false),
        RegexCase("aBC", "a(?i)bc", true),
        RegexCase("ABC", "a(?i)bc", false),
        RegexCase("aBc", "a(?i:b)c", true),
        RegexCase("aBC", "a(?i:b)c", false),
        RegexCase("Q", "(?i)[a-z]", true),
        RegexCase("q", "(?i)[^A-Z]", false),
        RegexCase("ΣΑ", "(?i)σα", true),
        RegexCase("ab", "(?x) a  b  # comment", true),
        // options
        RegexCase("John", "john", .caseInsensitive, true),
        RegexCase("John", "john", false),
        RegexCase("JOHN", "[a-z]+", .caseInsensitive, true),
        RegexCase("café", "cafe", .diacriticInsensitive, true),
        RegexCase("café", "cafe", false),
        RegexCase("CAFÉ", "caf[e]", [.caseInsensitive, .diacriticInsensitive], true),
        RegexCase("cafe", "caf[é]", .diacriticInsensitive, true),
        RegexCase("cafe\u{301}", "café", true),
        RegexCase("cafe\u{301}", "café", .normalized, false),
        RegexCase("straße", "STRASSE", .caseInsensitive, true),
        RegexCase("HELLO", "h.*o", [.caseInsensitive, .diacriticInsensitive], true),
    ]

    static let lookaroundCases: [RegexCase] = [
        RegexCase("CAT", ".*(CAT){3,}(?!CA).*", false),
        RegexCase("CATCATCATGTCT", ".*(CAT){3,}(?!CA).*", true),
        RegexCase("DOG", ".*(CAT){3,}(?!CA).*", false),
        RegexCase("CATCATCATCA", ".*(CAT){3,}(?!CA).*", false),
        RegexCase("CATCATCATCATCA", ".*(CAT){3,}(?!CA).*", false),
        RegexCase("CATCATCATCAX", ".*(CAT){3,}(?!CAT).*", true),
        RegexCase("ab", "a(?=b)b", true),
        RegexCase("ac", "a(?=b).", false),
        RegexCase("ac", "a(?!b).", true),
        RegexCase("ab", "a(?!b).", false),
        RegexCase("ab", "a(?<=a)b", true),
        RegexCase("ab", ".(?<=b)b", false),
        RegexCase("xb", ".(?<!a)b", true),
        RegexCase("ab", ".(?<!a)b", false),
        RegexCase("Passw0rd", "(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}", true),
        RegexCase("password", "(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}", false),
        RegexCase("Pass0", "(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}", false),
        RegexCase("foobar", "foo(?=bar(?<=obar))bar", true),
        RegexCase("foobaz", "foo(?=ba(?!z))ba.", false),
        RegexCase("ABC", "(?=abc)...", .caseInsensitive, true),
        RegexCase("aé", "a(?=e)e", .diacriticInsensitive, true),
        RegexCase("a", "(?=)a", true),
        RegexCase("", "(?!a)", true),
        RegexCase("ab\ncd", "ab(?=\\n^cd).*", true),
    ]

    static let unicodeCases: [RegexCase] = [
        RegexCase("ÉCOLE", "école", .caseInsensitive, true),
        RegexCase("ÉCOLE", "ecole", [.caseInsensitive, .diacriticInsensitive], true),
        RegexCase("über uns", "\\w+\\b \\w+", true),
        RegexCase("naïve", "na(?=ï)ïve", true),
        RegexCase("naïve", "na(?!ï)ïve", false),
        RegexCase("日本語", "日(?<=日)本.", true),
        RegexCase("αβγ", "[α-ω]+", true),
        RegexCase("ΑΒΓ", "[α-ω]+", false),
        RegexCase("ΑΒΓ", "(?i)[α-ω]+", true),
        RegexCase("x\u{2028}y", "x$\\u2028^y", true),
        RegexCase("😀😀", "😀{2}", true),
        RegexCase("😀😀", "..", true),
        RegexCase("é1", "\\p{Ll}\\d", true),
        RegexCase("Ünïcödé", "\\p{Lu}\\p{Ll}+", true),
    ]

    @Test("non-ASCII subjects take the scalar path with the same semantics", arguments: unicodeCases)
    func unicode(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test("look-ahead and look-behind", arguments: lookaroundCases)
    func lookaround(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test("ICU syntax coverage", arguments: syntaxCases)
    func syntax(_ testCase: RegexCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: testCase.options)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let pattern: String
        let kind: EvaluationError.Kind
        let fragment: String
        var testDescription: String { "'\(pattern)' is \(kind.rawValue)" }
    }

    @Test(
        "syntax errors are invalid-pattern errors naming ICU's error code; limits are regex-limit errors",
        arguments: [
            ErrorCase(pattern: "(ab", kind: .invalidPattern, fragment: "U_REGEX_MISMATCHED_PAREN"),
            ErrorCase(pattern: "ab)", kind: .invalidPattern, fragment: "U_REGEX_MISMATCHED_PAREN"),
            ErrorCase(pattern: "[ab", kind: .invalidPattern, fragment: "U_REGEX_MISSING_CLOSE_BRACKET"),
            ErrorCase(pattern: "*a", kind: .invalidPattern, fragment: "U_REGEX_RULE_SYNTAX"),
            ErrorCase(pattern: "a**", kind: .invalidPattern, fragment: "U_REGEX_RULE_SYNTAX"),
            ErrorCase(pattern: "a}", kind: .invalidPattern, fragment: "U_REGEX_RULE_SYNTAX"),
            ErrorCase(pattern: "(?=a)*", kind: .invalidPattern, fragment: "U_REGEX_RULE_SYNTAX"),
            ErrorCase(pattern: "\\b*", kind: .invalidPattern, fragment: "U_REGEX_RULE_SYNTAX"),
            ErrorCase(pattern: "(?<=a", kind: .invalidPattern, fragment: "U_REGEX_MISMATCHED_PAREN"),
            ErrorCase(pattern: "a{3,1}", kind: .invalidPattern, fragment: "U_REGEX_MAX_LT_MIN"),
            ErrorCase(pattern: "a{x}", kind: .invalidPattern, fragment: "U_REGEX_BAD_INTERVAL"),
            ErrorCase(pattern: "a{,3}", kind: .invalidPattern, fragment: "U_REGEX_BAD_INTERVAL"),
            ErrorCase(pattern: "a{99999999}", kind: .invalidPattern, fragment: "U_REGEX_NUMBER_TOO_BIG"),
            ErrorCase(pattern: "[z-a]", kind: .invalidPattern, fragment: "U_REGEX_INVALID_RANGE"),
            ErrorCase(pattern: "a\\", kind: .invalidPattern, fragment: "U_REGEX_BAD_ESCAPE_SEQUENCE"),
            ErrorCase(pattern: "\\x{110000}", kind: .invalidPattern, fragment: "U_REGEX_BAD_ESCAPE_SEQUENCE"),
            ErrorCase(pattern: "(?z)a", kind: .invalidPattern, fragment: "U_REGEX_RULE_SYNTAX"),
            ErrorCase(pattern: "(?iz)a", kind: .invalidPattern, fragment: "U_REGEX_INVALID_FLAG"),
            ErrorCase(pattern: "(?(1)a|b)", kind: .invalidPattern, fragment: "U_REGEX_UNIMPLEMENTED"),
            ErrorCase(pattern: "(a)\\2", kind: .invalidPattern, fragment: "U_REGEX_INVALID_BACK_REF"),
            ErrorCase(pattern: "\\k<x>(?<x>a)", kind: .invalidPattern, fragment: "U_REGEX_INVALID_CAPTURE_GROUP_NAME"),
            ErrorCase(pattern: "(?<a_1>a)", kind: .invalidPattern, fragment: "U_REGEX_INVALID_CAPTURE_GROUP_NAME"),
            ErrorCase(pattern: "(?<=a+)b", kind: .invalidPattern, fragment: "U_REGEX_LOOK_BEHIND_LIMIT"),
            ErrorCase(pattern: "\\p{Foo}", kind: .invalidPattern, fragment: "U_REGEX_PROPERTY_SYNTAX"),
            ErrorCase(pattern: "\\p{Bidi_Class=L}", kind: .invalidPattern, fragment: "not supported: property"),
            ErrorCase(pattern: "a{100001}", kind: .regexLimit, fragment: "repetition count"),
            ErrorCase(
                pattern: String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100),
                kind: .regexLimit, fragment: "nested"),
            ErrorCase(
                pattern: String(repeating: "[", count: 100) + "a" + String(repeating: "]", count: 100),
                kind: .regexLimit, fragment: "nested"),
        ])
    func errors(_ testCase: ErrorCase) {
        do {
            let regex = try RegexPattern(testCase.pattern, options: [])
            Issue.record("expected an error, compiled \(regex.engine)")
        } catch {
            #expect(error.kind == testCase.kind)
            #expect(error.message.hasPrefix("Can't do regex matching, reason: ("))
            #expect(error.message.contains(testCase.fragment), "\(error.message)")
        }
    }

    struct CatastrophicCase: CustomTestStringConvertible, Sendable {
        let pattern: String
        let subject: String
        let expected: Bool
        var testDescription: String { "\(pattern) on \(subject.count) scalars is \(expected)" }
    }

    static let catastrophicCases: [CatastrophicCase] = [30, 10_000].flatMap { count in
        let run = String(repeating: "a", count: count)
        return [
            CatastrophicCase(pattern: "(a+)+$", subject: run + "b", expected: false),
            CatastrophicCase(pattern: "(a+)+$", subject: run, expected: true),
            CatastrophicCase(pattern: "(a|a)*b", subject: run, expected: false),
            CatastrophicCase(pattern: "(a|a)*b", subject: run + "b", expected: true),
            CatastrophicCase(pattern: "(a|aa)+$", subject: run + "b", expected: false),
            CatastrophicCase(pattern: "(a|aa)+$", subject: run, expected: true),
            CatastrophicCase(pattern: "(.*)*x", subject: run, expected: false),
            CatastrophicCase(pattern: "(a*)*b", subject: run, expected: false),
            CatastrophicCase(pattern: "(\\w+\\s?)+$", subject: run + "!", expected: false),
            CatastrophicCase(pattern: "(?=(a+)+$)a*", subject: run + "b", expected: false),
            CatastrophicCase(pattern: "(?:(?!b)(a|aa))+", subject: run, expected: true),
            CatastrophicCase(pattern: ".*(?<=(a|a){1,3})b", subject: run, expected: false),
        ]
    }

    @Test(
        "patterns that make backtracking explode run on the automaton and get the right answer",
        arguments: catastrophicCases)
    func catastrophic(_ testCase: CatastrophicCase) throws {
        let regex = try RegexPattern(testCase.pattern, options: [])
        #expect(regex.program != nil)
        #expect(try regex.matches(testCase.subject) == testCase.expected)
    }

    @Test("subjects over the byte limit are a regex-limit error; empty patterns never match")
    func limits() throws {
        let regex = try RegexPattern("a*", options: [])
        let limits = Limits(maxRegexSubjectBytes: 4)
        #expect(try regex.matches("aaaa", limits: limits))
        do {
            _ = try regex.matches("aaaaa", limits: limits)
            Issue.record("expected regex-limit")
        } catch {
            #expect(error.kind == .regexLimit)
        }
        #expect(try !RegexPattern("", options: []).matches(""))
    }

    @Test("a pattern too large for the automaton runs on the backtracking matcher")
    func largePatterns() throws {
        let regex = try RegexPattern("(a{200}){100}", options: [])
        #expect(regex.program == nil)
        #expect(try regex.matches(String(repeating: "a", count: 20_000)))
        #expect(try !regex.matches(String(repeating: "a", count: 19_999)))
        #expect(try RegexPattern("(a{100}){100}", options: []).program != nil)
    }

    @Test("counted repetition expands to a bounded program")
    func programSize() throws {
        let regex = try RegexPattern("a{3,5}", options: [])
        let program = try #require(regex.program)
        // 3 required copies, 2 optional copies with a split each, and the final match.
        #expect(program.instructions.count == 3 + 2 * 2 + 1)
        // The matcher relies on exactly one `match`, the last instruction, in every program.
        let lookaround = try #require(try RegexPattern("a(?=b|c)(?<!x)[bc]\\R.\\X", options: []).program)
        for program in [program, lookaround] + lookaround.lookarounds.map(\.program) {
            #expect(program.instructions.last == .match)
            #expect(program.instructions.filter { $0 == .match }.count == 1)
        }
        #expect(try regex.matches("aaaaa"))
        #expect(try !regex.matches("aaaaaa"))
    }
}
