// Matcher: the right-hand side of a comparison, prepared once by the compiler when it is a constant:
// the folded needle of a substring test, a compiled LIKE or MATCHES pattern, a hashed set for IN.
// Programs keep them in a side table; the VM's `match…` instructions test a value against one.

/// A comparison `value op constant` whose constant side was prepared at compile time.
///
/// `constant` is the right-hand value as written; the VM falls back to the general comparison with it
/// whenever the prepared fast path does not apply (a value of another kind, which may raise).
public struct Matcher: Sendable {
    /// How the constant was prepared.
    public enum Preparation: Sendable {
        /// No preparation beyond inline fast paths for numbers and plain string equality.
        case general
        /// A string constant folded for `BEGINSWITH`, `ENDSWITH`, `CONTAINS` or `==`/`!=` with options.
        case substring(SubstringMatcher)
        /// `CONTAINS 'x'`: a substring test on strings, membership on arrays and sets.
        case substringOrElement(SubstringMatcher)
        /// A compiled `LIKE` pattern.
        case like(LikePattern)
        /// A compiled `MATCHES` regular expression.
        case regex(RegexPattern)
        /// `IN {…}`: the container's elements (or a dictionary's values), hashed.
        case members(Set<Value>)
    }

    /// The comparison operator.
    public let op: ComparisonOperator
    /// The comparison options.
    public let options: ComparisonOptions
    /// The constant right-hand side, as written.
    public let constant: Value
    /// The prepared form of `constant`.
    public let preparation: Preparation
    /// `constant` as a ``StringConstant`` when it is a string (for exact element equality).
    let stringConstant: StringConstant?

    /// Which answer the VM can give inline, reading this matcher in place (see ``quickTest(_:_:)``).
    enum QuickKind: UInt8 {
        /// None: always call ``test(_:limits:)``.
        case none
        /// `CONTAINS 'string'`: element equality on an array subject, a substring test on a string subject.
        case elementContains
        /// A folded-needle string test (``Preparation/substring(_:)``) on a string subject.
        case substring
        /// `BETWEEN {lower, upper}` with integer bounds, on an integer subject.
        case integerRange
        /// `IN` a small set of strings, on a string subject (a byte comparison per member, no hashing).
        case stringMembers
        /// `IN` a small set of integers, on an integer subject.
        case integerMembers
    }

    /// The largest constant set answered by a linear scan instead of hashing.
    static let linearMemberLimit = 16

    let quickKind: QuickKind
    /// The needle of an element `CONTAINS` (empty otherwise): ``stringConstant`` unwrapped, because reading
    /// the optional through the side-table pointer copies it (P1 measured 327 → 671 instructions, 1 → 10
    /// retains per evaluation).
    let elementNeedle: StringConstant
    /// The folded needle of ``QuickKind/substring`` and ``QuickKind/elementContains`` (empty otherwise).
    let substringNeedle: SubstringMatcher
    /// The bounds of ``QuickKind/integerRange``, lower first (reversed bounds are swapped, as Value does).
    let integerBounds: (lower: Int64, upper: Int64)
    /// The members of ``QuickKind/stringMembers``.
    let stringMembers: [StringConstant]
    /// The members of ``QuickKind/integerMembers``.
    let integerMembers: [Int64]

    public init(op: ComparisonOperator, options: ComparisonOptions, constant: Value, preparation: Preparation) {
        self.op = op
        self.options = options
        self.constant = constant
        self.preparation = preparation
        if case .string(let string) = constant { stringConstant = StringConstant(string) } else { stringConstant = nil }
        elementNeedle = stringConstant ?? StringConstant("")
        var kind = QuickKind.none
        var needle = SubstringMatcher(needle: "", options: [])
        var bounds: (lower: Int64, upper: Int64) = (0, 0)
        var strings: [StringConstant] = []
        var integers: [Int64] = []
        switch preparation {
        case .substring(let prepared):
            kind = .substring
            needle = prepared
        case .substringOrElement(let prepared) where stringConstant != nil:
            kind = .elementContains
            needle = prepared
        case .members(let members) where options.isEmpty && members.count <= Self.linearMemberLimit:
            let memberStrings = members.compactMap { member -> StringConstant? in
                if case .string(let string) = member { StringConstant(string) } else { nil }
            }
            let memberIntegers = members.compactMap { member -> Int64? in
                if case .int(let integer) = member { integer } else { nil }
            }
            if memberStrings.count == members.count {
                kind = .stringMembers
                strings = memberStrings
            } else if memberIntegers.count == members.count {
                kind = .integerMembers
                integers = memberIntegers
            }
        case .general where op == .between:
            if case .array(let pair) = constant, pair.count == 2, case .int(let first) = pair[0],
                case .int(let second) = pair[1]
            {
                kind = .integerRange
                bounds = (min(first, second), max(first, second))
            }
        default:
            break
        }
        quickKind = kind
        substringNeedle = needle
        integerBounds = bounds
        stringMembers = strings
        integerMembers = integers
    }

    /// A short name of the preparation, for disassembly.
    public var preparationName: String {
        switch preparation {
        case .general: "general"
        case .substring: "substring"
        case .substringOrElement: "substring-or-element"
        case .like: "like"
        case .regex: "regex"
        case .members(let set): "set(\(set.count))"
        }
    }
}
