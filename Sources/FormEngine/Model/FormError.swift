// FormError and FormCheckProblem: the one error building a form or acting on it throws, and a problem
// found in a definition (by FormChecker, or kept as a warning by a form built with warnings). A failed
// action leaves the form exactly as it was; both say what, where (a JSON-style path such as
// `sections[1].rows[0].hidden`) and, for condition text, the position inside it.

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
        /// An action named a tag that no row or section has, or (with ``FormOptions/ProblemPolicy/error``)
        /// a condition reads one; ``FormError/problems`` lists every such condition.
        case unknownTag
        /// A condition compares an element with a constant of a type it can never match
        /// (`$age == 'eighteen'` when `age` holds a number), with ``FormOptions/ProblemPolicy/error``.
        case typeMismatch
        /// The form definition is not valid JSON or not shaped like a form.
        case json
        /// A JSON object of the definition (or of a protocol action) has a key the reader does not know;
        /// the message names the closest known key.
        case unknownKey
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
    /// 1-based line and column inside the JSON text (for ``Kind/json`` and definitions read from JSON),
    /// or inside ``conditionText`` for a problem in a condition.
    public var location: SourceLocation?
    /// For ``Kind/unknownTag`` and ``Kind/typeMismatch`` from building a form or adding conditions:
    /// every problem found, the first of which the error describes.
    public var problems: [FormCheckProblem] = []

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

    /// The error for condition problems (not empty): it describes the first and lists all.
    static func conditionProblems(_ problems: [FormCheckProblem]) -> FormError {
        let first = problems.first
        var error = FormError(
            first?.id == "type-mismatch" ? .typeMismatch : .unknownTag, first?.message ?? "invalid condition",
            path: first?.path ?? "", conditionText: first?.conditionText, location: first?.location)
        if problems.count > 1 { error.message += " (and \(problems.count - 1) more)" }
        error.problems = problems
        return error
    }
}

/// One problem found in a form definition.
public struct FormCheckProblem: Hashable, Sendable {
    /// Error (the form cannot be built or will not work as written) or warning.
    public var severity: Severity
    /// A stable id: `json`, `invalid-definition`, `unknown-key`, `parse-error`, `unknown-tag`,
    /// `type-mismatch`, `duplicate-tag`, `dependency-cycle`, `never-shown`.
    public var id: String
    /// Lower-case message without a final period.
    public var message: String
    /// Where in the definition, such as `sections[1].rows[0].hidden`.
    public var path: String
    /// The condition text the range indexes, when the problem is inside a condition.
    public var conditionText: String?
    /// The bytes of ``conditionText`` the problem is about.
    public var range: SourceRange?
    /// 1-based line:column inside ``conditionText`` (or inside the JSON text for `json` and
    /// `invalid-definition` problems).
    public var location: SourceLocation?
    /// Further explanations, such as where a duplicated tag was first used.
    public var notes: [String]

    public init(
        _ severity: Severity, id: String, message: String, path: String, conditionText: String? = nil,
        range: SourceRange? = nil, location: SourceLocation? = nil, notes: [String] = []
    ) {
        self.severity = severity
        self.id = id
        self.message = message
        self.path = path
        self.conditionText = conditionText
        self.range = range
        self.location = location
        self.notes = notes
    }
}
