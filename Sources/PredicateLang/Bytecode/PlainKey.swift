// PlainKey: a key path that is one plain key, with its hash computed when the program is built. A program's
// key paths are its syntax tree's component arrays, shared rather than copied into arrays of names.

/// A key path of one plain key (no `@` operator, not `self`), which the VM looks up in a dictionary `SELF`
/// directly; its hash is ``ValueDictionary``'s (`name.hashValue`), computed once, so a lookup hashes nothing.
struct PlainKey: Sendable {
    let name: String
    let hash: Int

    /// The key of a key path of one plain key (no `@` operator, not `self`); nil for any other path.
    init?(_ components: [SyntaxTree.KeyPathComponent]) {
        guard components.count == 1, let key = components.first?.name, !KeyValueCoding.isOperatorKey(key),
            !KeyValueCoding.isSelfKey(key)
        else { return nil }
        name = key
        hash = key.hashValue
    }
}

/// A program's key paths are the syntax tree's component arrays (``Program/Storage/keyPaths``): the VM walks
/// them by their names. Making an array of names for each key path cost a compile an allocation per path.
extension SyntaxTree.KeyPathComponent: KeyName {
    var keyName: String { name }
}
