// SyntaxTree+Children: the direct sub-expressions and sub-predicates of an expression, for passes that
// walk every node (constant-folding queries, lint rules) without a switch of their own.

extension SyntaxTree.Expression {
    /// The expression's direct sub-expressions and sub-predicates, in source order within each list.
    package var children: (expressions: [SyntaxTree.Expression], predicates: [SyntaxTree.Predicate]) {
        switch self {
        case .constant, .evaluatedObject, .variable, .anyKey:
            return ([], [])
        case .keyPath(let base, _, _):
            return (base.map { [$0] } ?? [], [])
        case .function(_, let arguments, _), .aggregate(let arguments, _):
            return (arguments, [])
        case .customFunction(let receiver, let selector, let arguments, _):
            return ([receiver, selector] + arguments, [])
        case .index(let base, let selector, _):
            if case .expression(let index) = selector { return ([base, index], []) }
            return ([base], [])
        case .arithmetic(_, let lhs, let rhs, _), .setOperation(_, let lhs, let rhs, _):
            return ([lhs, rhs], [])
        case .negate(let operand, _), .assignment(_, let operand, _):
            return ([operand], [])
        case .subquery(let collection, _, let predicate, _):
            return ([collection], [predicate])
        case .ternary(let condition, let then, let otherwise, _):
            return ([then, otherwise], [condition])
        case .cast(let operand, let type, _):
            return ([operand, type], [])
        }
    }
}
