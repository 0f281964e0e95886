// The schema checker's diagnostics catalogue: keys the schema does not have, comparisons that can never
// succeed, operators on the wrong kind of value, and comparisons whose answer is fixed. Ids never collide
// with the parser's or the compiler's.

extension DiagnosticMessage {
    /// A key the object type does not have.
    public static func unknownKey(_ key: String, in type: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "unknown-key", text: "unknown key '\(key)' in \(type)")
    }

    /// The note under ``unknownKey(_:in:)`` naming the closest key the type has.
    public static func didYouMeanKey(_ key: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "did-you-mean", text: "did you mean '\(key)'?")
    }

    /// A key read from a value that has no keys (`total.x` with `total` a double).
    public static func keyOnScalar(_ key: String, type: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "unknown-key", text: "\(article(type)) has no key '\(key)'")
    }

    /// Two operands of kinds that never compare equal or in order (a date with a string).
    public static func comparisonNeverSucceeds(_ lhs: String, _ rhs: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "type-mismatch", text: "comparing \(article(lhs)) with \(article(rhs)) can never succeed")
    }

    /// An operator applied to a value of a kind it does not take (`BEGINSWITH` on a number).
    public static func operatorNeeds(_ what: String, _ expected: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "operator-type", text: "\(what) needs \(expected), not \(article(found))")
    }

    /// `ANY`, `ALL`, `NONE` or `SUBQUERY` over a value that is not a collection.
    public static func needsCollection(_ what: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "not-a-collection", text: "\(what) needs an array or a set, not \(article(found))")
    }

    /// A comparison whose answer does not depend on the data.
    public static func constantComparison(_ answer: Bool, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "constant-comparison", text: "this comparison is always \(answer): \(reason)")
    }

    /// A kind name with its indefinite article: "an integer", "a string", "an object Customer".
    static func article(_ kind: String) -> String {
        guard let first = kind.first else { return kind }
        return ("aeiou".contains(first) ? "an " : "a ") + kind
    }
}
