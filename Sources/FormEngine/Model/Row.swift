// Row: the definition of one form row (a tag, an initial value, conditions, validation rules), and
// where an inserted row goes (RowInsertion). Plain values; `Form` turns definitions into live state.

/// The definition of a row: its tag, initial value, conditions and validation rules.
///
/// Modifiers return a changed copy, so definitions read like Eureka's:
/// `Row("email", value: "").hidden("$newsletter == NO").required(true)`.
public struct Row: Sendable {
    /// The tag, unique across the rows and sections of the form; nil for an untagged row (allowed in
    /// multivalued sections and wherever nothing refers to the row).
    public var tag: String?
    /// The initial value (null when absent).
    public var value: Value
    /// When the row is hidden; nil means never.
    public var hidden: Condition?
    /// When the row is disabled; nil means never.
    public var disabled: Condition?
    /// When the row must have a non-empty value; nil means never.
    public var required: Condition?
    /// Rules checked against the row's value when the form validates, in order.
    public var validations: [ValidationRule]

    /// Creates a row definition.
    public init(
        _ tag: String? = nil, value: Value = .null, hidden: Condition? = nil, disabled: Condition? = nil,
        required: Condition? = nil, validations: [ValidationRule] = []
    ) {
        self.tag = tag
        self.value = value
        self.hidden = hidden
        self.disabled = disabled
        self.required = required
        self.validations = validations
    }

    /// A copy with `condition` as the hidden condition.
    public func hidden(_ condition: Condition) -> Row { with { $0.hidden = condition } }
    /// A copy with `condition` as the disabled condition.
    public func disabled(_ condition: Condition) -> Row { with { $0.disabled = condition } }
    /// A copy with `condition` as the required condition.
    public func required(_ condition: Condition) -> Row { with { $0.required = condition } }
    /// A copy with `rule` appended to the validation rules.
    public func validation(_ rule: ValidationRule) -> Row { with { $0.validations.append(rule) } }

    /// The condition for `property`.
    public func condition(_ property: ConditionProperty) -> Condition? {
        switch property {
        case .hidden: hidden
        case .disabled: disabled
        case .required: required
        }
    }

    private func with(_ change: (inout Row) -> Void) -> Row {
        var copy = self
        change(&copy)
        return copy
    }
}

/// Where ``Form/addRow(_:toSection:at:)`` puts a new row.
public enum RowInsertion: Hashable, Sendable {
    /// After the last row.
    case end
    /// At this index among ALL rows of the section, hidden ones included.
    case index(Int)
    /// Right after the row with this tag (hidden or not).
    case after(String)
}
