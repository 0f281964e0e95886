// Section: the definition of one form section (a tag, hidden/disabled conditions, rows, and whether
// it is a multivalued list of values).

/// The definition of a section: an ordered list of rows with optional `hidden` and `disabled`
/// conditions.
///
/// ```swift
/// Section("contact", hidden: "$wantsContact == NO") {
///     Row("email")
///     Row("phone")
/// }
/// ```
public struct Section: Sendable {
    /// The tag, unique across the rows and sections of the form (one namespace, as in Eureka).
    public var tag: String?
    /// When the whole section is hidden; nil means never. Its rows keep their own flags.
    public var hidden: Condition?
    /// When the whole section is disabled; a row's effective disabled flag is its own OR this.
    public var disabled: Condition?
    /// A multivalued section lists values: its rows may be untagged, and the section's tag maps to the
    /// array of its rows' non-null values (in ``Form/values()`` and as `$tag` in conditions).
    public var isMultivalued: Bool
    /// The rows, in display order.
    public var rows: [Row]

    /// Creates a section from an array of rows.
    public init(
        _ tag: String? = nil, hidden: Condition? = nil, disabled: Condition? = nil, multivalued: Bool = false,
        rows: [Row]
    ) {
        self.tag = tag
        self.hidden = hidden
        self.disabled = disabled
        self.isMultivalued = multivalued
        self.rows = rows
    }

    /// Creates a section whose rows come from a result builder.
    public init(
        _ tag: String? = nil, hidden: Condition? = nil, disabled: Condition? = nil, multivalued: Bool = false,
        @RowBuilder _ rows: () -> [Row] = { [] }
    ) {
        self.init(tag, hidden: hidden, disabled: disabled, multivalued: multivalued, rows: rows())
    }

    /// A copy with `condition` as the hidden condition.
    public func hidden(_ condition: Condition) -> Section {
        var copy = self
        copy.hidden = condition
        return copy
    }

    /// A copy with `condition` as the disabled condition.
    public func disabled(_ condition: Condition) -> Section {
        var copy = self
        copy.disabled = condition
        return copy
    }

    /// The condition for `property` (`required` is never set on a section).
    public func condition(_ property: ConditionProperty) -> Condition? {
        switch property {
        case .hidden: hidden
        case .disabled: disabled
        case .required: nil
        }
    }
}
