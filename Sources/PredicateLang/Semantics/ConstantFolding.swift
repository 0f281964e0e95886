// ConstantFolding: the compiler's first pass. Replaces pure subtrees whose operands are all constants
// with their value (`2 * 3`, `{1, 2}`, `uppercase('a')`, `1 < 3`), removes neutral AND/OR operands and
// double negations. `now()` and `random()` are never folded. A constant subtree that raises is kept,
// so it still raises at evaluation as NSPredicate does, and gets a warning.

package struct ConstantFolding {
    let limits: Limits
    var diagnostics: [Diagnostic] = []
    private var depth = 0

    init(limits: Limits) { self.limits = limits }

    private var maxDepth: Int { max(64, limits.maxNestingDepth * 2) }

    /// Folds `tree`; returns the simplified tree and any warnings.
    func fold(_ tree: SyntaxTree.Predicate) -> (predicate: SyntaxTree.Predicate, diagnostics: [Diagnostic]) {
        var folder = self
        let predicate = folder.foldPredicate(tree)
        return (predicate, folder.diagnostics)
    }

    // MARK: Predicates

    mutating func foldPredicate(_ predicate: SyntaxTree.Predicate) -> SyntaxTree.Predicate {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxDepth else { return predicate }
        switch predicate {
        case .constant:
            return predicate
        case .comparison where Self.foldsToItself(predicate):
            // Nothing to fold on either side: keep the node rather than rebuild it (the common case).
            return predicate
        case .and(let children, _) where children.allSatisfy(Self.foldsToItself),
            .or(let children, _) where children.allSatisfy(Self.foldsToItself):
            return predicate
        case .comparison(var comparison):
            comparison.lhs = foldExpression(comparison.lhs)
            comparison.rhs = foldExpression(comparison.rhs)
            return foldComparison(comparison)
        case .and(let children, let range):
            return foldConnective(children, range: range, neutral: true)
        case .or(let children, let range):
            return foldConnective(children, range: range, neutral: false)
        case .not(let child, let range):
            switch foldPredicate(child) {
            case .constant(let value, _):
                return .constant(!value, range)
            case .not(let inner, _):
                return inner
            case .comparison(var comparison)
            where comparison.modifier == .direct
                && (comparison.op == .equalTo || comparison.op == .notEqualTo):
                // `!=` is the exact negation of `==` in every case (nil, kinds, options).
                comparison.op = comparison.op == .equalTo ? .notEqualTo : .equalTo
                return .comparison(comparison)
            case let folded:
                return .not(folded, range)
            }
        }
    }

    /// AND (`neutral` true) or OR (`neutral` false): drops neutral constants, stops after an absorbing
    /// one (later operands are never evaluated), and unwraps a single operand.
    private mutating func foldConnective(
        _ children: [SyntaxTree.Predicate], range: SourceRange, neutral: Bool
    ) -> SyntaxTree.Predicate {
        var kept: [SyntaxTree.Predicate] = []
        kept.reserveCapacity(children.count)
        for child in children {
            let folded = foldPredicate(child)
            if case .constant(let value, _) = folded {
                if value == neutral { continue }
                if kept.isEmpty { return .constant(value, range) }
                kept.append(folded)
                break
            }
            // `(a AND b) AND c` is `a AND b AND c`: one chain, one exit.
            switch (folded, neutral) {
            case (.and(let inner, _), true), (.or(let inner, _), false): kept += inner
            default: kept.append(folded)
            }
        }
        switch kept.count {
        case 0: return .constant(neutral, range)
        case 1: return kept[0]
        default: return neutral ? .and(kept, range) : .or(kept, range)
        }
    }

    private mutating func foldComparison(_ comparison: SyntaxTree.Comparison) -> SyntaxTree.Predicate {
        guard comparison.modifier == .direct,
            case .constant(let lhs, _) = comparison.lhs,
            case .constant(let rhs, _) = comparison.rhs
        else { return .comparison(comparison) }
        // An invalid constant pattern is left to the compiler, which reports it at the pattern. Matching a
        // string compiles the pattern, so there it is checked only when the comparison fails (a valid pattern
        // is compiled once, not twice); any other subject is not matched, so its pattern is checked first.
        let matchesText = if case .string = lhs { true } else { false }
        if !matchesText, Self.hasInvalidPattern(comparison.op, rhs, options: comparison.options) {
            return .comparison(comparison)
        }
        do {
            let result = try Value.compare(lhs, comparison.op, rhs, options: comparison.options, limits: limits)
            return .constant(result, comparison.range)
        } catch {
            if !matchesText || !Self.hasInvalidPattern(comparison.op, rhs, options: comparison.options) {
                warn(error, at: comparison.range)
            }
            return .comparison(comparison)
        }
    }

    /// Whether `op` is LIKE or MATCHES and `rhs` a string that is not a valid pattern.
    private static func hasInvalidPattern(
        _ op: SyntaxTree.ComparisonOperator, _ rhs: Value, options: SyntaxTree.ComparisonOptions
    ) -> Bool {
        guard case .string(let pattern) = rhs else { return false }
        switch op {
        case .like: return (try? LikePattern(pattern, options: options)) == nil
        case .matches: return (try? RegexPattern(pattern, options: options)) == nil
        default: return false
        }
    }

    // MARK: Expressions

    /// Folds one expression. Each composite kind has its own function, so the frame that recursion
    /// repeats per nesting level stays small (a debug build keeps every case's temporaries in one frame).
    mutating func foldExpression(_ expression: SyntaxTree.Expression) -> SyntaxTree.Expression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxDepth else { return expression }
        switch expression {
        case .constant, .evaluatedObject, .variable, .anyKey:
            return expression
        case .keyPath where Self.isInert(expression):
            // A key path of SELF or of a variable has nothing to fold.
            return expression
        case .keyPath(let base, let components, let range):
            return foldKeyPath(base, components, range)
        case .function(let selector, let arguments, let range):
            return foldFunction(selector, arguments, range)
        case .customFunction(let receiver, let selector, let arguments, let range):
            return .customFunction(
                receiver: foldExpression(receiver), selector: foldExpression(selector),
                arguments: foldExpressions(arguments), range)
        case .aggregate(let elements, let range):
            return foldAggregate(elements, range)
        case .index(let base, let selector, let range):
            return foldIndex(base, selector, range)
        case .arithmetic(let op, let lhs, let rhs, let range):
            return foldArithmetic(op, lhs, rhs, range)
        case .negate(let operand, let range):
            return foldNegate(operand, range)
        case .setOperation(let op, let lhs, let rhs, let range):
            return foldSetOperation(op, lhs, rhs, range)
        case .subquery(let collection, let variable, let predicate, let range):
            return .subquery(
                collection: foldExpression(collection), variable: variable,
                predicate: foldPredicate(predicate), range)
        case .ternary(let condition, let then, let otherwise, let range):
            return foldTernary(condition, then, otherwise, range)
        case .cast(let value, let type, let range):
            return foldCast(value, type, range)
        case .assignment(let variable, let value, let range):
            return .assignment(variable: variable, value: foldExpression(value), range)
        }
    }

    private mutating func foldExpressions(_ expressions: [SyntaxTree.Expression]) -> [SyntaxTree.Expression] {
        var folded: [SyntaxTree.Expression] = []
        folded.reserveCapacity(expressions.count)
        for expression in expressions { folded.append(foldExpression(expression)) }
        return folded
    }

    private mutating func foldKeyPath(
        _ base: SyntaxTree.Expression?, _ components: [SyntaxTree.KeyPathComponent], _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let foldedBase = base.map { foldExpression($0) }
        let rebuilt = SyntaxTree.Expression.keyPath(base: foldedBase, components: components, range)
        guard case .constant(let value, _)? = foldedBase else { return rebuilt }
        return evaluate(range, fallback: rebuilt) { () throws(EvaluationError) -> Value in
            try value.value(forKeyPath: components.map(\.name))
        }
    }

    private mutating func foldFunction(
        _ selector: String, _ arguments: [SyntaxTree.Expression], _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let folded = foldExpressions(arguments)
        let rebuilt = SyntaxTree.Expression.function(selector: selector, arguments: folded, range)
        guard let function = BuiltinFunction(selector: selector), function.isPure, let values = constantValues(folded)
        else { return rebuilt }
        return evaluate(range, fallback: rebuilt) { () throws(EvaluationError) -> Value in
            try function.apply(values, environment: .live)
        }
    }

    private mutating func foldAggregate(_ elements: [SyntaxTree.Expression], _ range: SourceRange)
        -> SyntaxTree.Expression
    {
        let folded = foldExpressions(elements)
        if let values = constantValues(folded) { return .constant(.array(values), range) }
        return .aggregate(folded, range)
    }

    private mutating func foldArithmetic(
        _ op: ArithmeticOperator, _ lhs: SyntaxTree.Expression, _ rhs: SyntaxTree.Expression, _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let left = foldExpression(lhs)
        let right = foldExpression(rhs)
        let rebuilt = SyntaxTree.Expression.arithmetic(op, left, right, range)
        guard case .constant(let l, _) = left, case .constant(let r, _) = right else { return rebuilt }
        let result = evaluate(range, fallback: rebuilt) { () throws(EvaluationError) -> Value in
            try Value.arithmetic(op, l, r)
        }
        if Value.wrapsAround(op, l, r), case .constant(let wrapped, _) = result {
            diagnostics.append(.warning(.integerOverflowWraps(wrapped.description), at: range))
        }
        return result
    }

    private mutating func foldNegate(_ operand: SyntaxTree.Expression, _ range: SourceRange) -> SyntaxTree.Expression {
        let folded = foldExpression(operand)
        guard case .constant(let value, _) = folded else { return .negate(folded, range) }
        if value == .int(.min) {
            diagnostics.append(.warning(.integerOverflowWraps(Value.int(.min).description), at: range))
        }
        return evaluate(range, fallback: .negate(folded, range)) { () throws(EvaluationError) -> Value in
            try value.negated()
        }
    }

    private mutating func foldSetOperation(
        _ op: SetOperator, _ lhs: SyntaxTree.Expression, _ rhs: SyntaxTree.Expression, _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let left = foldExpression(lhs)
        let right = foldExpression(rhs)
        let rebuilt = SyntaxTree.Expression.setOperation(op, left, right, range)
        guard case .constant(let l, _) = left, case .constant(let r, _) = right else { return rebuilt }
        return evaluate(range, fallback: rebuilt) { () throws(EvaluationError) -> Value in
            try Value.setOperation(op, l, r)
        }
    }

    private mutating func foldTernary(
        _ condition: SyntaxTree.Predicate, _ then: SyntaxTree.Expression, _ otherwise: SyntaxTree.Expression,
        _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let folded = foldPredicate(condition)
        if case .constant(let value, _) = folded { return foldExpression(value ? then : otherwise) }
        return .ternary(condition: folded, then: foldExpression(then), else: foldExpression(otherwise), range)
    }

    private mutating func foldCast(
        _ value: SyntaxTree.Expression, _ type: SyntaxTree.Expression, _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let left = foldExpression(value)
        let right = foldExpression(type)
        let rebuilt = SyntaxTree.Expression.cast(left, type: right, range)
        guard case .constant(let v, _) = left, case .constant(.string(let typeName), _) = right else { return rebuilt }
        return evaluate(range, fallback: rebuilt) { () throws(EvaluationError) -> Value in try v.cast(to: typeName) }
    }

    private mutating func foldIndex(
        _ base: SyntaxTree.Expression, _ selector: SyntaxTree.IndexSelector, _ range: SourceRange
    ) -> SyntaxTree.Expression {
        let foldedBase = foldExpression(base)
        let index: IndexValue?
        let foldedSelector: SyntaxTree.IndexSelector
        switch selector {
        case .expression(let expression):
            let folded = foldExpression(expression)
            foldedSelector = .expression(folded)
            if case .constant(let value, _) = folded { index = .value(value) } else { index = nil }
        case .first:
            foldedSelector = .first
            index = .first
        case .last:
            foldedSelector = .last
            index = .last
        case .size:
            foldedSelector = .size
            index = .size
        }
        let rebuilt = SyntaxTree.Expression.index(foldedBase, foldedSelector, range)
        guard case .constant(let value, _) = foldedBase, let index else { return rebuilt }
        return evaluate(range, fallback: rebuilt) { () throws(EvaluationError) -> Value in
            try value.element(at: index)
        }
    }

    // MARK: Helpers

    /// Whether folding returns `predicate` unchanged without looking further: a comparison of inert
    /// operands that are not both constants.
    private static func foldsToItself(_ predicate: SyntaxTree.Predicate) -> Bool {
        guard case .comparison(let comparison) = predicate, isInert(comparison.lhs), isInert(comparison.rhs) else {
            return false
        }
        if case .constant = comparison.lhs, case .constant = comparison.rhs { return false }
        return true
    }

    /// Whether folding leaves `expression` as it is apart from what its own case does: a leaf, or a key
    /// path of SELF or of a variable.
    private static func isInert(_ expression: SyntaxTree.Expression) -> Bool {
        switch expression {
        case .constant, .evaluatedObject, .variable, .anyKey: true
        case .keyPath(nil, _, _), .keyPath(.evaluatedObject?, _, _), .keyPath(.variable?, _, _): true
        default: false
        }
    }

    private func constantValues(_ expressions: [SyntaxTree.Expression]) -> [Value]? {
        var values: [Value] = []
        values.reserveCapacity(expressions.count)
        for expression in expressions {
            guard case .constant(let value, _) = expression else { return nil }
            values.append(value)
        }
        return values
    }

    /// Runs a constant operation; on failure keeps `fallback` and warns.
    private mutating func evaluate(
        _ range: SourceRange, fallback: SyntaxTree.Expression, _ operation: () throws(EvaluationError) -> Value
    ) -> SyntaxTree.Expression {
        do {
            return .constant(try operation(), range)
        } catch {
            warn(error, at: range)
            return fallback
        }
    }

    private mutating func warn(_ error: EvaluationError, at range: SourceRange) {
        diagnostics.append(.warning(.constantExpressionFails(error.message), at: range))
    }
}

extension BuiltinFunction {
    /// Whether a call with constant arguments always gives the same result (so it can be folded).
    var isPure: Bool {
        switch self {
        case .random, .randomBelow, .now, .distanceToLocation: false
        default: true
        }
    }
}
