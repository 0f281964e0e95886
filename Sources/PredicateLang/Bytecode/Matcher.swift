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
    public var op: ComparisonOperator
    /// The comparison options.
    public var options: ComparisonOptions
    /// The constant right-hand side, as written.
    public var constant: Value
    /// The prepared form of `constant`.
    public var preparation: Preparation
    /// `constant` as a ``StringConstant`` when it is a string (for exact element equality).
    let stringConstant: StringConstant?
    /// Whether this is `CONTAINS 'string'` (``Preparation/substringOrElement(_:)``): the VM answers it
    /// inline for an array subject, without calling into the matcher.
    let isElementContains: Bool
    /// The needle of an element `CONTAINS` (empty otherwise), stored unwrapped so the VM reads it in place.
    let elementNeedle: StringConstant
    /// Whether this is a string test with a folded needle (``Preparation/substring(_:)``), which the VM
    /// also answers inline for a string subject.
    let isSubstring: Bool
    /// The needle of ``Preparation/substring(_:)`` (an empty needle otherwise), stored unwrapped.
    let substringNeedle: SubstringMatcher

    public init(op: ComparisonOperator, options: ComparisonOptions, constant: Value, preparation: Preparation) {
        self.op = op
        self.options = options
        self.constant = constant
        self.preparation = preparation
        if case .string(let string) = constant { stringConstant = StringConstant(string) } else { stringConstant = nil }
        if case .substringOrElement = preparation { isElementContains = stringConstant != nil } else { isElementContains = false }
        elementNeedle = stringConstant ?? StringConstant("")
        if case .substring(let needle) = preparation {
            isSubstring = true
            substringNeedle = needle
        } else {
            isSubstring = false
            substringNeedle = SubstringMatcher(needle: "", options: [])
        }
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
