// FormValueRule: XLForm's reading of `$tag` in a row condition. `$t` means the row's value
// (`$t.value`) unless the next key is `value`, `isHidden` or `isDisabled`; `$t.other.x` means
// `$t.value.other.x`. Variables bound by SUBQUERY are ordinary values and stay as written.

extension SyntaxTree.Predicate {
    /// The keys that name a row property rather than a key inside the row's value.
    package static let rowPropertyKeys: Set<String> = ["value", "isHidden", "isDisabled"]

    /// Rewrites every free `$t` to `$t.value` unless it is already followed by `value`, `isHidden`
    /// or `isDisabled` (XLForm). SUBQUERY-bound variables are left untouched.
    public func applyingFormValueRule() -> SyntaxTree.Predicate {
        TreeRewriter { expression, bound in
            switch expression {
            case .variable(let name, let range) where !bound.contains(name):
                return .keyPath(
                    base: expression, components: [.init("value", range: .empty(at: range.upperBound))], range)
            case .keyPath(.some(.variable(let name, let variableRange)), let components, let range)
            where !bound.contains(name):
                if let first = components.first, SyntaxTree.Predicate.rowPropertyKeys.contains(first.name) {
                    return expression
                }
                let value = SyntaxTree.KeyPathComponent("value", range: .empty(at: variableRange.upperBound))
                return .keyPath(base: .variable(name, variableRange), components: [value] + components, range)
            default:
                return nil
            }
        }.predicate(self)
    }
}
