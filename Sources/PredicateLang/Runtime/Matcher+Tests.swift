// Matcher tests: one value against a prepared constant, in two tiers. The quick tier answers the value
// kinds its preparation was made for (integers against an integer, strings against a folded needle or a
// member list…) inline, without throwing, allocating or copying the matcher; it answers nil for anything
// else. The thorough tier applies NSPredicate's full rules (Value.compare, which raises where Apple does),
// using the prepared pattern or member set where there is one. In debug builds every quick answer is
// checked against the thorough one.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Matcher {
    /// Whether `value op constant` holds: the quick answer when there is one, else the thorough one.
    /// In debug builds every quick answer is checked against the thorough one.
    static func test(
        _ matcher: UnsafePointer<Matcher>, _ value: borrowing Value, limits: Limits, budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        try withUnsafePointer(to: value) { (value) throws(EvaluationError) -> Bool in
            if case .string(let subject) = value.pointee, Matcher.searchesText(matcher.pointee.kind) {
                try budget.chargeText(subject)
            }
            if let answer = quickTest(matcher, value) {
                assert(
                    Matcher.thoroughAgrees(with: answer) { () throws(EvaluationError) in
                        try matcher.pointee.thoroughTest(value.pointee, limits: limits)
                    },
                    "quick and thorough tiers disagree on \(value.pointee.predicateDescription) \(matcher.pointee.op.rawValue) \(matcher.pointee.constant.predicateDescription)"
                )
                return answer
            }
            return try thoroughTest(matcher, value.pointee, limits: limits, budget: &budget)
        }
    }

    /// ``test(_:_:limits:budget:)`` for an integer computed on the way (a count), which is never text.
    static func test(
        _ matcher: UnsafePointer<Matcher>, integer: Int64, limits: Limits, budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        if let answer = quickTest(matcher, integer: integer) {
            assert(
                Matcher.thoroughAgrees(with: answer) { () throws(EvaluationError) in
                    try matcher.pointee.thoroughTest(.int(integer), limits: limits)
                },
                "quick and thorough tiers disagree on \(integer) \(matcher.pointee.op.rawValue) \(matcher.pointee.constant.predicateDescription)"
            )
            return answer
        }
        return try thoroughTest(matcher, .int(integer), limits: limits, budget: &budget)
    }

    /// Whether the thorough tier gives the quick tier's `answer`, or runs out of steps first: it charges the
    /// constant's text as well as the subject's (the quick tier, comparing prepared bytes, charges only the
    /// subject), so a long non-ASCII constant can exhaust a small budget that the quick answer stays within.
    static func thoroughAgrees(with answer: Bool, _ thorough: () throws(EvaluationError) -> Bool) -> Bool {
        do {
            return try thorough() == answer
        } catch {
            return error.kind == .budgetExceeded
        }
    }

    /// The quick tier: the answer for the value kinds this matcher's ``Kind`` was prepared for, read in
    /// place (nothing is copied, retained or thrown); nil means "ask ``thoroughTest(_:limits:)``".
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, _ value: UnsafePointer<Value>) -> Bool? {
        switch matcher.pointee.kind {
        case .general, .like, .regex, .members:
            return nil
        case .integer:
            if case .int(let integer) = value.pointee {
                return matcher.pointee.op.holds(integer, matcher.pointee.integer)
            }
            if case .double(let double) = value.pointee { return quickTest(matcher, double: double) }
            return nil
        case .integerRange, .integerMembers, .double:
            if case .int(let integer) = value.pointee { return quickTest(matcher, integer: integer) }
            if case .double(let double) = value.pointee { return quickTest(matcher, double: double) }
            return nil
        case .date:
            if case .date(let date) = value.pointee { return quickTest(matcher, date: date) }
            return nil
        case .string:
            guard case .string(let subject) = value.pointee else { return nil }
            return quickEqual(matcher, subject)
        case .substring, .containsString:
            if case .string(let subject) = value.pointee { return quickSubstring(matcher, subject) }
            guard matcher.pointee.kind == .containsString, case .array(let elements) = value.pointee,
                let constant = constantPointer(matcher)
            else { return nil }
            for element in elements {
                if case .string(let candidate) = element, StringConstant.isIdentical(constant, to: candidate) {
                    return true
                }
            }
            return false
        case .stringMembers:
            guard case .string(let subject) = value.pointee else { return nil }
            return quickMember(matcher, subject)
        }
    }

    /// How many matches a counting loop needs before this matcher's answer about the count can no longer
    /// change: a count only grows, so `count op k` is decided once it exceeds every integer the matcher
    /// compares with (`@count > 0` stops at the first match). `Int.max` when the matcher is not an integer
    /// comparison.
    static func countLimit(_ matcher: UnsafePointer<Matcher>) -> Int {
        func beyond(_ constant: Int64) -> Int {
            constant < 0 ? 0 : (constant >= Int64(Int.max) ? Int.max : Int(constant) &+ 1)
        }
        switch matcher.pointee.kind {
        case .integer: return beyond(matcher.pointee.integer)
        case .integerRange: return beyond(matcher.pointee.integerBounds.upper)
        case .integerMembers: return beyond(matcher.pointee.integerMembers.max() ?? -1)
        default: return .max
        }
    }

    /// The quick tier for a nil subject: every comparison with a prepared constant is false except `!=`
    /// (`IN`, `BEGINSWITH`, `LIKE`, ordering… with nil are false, as NSPredicate answers); nil for a
    /// matcher that prepared nothing.
    @_transparent
    static func quickNull(_ matcher: UnsafePointer<Matcher>) -> Bool? {
        matcher.pointee.kind == .general ? nil : matcher.pointee.op == .notEqualTo
    }

    /// The quick tier for a string subject.
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, string subject: String) -> Bool? {
        switch matcher.pointee.kind {
        case .string: return quickEqual(matcher, subject)
        case .substring, .containsString: return quickSubstring(matcher, subject)
        case .stringMembers: return quickMember(matcher, subject)
        default: return nil
        }
    }

    /// ``Kind/string``: exact scalar equality (`==`) or inequality.
    @_transparent
    static func quickEqual(_ matcher: UnsafePointer<Matcher>, _ subject: String) -> Bool {
        guard let constant = constantPointer(matcher) else { return false }
        return StringConstant.isIdentical(constant, to: subject) == (matcher.pointee.op == .equalTo)
    }

    /// The matcher's string constant, in place (the matcher stays where it is while its tests run).
    @_transparent
    static func constantPointer(_ matcher: UnsafePointer<Matcher>) -> UnsafePointer<StringConstant>? {
        matcher.pointer(to: \.string)
    }

    /// ``Kind/substring`` and ``Kind/containsString`` on a string: the folded needle, read in place.
    @_transparent
    static func quickSubstring(_ matcher: UnsafePointer<Matcher>, _ subject: String) -> Bool? {
        guard let needle = matcher.pointer(to: \.needle) else { return nil }
        return SubstringMatcher.matches(needle, subject, matcher.pointee.op)
    }

    /// ``Kind/stringMembers``: a byte comparison with each member.
    @_transparent
    static func quickMember(_ matcher: UnsafePointer<Matcher>, _ subject: String) -> Bool {
        matcher.pointee.stringMembers.withUnsafeBufferPointer { members in
            guard let base = members.baseAddress else { return false }
            for index in members.indices where StringConstant.isIdentical(base + index, to: subject) {
                return true
            }
            return false
        }
    }

    /// The quick tier for a string stored at `subject` (a typed read).
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, string subject: UnsafePointer<String>) -> Bool? {
        quickTest(matcher, string: subject.pointee)
    }

    /// The quick tier for a double subject: against a double, or against integers a double represents
    /// exactly (magnitudes up to 2^53). NaN and zero subjects go to the thorough tier, where
    /// `CFNumberCompare`'s order (NaN placement, `-0.0 < 0`) differs from IEEE comparison.
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, double subject: Double) -> Bool? {
        guard !subject.isNaN, subject != 0 else { return nil }
        switch matcher.pointee.kind {
        case .double:
            return matcher.pointee.op.holds(subject, matcher.pointee.double)
        case .integer:
            guard let constant = Self.exactDouble(matcher.pointee.integer) else { return nil }
            return matcher.pointee.op.holds(subject, constant)
        case .integerRange:
            guard let lower = Self.exactDouble(matcher.pointee.integerBounds.lower),
                let upper = Self.exactDouble(matcher.pointee.integerBounds.upper)
            else { return nil }
            return lower <= subject && subject <= upper
        case .integerMembers:
            guard let integer = Int64(exactly: subject) else { return false }
            return matcher.pointee.integerMembers.contains(integer)
        default:
            return nil
        }
    }

    /// The quick tier for a date subject: ``Kind/date`` compares the seconds since the reference date, as
    /// `-[NSDate compare:]` does; a NaN date goes to the thorough tier.
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, date subject: Date) -> Bool? {
        let seconds = subject.timeIntervalSinceReferenceDate
        guard matcher.pointee.kind == .date, !seconds.isNaN else { return nil }
        return matcher.pointee.op.holds(seconds, matcher.pointee.double)
    }

    /// The quick tier for a boolean subject (the numbers 1 and 0, as NSNumber compares them).
    @_transparent
    static func quickTest(_ matcher: UnsafePointer<Matcher>, boolean subject: Bool) -> Bool? {
        quickTest(matcher, integer: subject ? 1 : 0)
    }

    /// `integer` as a double when the conversion is exact.
    @_transparent
    static func exactDouble(_ integer: Int64) -> Double? {
        integer.magnitude <= 1 << 53 ? Double(integer) : nil
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
        case .general, .double, .date, .string, .substring, .containsString, .like, .regex, .stringMembers, .members:
            return nil
        }
    }

    /// The thorough tier: `value op constant` with NSPredicate's full rules. A compiled pattern runs on a
    /// string subject and a hashed member set answers `IN`; everything else is
    /// ``Value/compare(_:_:_:options:limits:)``.
    func thoroughTest(_ value: Value, limits: Limits) throws(EvaluationError) -> Bool {
        var budget = EvaluationBudget(limits.maxEvaluationSteps)
        return try withUnsafePointer(to: self) { (matcher) throws(EvaluationError) -> Bool in
            try Matcher.thoroughTest(matcher, value, limits: limits, budget: &budget)
        }
    }

    /// The thorough tier on a matcher read in place (the program's side table), charging its work to an
    /// evaluation's budget. Only the fields a test needs are read; the matcher is never copied.
    static func thoroughTest(
        _ matcher: UnsafePointer<Matcher>, _ value: Value, limits: Limits, budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        let kind = matcher.pointee.kind
        if case .string(let subject) = value, kind == .like || kind == .regex || kind == .general {
            switch matcher.pointee.pattern {
            case .like(let pattern)?: return try pattern.matches(subject, budget: &budget, limits: limits)
            case .regex(let pattern)?: return try pattern.matches(subject, budget: &budget, limits: limits)
            case .invalid(let error)?: throw error
            case nil: break
            }
        }
        if kind == .members {
            if case .null = value { return false }
            return matcher.pointee.memberSet.contains(value)
        }
        return try Value.compare(
            value, matcher.pointee.op, matcher.pointee.constant, options: matcher.pointee.options, limits: limits,
            budget: &budget)
    }
}

extension StringConstant {
    /// Whether `other` has exactly the scalars of the constant at `constant` (kept where it is while this
    /// runs): the same representation (two words: a short string's bytes, or a long one's storage and
    /// length), else the same UTF-8 length (O(1)), then the same bytes, read in place.
    @inline(__always)
    static func isIdentical(_ constant: UnsafePointer<StringConstant>, to other: String) -> Bool {
        if constant.pointee.value.isStoredAlike(other) { return true }
        let bytes = other.utf8
        guard bytes.count == constant.pointee.utf8.count, let utf8 = constant.pointer(to: \.utf8) else {
            return false
        }
        let constantBytes = ConstantBytes.bytes(utf8)
        if let equal = bytes.withContiguousStorageIfAvailable({ subject in
            var index = 0
            while index < constantBytes.count {
                if subject[index] != constantBytes[index] { return false }
                index += 1
            }
            return true
        }) {
            return equal
        }
        return bytes.elementsEqual(constantBytes)
    }
}
