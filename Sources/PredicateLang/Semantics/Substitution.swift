// Substitution: `predicateWithSubstitutionVariables:`. Each free `$name` with a binding becomes a
// constant (keeping the variable's range); unbound variables stay, SUBQUERY-bound variables and `:=`
// targets are never replaced.

extension SyntaxTree.Predicate {
    /// Returns the predicate with every bound free variable replaced by its value, as
    /// `predicateWithSubstitutionVariables:` does. Variables without a binding are left in place.
    ///
    /// ```swift
    /// let tree = SyntaxTree.parse("lastName LIKE[c] $LAST_NAME").tree
    /// tree?.substituting(["LAST_NAME": "Turner"]).format   // lastName LIKE[c] "Turner"
    /// ```
    public func substituting(_ variables: [String: Value]) -> SyntaxTree.Predicate {
        guard !variables.isEmpty else { return self }
        return TreeRewriter { expression, bound in
            guard case .variable(let name, let range) = expression, !bound.contains(name),
                let value = variables[name]
            else { return nil }
            return .constant(value, range)
        }.predicate(self)
    }
}

extension SyntaxTree.Expression {
    /// Returns the expression with every bound free variable replaced by its value.
    public func substituting(_ variables: [String: Value]) -> SyntaxTree.Expression {
        guard !variables.isEmpty else { return self }
        return TreeRewriter { expression, bound in
            guard case .variable(let name, let range) = expression, !bound.contains(name),
                let value = variables[name]
            else { return nil }
            return .constant(value, range)
        }.expression(self, bound: [])
    }
}
