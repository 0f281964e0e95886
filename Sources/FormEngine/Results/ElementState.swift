// ElementState and ValidationError: what a live Form reports about one row or section — a read-only
// snapshot of its value and flags, as `form["tag"]` returns it, and a validation failure.

/// The current state of one row or section.
public struct ElementState: Hashable, Sendable {
    /// The tag.
    public var tag: String?
    /// Whether it is a row (false: a section).
    public var isRow: Bool
    /// A row's stored value (null for sections; see ``Form/values()`` for multivalued sections).
    public var value: Value
    /// The hidden flag: the element's own condition result (for a row with `hiddenIncludesSection`,
    /// OR its section's).
    public var isHidden: Bool
    /// Whether it is displayed: not hidden, and for a row its section not hidden either.
    public var isDisplayed: Bool
    /// The own disabled flag.
    public var isDisabled: Bool
    /// A row's own disabled flag OR its section's.
    public var isEffectivelyDisabled: Bool
    /// Whether a row is currently required.
    public var isRequired: Bool
    /// The path in the form: `sections[i]` or `sections[i].rows[j]`.
    public var path: String
}

/// One validation failure.
public struct ValidationError: Hashable, Sendable, CustomStringConvertible {
    /// Why the row is invalid.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The row is required and its value is empty (null, "" or an empty collection).
        case required
        /// A validation rule failed.
        case rule
    }

    /// The row's tag, if it has one.
    public var tag: String?
    /// The row's path (`sections[i].rows[j]`).
    public var path: String
    /// Required or a rule.
    public var kind: Kind
    /// The message: "value required" or the rule's message.
    public var message: String

    public init(tag: String?, path: String, kind: Kind, message: String) {
        self.tag = tag
        self.path = path
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(tag ?? path): \(message)" }
}
