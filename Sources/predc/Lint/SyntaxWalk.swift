// SyntaxWalk: visits every comparison and compound predicate of a tree, including those nested in
// SUBQUERY and TERNARY expressions. The parser bounds nesting depth, so recursion here is bounded.

import PredicateLang

/// Depth-first traversal helpers for lint rules.
enum SyntaxWalk {
    /// Calls `visit` on `predicate` and every predicate inside it (pre-order).
    static func predicates(in predicate: SyntaxTree.Predicate, _ visit: (SyntaxTree.Predicate) -> Void) {
        visit(predicate)
        switch predicate {
        case .constant:
            break
        case .comparison(let comparison):
            for expression in [comparison.lhs, comparison.rhs] { predicates(in: expression, visit) }
        case .and(let operands, _), .or(let operands, _):
            for operand in operands { predicates(in: operand, visit) }
        case .not(let operand, _):
            predicates(in: operand, visit)
        }
    }

    /// Calls `visit` on every predicate nested inside `expression`.
    static func predicates(in expression: SyntaxTree.Expression, _ visit: (SyntaxTree.Predicate) -> Void) {
        let children = expression.children
        for predicate in children.predicates { predicates(in: predicate, visit) }
        for child in children.expressions { predicates(in: child, visit) }
    }

    /// Calls `visit` on every comparison in `predicate`.
    static func comparisons(in predicate: SyntaxTree.Predicate, _ visit: (SyntaxTree.Comparison) -> Void) {
        predicates(in: predicate) { node in
            if case .comparison(let comparison) = node { visit(comparison) }
        }
    }

    /// The tag whose value `expression` reads directly: `$t` or `$t.value` (the XLForm rule).
    static func taggedValue(_ expression: SyntaxTree.Expression) -> String? {
        switch expression {
        case .variable(let name, _):
            return name
        case .keyPath(.variable(let name, _)?, let components, _) where components.map(\.name) == ["value"]:
            return name
        default:
            return nil
        }
    }

    /// The constant string `expression` is, if it is one.
    static func constantString(_ expression: SyntaxTree.Expression) -> String? {
        if case .constant(.string(let string), _) = expression { return string }
        return nil
    }
}
