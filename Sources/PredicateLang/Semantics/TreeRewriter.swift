// TreeRewriter: rebuilds a tree with some expressions replaced, tracking which $variables are bound
// by an enclosing SUBQUERY. Substitution and the XLForm value rule are both one rewrite callback.
// AND/OR operands are rewritten in a loop; recursion follows nesting only, which the parser bounds.

/// Rewrites expressions top-down. The callback sees each expression before its children; a non-nil
/// result replaces the expression (and its children are not visited).
struct TreeRewriter {
    /// `(expression, names bound by enclosing SUBQUERYs) -> replacement or nil`.
    let rewrite: (SyntaxTree.Expression, Set<String>) -> SyntaxTree.Expression?

    func predicate(_ predicate: SyntaxTree.Predicate, bound: Set<String> = []) -> SyntaxTree.Predicate {
        switch predicate {
        case .constant:
            return predicate
        case .comparison(var comparison):
            comparison.lhs = expression(comparison.lhs, bound: bound)
            comparison.rhs = expression(comparison.rhs, bound: bound)
            return .comparison(comparison)
        case .and(let operands, let range):
            return .and(operands.map { self.predicate($0, bound: bound) }, range)
        case .or(let operands, let range):
            return .or(operands.map { self.predicate($0, bound: bound) }, range)
        case .not(let operand, let range):
            return .not(self.predicate(operand, bound: bound), range)
        }
    }

    func expression(_ expression: SyntaxTree.Expression, bound: Set<String>) -> SyntaxTree.Expression {
        if let replacement = rewrite(expression, bound) { return replacement }
        let children = { (list: [SyntaxTree.Expression]) in list.map { self.expression($0, bound: bound) } }
        switch expression {
        case .constant, .evaluatedObject, .variable, .anyKey:
            return expression
        case .keyPath(let base, let components, let range):
            return .keyPath(base: base.map { self.expression($0, bound: bound) }, components: components, range)
        case .function(let selector, let arguments, let range):
            return .function(selector: selector, arguments: children(arguments), range)
        case .customFunction(let receiver, let selector, let arguments, let range):
            return .customFunction(
                receiver: self.expression(receiver, bound: bound), selector: self.expression(selector, bound: bound),
                arguments: children(arguments), range)
        case .aggregate(let elements, let range):
            return .aggregate(children(elements), range)
        case .index(let base, let selector, let range):
            var newSelector = selector
            if case .expression(let index) = selector {
                newSelector = .expression(self.expression(index, bound: bound))
            }
            return .index(self.expression(base, bound: bound), newSelector, range)
        case .arithmetic(let op, let lhs, let rhs, let range):
            return .arithmetic(op, self.expression(lhs, bound: bound), self.expression(rhs, bound: bound), range)
        case .negate(let operand, let range):
            return .negate(self.expression(operand, bound: bound), range)
        case .setOperation(let op, let lhs, let rhs, let range):
            return .setOperation(op, self.expression(lhs, bound: bound), self.expression(rhs, bound: bound), range)
        case .subquery(let collection, let variable, let predicate, let range):
            return .subquery(
                collection: self.expression(collection, bound: bound), variable: variable,
                predicate: self.predicate(predicate, bound: bound.union([variable])), range)
        case .ternary(let condition, let then, let otherwise, let range):
            return .ternary(
                condition: predicate(condition, bound: bound), then: self.expression(then, bound: bound),
                else: self.expression(otherwise, bound: bound), range)
        case .cast(let value, let type, let range):
            return .cast(self.expression(value, bound: bound), type: self.expression(type, bound: bound), range)
        case .assignment(let variable, let value, let range):
            return .assignment(variable: variable, value: self.expression(value, bound: bound), range)
        }
    }
}
