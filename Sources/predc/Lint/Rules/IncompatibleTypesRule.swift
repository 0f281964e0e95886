// Lint rule `incompatible-types`: with the row kinds of a form (`--form`), a comparison between a
// row and a constant of a kind it can never equal or be ordered against (a string row compared with
// a number, a string operator on a number row) is always false (or, for `!=`, always true).

import PredicateLang

/// `$age == 'eighteen'` when `age` holds a number.
struct IncompatibleTypesRule: LintRule {
    let id = "incompatible-types"
    let summary = "a row compared with a constant of another type (from the form's row types)"

    func check(_ input: LintInput) -> [LintFinding] {
        guard !input.rowKinds.isEmpty else { return [] }
        var findings: [LintFinding] = []
        SyntaxWalk.comparisons(in: input.tree) { comparison in
            guard comparison.modifier == .direct,
                let tag = SyntaxWalk.taggedValue(comparison.lhs), let kind = input.rowKinds[tag],
                let constant = comparison.rhs.constantValue(), !constant.isNull
            else { return }
            guard let verdict = verdict(kind, comparison.op, constant) else { return }
            let constantKind = RowKind(of: constant).map { $0.rawValue } ?? constant.kindName
            findings.append(
                LintFinding(
                    rule: id,
                    message: "this comparison is always \(verdict): '\(tag)' holds a \(kind.rawValue), "
                        + "compared with a \(constantKind)",
                    range: comparison.range))
        }
        return findings
    }

    /// The constant outcome of `row op constant` for a row of `kind`, or nil when it can vary.
    private func verdict(_ kind: RowKind, _ op: ComparisonOperator, _ constant: Value) -> Bool? {
        let other = RowKind(of: constant)
        switch op {
        case .equalTo:
            return IncompatibleTypesRule.comparable(kind, other) ? nil : false
        case .notEqualTo:
            return IncompatibleTypesRule.comparable(kind, other) ? nil : true
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return IncompatibleTypesRule.comparable(kind, other) && kind != .collection && kind != .dictionary
                ? nil : false
        case .beginsWith, .endsWith, .like, .matches:
            return kind == .string && other == .string ? nil : false
        case .contains:
            return kind == .number || kind == .boolean || kind == .date ? false : nil
        case .in:
            guard let elements = constant.collectionElements else {
                return other == .string && kind != .string ? false : nil
            }
            return elements.contains { IncompatibleTypesRule.comparable(kind, RowKind(of: $0)) } ? nil : false
        case .between:
            guard let bounds = constant.collectionElements, bounds.count == 2 else { return nil }
            return bounds.allSatisfy { IncompatibleTypesRule.comparable(kind, RowKind(of: $0)) } ? nil : false
        case .utiConformsTo, .utiEquals:
            return nil
        }
    }

    /// Whether values of the two kinds can ever be equal (booleans are the numbers 0 and 1).
    static func comparable(_ kind: RowKind, _ other: RowKind?) -> Bool {
        guard let other else { return true }
        if kind == other { return true }
        let numeric: Set<RowKind> = [.number, .boolean]
        return numeric.contains(kind) && numeric.contains(other)
    }
}
