// FormError: the one error building a form or acting on it throws. A failed action leaves the form
// exactly as it was; the error says what, where (a JSON-style path such as `sections[1].rows[0].hidden`)
// and, for condition text, the diagnostics with their positions.

/// A failure to build a form or to perform an action on it.
public struct FormError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable identifier (also the `kind` of `predc form run` error lines).
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// The conditions depend on each other in a cycle; ``FormError/cycle`` names them.
        case cycle
        /// A condition's text is not a valid predicate; see ``FormError/diagnostics``.
        case parse
        /// Two elements share a tag.
        case duplicateTag
        /// An action named a tag that no row or section has.
        case unknownTag
        /// The form definition is not valid JSON or not shaped like a form.
        case json
        /// The definition is well formed JSON but not a valid form (a `required` on a section, a
        /// non-boolean condition, an insertion index out of range, ...).
        case invalidDefinition
        /// An action that does not apply (setting a section's value, a `required` condition on a
        /// section, an insertion index out of range).
        case invalidAction
        /// The form exceeds ``FormLimits``.
        case formTooLarge
        /// The operation is not supported (for example encoding a Swift function condition).
        case unsupported
    }

    /// The stable kind.
    public var kind: Kind
    /// A human-readable, lower-case message.
    public var message: String
    /// Where in the definition: `sections[1].rows[0].hidden`; empty when not about one place.
    public var path: String
    /// For ``Kind/cycle``: the conditions on the cycle, first repeated at the end
    /// (`["a.hidden", "b.hidden", "a.hidden"]`).
    public var cycle: [String]
    /// For ``Kind/parse``: the diagnostics of the condition text (ranges index that text).
    public var diagnostics: [Diagnostic]
    /// The condition text the diagnostics refer to, if any.
    public var conditionText: String?
    /// 1-based line and column inside the JSON text (for ``Kind/json`` and definitions read from JSON).
    public var location: SourceLocation?

    public init(
        _ kind: Kind, _ message: String, path: String = "", cycle: [String] = [], diagnostics: [Diagnostic] = [],
        conditionText: String? = nil, location: SourceLocation? = nil
    ) {
        self.kind = kind
        self.message = message
        self.path = path
        self.cycle = cycle
        self.diagnostics = diagnostics
        self.conditionText = conditionText
        self.location = location
    }

    public var description: String {
        let place = path.isEmpty ? "" : "\(path): "
        return "\(place)\(kind.rawValue): \(message)"
    }

    static func unknownTag(_ tag: String) -> FormError {
        FormError(.unknownTag, "unknown tag '\(tag)'")
    }
}
