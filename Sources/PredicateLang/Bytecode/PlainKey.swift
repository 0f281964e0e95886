// PlainKey: a key path that is one plain key, with its hash computed when the program is built.

/// A key path of one plain key (no `@` operator, not `self`), which the VM looks up in a dictionary `SELF`
/// directly; its hash is ``ValueDictionary``'s (`name.hashValue`), computed once, so a lookup hashes nothing.
struct PlainKey: Sendable {
    let name: String
    let hash: Int
}
