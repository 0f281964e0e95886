// Matcher evaluation: tests one value against a prepared constant. Each preparation has a fast path
// for the value kind it was prepared for (strings for substring needles and patterns, hashed lookup
// for IN sets, integers and plain string equality inline); anything else goes to Value.compare, which
// applies the full NSPredicate rules (nil, kinds, options) and raises where Apple does.

extension Matcher {
    /// Whether `value op constant` holds for the matcher at `matcher` (read in place, not copied).
    @inline(__always)
    static func test(_ matcher: UnsafePointer<Matcher>, _ value: borrowing Value, limits: Limits) throws(EvaluationError) -> Bool {
        try matcher.pointee.test(value, limits: limits)
    }

    /// The answers the dispatch loop gives inline, reading the matcher and the value in place (so nothing
    /// is copied or retained): see ``QuickKind``. Nil means "call ``test(_:limits:)``", which applies the
    /// full rules; every quick answer is the one that call would give.
    @inline(__always)
    static func quickTest(_ matcher: UnsafePointer<Matcher>, _ entry: UnsafePointer<RowStore.Entry>) -> Bool? {
        switch matcher.pointee.quickKind {
        case .none:
            return nil
        case .substring, .elementContains:
            if case .string(let subject) = entry.pointee.value,
                let offset = MemoryLayout<Matcher>.offset(of: \Matcher.substringNeedle)
            {
                let needle = (UnsafeRawPointer(matcher) + offset).assumingMemoryBound(to: SubstringMatcher.self)
                let op = matcher.pointee.quickKind == .substring ? matcher.pointee.op : .contains
                return SubstringMatcher.matches(needle, subject, op)
            }
            guard matcher.pointee.quickKind == .elementContains, case .array(let elements) = entry.pointee.value else {
                return nil
            }
            for element in elements {
                if case .string(let candidate) = element, matcher.pointee.elementNeedle.isIdentical(to: candidate) { return true }
            }
            return false
        case .integerRange:
            guard case .int(let integer) = entry.pointee.value else { return nil }
            return matcher.pointee.integerBounds.lower <= integer && integer <= matcher.pointee.integerBounds.upper
        case .stringMembers:
            guard case .string(let subject) = entry.pointee.value else { return nil }
            for index in matcher.pointee.stringMembers.indices where matcher.pointee.stringMembers[index].isIdentical(to: subject) {
                return true
            }
            return false
        case .integerMembers:
            guard case .int(let integer) = entry.pointee.value else { return nil }
            return matcher.pointee.integerMembers.contains(integer)
        }
    }

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
                if let needle = stringConstant { return containsString(elements, needle) }
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
        case (.string(let lhs), .string):
            guard options.isEmpty, let rhs = stringConstant else { return nil }
            switch op {
            case .equalTo: return rhs.isIdentical(to: lhs)
            case .notEqualTo: return !rhs.isIdentical(to: lhs)
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
func containsString(_ elements: [Value], _ needle: StringConstant) -> Bool {
    for element in elements {
        if case .string(let candidate) = element, needle.isIdentical(to: candidate) { return true }
    }
    return false
}

/// NSString `isEqual:` as Value defines it: the same Unicode scalars (the same UTF-8 bytes).
///
/// Swift's `==` (canonical equivalence, with a fast path for ASCII and small strings) rules out most
/// unequal pairs; canonically equal strings are then compared byte for byte.
@inline(__always)
func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs == rhs else { return false }
    return lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
}

extension StringConstant {
    /// Whether `other` has exactly this constant's scalars: the same UTF-8 length (O(1)), then the same
    /// bytes, read in place.
    @inline(__always)
    func isIdentical(to other: String) -> Bool {
        let bytes = other.utf8
        guard bytes.count == utf8.count else { return false }
        if let equal = bytes.withContiguousStorageIfAvailable({ subject in
            utf8.withUnsafeBufferPointer { constant in
                var index = 0
                while index < constant.count {
                    if subject[index] != constant[index] { return false }
                    index += 1
                }
                return true
            }
        }) {
            return equal
        }
        return bytes.elementsEqual(utf8)
    }
}

extension VirtualMachine {
    /// Whether `lhs op rhs` holds for an ordering or equality operator.
    @inline(__always)
    static func holds<T: Comparable>(_ op: ComparisonOperator, _ lhs: T, _ rhs: T) -> Bool {
        switch op {
        case .equalTo: lhs == rhs
        case .notEqualTo: lhs != rhs
        case .lessThan: lhs < rhs
        case .lessThanOrEqualTo: lhs <= rhs
        case .greaterThan: lhs > rhs
        case .greaterThanOrEqualTo: lhs >= rhs
        default: false
        }
    }
}
