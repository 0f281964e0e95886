// Value+Comparison: NSPredicate's comparison semantics between two evaluated operands (the VM applies
// ANY/ALL itself and calls this per element): null rules, equality, ordering, string operators,
// IN/CONTAINS, BETWEEN, LIKE and MATCHES, throwing where Apple raises.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Value {
    /// Evaluates `lhs <op> rhs` with NSPredicate's semantics (no ANY/ALL; the caller applies those).
    ///
    /// - Null: both null → `==`, `<=`, `>=` are true; exactly one null → only `!=` is true; every
    ///   string operator, `LIKE`, `MATCHES`, `IN`, `CONTAINS` and `BETWEEN` is false with a null.
    /// - `==`/`!=`: ``Value`` equality (`isEqual:`), except that two strings with options compare
    ///   folded (Unicode case folding and diacritic removal).
    /// - `<` `<=` `>` `>=`: numbers exactly across int/double/bool, strings as `compare:` orders them
    ///   (their canonical decompositions in UTF-16 code-unit order: `'XYZ' < 'abc'`, `'é' < 'f'`;
    ///   folded first with `[c]`/`[d]`, literal with `[n]`), dates chronologically. Other pairs throw
    ///   `typeMismatch` (Apple's `compare:` raises). Numbers follow `CFNumberCompare`: NaN equals NaN and
    ///   sorts above negative numbers and below the rest; `-0.0` sorts below `0`.
    /// - `BEGINSWITH`/`ENDSWITH`: strings only (else `typeMismatch`); an empty needle never matches.
    /// - `IN` (`lhs` in `rhs`) and `CONTAINS` (`rhs` in `lhs`): substring search in a string container
    ///   (the element must be a string), element equality in arrays and sets and among dictionary
    ///   values (options ignored); any other container throws `notACollection`.
    /// - `BETWEEN`: `rhs` must be a two-element array (else `invalidBetweenBounds`); descending bounds
    ///   are swapped; options are ignored.
    /// - `LIKE`/`MATCHES`: `LIKE` wildcards and ICU regular expressions over the whole string; non-strings throw `typeMismatch`.
    /// - `UTI-CONFORMS-TO`/`UTI-EQUALS` throw `unsupported` (they need Apple's type database).
    ///
    /// ```swift
    /// try Value.compare("Café", .equalTo, "cafe", options: [.caseInsensitive, .diacriticInsensitive]) // true
    /// try Value.compare(5, .between, [10, 1], options: [])                                            // true
    /// ```
    public static func compare(
        _ lhs: Value, _ op: ComparisonOperator, _ rhs: Value, options: ComparisonOptions, limits: Limits = .default
    ) throws(EvaluationError) -> Bool {
        var budget = EvaluationBudget(limits.maxEvaluationSteps)
        return try compare(lhs, op, rhs, options: options, limits: limits, budget: &budget)
    }

    /// ``compare(_:_:_:options:limits:)`` charging its work to an evaluation's budget: text searched or
    /// ordered (one step per 16 bytes), elements scanned, and every step of a LIKE or MATCHES matcher.
    package static func compare(
        _ lhs: Value, _ op: ComparisonOperator, _ rhs: Value, options: ComparisonOptions, limits: Limits,
        budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        switch op {
        case .equalTo:
            try chargeEquality(lhs, rhs, &budget)
            return equals(lhs, rhs, options: options)
        case .notEqualTo:
            try chargeEquality(lhs, rhs, &budget)
            return !equals(lhs, rhs, options: options)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            if lhs.isNull && rhs.isNull { return op == .lessThanOrEqualTo || op == .greaterThanOrEqualTo }
            if lhs.isNull || rhs.isNull { return false }
            if case .string(let left) = lhs, case .string(let right) = rhs {
                try budget.chargeText(left.utf8.count < right.utf8.count ? left : right)
            }
            guard let order = try ordering(lhs, rhs, options: options) else { return false }
            return op.holds(order: order)
        case .beginsWith, .endsWith:
            if lhs.isNull || rhs.isNull { return false }
            guard case .string(let text) = lhs, case .string(let needle) = rhs else {
                throw EvaluationError(
                    .typeMismatch,
                    "Can't do a substring operation with something that isn't a string (lhs = \(lhs.messageDescription) rhs = \(rhs.messageDescription))"
                )
            }
            try budget.chargeText(needle)
            return StringSearch.find(needle, in: text, anchor: op == .beginsWith ? .prefix : .suffix, options: options)
        case .in:
            return try isElement(lhs, of: rhs, options: options, &budget)
        case .contains:
            return try isElement(rhs, of: lhs, options: options, &budget)
        case .between:
            return try isBetween(lhs, rhs)
        case .like, .matches:
            if lhs.isNull || rhs.isNull { return false }
            guard case .string(let pattern) = rhs else {
                throw EvaluationError(
                    .typeMismatch, "Can't create a regex expression from object \(rhs.messageDescription).")
            }
            guard case .string(let subject) = lhs else {
                throw EvaluationError(.typeMismatch, "Can't do regex matching on object \(lhs.messageDescription).")
            }
            // The pattern is compiled here, at each evaluation: charge its text like any text read.
            try budget.charge(1 &+ pattern.utf8.count)
            if op == .like {
                return try LikePattern(pattern, options: options).matches(subject, budget: &budget, limits: limits)
            }
            return try RegexPattern(pattern, options: options).matches(subject, budget: &budget, limits: limits)
        case .utiConformsTo, .utiEquals:
            throw EvaluationError(
                .unsupported, "\(op.rawValue) is not supported: it needs Apple's Uniform Type Identifier database")
        }
    }

    /// Charges what comparing two values for equality reads: the shorter string's text, or the first
    /// collection's elements.
    private static func chargeEquality(_ lhs: Value, _ rhs: Value, _ budget: inout EvaluationBudget)
        throws(EvaluationError)
    {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            try budget.chargeText(left.utf8.count < right.utf8.count ? left : right)
        case (.array(let elements), _), (_, .array(let elements)):
            try budget.charge(elements.count)
        case (.set(let set), _), (_, .set(let set)):
            try budget.charge(set.count)
        case (.dictionary(let dictionary), _), (_, .dictionary(let dictionary)):
            try budget.charge(dictionary.count)
        default:
            break
        }
    }

    /// `==` with NSPredicate's rules: folded comparison for two strings with options, else `isEqual:`.
    static func equals(_ lhs: Value, _ rhs: Value, options: ComparisonOptions) -> Bool {
        if !options.isEmpty, case .string(let left) = lhs, case .string(let right) = rhs {
            return StringSearch.equal(left, right, options: options)
        }
        return lhs == rhs
    }

    /// The order of two non-null values (-1, 0, 1); throws `typeMismatch` for kinds `compare:` cannot
    /// order.
    static func ordering(_ lhs: Value, _ rhs: Value, options: ComparisonOptions) throws(EvaluationError) -> Int? {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return StringSearch.order(left, right, options: options)
        case (.date(let left), .date(let right)):
            return left < right ? -1 : (left == right ? 0 : 1)
        default:
            if lhs.isNumber && rhs.isNumber { return numericOrder(lhs, rhs) }
            throw EvaluationError(
                .typeMismatch,
                "Can't compare \(lhs.kindName) \(lhs.messageDescription) with \(rhs.kindName) \(rhs.messageDescription)"
            )
        }
    }

    /// `element IN container` (`container CONTAINS element`).
    private static func isElement(
        _ element: Value, of container: Value, options: ComparisonOptions, _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        if container.isNull || element.isNull { return false }
        switch container {
        case .string(let text):
            guard case .string(let needle) = element else {
                throw EvaluationError(
                    .typeMismatch,
                    "Can't look for value (\(element.messageDescription)) in string (\(container.messageDescription)); value is not a string "
                )
            }
            try budget.chargeText(text)
            return StringSearch.find(needle, in: text, anchor: .anywhere, options: options)
        case .array(let elements):
            try budget.charge(elements.count)
            return elements.contains(element)
        case .set(let set):
            try budget.charge(1)
            return set.contains(element)
        case .dictionary(let dictionary):
            try budget.charge(dictionary.count)
            return dictionary.values.contains(element)
        default:
            throw EvaluationError(
                .notACollection,
                "Can't use in/contains operator with collection \(container.messageDescription) (not a collection)")
        }
    }

    /// `value BETWEEN {lower, upper}`.
    private static func isBetween(_ value: Value, _ bounds: Value) throws(EvaluationError) -> Bool {
        if value.isNull || bounds.isNull { return false }
        guard case .array(let pair) = bounds else {
            throw EvaluationError(
                .invalidBetweenBounds, "Can't use between operator with rhs \(bounds.messageDescription) (not an array)"
            )
        }
        guard pair.count == 2 else {
            throw EvaluationError(
                .invalidBetweenBounds,
                "Can't use between operator with rhs \(bounds.messageDescription) (wrong number of elements)")
        }
        var lower = pair[0]
        var upper = pair[1]
        if lower.isNull || upper.isNull { return false }
        guard let boundsOrder = try ordering(lower, upper, options: []) else { return false }
        if boundsOrder > 0 { swap(&lower, &upper) }
        guard let fromLower = try ordering(value, lower, options: []), fromLower >= 0 else { return false }
        guard let toUpper = try ordering(value, upper, options: []), toUpper <= 0 else { return false }
        return true
    }
}
