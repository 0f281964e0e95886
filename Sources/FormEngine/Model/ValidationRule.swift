// ValidationRule: one check of a row's value with its message. Rules run when the form validates,
// only on displayed rows with a non-empty value (emptiness is `required`'s business).

/// A rule a row's value must satisfy, with the message reported when it does not.
public struct ValidationRule: Sendable {
    /// How the value is checked.
    public enum Check: Sendable {
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

    /// A rule from a Swift function of the value.
    public static func function(_ message: String, _ body: @escaping @Sendable (Value) -> Bool) -> ValidationRule {
        ValidationRule(.function(body), message: message)
    }
}

extension ValidationRule {
    /// Runs the check with `value` as SELF; `store` is what `$tag` reads in a predicate rule.
    func isSatisfied(by value: Value, store: RowStore) -> Bool {
        switch check {
        case .function(let body):
            return body(value)
        }
    }
}
