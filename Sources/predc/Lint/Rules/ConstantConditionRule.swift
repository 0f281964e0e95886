// Lint rule `constant-condition`: a comparison or compound whose value is known without any input
// (constant folding: `1 == 1`, `'a' IN {'b'}`, `x > 1 OR TRUEPREDICATE`) is always true or false.
// Only the outermost constant part is reported; a literal TRUEPREDICATE/FALSEPREDICATE on its own is not.

import PredicateLang

/// `age > 18 OR 1 == 1`.
struct ConstantConditionRule: LintRule {
    let id = "constant-condition"
    let summary = "a comparison or AND/OR/NOT that is always true or always false (constant folding)"

    func check(_ input: LintInput) -> [LintFinding] {
        var findings: [LintFinding] = []
        visit(input.tree, input.source, &findings)
        return findings
    }

    private func visit(_ predicate: SyntaxTree.Predicate, _ source: SourceText, _ findings: inout [LintFinding]) {
        if case .constant = predicate { return }
        if let truth = ConstantFolding.truth(of: predicate) {
            let what = if case .comparison = predicate { "comparison" } else { "condition" }
            findings.append(
                LintFinding(
                    rule: id, message: "this \(what) is always \(truth)", range: predicate.range,
                    notes: [("constant folding: '\(source.slice(predicate.range))' is \(truth)", predicate.range)]))
            return
        }
        switch predicate {
        case .constant:
            break
        case .comparison(let comparison):
            for operand in [comparison.lhs, comparison.rhs] {
                SyntaxWalk.predicates(in: operand) { nested in visit(nested, source, &findings) }
            }
        case .and(let operands, _), .or(let operands, _):
            for operand in operands { visit(operand, source, &findings) }
        case .not(let operand, _):
            visit(operand, source, &findings)
        }
    }
}

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
