// Keywords: the reserved words of the format language and their case-insensitive lookup. The lexer
// turns a matching word into a keyword token; the printer puts `#` before a key component that is one.

/// A reserved word. The raw value is the canonical (printed) spelling.
///
/// Besides Apple's documented list this includes `FUNCTION`, `TERNARY`, `UNION`, `INTERSECT` and
/// `MINUS`, which Apple's parser recognises; all of them need `#` to be used as keys.
enum Keyword: String, Hashable, Sendable, CaseIterable, BitwiseCopyable {
    case and = "AND"
    case or = "OR"
    case `in` = "IN"
    case not = "NOT"
    case all = "ALL"
    case any = "ANY"
    case some = "SOME"
    case none = "NONE"
    case like = "LIKE"
    case caseInsensitive = "CASEINSENSITIVE"
    case ci = "CI"
    case matches = "MATCHES"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case between = "BETWEEN"
    case null = "NULL"
    case `nil` = "NIL"
    case `self` = "SELF"
    case `true` = "TRUE"
    case yes = "YES"
    case `false` = "FALSE"
    case no = "NO"
    case first = "FIRST"
    case last = "LAST"
    case size = "SIZE"
    case anyKey = "ANYKEY"
    case subquery = "SUBQUERY"
    case fetch = "FETCH"
    case cast = "CAST"
    case truePredicate = "TRUEPREDICATE"
    case falsePredicate = "FALSEPREDICATE"
    case utiConformsTo = "UTI-CONFORMS-TO"
    case utiEquals = "UTI-EQUALS"
    case function = "FUNCTION"
    case ternary = "TERNARY"
    case union = "UNION"
    case intersect = "INTERSECT"
    case minus = "MINUS"

    /// The keyword spelled by `bytes` in any letter case, or nil. Hyphenated keywords
    /// (`UTI-CONFORMS-TO`, `UTI-EQUALS`) are matched by the lexer itself.
    ///
    /// The word's length and first letter pick at most three candidates, and the word is compared with
    /// each one's spelling. No table is built: a table made on the first lookup in a process (arrays of
    /// spellings by length) cost the first compile about 55,000 instructions, a tenth of it. A keyword
    /// missing or misspelled here fails `KeywordTests`, which looks every keyword up in upper, lower and mixed case.
    static func lookUp<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Keyword? {
        guard let first = bytes.first else { return nil }
        // The candidate when `bytes` spell it in any letter case.
        func word(_ spelling: StaticString, _ keyword: Keyword) -> Keyword? {
            spells(bytes, spelling) ? keyword : nil
        }
        let letter = first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") ? first &- 32 : first
        switch (bytes.count, Unicode.Scalar(letter)) {
        case (2, "O"): return word("OR", .or)
        case (2, "I"): return word("IN", .in)
        case (2, "C"): return word("CI", .ci)
        case (2, "N"): return word("NO", .no)
        case (3, "A"): return word("AND", .and) ?? word("ALL", .all) ?? word("ANY", .any)
        case (3, "N"): return word("NOT", .not) ?? word("NIL", .nil)
        case (3, "Y"): return word("YES", .yes)
        case (4, "S"): return word("SOME", .some) ?? word("SELF", .self) ?? word("SIZE", .size)
        case (4, "N"): return word("NONE", .none) ?? word("NULL", .null)
        case (4, "L"): return word("LIKE", .like) ?? word("LAST", .last)
        case (4, "T"): return word("TRUE", .true)
        case (4, "C"): return word("CAST", .cast)
        case (5, "F"): return word("FALSE", .false) ?? word("FIRST", .first) ?? word("FETCH", .fetch)
        case (5, "U"): return word("UNION", .union)
        case (5, "M"): return word("MINUS", .minus)
        case (6, "A"): return word("ANYKEY", .anyKey)
        case (7, "M"): return word("MATCHES", .matches)
        case (7, "B"): return word("BETWEEN", .between)
        case (7, "T"): return word("TERNARY", .ternary)
        case (8, "C"): return word("CONTAINS", .contains)
        case (8, "E"): return word("ENDSWITH", .endsWith)
        case (8, "S"): return word("SUBQUERY", .subquery)
        case (8, "F"): return word("FUNCTION", .function)
        case (9, "I"): return word("INTERSECT", .intersect)
        case (10, "B"): return word("BEGINSWITH", .beginsWith)
        case (13, "T"): return word("TRUEPREDICATE", .truePredicate)
        case (14, "F"): return word("FALSEPREDICATE", .falsePredicate)
        case (15, "C"): return word("CASEINSENSITIVE", .caseInsensitive)
        default: return nil
        }
    }

    /// Whether `bytes` spell `spelling` (upper-case ASCII) in any letter case. The spelling is a
    /// `StaticString` (its bytes read in place), not a keyword's raw value (a `String` made and released on
    /// every call).
    @inline(__always)
    static func spells<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ spelling: StaticString) -> Bool {
        guard spelling.utf8CodeUnitCount == bytes.count else { return false }
        var expected = spelling.utf8Start
        for byte in bytes {
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte &- 32 : byte
            guard upper == expected.pointee else { return false }
            expected += 1
        }
        return true
    }

    /// The keyword spelled `word` in any letter case (hyphenated ones included), or nil.
    static func lookUp(_ word: String) -> Keyword? {
        if let keyword = lookUp(word.utf8) { return keyword }
        guard word.utf8.count == 10 || word.utf8.count == 15, word.utf8.contains(UInt8(ascii: "-")) else { return nil }
        let upper = word.uppercased()
        return [Keyword.utiConformsTo, .utiEquals].first { $0.rawValue == upper }
    }

    /// Whether `word` is reserved, so a key or variable named so must be written with `#`.
    static func isReserved(_ word: String) -> Bool {
        lookUp(word) != nil
    }

    /// The constant a literal word spells (`YES`/`TRUE`, `NO`/`FALSE`, `NIL`/`NULL`), if it is one.
    var literalValue: Value? {
        switch self {
        case .yes, .true: .bool(true)
        case .no, .false: .bool(false)
        case .nil, .null: .null
        default: nil
        }
    }

    /// The comparison operator this keyword spells, if it is one.
    var comparisonOperator: ComparisonOperator? {
        switch self {
        case .like: .like
        case .matches: .matches
        case .contains: .contains
        case .beginsWith: .beginsWith
        case .endsWith: .endsWith
        case .between: .between
        case .in: .in
        case .utiConformsTo: .utiConformsTo
        case .utiEquals: .utiEquals
        default: nil
        }
    }

    /// The set operator this keyword spells, if it is one.
    var setOperator: SetOperator? {
        switch self {
        case .union: .union
        case .intersect: .intersect
        case .minus: .minus
        default: nil
        }
    }
}
