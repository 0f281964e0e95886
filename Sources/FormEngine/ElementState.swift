// ElementState: a read-only snapshot of one row or section of a live Form — value and flags — as
// `form["tag"]` returns it.

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

    init(state: FormState, element: ElementID) {
        let record = state.elements[element.raw]
        tag = record.tag
        isRow = record.isRow
        value = record.value
        isHidden = state.reportedHidden(element)
        isDisplayed = state.isDisplayed(element)
        isDisabled = state.result(element, .disabled)
        isEffectivelyDisabled = state.effectiveDisabled(element)
        isRequired = record.isRow && state.result(element, .required)
        path = state.path(of: element)
    }
}
