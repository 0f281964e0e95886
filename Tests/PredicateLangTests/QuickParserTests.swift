// The quick parser (bytes → tree for comparisons of a key or variable with a literal) against the parser:
// what it reads, it reads as the parser does, source ranges included; what it declines, the parser reads,
// diagnostics included.
import Testing

@testable import PredicateLang

@Suite("Quick parser")
struct QuickParserTests {
    /// Predicates the quick parser reads: each tree must equal the parser's.
    static let read: [String] = [
        "$in_0 > 50", "$a == 1", "$a = 1", "$a != 'x'", "$a <> \"y\"", "$a < 0", "$a <= 9", "$a =< 9", "$a >= 1",
        "$a => 1", "$a>1", "$t.value == nil", "$t.isHidden == YES", "$t.value.length > 3", "$and == 1",
        "name BEGINSWITH 'ada'", "name contains 'x'", "name endswith \"x\"", "name LIKE 'a*'",
        "name MATCHES '[a-z]+'", "name MATCHES '('", "age >= 18 AND age < 65", "a == 1 && b == 2", "a == 1&&b == 2",
        "a == 1 OR b == 2 OR c == 3", "a == 1 || b == 2", "a == 1 and b == 2 AnD c == 3",
        "ANY items.sku BEGINSWITH 'A-'",
        "SOME x == 1", "all x > 0", "NONE tags == 'x'", "a == 1 AND NONE b == 2",
        "customer.country == 'NZ' AND total > 100 AND ANY items.sku BEGINSWITH 'A-' AND customer.name != 'Bo'",
        "  $a  ==  1  ", "\n\ta == 1\r\n", "a == 1\nAND b == 2", "$a == TRUE", "$a == false", "$a == NULL", "$a == Nil",
        "$a == no", "$a == 9223372036854775807", "$a == 0", "$a == ''", "$a == 'ünï 😀'", "$a == 'say \"hi\"'",
        "_x == 1", "a1.b_2 == 2", "a == 'x' AND $b == 2", "$t.value.@count = 0", "a.@count == 1", "items.@count > 2",
        "a.@avg.b == 1",
        "$a == 2.5", "$a < 0.25", "$a == 12345678901234567890.5", "a.@and == 1",
        // Groups, negations and both connectives, as the parser nests them.
        "(a == 1)", "NOT a == 1", "not a == 1", "! a == 1", "!a == 1", "NOT(a == 1)", "!(a == 1)", "NOT NOT a == 1",
        "a == 1 AND b == 2 OR c == 3", "a == 1 OR b == 2 AND c == 3", "a == 1 || b == 2 && c == 3 || d == 4",
        "(a == 1 OR b == 2) AND c == 3", "a == 1 AND (b == 2 OR c == 3) AND d == 4", "(a == 1) AND (b == 2)",
        "(a == 1)AND b == 2", "(a == 1)&&(b == 2)", "((a == 1))", "((((a == 1))))", "( a == 1 )", "(\na == 1\n)",
        "NOT (a == 1 AND b == 2)", "NONE x == 1 OR NOT y == 2", "NOT ($status == 'banned')", "NOTa == 1",
        "nil_count == 0", "(a == 1 AND (b == 2 OR (c == 3 AND NOT d == 4)))",
        "($age > 18 AND $age < 65) AND ($country == 'NZ' OR $country == 'AU') AND ($hobbies CONTAINS 'Music' OR "
            + "$hobbies CONTAINS 'Art') AND $score >= 50 AND NOT ($status == 'banned') AND ($name BEGINSWITH 'A' OR "
            + "$tags.@count > 2)",
        // Terms on both sides: keys, variables, SELF and literals; option letters.
        "a == b", "SELF == 1", "self = 'Hello'", "SELF.name == 'x'", "self.@count > 1", "42 == self", "'a' == name",
        "YES == self", "nil != a", "'a'=='b'", "1<a", "$x.y == $z", "firstName BEGINSWITH[cd] $letter",
        "(firstName BEGINSWITH[cd] $letter) OR (lastName BEGINSWITH[cd] $letter)", "a ==[c] 'x'", "a CONTAINS[cd] 'x'",
        "a CONTAINS [c] 'x'", "name LIKE[CD] 'a*'", "a ==[n] b", "a endswith[d] 'x'", "a MATCHES[cdlnw] 'x'",
        "!(YES == self or \"YES\" == self or 42 == self)", "self == nil or (self <> 'S' and self <> 'L')",
        // IN and BETWEEN, aggregates of terms.
        "$country IN {'NZ', 'AU', 'CA'}", "a IN {}", "a IN { 1 ,2.5,'x' , nil }", "a BETWEEN {1, 5}",
        "{1, 2} CONTAINS a", "a IN {b, $c, SELF.d}", "a IN[c] {'x'}", "a IN b", "NOT a IN {1} OR b BETWEEN {$x, 9}",
    ]

    @Test("reads the usual predicate exactly as the parser does", arguments: read)
    func readsAsParser(_ text: String) throws {
        let source = SourceText(text)
        let quick = try #require(QuickParser.parse(source, limits: .default))
        let thorough = SyntaxTree.thoroughlyParsed(source, arguments: [], limits: .default)
        #expect(thorough.diagnostics.isEmpty)
        #expect(thorough.tree == quick)
    }

    /// Predicates the quick parser declines; `SyntaxTree.parse` must then answer as the parser does.
    static let declined: [String] = [
        "", "   ", "!a", "()", "(a == 1", "(a == 1))", "(a) == 1", "(a + 1) == 2", "(((((a == 1)))))",
        "NOT NOT NOT NOT NOT a == 1", "NOT$a == 1", "NOT", "a == 1 AND NOT", "(a == 1) b", "a == 1 (", "!= 1",
        "NOT (a) == 1", "(a == 1) == 2", "a == 1 OR (b == 2", "NOT\u{00A0}a == 1",
        "a CONTAINS[] 'x'", "a CONTAINS[c 'x'", "a CONTAINS[ c] 'x'", "a CONTAINS[x] 'x'", "a CONTAINS[ci] 'x'",
        "a == SELF[0]", "a == b[0]", "a == b + 1", "a == b == c", "1.x == a", "a == ANYKEY", "a ==[c]", "a == -1",
        "a == 1.5e3", "a == 1e3", "a == 1.", "a == .5", "a == 00.5",
        "@count == 1", "a.@ == 1", "a.@1 == 1", "a == 0x10", "a == 007",
        "a == 9223372036854775808", #"a == 'x\'y'"#, "a == 'unterminated", "a IN {{1}}", "a IN {1,}", "a IN {,1}",
        "a IN {1 2}", "a IN {'k' = 1}", "a IN {1}x",
        "a == %@", "a.size == 1", "$ä == 1", "ä == 1", "aé == 1", "a == 1 AND",
        "a + 1 == 2", "a == 1AND b == 2", "a == 'x'AND b == 1", "a == 1 a == 2", "a == 1 // c",
        "a === 1", "a << 1", "a >> 1", "TRUEPREDICATE", "ANY(a) == 1", "ANY$a == 1", "a == YES.x", "a == 1 & b == 2",
        "a == 1 ||| b == 2", "a . b == 1", "a. == 1", "$ == 1", "$#a == 1", "#a == 1", "a == 1)", "a == 1,",
        "ANYKEY == 1", "a == TRUEPREDICATE", "a == nil.x", "a UTI-EQUALS 'x'", "a == 1 AND AND b == 2",
        "a == 1 == 2", "a =", "a", "$a", "a == " + String(repeating: "x", count: 10) + "(",
        "a == '" + String(repeating: "x", count: 4_097) + "'",
    ]

    @Test("declines anything else, and parse then answers as the parser does", arguments: declined)
    func declines(_ text: String) {
        let source = SourceText(text)
        #expect(QuickParser.parse(source, limits: .default) == nil)
        let parsed = SyntaxTree.parse(text)
        let thorough = SyntaxTree.thoroughlyParsed(source, arguments: [], limits: .default)
        #expect(parsed.tree == thorough.tree)
        #expect(parsed.diagnostics == thorough.diagnostics)
    }

    @Test("a limit the parser would reach is left to the parser")
    func limits() {
        let tight = Limits(maxNodeCount: 5)
        #expect(QuickParser.parse(SourceText("a == 1 AND b == 2"), limits: tight) == nil)
        #expect(
            SyntaxTree.parse("a == 1 AND b == 2", limits: tight).diagnostics.map(\.id) == ["expression-too-complex"])
        let shortStrings = Limits(maxStringLiteralBytes: 3)
        #expect(QuickParser.parse(SourceText("a == 'abc'"), limits: shortStrings) != nil)
        #expect(QuickParser.parse(SourceText("a == 'abcd'"), limits: shortStrings) == nil)
        #expect(SyntaxTree.parse("a == 'abcd'", limits: shortStrings).diagnostics.map(\.id) == ["literal-too-long"])
        #expect(QuickParser.parse(SourceText("a == 1"), limits: Limits(maxNestingDepth: 2)) == nil)
        // Each group or negation takes a level above a flat comparison's eight.
        #expect(QuickParser.parse(SourceText("(a == 1)"), limits: Limits(maxNestingDepth: 9)) != nil)
        #expect(QuickParser.parse(SourceText("((a == 1))"), limits: Limits(maxNestingDepth: 9)) == nil)
        #expect(QuickParser.parse(SourceText("NOT NOT a == 1"), limits: Limits(maxNestingDepth: 9)) == nil)
        // Under every node and depth limit, what the quick parser reads the parser reads alike, without errors.
        for text in [
            "NOT a == 1 AND (b == 2 OR c.d == 3)", "((a == 1) OR NOT (b == 2 AND c == 3))", "NONE a == 1",
            "SELF.a.b ==[cd] $c.d OR 'x' == SELF",
        ] {
            for bound in 1...24 {
                for limits in [Limits(maxNodeCount: bound), Limits(maxNestingDepth: bound)] {
                    guard let quick = QuickParser.parse(SourceText(text), limits: limits) else { continue }
                    let thorough = SyntaxTree.thoroughlyParsed(SourceText(text), arguments: [], limits: limits)
                    #expect(thorough.diagnostics.isEmpty && thorough.tree == quick, "\(text) under \(limits)")
                }
            }
        }
        // A chain longer than the quick parser reads is the parser's, and parses.
        let chain = (0..<65).map { "a\($0) == \($0)" }.joined(separator: " AND ")
        #expect(QuickParser.parse(SourceText(chain), limits: .default) == nil)
        #expect(SyntaxTree.parse(chain).tree != nil)
        let shorter = (0..<64).map { "a\($0) == \($0)" }.joined(separator: " AND ")
        #expect(QuickParser.parse(SourceText(shorter), limits: .default) == SyntaxTree.parse(shorter).tree)
    }

    @Test("generated predicates of its grammar are read quickly, exactly as the parser reads them")
    func generated() {
        var random = SplitMix(state: 23)
        var read = 0
        while read < 600 {
            let text = Generator.predicate(&random, nesting: 0)
            // A predicate of more comparisons than the quick parser reads (64) is the parser's.
            guard Generator.comparisons(in: text) <= 64 else { continue }
            read += 1
            let source = SourceText(text)
            guard let quick = QuickParser.parse(source, limits: .default) else {
                Issue.record("declined: \(text)")
                continue
            }
            let thorough = SyntaxTree.thoroughlyParsed(source, arguments: [], limits: .default)
            #expect(thorough.diagnostics.isEmpty && thorough.tree == quick, "\(text)")
        }
    }

    /// Random text of the quick parser's grammar: connectives of both kinds and spellings, up to four levels of
    /// groups and negations, modifiers, every operator, option letters, and terms of every kind on both sides.
    enum Generator {
        static func predicate(_ random: inout SplitMix, nesting: Int) -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in andChain(&random, nesting: nesting) }
                .joined(separator: pick([" OR ", " || ", "||", " or ", "\n|| "], &random))
        }

        static func andChain(_ random: inout SplitMix, nesting: Int) -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in unary(&random, nesting: nesting) }
                .joined(separator: pick([" AND ", " && ", "&&", " and ", "\tAND "], &random))
        }

        static func unary(_ random: inout SplitMix, nesting: Int) -> String {
            guard nesting < 4 else { return comparison(&random) }
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return pick(["NOT ", "not ", "!", "! "], &random) + unary(&random, nesting: nesting + 1)
            // `NOT (` takes two levels, the negation's and the group's.
            case 1 where nesting < 3: return "NOT(" + predicate(&random, nesting: nesting + 2) + ")"
            case 2: return "(" + pick(["", " "], &random) + predicate(&random, nesting: nesting + 1) + ")"
            default: return comparison(&random)
            }
        }

        static func comparison(_ random: inout SplitMix) -> String {
            let modifier = pick(["", "", "", "ANY ", "some ", "ALL ", "NONE "], &random)
            let lhs = modifier.isEmpty ? term(&random) : path(&random)
            if Int.random(in: 0..<8, using: &random) == 0 {
                let elements = (0..<Int.random(in: 0...3, using: &random)).map { _ in term(&random) }
                return lhs + pick([" IN ", " in ", " BETWEEN "], &random) + "{" + elements.joined(separator: ", ") + "}"
            }
            let keyword = Bool.random(using: &random)
            let op =
                keyword
                ? " " + pick(["CONTAINS", "beginswith", "ENDSWITH", "LIKE", "MATCHES"], &random)
                : pick(["", " "], &random) + pick(["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>"], &random)
            var options = ""
            if Int.random(in: 0..<3, using: &random) == 0 {
                options =
                    pick(["", " "], &random) + "["
                    + String((0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Array("cdlnwCD"), &random) })
                    + "]"
            }
            return lhs + op + options + " " + term(&random)
        }

        static func term(_ random: inout SplitMix) -> String {
            Bool.random(using: &random)
                ? path(&random)
                : pick(["1", "42", "0", "2.5", "'s'", "\"t x\"", "''", "YES", "no", "nil", "NULL", "TRUE"], &random)
        }

        static func path(_ random: inout SplitMix) -> String {
            pick(["a", "name", "items", "x_1", "$v", "$in_0", "SELF", "self"], &random)
                + pick(["", "", ".b", ".@count", ".c.@avg.d", ".b.c"], &random)
        }

        /// The comparisons in generated `text`: one operator each (`<>`, `<=`, `=<`, `>=`, `=>` and `!=` are
        /// one; a `!` negation is followed by something else).
        static func comparisons(in text: String) -> Int {
            let bytes = Array(text.utf8)
            var count = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                    // Skip the string.
                    index += 1
                    while index < bytes.count, bytes[index] != byte { index += 1 }
                } else if "=<>".utf8.contains(byte) || (byte == UInt8(ascii: "!") && next == UInt8(ascii: "=")) {
                    count += 1
                    if "=<>".utf8.contains(next) { index += 1 }
                }
                index += 1
            }
            let words = text.uppercased().split(whereSeparator: { !$0.isLetter })
            return count
                + words.filter {
                    ["CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN", "BETWEEN"].contains($0)
                }.count
        }

        static func pick<Element>(_ elements: [Element], _ random: inout SplitMix) -> Element {
            elements[Int.random(in: 0..<elements.count, using: &random)]
        }
    }

    /// Predicates with `%@` and `%K` the quick parser reads, and their arguments.
    static let readWithArguments: [(String, [Value])] = [
        ("name == %@", ["x"]), ("%K == 1", ["a.b"]), ("%K BEGINSWITH[c] %@ AND age > %@", ["name", "jo", 18]),
        ("(%K == %@) OR NOT %K == %@", ["a", .null, "b.@count", 2.5]), ("%@ == SELF", [["x": 1]]),
        ("ANY %K CONTAINS[cd] %@", ["tags", "ü"]), ("%K==%@&&x<%@", ["AND", true, 3]), ("a IN %@", [[1, 2]]),
        ("a IN {%@, %@}", ["x", 2]),
    ]

    @Test("reads `%@` and `%K` exactly as the parser does", arguments: readWithArguments)
    func readsArguments(_ text: String, _ arguments: [Value]) throws {
        let source = SourceText(text)
        let quick = try #require(QuickParser.parse(source, arguments: arguments, limits: .default))
        let thorough = SyntaxTree.thoroughlyParsed(source, arguments: arguments, limits: .default)
        #expect(thorough.diagnostics.isEmpty)
        #expect(thorough.tree == quick)
    }

    /// Arguments the quick parser declines: too few, too many, a `%K` that is not a key path, other specifiers.
    static let declinedWithArguments: [(String, [Value])] = [
        ("a == %@", []), ("a == 1", [5]), ("a == %@", [1, 2]), ("%K == 1", [5]), ("%K == 1", ["a..b"]),
        ("%K == 1", [""]), ("%K.b == 1", ["a"]), ("a == %d", [1]), ("a == %%", []), ("a == %@x", [1]),
        ("a == %1@", [1]), ("%K[0] == 1", ["a"]),
    ]

    @Test("declines other arguments, and parse then answers as the parser does", arguments: declinedWithArguments)
    func declinesArguments(_ text: String, _ arguments: [Value]) {
        let source = SourceText(text)
        #expect(QuickParser.parse(source, arguments: arguments, limits: .default) == nil)
        let parsed = SyntaxTree.parse(text, arguments: arguments)
        let thorough = SyntaxTree.thoroughlyParsed(source, arguments: arguments, limits: .default)
        #expect(parsed.tree == thorough.tree)
        #expect(parsed.diagnostics == thorough.diagnostics)
    }
}
