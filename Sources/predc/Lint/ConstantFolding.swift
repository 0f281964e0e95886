// ConstantFolding: evaluates the parts of a predicate that do not depend on input (constant operands,
// arithmetic on constants, comparisons of constants, AND/OR/NOT of those). The `constant-condition`
// lint rule and `predc explain` use it; the compiler folds the same way before emitting bytecode.

import PredicateLang

/// Evaluates the parts of a tree that do not depend on input.
enum ConstantFolding {
    /// The value of `expression` when it is made of constants only (literals, aggregates of constants,
    /// negation and arithmetic on constants); nil otherwise or when computing it fails.
    static func value(of expression: SyntaxTree.Expression) -> Value? {
        switch expression {
        case .constant(let value, _):
            return value
        case .aggregate(let elements, _):
            var values: [Value] = []
            for element in elements {
                guard let value = value(of: element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .negate(let operand, _):
            return value(of: operand).flatMap { try? $0.negated() }
        case .arithmetic(let op, let lhs, let rhs, _):
            guard let left = value(of: lhs), let right = value(of: rhs) else { return nil }
            return try? Value.arithmetic(op, left, right)
        default:
            return nil
        }
    }

    /// The truth of `predicate` when it does not depend on input; nil otherwise.
    static func truth(of predicate: SyntaxTree.Predicate) -> Bool? {
        switch predicate {
        case .constant(let value, _):
            return value
        case .comparison(let comparison):
            guard comparison.modifier == .direct, let left = value(of: comparison.lhs),
                let right = value(of: comparison.rhs)
            else { return nil }
            return try? Value.compare(left, comparison.op, right, options: comparison.options)
        case .not(let operand, _):
            return truth(of: operand).map { !$0 }
        case .and(let operands, _):
            let truths = operands.map(truth(of:))
            if truths.contains(false) { return false }
            return truths.allSatisfy { $0 == true } ? true : nil
        case .or(let operands, _):
            let truths = operands.map(truth(of:))
            if truths.contains(true) { return true }
            return truths.allSatisfy { $0 == false } ? false : nil
        }
    }
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
