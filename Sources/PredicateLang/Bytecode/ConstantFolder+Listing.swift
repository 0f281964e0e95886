// ConstantFolder+Listing: a package-level view of what the compiler's constant folding produced, for
// `predc explain` (the tree the bytecode was generated from). Added by the CLI owner; read-only.

extension CompiledPredicate {
    /// The predicate after the compiler's constant folding, as the bytecode was generated from it.
    package var foldedTree: SyntaxTree.Predicate {
        ConstantFolder(limits: limits).fold(tree).predicate
    }
}
