// Matcher: the right-hand side of a comparison, prepared once by the compiler when it is a constant.
// The constant is classified here, once (``Matcher/Kind``): an integer or string to compare with, a folded
// substring needle, a compiled LIKE or MATCHES pattern, a range, a member set. Programs keep matchers in a
// side table; the VM's `match…` instructions test a value against one (Runtime/Matcher+Tests.swift).

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A comparison `value op constant` whose constant side was prepared at compile time.
///
/// `constant` is the right-hand value as written. The VM answers from the prepared form where it can
/// (the quick tier) and applies the full rules of ``Value/compare(_:_:_:options:limits:)`` with
/// `constant` everywhere else (the thorough tier).
package struct Matcher: Sendable {
    /// How the constant was prepared: the one classification of constants the compiler and the VM share.
    package enum Kind: UInt8, Sendable {
        /// Nothing prepared: every value goes to the thorough tier.
        case general
        /// An equality or ordering operator with an integer constant and no options.
        case integer
        /// An equality or ordering operator with a double constant and no options.
        case double
        /// An equality or ordering operator with a date constant (not NaN) and no options; `double` holds
        /// its seconds since the reference date.
        case date
        /// `==` or `!=` with a string constant and no options (exact scalar equality).
        case string
        /// A string operator with a string constant: the folded needle of `BEGINSWITH`, `ENDSWITH`,
        /// `==[c]`, `<[cd]`….
        case substring
        /// `CONTAINS` a string: a substring test on a string subject, element equality on an array.
        case containsString
        /// `LIKE` a string: the compiled pattern (its matching is budgeted, so only the thorough tier runs it).
        case like
        /// `MATCHES` a string: the compiled regular expression (thorough tier only, as `like`).
        case regex
        /// `BETWEEN {lower, upper}` with two integer bounds (swapped when reversed, as Value does).
        case integerRange
        /// `IN` at most ``Matcher/linearMemberLimit`` strings: a byte comparison per member, no hashing.
        case stringMembers
        /// `IN` at most ``Matcher/linearMemberLimit`` integers.
        case integerMembers
        /// `IN` any other constant collection (or a dictionary's values): hashed.
        case members
    }

    /// The kinds whose test reads a string subject in full (folding it or searching it), so a test
    /// charges the subject's length to the evaluation's budget.
    package static func searchesText(_ kind: Kind) -> Bool {
        kind == .substring || kind == .containsString
    }

    /// The largest constant set answered by a linear scan instead of hashing.
    static let linearMemberLimit = 16

    /// The comparison operator.
    package let op: ComparisonOperator
    /// The comparison options.
    package let options: ComparisonOptions
    /// The constant right-hand side, as written.
    package let constant: Value
    /// How `constant` was prepared.
    package let kind: Kind

    // The prepared forms. Each is stored unwrapped (empty when the kind does not use it), so the VM
    // reads the one it needs in place through a pointer into the side table, without copying the matcher.

    /// ``Kind/integer``: the constant; ``Kind/integerRange``: unused.
    let integer: Int64
    /// ``Kind/double``: the constant; ``Kind/date``: its seconds since the reference date.
    let double: Double
    /// ``Kind/string`` and ``Kind/containsString``: the constant, for exact element equality.
    let string: StringConstant
    /// ``Kind/substring`` and ``Kind/containsString``: the folded needle.
    let needle: SubstringMatcher
    /// ``Kind/integerRange``: the bounds, lower first.
    let integerBounds: (lower: Int64, upper: Int64)
    /// ``Kind/stringMembers``.
    let stringMembers: [StringConstant]
    /// ``Kind/integerMembers``.
    let integerMembers: [Int64]
    /// ``Kind/members``.
    let memberSet: Set<Value>
    /// ``Kind/like`` and ``Kind/regex``: the compiled pattern; for a general matcher, the error of a
    /// constant pattern that does not compile.
    let pattern: TextPattern?

    /// A compiled `LIKE` or `MATCHES` pattern, or why a constant one does not compile. Boxed (`indirect`):
    /// held in place it made every matcher 67 bytes larger, moved with it through compiling.
    indirect enum TextPattern: Sendable {
        case like(LikePattern)
        case regex(RegexPattern)
        /// The pattern's compile error, positioned at the pattern; raised when a string is matched
        /// against it, as NSPredicate compiles the pattern when the comparison runs.
        case invalid(EvaluationError)
    }

    /// Classifies and prepares `constant` for `op` with `options`. A `LIKE` or `MATCHES` pattern that does
    /// not compile throws; the caller decides what that means (NSPredicate raises when the comparison runs).
    package init(op: ComparisonOperator, options: ComparisonOptions, constant: Value) throws(EvaluationError) {
        var kind = Kind.general
        var integer: Int64 = 0
        var double: Double = 0
        var string = StringConstant()
        var needle = SubstringMatcher()
        var bounds: (lower: Int64, upper: Int64) = (0, 0)
        var stringMembers: [StringConstant] = []
        var integerMembers: [Int64] = []
        var memberSet: Set<Value> = []
        var pattern: TextPattern?
        switch (op, constant) {
        case (_, .int(let value)) where op.isOrdering && options.isEmpty:
            kind = .integer
            integer = value
        case (_, .double(let value)) where op.isOrdering && options.isEmpty && !value.isNaN:
            kind = .double
            double = value
        case (_, .date(let value))
        where op.isOrdering && options.isEmpty && !value.timeIntervalSinceReferenceDate.isNaN:
            kind = .date
            double = value.timeIntervalSinceReferenceDate
        case (.equalTo, .string(let value)) where options.isEmpty,
            (.notEqualTo, .string(let value)) where options.isEmpty:
            kind = .string
            string = StringConstant(value)
        case (.beginsWith, .string(let value)), (.endsWith, .string(let value)):
            kind = .substring
            needle = SubstringMatcher(needle: value, options: options)
        case (.contains, .string(let value)):
            kind = .containsString
            needle = SubstringMatcher(needle: value, options: options)
            string = StringConstant(value)
        case (.like, .string(let value)):
            kind = .like
            pattern = .like(try LikePattern(value, options: options))
        case (.matches, .string(let value)):
            kind = .regex
            pattern = .regex(try RegexPattern(value, options: options))
        case (.between, .array(let pair)):
            if pair.count == 2, case .int(let first) = pair[0], case .int(let second) = pair[1] {
                kind = .integerRange
                bounds = (min(first, second), max(first, second))
            }
        case (.in, .array), (.in, .set), (.in, .dictionary):
            let elements: [Value]
            switch constant {
            case .dictionary(let dictionary): elements = Array(dictionary.values)
            default: elements = constant.collectionElements ?? []
            }
            let members = Set(elements)
            let strings = members.compactMap { member -> StringConstant? in
                if case .string(let text) = member { StringConstant(text) } else { nil }
            }
            let integers = members.compactMap { member -> Int64? in
                if case .int(let value) = member { value } else { nil }
            }
            if options.isEmpty, members.count <= Self.linearMemberLimit, strings.count == members.count {
                kind = .stringMembers
                stringMembers = strings
            } else if options.isEmpty, members.count <= Self.linearMemberLimit, integers.count == members.count {
                kind = .integerMembers
                integerMembers = integers
            } else {
                kind = .members
                memberSet = members
            }
        default:
            break
        }
        // One initializer call rather than a field-by-field assignment here: assigned one by one, the
        // fields were built in a temporary that was then copied (retaining every reference), destroyed
        // and moved into place, ~550 instructions per comparison compiled.
        self.init(
            op: op, options: options, constant: constant, kind: kind, integer: integer, double: double,
            string: string, needle: needle, integerBounds: bounds, stringMembers: stringMembers,
            integerMembers: integerMembers, memberSet: memberSet, pattern: pattern)
    }

    private init(
        op: ComparisonOperator, options: ComparisonOptions, constant: Value, kind: Kind, integer: Int64,
        double: Double, string: StringConstant, needle: SubstringMatcher, integerBounds: (lower: Int64, upper: Int64),
        stringMembers: [StringConstant], integerMembers: [Int64], memberSet: Set<Value>, pattern: TextPattern?
    ) {
        self.op = op
        self.options = options
        self.constant = constant
        self.kind = kind
        self.integer = integer
        self.double = double
        self.string = string
        self.needle = needle
        self.integerBounds = integerBounds
        self.stringMembers = stringMembers
        self.integerMembers = integerMembers
        self.memberSet = memberSet
        self.pattern = pattern
    }

    /// A matcher that prepares nothing (every value goes to the thorough tier).
    package init(
        general op: ComparisonOperator, options: ComparisonOptions, constant: Value,
        patternError: EvaluationError? = nil
    ) {
        self.op = op
        self.options = options
        self.constant = constant
        kind = .general
        integer = 0
        double = 0
        string = StringConstant()
        needle = SubstringMatcher()
        integerBounds = (0, 0)
        stringMembers = []
        integerMembers = []
        memberSet = []
        pattern = patternError.map(TextPattern.invalid)
    }

    /// The kind's name, for disassembly.
    package var kindName: String {
        switch kind {
        case .general: "general"
        case .integer: "integer"
        case .double: "double"
        case .date: "date"
        case .string: "string"
        case .substring: "substring"
        case .containsString: "substring-or-element"
        case .like: "like"
        case .regex: "regex"
        case .integerRange: "integer-range"
        case .stringMembers: "strings(\(stringMembers.count))"
        case .integerMembers: "integers(\(integerMembers.count))"
        case .members: "set(\(memberSet.count))"
        }
    }
}

/// A string constant with its UTF-8 bytes kept (in place when short), compared in place against run-time
/// strings.
package struct StringConstant: Hashable, Sendable {
    /// The string.
    package let value: String
    /// The UTF-8 bytes; equal bytes are equal scalars, which is NSString `isEqual:` equality.
    let utf8: ConstantBytes

    package init(_ value: String) {
        self.value = value
        utf8 = ConstantBytes(value)
    }

    /// The empty string, prepared without copying anything: what a matcher of another kind keeps.
    init() {
        value = ""
        utf8 = ConstantBytes()
    }

    /// The same scalars (NSString `isEqual:` equality: equal bytes, no canonical equivalence).
    package static func == (lhs: StringConstant, rhs: StringConstant) -> Bool {
        lhs.value.hasSameScalars(as: rhs.value)
    }

    package func hash(into hasher: inout Hasher) {
        value.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
