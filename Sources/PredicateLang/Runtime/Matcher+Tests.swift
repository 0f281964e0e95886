// Matcher tests: one value against a prepared constant, in two tiers. The quick tier answers the value
// kinds its preparation was made for (integers against an integer, strings against a folded needle or a
// member list…) inline, without throwing, allocating or copying the matcher; it answers nil for anything
// else. The thorough tier applies NSPredicate's full rules (Value.compare, which raises where Apple does),
// using the prepared pattern or member set where there is one. In debug builds every quick answer is
// checked against the thorough one.

extension Matcher {
    /// Whether `value op constant` holds: the quick answer when there is one, else the thorough one.
    /// In debug builds every quick answer is checked against the thorough one.
    static func test(_ matcher: UnsafePointer<Matcher>, _ value: borrowing Value, limits: Limits)
        throws(EvaluationError) -> Bool
    {
        try withUnsafePointer(to: value) { (value) throws(EvaluationError) -> Bool in
            if let answer = quickTest(matcher, value) {
                assert(
                    (try? matcher.pointee.thoroughTest(value.pointee, limits: limits)) == answer,
                    "quick and thorough tiers disagree on \(value.pointee.predicateDescription) \(matcher.pointee.op.rawValue) \(matcher.pointee.constant.predicateDescription)"
                )
                return answer
            }
            return try matcher.pointee.thoroughTest(value.pointee, limits: limits)
        }
    }

    /// The quick tier: the answer for the value kinds this matcher's ``Kind`` was prepared for, read in
    /// place (nothing is copied, retained or thrown); nil means "ask ``thoroughTest(_:limits:)``".
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, _ value: UnsafePointer<Value>) -> Bool? {
        switch matcher.pointee.kind {
        case .general, .like, .regex, .members:
            return nil
        case .integer, .integerRange, .integerMembers:
            guard case .int(let integer) = value.pointee else { return nil }
            return quickTest(matcher, integer: integer)
        case .double:
            guard case .double(let double) = value.pointee, !double.isNaN else { return nil }
            return matcher.pointee.op.holds(double, matcher.pointee.double)
        case .string:
            guard case .string(let subject) = value.pointee else { return nil }
            return matcher.pointee.string.isIdentical(to: subject) == (matcher.pointee.op == .equalTo)
        case .substring, .containsString:
            if case .string(let subject) = value.pointee, let offset = MemoryLayout<Matcher>.offset(of: \Matcher.needle)
            {
                let needle = (UnsafeRawPointer(matcher) + offset).assumingMemoryBound(to: SubstringMatcher.self)
                return SubstringMatcher.matches(needle, subject, matcher.pointee.op)
            }
            guard matcher.pointee.kind == .containsString, case .array(let elements) = value.pointee else { return nil }
            for element in elements {
                if case .string(let candidate) = element, matcher.pointee.string.isIdentical(to: candidate) {
                    return true
                }
            }
            return false
        case .stringMembers:
            guard case .string(let subject) = value.pointee else { return nil }
            for index in matcher.pointee.stringMembers.indices
            where matcher.pointee.stringMembers[index].isIdentical(to: subject) {
                return true
            }
            return false
        }
    }

    /// The quick tier for an integer subject (a value, or a collection's `@count`).
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, integer: Int64) -> Bool? {
        switch matcher.pointee.kind {
        case .integer:
            return matcher.pointee.op.holds(integer, matcher.pointee.integer)
        case .integerRange:
            return matcher.pointee.integerBounds.lower <= integer && integer <= matcher.pointee.integerBounds.upper
        case .integerMembers:
            return matcher.pointee.integerMembers.contains(integer)
        case .general, .double, .string, .substring, .containsString, .like, .regex, .stringMembers, .members:
            return nil
        }
    }

    /// The thorough tier: `value op constant` with NSPredicate's full rules. A compiled pattern runs on a
    /// string subject and a hashed member set answers `IN`; everything else is
    /// ``Value/compare(_:_:_:options:limits:)``.
    func thoroughTest(_ value: Value, limits: Limits) throws(EvaluationError) -> Bool {
        switch (pattern, value) {
        case (.like(let pattern)?, .string(let subject)):
            return try pattern.matches(subject, limits: limits)
        case (.regex(let pattern)?, .string(let subject)):
            return try pattern.matches(subject, limits: limits)
        default:
            break
        }
        if kind == .members {
            if case .null = value { return false }
            return memberSet.contains(value)
        }
        return try Value.compare(value, op, constant, options: options, limits: limits)
    }
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
