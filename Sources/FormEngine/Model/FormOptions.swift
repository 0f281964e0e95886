// FormOptions: the per-form policies where the anchor engines disagree (what hidden values read as,
// clearing on hide, inherited hidden flags), and whether condition problems fail the build; FormLimits:
// bounds on a form's size. Defaults follow XLForm and Eureka.

/// Per-form semantics choices.
public struct FormOptions: Hashable, Sendable, Codable {
    /// What other conditions read as the value of a hidden row.
    public enum HiddenValuePolicy: String, Hashable, Sendable, Codable {
        /// The stored value (XLForm, Eureka, SurveyJS). The default.
        case keep
        /// Null while the row or its section is hidden (ODK JavaRosa); the stored value is kept and
        /// reappears when the row is shown again.
        case null
    }

    /// What happens to a row's value when it becomes hidden.
    public enum ClearValuePolicy: String, Hashable, Sendable, Codable {
        /// Nothing. The default.
        case none
        /// When the row's own hidden flag flips to true, its value is set to null (SurveyJS
        /// `clearInvisibleValues: "onHidden"`); that is a value change and propagates. The flip is
        /// net over the action or batch: a row hidden and shown again within one batch keeps its
        /// value. Rows hidden when the form is built keep their initial values.
        case onHidden
    }

    /// What building a form (or an action that adds conditions) does about a condition that reads a tag
    /// no row or section has, or compares an element with a constant of a type it can never match.
    public enum ProblemPolicy: String, Hashable, Sendable, Codable {
        /// The build or the action fails with a ``FormError`` (kind ``FormError/Kind/unknownTag`` or
        /// ``FormError/Kind/typeMismatch``) that lists every problem. The default.
        case error
        /// The form is built and the action applied; the problems are reported by ``Form/warnings``.
        /// An unknown tag reads as null until a row with that tag is added.
        case warning
    }

    /// What conditions read for a hidden row's value. Default ``HiddenValuePolicy/keep``.
    public var hiddenValueInConditions: HiddenValuePolicy
    /// Whether hiding clears values. Default ``ClearValuePolicy/none``.
    public var clearValueOnHide: ClearValuePolicy
    /// Whether a row's hidden flag (as reported and as read by `$tag.isHidden`) includes its section's
    /// (JavaRosa's inherited relevance). Default false: the flag is the row's own condition.
    public var hiddenIncludesSection: Bool
    /// Whether unknown tags and type mismatches in conditions fail the build (and the actions that add
    /// such conditions) or are warnings. Default ``ProblemPolicy/error``.
    public var conditionProblems: ProblemPolicy

    public init(
        hiddenValueInConditions: HiddenValuePolicy = .keep, clearValueOnHide: ClearValuePolicy = .none,
        hiddenIncludesSection: Bool = false, conditionProblems: ProblemPolicy = .error
    ) {
        self.hiddenValueInConditions = hiddenValueInConditions
        self.clearValueOnHide = clearValueOnHide
        self.hiddenIncludesSection = hiddenIncludesSection
        self.conditionProblems = conditionProblems
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case hiddenValueInConditions, clearValueOnHide, hiddenIncludesSection, conditionProblems
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hiddenValueInConditions =
            try container.decodeIfPresent(HiddenValuePolicy.self, forKey: .hiddenValueInConditions) ?? .keep
        clearValueOnHide = try container.decodeIfPresent(ClearValuePolicy.self, forKey: .clearValueOnHide) ?? .none
        hiddenIncludesSection = try container.decodeIfPresent(Bool.self, forKey: .hiddenIncludesSection) ?? false
        conditionProblems = try container.decodeIfPresent(ProblemPolicy.self, forKey: .conditionProblems) ?? .error
    }
}

/// Bounds on the size of a form's dependency graph, so a hostile definition cannot make building or
/// notifying unbounded.
public struct FormLimits: Hashable, Sendable, Codable {
    /// Most conditions written in the form (hidden, disabled and required over all elements; absent
    /// ones do not count). Default 10,000.
    public var maxConditions: Int
    /// Most dependency edges (condition reads). Default 100,000.
    public var maxDependencyEdges: Int
    /// Most actions a listener may queue while being notified, per outermost action. Default 10,000.
    public var maxQueuedActions: Int

    public init(maxConditions: Int = 10_000, maxDependencyEdges: Int = 100_000, maxQueuedActions: Int = 10_000) {
        self.maxConditions = maxConditions
        self.maxDependencyEdges = maxDependencyEdges
        self.maxQueuedActions = maxQueuedActions
    }

    /// The documented defaults.
    public static let `default` = FormLimits()
}
