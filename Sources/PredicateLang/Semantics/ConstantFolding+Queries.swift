// ConstantFolding+Queries: the compiler's constant folding, asked about parts of a tree: what an expression
// folds to, whether a predicate is constant, and the maximal folded parts of a predicate (what `predc
// explain` lists and the constant-condition lint rule reports), so no tool re-implements folding.

extension SyntaxTree.Expression {
    /// The value this expression folds to when it is made of constants only, or nil when it depends on
    /// input or raises (the compiler keeps a raising subtree so it raises at evaluation).
    package func constantValue(limits: Limits = .default) -> Value? {
        var folder = ConstantFolding(limits: limits)
        if case .constant(let value, _) = folder.foldExpression(self) { return value }
        return nil
    }
}

extension SyntaxTree.Predicate {
    /// The truth of this predicate when it does not depend on input, or nil.
    package func constantTruth(limits: Limits = .default) -> Bool? {
        var folder = ConstantFolding(limits: limits)
        if case .constant(let value, _) = folder.foldPredicate(self) { return value }
        return nil
    }

    /// The predicate after constant folding, as the compiler generates code from it.
    package func folded(limits: Limits = .default) -> SyntaxTree.Predicate {
        ConstantFolding(limits: limits).fold(self).predicate
    }
}

/// One folded part of a tree.
package struct FoldedPart: Equatable, Sendable {
    /// The range of the folded subtree.
    package var range: SourceRange
    /// What it folds to, as the canonical printer writes the constant.
    package var result: String
}

extension ConstantFolding {
    /// The maximal parts of `predicate` that fold to a constant, in source order; literals on their own
    /// are not listed.
    package static func foldedParts(of predicate: SyntaxTree.Predicate) -> [FoldedPart] {
        var parts: [FoldedPart] = []
        collect(predicate, into: &parts)
        return parts.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func collect(_ predicate: SyntaxTree.Predicate, into parts: inout [FoldedPart]) {
        if case .constant = predicate { return }
        if let truth = predicate.constantTruth() {
            parts.append(FoldedPart(range: predicate.range, result: truth ? "TRUEPREDICATE" : "FALSEPREDICATE"))
            return
        }
        switch predicate {
        case .constant:
            break
        case .comparison(let comparison):
            collect(comparison.lhs, into: &parts)
            collect(comparison.rhs, into: &parts)
        case .and(let operands, _), .or(let operands, _):
            for operand in operands { collect(operand, into: &parts) }
        case .not(let operand, _):
            collect(operand, into: &parts)
        }
    }

    private static func collect(_ expression: SyntaxTree.Expression, into parts: inout [FoldedPart]) {
        switch expression {
        case .constant:
            return
        case .aggregate(let elements, _) where elements.allSatisfy({ if case .constant = $0 { true } else { false } }):
            return
        case .aggregate, .negate, .arithmetic:
            if let folded = expression.constantValue() {
                parts.append(FoldedPart(range: expression.range, result: folded.predicateDescription))
                return
            }
        default:
            break
        }
        let children = expression.children
        for predicate in children.predicates { collect(predicate, into: &parts) }
        for child in children.expressions { collect(child, into: &parts) }
    }
}
