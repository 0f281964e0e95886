import Testing

@testable import PredicateLang

/// SubstringMatcher: `subject <op> needle` with a prepared constant, ASCII and Unicode paths.
@Suite("Substring matcher")
struct SubstringMatcherTests {
    struct MatchCase: CustomTestStringConvertible, Sendable {
        let subject: String
        let op: ComparisonOperator
        let needle: String
        let options: ComparisonOptions
        let expected: Bool
        init(_ subject: String, _ op: ComparisonOperator, _ needle: String, _ expected: Bool) {
            self.init(subject, op, needle, [], expected)
        }
        init(
            _ subject: String, _ op: ComparisonOperator, _ needle: String, _ options: ComparisonOptions,
            _ expected: Bool
        ) {
            self.subject = subject
            self.op = op
            self.needle = needle
            self.options = options
            self.expected = expected
        }
        var testDescription: String { "'\(subject)' \(op.rawValue)[\(options.rawValue)] '\(needle)' is \(expected)" }
    }

    static let asciiCases: [MatchCase] = [
        MatchCase("Hello, How are you?", .beginsWith, "Hello", true),
        MatchCase("HELLO, How are you?", .beginsWith, "Hello", false),
        MatchCase("HELLO, How are you?", .beginsWith, "Hello", .caseInsensitive, true),
        MatchCase("Hello", .beginsWith, "he", false),
        MatchCase("Hello", .beginsWith, "he", [.caseInsensitive, .diacriticInsensitive], true),
        MatchCase("He", .beginsWith, "Hello", false),
        MatchCase("XXY", .endsWith, "XXY", true),
        MatchCase("XXYY", .endsWith, "XXY", false),
        MatchCase("", .endsWith, "XXY", false),
        MatchCase("HELLO", .endsWith, "llo", false),
        MatchCase("HELLO", .endsWith, "llo", .caseInsensitive, true),
        MatchCase("Hello How Are You?", .contains, "are", false),
        MatchCase("Hello How Are You?", .contains, "ARE", .caseInsensitive, true),
        MatchCase("xyz", .contains, "y", true),
        MatchCase("xyz", .contains, "q", false),
        MatchCase("aaab", .contains, "aab", true),
        MatchCase("abc", .contains, "", false),
        MatchCase("abc", .beginsWith, "", false),
        MatchCase("abc", .endsWith, "", false),
        MatchCase("", .contains, "", false),
        MatchCase("b", .in, "abc", true),
        MatchCase("B", .in, "abc", false),
        MatchCase("B", .in, "abc", .caseInsensitive, true),
        MatchCase("", .in, "abc", false),
        MatchCase("abcd", .in, "abc", false),
        MatchCase("abc", .equalTo, "abc", true),
        MatchCase("ABC", .equalTo, "abc", false),
        MatchCase("ABC", .equalTo, "abc", .caseInsensitive, true),
        MatchCase("ABC", .equalTo, "abc", [.caseInsensitive, .normalized], false),
        MatchCase("ABC", .notEqualTo, "abc", true),
        MatchCase("ABC", .notEqualTo, "abc", .caseInsensitive, false),
        MatchCase("", .equalTo, "", true),
        MatchCase("XYZ", .lessThan, "abc", true),
        MatchCase("x Z", .lessThan, "x z", true),
        MatchCase("abcd", .lessThanOrEqualTo, "abc", false),
        MatchCase("b", .lessThanOrEqualTo, "abc", false),
        MatchCase("a", .lessThan, "B", false),
        MatchCase("a", .lessThan, "B", .caseInsensitive, true),
        MatchCase("abc", .greaterThanOrEqualTo, "abc", true),
        MatchCase("abc", .greaterThan, "abc", false),
        MatchCase("ABC", .greaterThanOrEqualTo, "abc", .caseInsensitive, true),
        MatchCase("abc", .like, "abc", false),
        MatchCase("abc", .matches, "abc", false),
    ]

    @Test("ASCII subjects: every operator and option", arguments: asciiCases)
    func ascii(_ testCase: MatchCase) {
        let matcher = SubstringMatcher(needle: testCase.needle, options: testCase.options)
        #expect(matcher.matches(testCase.subject, testCase.op) == testCase.expected)
    }

    static let unicodeCases: [MatchCase] = [
        MatchCase("café", .contains, "CAFE", [.caseInsensitive, .diacriticInsensitive], true),
        MatchCase("café", .contains, "cafe", .caseInsensitive, false),
        MatchCase("café", .contains, "cafe", .diacriticInsensitive, true),
        MatchCase("cafe\u{301}", .contains, "café", true),
        MatchCase("café", .contains, "e", false),
        MatchCase("cafe\u{301}", .contains, "e", false),
        MatchCase("cafe\u{301}", .contains, "e", .normalized, true),
        MatchCase("café", .contains, "e", .diacriticInsensitive, true),
        MatchCase("CAFE", .beginsWith, "caf\u{E9}", [.caseInsensitive, .diacriticInsensitive], true),
        MatchCase("Straße", .endsWith, "SSE", .caseInsensitive, true),
        MatchCase("straße", .equalTo, "STRASSE", .caseInsensitive, true),
        MatchCase("straße", .equalTo, "STRASSE", [], false),
        MatchCase("Résumé", .equalTo, "resume", [.caseInsensitive, .diacriticInsensitive], true),
        MatchCase("é", .lessThan, "f", true),
        MatchCase("ä", .lessThan, "b", true),
        MatchCase("ä", .lessThan, "b", .normalized, false),
        MatchCase("É", .lessThan, "f", .caseInsensitive, true),
        MatchCase("Résumé", .equalTo, "resume", .caseInsensitive, false),
        MatchCase("Résumé", .equalTo, "resume", [.caseInsensitive, .diacriticInsensitive, .normalized], false),
        MatchCase("cafe\u{301}", .equalTo, "caf\u{E9}", [], false),
        MatchCase("cafe\u{301}", .equalTo, "caf\u{E9}", .localeSensitive, true),
        MatchCase("ΣΊΣΥΦΟΣ", .equalTo, "σίσυφος", .caseInsensitive, true),
        MatchCase("Ｈｅｌｌｏ", .beginsWith, "hell", .caseInsensitive, true),
        MatchCase("İstanbul", .beginsWith, "is", [.caseInsensitive, .diacriticInsensitive], true),
        MatchCase("naïve", .in, "a naive idea", .diacriticInsensitive, true),
        MatchCase("é", .in, "cafe", [], false),
        MatchCase("ü", .greaterThan, "z", false),
        MatchCase("ü", .greaterThan, "z", .normalized, true),
        MatchCase("Ü", .lessThan, "v", [.caseInsensitive, .diacriticInsensitive], true),
        MatchCase("über", .equalTo, "uber", .diacriticInsensitive, true),
        MatchCase("👍🏽 ok", .contains, "ok", true),
        MatchCase("a", .contains, "é", false),
        MatchCase("e", .equalTo, "é", .diacriticInsensitive, true),
        MatchCase("STRAẞE", .equalTo, "strasse", .caseInsensitive, true),
        MatchCase("ı", .equalTo, "i", .caseInsensitive, false),
        MatchCase("ı", .equalTo, "I", .caseInsensitive, false),
        MatchCase("İ", .equalTo, "i\u{307}", .caseInsensitive, true),
        MatchCase("ﬁle", .beginsWith, "FI", .caseInsensitive, true),
        MatchCase("Kelvin \u{212A}", .endsWith, "k", .caseInsensitive, true),
        MatchCase("a\u{345}", .beginsWith, "a", .caseInsensitive, true),
        MatchCase("a\u{345}", .beginsWith, "a", false),
        MatchCase("Jörg", .beginsWith, "jo", .caseInsensitive, false),
    ]

    @Test("non-ASCII subjects and needles fold as Unicode", arguments: unicodeCases)
    func unicode(_ testCase: MatchCase) {
        let matcher = SubstringMatcher(needle: testCase.needle, options: testCase.options)
        #expect(matcher.matches(testCase.subject, testCase.op) == testCase.expected)
    }

    @Test("the prepared needle is folded once and ASCII after folding")
    func preparedNeedle() {
        let matcher = SubstringMatcher(needle: "CAFÉ", options: [.caseInsensitive, .diacriticInsensitive])
        #expect(matcher.foldedNeedle == "cafe")
        #expect(matcher.isFoldedNeedleASCII)
        let literal = SubstringMatcher(needle: "CAFÉ", options: [.caseInsensitive, .normalized])
        #expect(literal.foldedNeedle == "CAFÉ")
        #expect(!literal.isFoldedNeedleASCII)
    }

    @Test("long ASCII subjects use the byte path with the same answers")
    func longSubject() {
        let subject = String(repeating: "ab", count: 5_000) + "XYZ"
        let matcher = SubstringMatcher(needle: "bxy", options: .caseInsensitive)
        #expect(matcher.matches(subject, .contains))
        #expect(!matcher.matches(subject, .beginsWith))
        #expect(SubstringMatcher(needle: "xyz", options: .caseInsensitive).matches(subject, .endsWith))
    }
}

@Suite("Substring matcher: anchored ASCII needles on non-ASCII subjects")
struct AnchoredASCIIMatcherTests {
    /// The anchored shortcut (scalars read one at a time, no folding) must agree with folding the whole
    /// subject, including where folding turns a non-ASCII scalar into ASCII or a mark changes the last letter.
    @Test("BEGINSWITH and ENDSWITH agree with the folding search")
    func agreesWithFolding() {
        let pieces = [
            "j", "J", "o", "O", "s", "k", "e", "é", "e\u{301}", "ö", "o\u{308}", "ß", "ﬁ", "Ｊ", "\u{212A}",
            "\u{17F}", "\u{301}", "Zoë", "Jörg", " ", "-", "\u{37E}", ";", "\u{1FEF}", "`", "\u{212B}", "a", "İ", "i",
            "ı", "\u{345}", "Ω", "\u{1E9B}", "ǰ", "Ǆ", "가", "\u{FF41}",
        ]
        let needles = [
            "jo", "j", "ss", "fi", "k", "s", "oe", "e", "o", "zo", "rg", "g", ";", "`", "a", "i", "dz", "sj",
        ]
        var random = SplitMix(state: 9)
        var checked = 0
        for _ in 0..<6_000 {
            let subject = (0..<(1 + Int(random.next() % 5))).map { _ in
                pieces[Int(random.next() % UInt64(pieces.count))]
            }
            .joined()
            let needle = needles[Int(random.next() % UInt64(needles.count))]
            for options in [ComparisonOptions(), .caseInsensitive] {
                let matcher = SubstringMatcher(needle: needle, options: options)
                for (op, anchor) in [(ComparisonOperator.beginsWith, SubstringAnchor.prefix), (.endsWith, .suffix)] {
                    #expect(
                        matcher.matches(subject, op)
                            == StringSearch.find(needle, in: subject, anchor: anchor, options: options),
                        "\(subject) \(op.rawValue) \(needle) \(options)")
                    checked += 1
                }
            }
        }
        #expect(checked == 24_000)
    }

    /// Scalars the anchored shortcut answers "no" for without folding the subject (true), and those it
    /// hands to the folding path (false) because folding may leave ASCII in their place.
    @Test(
        "non-ASCII scalars decided without folding",
        arguments: [
            ("ö", false, true), ("ö", true, true), ("é", true, true), ("\u{301}", true, true), ("\u{345}", true, true),
            ("Ω", true, true), ("\u{212B}", true, true), ("İ", true, false), ("ı", true, true), ("가", true, true),
            ("İ", false, true),
            ("ﬁ", false, true), ("ﬁ", true, false), ("Ｊ", false, true), ("Ｊ", true, false), ("\u{17F}", true, false),
            ("\u{212A}", false, false), ("\u{37E}", false, false), ("\u{1FEF}", true, false), ("ẞ", true, false),
        ] as [(String, Bool, Bool)])
    func decidedWithoutFolding(_ scalar: String, _ caseInsensitive: Bool, _ decided: Bool) throws {
        let only = try #require(scalar.unicodeScalars.first)
        #expect(StringFolding.neverFoldsToASCII(only, caseInsensitive: caseInsensitive) == decided)
    }
}
