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

    /// A keyword's spelling, for ``byLength``.
    private struct Spelling {
        let bytes: [UInt8]
        let keyword: Keyword
    }

    /// Keywords by UTF-8 length, for lookup without allocating. Built on the first lookup in a process, so it
    /// is made of plain arrays of a struct (a table of tuples, or a `String.contains`, cost that first compile
    /// several times more in runtime type lookups).
    private static let byLength: [[Spelling]] = {
        var table = [[Spelling]](filled: [], count: 16)
        for keyword in Keyword.allCases where !keyword.rawValue.utf8.contains(UInt8(ascii: "-")) {
            let bytes = Array(keyword.rawValue.utf8)
            table[bytes.count].append(Spelling(bytes: bytes, keyword: keyword))
        }
        return table
    }()

    /// The keyword spelled by `bytes` in any letter case, or nil. Hyphenated keywords
    /// (`UTI-CONFORMS-TO`, `UTI-EQUALS`) are matched by the lexer itself.
    static func lookUp<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Keyword? {
        guard bytes.count < byLength.count else { return nil }
        candidates: for spelling in byLength[bytes.count] {
            for (offset, byte) in bytes.enumerated() {
                let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
                if upper != spelling.bytes[offset] { continue candidates }
            }
            return spelling.keyword
        }
        return nil
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
