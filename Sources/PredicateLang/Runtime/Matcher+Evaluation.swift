// Matcher evaluation: tests one value against a prepared constant. Each preparation has a fast path
// for the value kind it was prepared for (strings for substring needles and patterns, hashed lookup
// for IN sets, integers and plain string equality inline); anything else goes to Value.compare, which
// applies the full NSPredicate rules (nil, kinds, options) and raises where Apple does.

extension Matcher {
    /// Whether `value op constant` holds.
    @inline(__always)
    func test(_ value: Value, limits: Limits) throws(EvaluationError) -> Bool {
        switch preparation {
        case .general:
            if let answer = quickCompare(value) { return answer }
        case .substring(let matcher):
            if case .string(let subject) = value { return matcher.matches(subject, op) }
        case .substringOrElement(let matcher):
            switch value {
            case .string(let subject):
                return matcher.matches(subject, .contains)
            case .array(let elements):
                if case .string(let needle) = constant { return containsString(elements, needle) }
            default:
                break
            }
        case .like(let pattern):
            if case .string(let subject) = value { return try pattern.matches(subject, limits: limits) }
        case .regex(let pattern):
            if case .string(let subject) = value { return try pattern.matches(subject, limits: limits) }
        case .members(let members):
            if case .null = value { return false }
            return members.contains(value)
        }
        return try Value.compare(value, op, constant, options: options, limits: limits)
    }

    /// Integer, double and option-free string equality answered inline; nil means "ask Value.compare".
    @inline(__always)
    private func quickCompare(_ value: Value) -> Bool? {
        switch (value, constant) {
        case (.int(let lhs), .int(let rhs)):
            return order(lhs, rhs)
        case (.double(let lhs), .double(let rhs)) where !lhs.isNaN && !rhs.isNaN:
            return order(lhs, rhs)
        case (.string(let lhs), .string(let rhs)) where options.isEmpty:
            switch op {
            case .equalTo: return sameScalars(lhs, rhs)
            case .notEqualTo: return !sameScalars(lhs, rhs)
            default: return nil
            }
        default:
            return nil
        }
    }

    @inline(__always)
    private func order<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool? {
        switch op {
        case .equalTo: lhs == rhs
        case .notEqualTo: lhs != rhs
        case .lessThan: lhs < rhs
        case .lessThanOrEqualTo: lhs <= rhs
        case .greaterThan: lhs > rhs
        case .greaterThanOrEqualTo: lhs >= rhs
        default: nil
        }
    }
}

/// Whether an array holds a string equal (`isEqual:`) to `needle`; other kinds never equal a string.
@inline(__always)
func containsString(_ elements: [Value], _ needle: String) -> Bool {
    for element in elements {
        if case .string(let candidate) = element, sameScalars(candidate, needle) { return true }
    }
    return false
}

/// NSString `isEqual:` as Value defines it: the same Unicode scalars, which is the same UTF-8 bytes.
@inline(__always)
func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.utf8
    let right = rhs.utf8
    guard left.count == right.count else { return false }
    if let answer = left.withContiguousStorageIfAvailable({ leftBytes in
        right.withContiguousStorageIfAvailable { rightBytes in leftBytes.elementsEqual(rightBytes) }
    }), let equal = answer {
        return equal
    }
    return left.elementsEqual(right)
}
