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
        if let truth = predicate.constantTruth() {
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
