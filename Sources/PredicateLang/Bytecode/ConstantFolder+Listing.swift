// ConstantFolder+Listing: package-level views of the compiler's constant folding for the CLI: the tree the
// bytecode was generated from (`predc explain`), and whether a subtree folds to a constant (`predc lint`'s
// constant-condition and incompatible-types rules), so the CLI never re-implements folding.

extension CompiledPredicate {
    /// The predicate after the compiler's constant folding, as the bytecode was generated from it.
    package var foldedTree: SyntaxTree.Predicate {
        ConstantFolder(limits: limits).fold(tree).predicate
    }
}

extension SyntaxTree.Expression {
    /// The value this expression folds to when it is made of constants only, or nil when it depends on
    /// input or raises (the compiler keeps a raising subtree so it raises at evaluation).
    package func constantValue(limits: Limits = .default) -> Value? {
        var folder = ConstantFolder(limits: limits)
        if case .constant(let value, _) = folder.foldExpression(self) { return value }
        return nil
    }
}

extension SyntaxTree.Predicate {
    /// The truth of this predicate when it does not depend on input, or nil.
    package func constantTruth(limits: Limits = .default) -> Bool? {
        var folder = ConstantFolder(limits: limits)
        if case .constant(let value, _) = folder.foldPredicate(self) { return value }
        return nil
    }
}
