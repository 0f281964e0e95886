// The operators of the language as data: comparison operators and their option letters, ANY/ALL,
// arithmetic and set operators. Both the syntax tree and the value operations use them.

/// How a comparison treats a collection on its left.
public enum ComparisonModifier: String, Hashable, Sendable, Codable {
    /// Compare the left value itself.
    case direct
    /// `ANY` / `SOME`: true if the comparison holds for some element.
    case any
    /// `ALL`: true if the comparison holds for every element.
    case all
}

/// The comparison operators of the language.
public enum ComparisonOperator: String, Hashable, Sendable, Codable, CaseIterable {
    case equalTo = "=="
    case notEqualTo = "!="
    case lessThan = "<"
    case lessThanOrEqualTo = "<="
    case greaterThan = ">"
    case greaterThanOrEqualTo = ">="
    case matches = "MATCHES"
    case like = "LIKE"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case `in` = "IN"
    case contains = "CONTAINS"
    case between = "BETWEEN"
    case utiConformsTo = "UTI-CONFORMS-TO"
    case utiEquals = "UTI-EQUALS"
}

/// Option letters after an operator: `[c]`, `[d]`, `[n]`, `[l]`, `[w]`, in any combination.
public struct ComparisonOptions: OptionSet, Hashable, Sendable, Codable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `c`: case-insensitive.
    public static let caseInsensitive = ComparisonOptions(rawValue: 1 << 0)
    /// `d`: diacritic-insensitive.
    public static let diacriticInsensitive = ComparisonOptions(rawValue: 1 << 1)
    /// `l`: locale-sensitive.
    public static let localeSensitive = ComparisonOptions(rawValue: 1 << 2)
    /// `n`: operands are already normalised; compare literally (overrides `c` and `d`).
    public static let normalized = ComparisonOptions(rawValue: 1 << 3)
    /// `w`: word-sensitive (printed by Foundation, undocumented).
    public static let wordSensitive = ComparisonOptions(rawValue: 1 << 4)

    /// The letters in printing order (`c d l n w`), paired with their options.
    public static let letters: [(Character, ComparisonOptions)] = [
        ("c", .caseInsensitive), ("d", .diacriticInsensitive), ("l", .localeSensitive),
        ("n", .normalized), ("w", .wordSensitive),
    ]

    /// The option a lower-case letter spells, or nil.
    static func option(forLetter letter: Character) -> ComparisonOptions? {
        letters.first { $0.0 == letter }?.1
    }
}

/// Binary arithmetic and bitwise operators, with Apple's function selectors.
public enum ArithmeticOperator: String, Hashable, Sendable, Codable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case power = "**"
    case bitwiseAnd = "&"
    case bitwiseOr = "|"
    case bitwiseXor = "^"
    case leftShift = "<<"
    case rightShift = ">>"

    /// The selector NSExpression uses for this operator (`add:to:` for `+`).
    public var selector: String {
        switch self {
        case .add: "add:to:"
        case .subtract: "from:subtract:"
        case .multiply: "multiply:by:"
        case .divide: "divide:by:"
        case .power: "raise:toPower:"
        case .bitwiseAnd: "bitwiseAnd:with:"
        case .bitwiseOr: "bitwiseOr:with:"
        case .bitwiseXor: "bitwiseXor:with:"
        case .leftShift: "leftshift:by:"
        case .rightShift: "rightshift:by:"
        }
    }
}

/// `UNION`, `INTERSECT`, `MINUS`.
public enum SetOperator: String, Hashable, Sendable, Codable, CaseIterable {
    case union = "UNION"
    case intersect = "INTERSECT"
    case minus = "MINUS"
}

extension ComparisonOperator {
    /// Whether `lhs op rhs` holds, for the six equality and ordering operators; false for every other
    /// operator. The one place that says what `<`, `<=`, `>`, `>=`, `==` and `!=` mean for an ordering.
    @inline(__always)
    func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
        switch self {
        case .equalTo: lhs == rhs
        case .notEqualTo: lhs != rhs
        case .lessThan: lhs < rhs
        case .lessThanOrEqualTo: lhs <= rhs
        case .greaterThan: lhs > rhs
        case .greaterThanOrEqualTo: lhs >= rhs
        default: false
        }
    }

    /// Whether the operator holds for a comparison result (-1, 0 or 1, as `compare:` answers).
    @inline(__always)
    func holds(order: Int) -> Bool { holds(order, 0) }

    /// Whether this is one of the six equality and ordering operators.
    var isOrdering: Bool {
        switch self {
        case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo: true
        default: false
        }
    }
}
