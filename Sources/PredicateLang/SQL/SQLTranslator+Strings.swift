// SQLTranslator, strings: equality without options is literal in the VM and in SQL (`=` compares code
// points, hence Unicode scalars), so it is exact on any text. Everything else — ordering, [c] and [d],
// BEGINSWITH, ENDSWITH, CONTAINS, LIKE — is exact in SQL only where the VM takes its ASCII path (both
// sides ASCII: bytes compared, `[c]` lowering A–Z only, `[d]` a no-op); a row with other text is left
// undecided (NULL) and checked again in process. Constants that are not ASCII are refused, as no row
// could be decided. Substring searches use instr/substr or strpos/starts_with, never LIKE, so a `%` or
// `_` in a constant means itself; LIKE patterns are rewritten with every literal character escaped.

extension SQLTranslator {
    // MARK: Equality and ordering

    /// `x op text` for a non-nil string `x`.
    mutating func stringCore(
        _ x: SQLScalar, _ op: ComparisonOperator, _ options: ComparisonOptions, _ text: String,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let effective = StringFolding.effectiveOptions(options)
        if (op == .equalTo || op == .notEqualTo) && (options.isEmpty || effective == .normalized) {
            // PostgreSQL text never holds a NUL, so it never equals a constant with one.
            if dialect == .postgres && text.unicodeScalars.contains("\0") { return .constant(op == .notEqualTo) }
            return .exact("\(x.sql) \(op.sqlSymbol) \(bind(.string(text), as: .text))")
        }
        try requireASCII(text, comparison.rhs.range, allowingNUL: dialect == .sqlite)
        let caseInsensitive = effective.contains(.caseInsensitive)
        let left = caseInsensitive ? dialect.asciiLowercase(x.sql) : x.sql
        let right = bind(.string(caseInsensitive ? Self.asciiLowercased(text) : text), as: .text)
        let core = "\(dialect.bytewise(left)) \(op.sqlSymbol) \(right)"
        return undecidedUnlessASCII([x.sql], core)
    }

    /// `a op b` for two non-nil strings.
    mutating func stringCore(
        _ a: SQLScalar, _ op: ComparisonOperator, _ options: ComparisonOptions, _ b: SQLScalar,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let effective = StringFolding.effectiveOptions(options)
        if (op == .equalTo || op == .notEqualTo) && (options.isEmpty || effective == .normalized) {
            return .exact("\(a.sql) \(op.sqlSymbol) \(b.sql)")
        }
        let caseInsensitive = effective.contains(.caseInsensitive)
        let left = caseInsensitive ? dialect.asciiLowercase(a.sql) : a.sql
        let right = caseInsensitive ? dialect.asciiLowercase(b.sql) : b.sql
        return undecidedUnlessASCII([a.sql, b.sql], "\(dialect.bytewise(left)) \(op.sqlSymbol) \(right)")
    }

    /// `core` where every string of `strings` is ASCII; NULL (recheck) elsewhere.
    mutating func undecidedUnlessASCII(_ strings: [String], _ core: String, extra: [String] = []) -> SQLCondition {
        recheck("text that is not ASCII")
        let test = (strings.map { dialect.isASCII($0) } + extra).joined(separator: " AND ")
        return .cases([(test, .exact(core))], otherwise: nil, dialect: dialect)
    }

    /// Refuses a constant SQL cannot compare the way the VM does.
    func requireASCII(_ text: String, _ range: SourceRange, allowingNUL: Bool) throws(SQLRefusal) {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            throw SQLRefusal(
                "the constant is not ASCII (the VM compares folded, decomposed text; SQL compares code points)",
                at: range)
        }
        if !allowingNUL && text.unicodeScalars.contains("\0") {
            throw SQLRefusal(
                dialect == .postgres
                    ? "PostgreSQL text cannot hold a NUL character" : "SQLite's string functions stop at a NUL",
                at: range)
        }
    }

    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    // MARK: BEGINSWITH, ENDSWITH, CONTAINS, IN a string

    /// Whether `needle` occurs in `text` at `anchor`. An empty needle never matches; nil is false.
    mutating func substring(
        _ text: SQLTerm, _ needle: SQLTerm, _ anchor: SubstringAnchor, _ options: ComparisonOptions,
        _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        let caseInsensitive = StringFolding.effectiveOptions(options).contains(.caseInsensitive)
        var scalars: [SQLScalar] = []
        var guards: [String] = []
        var emptyNeedle: String?
        func operand(_ term: SQLTerm, isNeedle: Bool) throws(SQLRefusal) -> String? {
            switch term {
            case .constant(.null):
                return nil
            case .constant(.string(let string)):
                if isNeedle && string.isEmpty { return nil }
                if dialect == .postgres && isNeedle && string.unicodeScalars.contains("\0") { return nil }
                try requireASCII(string, comparison.range, allowingNUL: false)
                return bind(.string(caseInsensitive ? Self.asciiLowercased(string) : string), as: .text)
            case .scalar(let scalar) where scalar.kind == .string:
                scalars.append(scalar)
                guards.append(scalar.sql)
                if isNeedle { emptyNeedle = "\(scalar.sql) = ''" }
                return caseInsensitive ? dialect.asciiLowercase(scalar.sql) : scalar.sql
            default:
                throw SQLRefusal(
                    "\(comparison.op.rawValue) is translated between strings only", at: comparison.range)
            }
        }
        guard let haystack = try operand(text, isNeedle: false), let searched = try operand(needle, isNeedle: true)
        else { return .alwaysFalse }
        let core: String
        switch (dialect, anchor) {
        case (.sqlite, .prefix): core = "substr(\(haystack), 1, length(\(searched))) = \(searched)"
        case (.sqlite, .suffix): core = "substr(\(haystack), -length(\(searched))) = \(searched)"
        case (.sqlite, .anywhere): core = "instr(\(haystack), \(searched)) > 0"
        case (.postgres, .prefix): core = "starts_with(\(haystack), \(searched))"
        case (.postgres, .suffix): core = "right(\(haystack), char_length(\(searched))) = \(searched)"
        case (.postgres, .anywhere): core = "strpos(\(haystack), \(searched)) > 0"
        }
        var condition = undecidedUnlessASCII(guards, core)
        if let emptyNeedle {
            condition = .cases([(emptyNeedle, .alwaysFalse)], otherwise: condition, dialect: dialect)
        }
        return withNilRules(condition, scalars, answer: false)
    }

    /// `core` with a false answer wherever one of `scalars` is nil.
    func withNilRules(_ core: SQLCondition, _ scalars: [SQLScalar], answer: Bool) -> SQLCondition {
        switch scalars.count {
        case 1: withNilRules(core, scalars[0], nilAnswer: answer)
        case 2: withNilRules(core, scalars[0], scalars[1], bothNil: answer, oneNil: answer)
        default: core
        }
    }

    // MARK: LIKE

    /// `x LIKE pattern` for a constant pattern: SQLite's case-sensitive GLOB, PostgreSQL's LIKE with an
    /// escape character; every literal character of the pattern is escaped for it.
    mutating func like(
        _ subject: SQLTerm, _ pattern: SQLTerm, _ options: ComparisonOptions, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> SQLCondition {
        guard case .constant(let patternValue) = pattern else {
            throw SQLRefusal("LIKE is translated with a constant pattern", at: comparison.rhs.range)
        }
        guard case .scalar(let x) = subject, x.kind == .string else {
            throw SQLRefusal("LIKE is translated on strings only", at: comparison.lhs.range)
        }
        guard case .string(let text) = patternValue else {
            if patternValue.isNull { return .alwaysFalse }
            throw SQLRefusal("a LIKE pattern that is not a string raises in the VM", at: comparison.rhs.range)
        }
        if text.isEmpty { return .alwaysFalse }
        do {
            _ = try LikePattern(text, options: options)
        } catch {
            throw SQLRefusal("the pattern raises in the VM: \(error.message)", at: comparison.rhs.range)
        }
        let caseInsensitive = StringFolding.effectiveOptions(options).contains(.caseInsensitive)
        guard let tokens = try likeTokens(text, caseInsensitive: caseInsensitive, comparison) else {
            return withNilRules(.alwaysFalse, x, nilAnswer: false)
        }
        let subjectSQL = caseInsensitive ? dialect.asciiLowercase(x.sql) : x.sql
        let core: String
        switch dialect {
        case .sqlite:
            let glob = tokens.map { token in
                switch token {
                case .anyOne: "?"
                case .anyRun: "*"
                case .literal("*"): "[*]"
                case .literal("?"): "[?]"
                case .literal("["): "[[]"
                case .literal(let scalar): String(scalar)
                }
            }.joined()
            guard glob.utf8.count <= 50_000 else {
                throw SQLRefusal("SQLite refuses GLOB patterns longer than 50,000 bytes", at: comparison.rhs.range)
            }
            core = "\(subjectSQL) GLOB \(bind(.string(glob), as: .text))"
        case .postgres:
            let like = tokens.map { token in
                switch token {
                case .anyOne: "_"
                case .anyRun: "%"
                case .literal(let scalar) where scalar == "\\" || scalar == "%" || scalar == "_": "\\" + String(scalar)
                case .literal(let scalar): String(scalar)
                }
            }.joined()
            core = "\(dialect.bytewise(subjectSQL)) LIKE \(bind(.string(like), as: .text)) ESCAPE E'\\\\'"
        }
        // Past the length limit the VM raises.
        let withinLimit = "\(dialect.length(x.sql)) <= \(limits.maxRegexSubjectBytes)"
        return withNilRules(undecidedUnlessASCII([x.sql], core, extra: [withinLimit]).raising(), x, nilAnswer: false)
    }

    /// A LIKE pattern's pieces.
    enum LikeToken: Equatable {
        case literal(Unicode.Scalar)
        case anyOne
        case anyRun
    }

    /// The pieces of `pattern` as the VM reads them (`\` escapes the next character; runs of `*` are
    /// one); nil when no text SQL holds can match (a NUL in PostgreSQL).
    private func likeTokens(
        _ pattern: String, caseInsensitive: Bool, _ comparison: SyntaxTree.Comparison
    ) throws(SQLRefusal) -> [LikeToken]? {
        var tokens: [LikeToken] = []
        var scalars = pattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?":
                tokens.append(.anyOne)
            default:
                var literal = scalar
                if scalar == "\\", let escaped = scalars.next() { literal = escaped }
                guard literal.isASCII else {
                    throw SQLRefusal(
                        "the pattern is not ASCII (the VM matches folded, composed text)", at: comparison.rhs.range)
                }
                if literal == "\0" {
                    if dialect == .postgres { return nil }
                    throw SQLRefusal("SQLite's GLOB stops at a NUL", at: comparison.rhs.range)
                }
                if caseInsensitive && literal.value &- 0x41 < 26 {
                    literal = Unicode.Scalar(UInt8(literal.value | 0x20))
                }
                tokens.append(.literal(literal))
            }
        }
        return tokens
    }
}
