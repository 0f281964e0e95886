// Value+SetOperations: `UNION`, `INTERSECT` and `MINUS` (NSSetExpression) on arrays and sets; the
// result is always a set.

extension Value {
    /// `lhs UNION rhs`, `lhs INTERSECT rhs`, `lhs MINUS rhs`, as NSSetExpression evaluates them.
    ///
    /// The left side must be an array or a set; the right side an array, a set, or a dictionary
    /// (whose values are used). The result is a set: a union keeps the left elements first, then
    /// new right elements; an intersection and a difference keep the left side's order. Equality
    /// is `isEqual:` (so `1` and `1.0` are the same element).
    ///
    /// - Throws: `notACollection` when the left side is not an array or set (nil included), or the
    ///   right side is not an array, set or dictionary.
    package static func setOperation(_ op: SetOperator, _ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
        guard let left = lhs.collectionElements else {
            throw EvaluationError(
                .notACollection,
                "Can't evaluate set expression; left subexpression not a set (lhs = \(lhs.shortDescription) rhs = \(rhs.shortDescription))"
            )
        }
        let right: [Value]
        switch rhs {
        case .array(let elements): right = elements
        case .set(let set): right = set.elements
        case .dictionary(let dictionary):
            right = dictionary.keys.sorted { ValueOrdering.compareUTF16($0, $1) < 0 }.compactMap { dictionary[$0] }
        default:
            throw EvaluationError(
                .notACollection,
                "Can't evaluate set expression; right subexpression not a collection (lhs = \(lhs.shortDescription) rhs = \(rhs.shortDescription))"
            )
        }
        switch op {
        case .union:
            return .set(ValueSet(left + right))
        case .intersect:
            let members = Set(right)
            return .set(ValueSet(left.filter { members.contains($0) }))
        case .minus:
            let members = Set(right)
            return .set(ValueSet(left.filter { !members.contains($0) }))
        }
    }
}
