// ValueKind: the kind of value an element holds, as far as a check can tell — from the element's current
// value, or boolean for the `isHidden` / `isDisabled` flags — and which comparisons with a constant of
// another kind can never hold. The condition checks (FormState+Checks) report those as type mismatches.

/// The kind of a value, for type checks of conditions.
enum ValueKind: String, Hashable, Sendable {
    case string, number, boolean, date, collection, dictionary

    /// The kind of `value`, or nil for null (which says nothing about what the element holds).
    init?(of value: Value) {
        switch value {
        case .null: return nil
        case .string: self = .string
        case .int, .double: self = .number
        case .bool: self = .boolean
        case .date: self = .date
        case .array, .set: self = .collection
        case .dictionary: self = .dictionary
        }
    }

    /// Whether values of the two kinds can ever be equal (booleans are the numbers 0 and 1, as
    /// NSNumbers are).
    func isComparable(with other: ValueKind?) -> Bool {
        guard let other else { return true }
        if self == other { return true }
        return isNumeric && other.isNumeric
    }

    private var isNumeric: Bool { self == .number || self == .boolean }

    /// The result `element op constant` always has when the element holds values of this kind, or nil
    /// when it can vary. `constant` is not null.
    func constantOutcome(_ op: ComparisonOperator, _ constant: Value) -> Bool? {
        let other = ValueKind(of: constant)
        switch op {
        case .equalTo:
            return isComparable(with: other) ? nil : false
        case .notEqualTo:
            return isComparable(with: other) ? nil : true
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return isComparable(with: other) && self != .collection && self != .dictionary ? nil : false
        case .beginsWith, .endsWith, .like, .matches:
            return self == .string && other == .string ? nil : false
        case .contains:
            return self == .number || self == .boolean || self == .date ? false : nil
        case .in:
            guard let elements = constant.collectionElements else {
                return other == .string && self != .string ? false : nil
            }
            return elements.contains { isComparable(with: ValueKind(of: $0)) } ? nil : false
        case .between:
            guard let bounds = constant.collectionElements, bounds.count == 2 else { return nil }
            return bounds.allSatisfy { isComparable(with: ValueKind(of: $0)) } ? nil : false
        case .utiConformsTo, .utiEquals:
            return nil
        }
    }

    /// The outcome of `constant op element` (the element on the right): only the comparisons that
    /// read the same both ways round are judged.
    func mirroredOutcome(_ op: ComparisonOperator, _ constant: Value) -> Bool? {
        switch op {
        case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return constantOutcome(op, constant)
        default:
            return nil
        }
    }

    /// "a number", "an array", ... for messages.
    var phrase: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .collection: "a collection"
        case .dictionary: "a dictionary"
        }
    }
}
