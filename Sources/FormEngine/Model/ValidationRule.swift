// ValidationRule: one check of a row's value with its message. Rules run when the form validates,
// only on displayed rows with a non-empty value (emptiness is `required`'s business).

/// A rule a row's value must satisfy, with the message reported when it does not.
public struct ValidationRule: Sendable {
    /// How the value is checked.
    public enum Check: Sendable {
        /// A predicate evaluated with the value as SELF (`SELF MATCHES '[0-9]+'`, `SELF.@count >= 2`);
        /// `$tag` reads other rows as in conditions. An evaluation error fails the rule.
        case predicate(String)
        /// A Swift function of the value.
        case function(@Sendable (Value) -> Bool)
    }

    /// The check.
    public var check: Check
    /// The message reported when the check fails.
    public var message: String

    /// Creates a rule from a check and a message.
    public init(_ check: Check, message: String) {
        self.check = check
        self.message = message
    }

    /// A rule from a predicate with the value as SELF.
    public static func predicate(_ text: String, message: String) -> ValidationRule {
        ValidationRule(.predicate(text), message: message)
    }

    /// A rule from a Swift function of the value.
    public static func function(_ message: String, _ body: @escaping @Sendable (Value) -> Bool) -> ValidationRule {
        ValidationRule(.function(body), message: message)
    }
}
