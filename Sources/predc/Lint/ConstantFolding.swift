// ConstantFolding: the parts of a predicate that do not depend on input, as the compiler's constant
// folder sees them (PredicateLang's `constantValue` / `constantTruth`). The `constant-condition` lint rule,
// the incompatible-types rule and `predc explain` use it.

import PredicateLang

/// The parts of a tree that do not depend on input.
enum ConstantFolding {
    /// The value of `expression` when it is made of constants only; nil otherwise or when computing it fails.
    static func value(of expression: SyntaxTree.Expression) -> Value? { expression.constantValue() }

    /// The truth of `predicate` when it does not depend on input; nil otherwise.
    static func truth(of predicate: SyntaxTree.Predicate) -> Bool? { predicate.constantTruth() }
}

/// One folded part of a tree, for `predc explain`.
struct FoldedPart: Equatable {
    /// The range of the folded subtree.
    var range: SourceRange
    /// What it folds to, as the canonical printer would write the constant.
    var result: String
}

extension ConstantFolding {
    /// The maximal parts of `predicate` that fold to a constant, in source order; literals on their own
    /// are not listed.
    static func foldedParts(of predicate: SyntaxTree.Predicate) -> [FoldedPart] {
        var parts: [FoldedPart] = []
        collect(predicate, into: &parts)
        return parts.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func collect(_ predicate: SyntaxTree.Predicate, into parts: inout [FoldedPart]) {
        if case .constant = predicate { return }
        if let truth = truth(of: predicate) {
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
            if let folded = value(of: expression) {
                parts.append(FoldedPart(range: expression.range, result: folded.predicateDescription))
                return
            }
        default:
            break
        }
        let children = SyntaxWalk.children(of: expression)
        for predicate in children.predicates { collect(predicate, into: &parts) }
        for child in children.expressions { collect(child, into: &parts) }
    }
}
