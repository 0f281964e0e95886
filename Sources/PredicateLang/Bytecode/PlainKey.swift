// PlainKey: a key path that is one plain key, with its hash computed when the program is built.

/// A key path of one plain key (no `@` operator, not `self`), which the VM looks up in a dictionary `SELF`
/// directly; its hash is ``ValueDictionary``'s (`name.hashValue`), computed once, so a lookup hashes nothing.
struct PlainKey: Sendable {
    let name: String
    let hash: Int

    /// The key of a key path of one plain key (no `@` operator, not `self`); nil for any other path.
    init?(_ components: [String]) {
        guard components.count == 1, let key = components.first, !KeyValueCoding.isOperatorKey(key),
            !KeyValueCoding.isSelfKey(key)
        else { return nil }
        name = key
        hash = key.hashValue
    }
}
