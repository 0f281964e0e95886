// KeyLookup: finding a name among a few known names (an object type's fields, the keys a form definition
// allows) by comparing, without hashing. Swift compares strings by canonical equivalence, and comparing two
// that differ costs dozens of instructions; most names a lookup passes over differ in length, and two
// ASCII names of different lengths are never equal, so those are passed over without a comparison. A
// non-ASCII name can equal an ASCII one of another length (`\u{212A}` KELVIN SIGN is `K`), so it is compared.

package enum KeyLookup {
    /// The index of the first of `names` equal to `key` (as `==` decides), or nil. `namesAreASCII` says
    /// that every one of `names` is ASCII.
    package static func index(of key: String, in names: [String], namesAreASCII: Bool) -> Int? {
        index(of: key, count: names.count, namesAreASCII: namesAreASCII) { names[$0] }
    }

    /// The index below `count` of the first name (`name(index)`) equal to `key`, or nil.
    @inline(__always)
    package static func index(of key: String, count: Int, namesAreASCII: Bool, name: (Int) -> String) -> Int? {
        let length = key.utf8.count
        var skipsOtherLengths: Bool?
        for index in 0..<count {
            let candidate = name(index)
            if candidate.utf8.count != length {
                if skipsOtherLengths == nil { skipsOtherLengths = namesAreASCII && StringFolding.isASCII(key) }
                if skipsOtherLengths == true { continue }
            }
            if candidate == key { return index }
        }
        return nil
    }

    /// Whether every one of `names` is ASCII (what ``index(of:in:namesAreASCII:)`` is told).
    package static func areASCII(_ names: some Sequence<String>) -> Bool {
        names.allSatisfy(StringFolding.isASCII)
    }
}
