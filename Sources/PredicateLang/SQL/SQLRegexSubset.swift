// SQLRegexSubset: the MATCHES patterns PostgreSQL's `~` (Henry Spencer's engine) answers exactly as ICU
// does. Anchored at both ends, a match is then plain membership of the whole subject in the pattern's
// language, and within this subset the two engines give every construct the same language: ASCII
// literals, a backslash before ASCII punctuation, `.`, bracket sets of ASCII letters, digits and safe
// punctuation with ranges inside one class, optionally negated, the quantifiers `* + ? {m} {m,} {m,n}`
// (n ≤ 255, PostgreSQL's limit) greedy or lazy, `|` and groups `( )`, `(?: )`. Everything else (anchors,
// `\b \d \w \s`, back references, look-around, flags, properties, POSIX classes, escapes of letters)
// differs somewhere and is refused. The walk is iterative over the text with an explicit depth bound.

/// Checks that a pattern lies in the subset both engines read the same way.
struct SQLRegexSubset {
    /// Why a pattern is outside the subset.
    struct Outside: Error {
        var reason: String
    }

    /// What the check learned about a pattern inside the subset.
    struct Shape {
        /// Whether it has a `.` (ICU's `.` matches a CR LF pair as one character, so subjects with one
        /// are rechecked).
        var usesDot = false
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var shape = Shape()
    private static let maxDepth = 32

    private init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// The shape of `pattern`, or why it is outside the subset.
    static func check(_ pattern: String) throws(Outside) -> Shape {
        var checker = SQLRegexSubset(pattern)
        try checker.alternation(depth: 0)
        guard checker.index == checker.scalars.count else { throw Outside(reason: "an unmatched ')'") }
        return checker.shape
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// `sequence ('|' sequence)*`, every sequence non-empty.
    private mutating func alternation(depth: Int) throws(Outside) {
        guard depth <= Self.maxDepth else { throw Outside(reason: "groups nested too deeply") }
        try sequence(depth: depth)
        while current == "|" {
            index += 1
            try sequence(depth: depth)
        }
    }

    /// `(atom quantifier?)+`, up to a `|`, a `)` or the end.
    private mutating func sequence(depth: Int) throws(Outside) {
        var atoms = 0
        while let scalar = current, scalar != "|", scalar != ")" {
            try atom(depth: depth)
            try quantifier()
            atoms += 1
        }
        if atoms == 0 { throw Outside(reason: "an empty alternative or group") }
    }

    private mutating func atom(depth: Int) throws(Outside) {
        guard let scalar = current else { return }
        index += 1
        switch scalar {
        case ".":
            shape.usesDot = true
        case "\\":
            guard let escaped = current, Self.isPunctuation(escaped) else {
                throw Outside(reason: "an escape other than a backslash before punctuation")
            }
            index += 1
        case "[":
            try bracket()
        case "(":
            if current == "?" {
                guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                    throw Outside(reason: "a group other than ( ) and (?: )")
                }
                index += 2
            }
            try alternation(depth: depth + 1)
            guard current == ")" else { throw Outside(reason: "an unclosed group") }
            index += 1
        default:
            guard Self.isLiteral(scalar) else {
                throw Outside(reason: "the character '\(Self.describe(scalar))' outside the common subset")
            }
        }
    }

    /// `* + ? {m} {m,} {m,n}`, each optionally followed by `?` (lazy).
    private mutating func quantifier() throws(Outside) {
        guard let scalar = current else { return }
        switch scalar {
        case "*", "+", "?":
            index += 1
        case "{":
            index += 1
            guard let low = number() else { throw Outside(reason: "a '{' that is not a repetition count") }
            var high: Int? = low
            if current == "," {
                index += 1
                high = number()
            }
            guard current == "}" else { throw Outside(reason: "a repetition count that is not closed") }
            index += 1
            if let high, high < low { throw Outside(reason: "a repetition count whose bounds are reversed") }
        default:
            return
        }
        if current == "?" { index += 1 }
        if let next = current, next == "*" || next == "+" || next == "?" || next == "{" {
            throw Outside(reason: "a quantifier after a quantifier")
        }
    }

    /// Up to three digits, at most 255 (PostgreSQL's limit for a repetition count).
    private mutating func number() -> Int? {
        var value = 0
        var count = 0
        while let scalar = current, ("0"..."9").contains(scalar), count < 3 {
            value = value * 10 + Int(scalar.value - 48)
            index += 1
            count += 1
        }
        guard count > 0, value <= 255, !(current.map { ("0"..."9").contains($0) } ?? false) else { return nil }
        return value
    }

    /// `[^? item+ ]` with items that are safe characters or ranges within one class.
    private mutating func bracket() throws(Outside) {
        if current == "^" { index += 1 }
        var items = 0
        while let scalar = current, scalar != "]" {
            guard Self.isSetMember(scalar) else {
                throw Outside(reason: "the character '\(Self.describe(scalar))' inside a set")
            }
            index += 1
            if current == "-" {
                guard index + 1 < scalars.count, let high = Optional(scalars[index + 1]),
                    Self.sameClass(scalar, high), scalar.value <= high.value
                else { throw Outside(reason: "a range in a set other than a–z, A–Z or 0–9 pieces") }
                index += 2
            }
            items += 1
        }
        guard current == "]", items > 0 else { throw Outside(reason: "an empty or unclosed set") }
        index += 1
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x7E).contains(scalar.value) && !isAlphanumeric(scalar)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// A character that means itself in both engines outside a set.
    private static func isLiteral(_ scalar: Unicode.Scalar) -> Bool {
        guard (0x20...0x7E).contains(scalar.value) else { return false }
        return !"\\^$.|?*+()[]{}".unicodeScalars.contains(scalar)
    }

    /// A character that means itself in both engines inside a set.
    private static func isSetMember(_ scalar: Unicode.Scalar) -> Bool {
        isAlphanumeric(scalar) || " !\"#%',./:;<=>@_`~*+?|()".unicodeScalars.contains(scalar)
    }

    private static func sameClass(_ low: Unicode.Scalar, _ high: Unicode.Scalar) -> Bool {
        for range: ClosedRange<Unicode.Scalar> in ["a"..."z", "A"..."Z", "0"..."9"]
        where range.contains(low) && range.contains(high) {
            return true
        }
        return false
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        (0x20...0x7E).contains(scalar.value) ? String(scalar) : "U+" + String(scalar.value, radix: 16, uppercase: true)
    }
}

extension SQLTranslator {
    /// `x MATCHES pattern`: PostgreSQL only, a constant pattern in the common subset, an ASCII subject
    /// within the VM's length limit (and without a CR LF when the pattern has a `.`).
    mutating func matches(
        _ subject: SQLTerm, _ pattern: SQLTerm, _ options: ComparisonOptions, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        guard dialect == .postgres else {
            throw SQLRefusal("SQLite has no regular expressions", at: comparison.operatorRange)
        }
        guard case .constant(let patternValue) = pattern else {
            throw SQLRefusal("MATCHES is translated with a constant pattern", at: comparison.rhs.range)
        }
        guard case .scalar(let x) = subject, x.kind == .string else {
            throw SQLRefusal("MATCHES is translated on strings only", at: comparison.lhs.range)
        }
        guard case .string(let text) = patternValue else {
            if patternValue.isNull { return .alwaysFalse }
            throw SQLRefusal("a pattern that is not a string raises in the VM", at: comparison.rhs.range)
        }
        if text.isEmpty { return .alwaysFalse }
        if StringFolding.effectiveOptions(options).contains(.caseInsensitive) {
            throw SQLRefusal("MATCHES[c] is not translated", at: comparison.operatorRange)
        }
        do {
            _ = try RegexPattern(text, options: options)
        } catch {
            throw SQLRefusal("the pattern raises in the VM: \(error.message)", at: comparison.rhs.range)
        }
        let shape: SQLRegexSubset.Shape
        do {
            shape = try SQLRegexSubset.check(text)
        } catch {
            throw SQLRefusal(
                "PostgreSQL's regular expressions differ from ICU's here (\(error.reason))", at: comparison.rhs.range)
        }
        let anchored = bind(.string("^(?:" + text + ")$"), as: .text)
        var extra = ["\(dialect.length(x.sql)) <= \(limits.maxRegexSubjectBytes)"]
        if shape.usesDot { extra.append("strpos(\(x.sql), chr(13) || chr(10)) = 0") }
        let core = undecidedUnlessASCII([x.sql], "\(dialect.bytewise(x.sql)) ~ \(anchored)", extra: extra).raising()
        return withNilRules(core, x, nilAnswer: false)
    }
}
