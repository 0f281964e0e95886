// Value+Required: what counts as empty for a `required` row. Whether setting a value is a change is
// decided by PredicateLang's strict `Value.isIdentical(to:)` (same kind and same contents).

extension Value {
    /// Empty for `required`: null, the empty string, an empty array, set or dictionary.
    var isEmptyForRequired: Bool {
        switch self {
        case .null: true
        case .string(let string): string.isEmpty
        case .array(let elements): elements.isEmpty
        case .set(let set): set.isEmpty
        case .dictionary(let dictionary): dictionary.isEmpty
        default: false
        }
    }
}
