// StringIndex: a list of distinct strings and the position of each, found in a few dozen instructions
// for a short string (FNV-1a over pieces of up to eight bytes, where a Dictionary's SipHash costs
// hundreds). The symbol table finds its ASCII tags with one (SymbolTable.swift); a form keeps two more: its
// tags, whose positions are their slots (mirroring the RowStore's symbol table, so that the tag an action
// names, `setValue(_:for:)` or `form["tag"]`, resolves without copying the table out of the store), and
// the predicate texts of its program cache. Open addressing with linear probing over a power-of-two
// table, at most half full; the hash is seeded per process, so which strings collide cannot be chosen in
// advance by whoever writes a definition. The hash is over the bytes, so a canonically equivalent
// spelling of a string is not found (its users handle those spellings themselves).

package struct StringIndex: Sendable {
    /// Per bucket: 0 when empty, else the string's hash in the high 32 bits and its position + 1 in the
    /// low 32.
    private var buckets: [UInt64] = []
    /// The strings, by position.
    package private(set) var strings: [String] = []

    /// An empty index.
    package init() {}

    /// The number of strings.
    package var count: Int { strings.count }

    /// The process's seed, copied into each index: read from the static on every look-up, it costs a
    /// `swift_once` call each time.
    private let seed = Self.processSeed

    /// Random per process, so that the buckets strings fall into differ from one run to the next.
    private static let processSeed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5A17_7A95)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// The position of `string`, or nil when it is not in the list.
    package func position(of string: String) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let hash = hash(string)
        let mask = buckets.count &- 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return nil }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                if strings[position] == string { return position }
            }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// Adds `string` at the next position (the caller checked that it is new), growing the table when it would
    /// be more than half full.
    package mutating func append(_ string: String) {
        strings.append(string)
        if buckets.count < 2 &* strings.count {
            rehash(capacity: max(16, buckets.count &* 2))
        } else {
            place(strings.count &- 1)
        }
    }

    /// Makes room for `count` strings in all without rehashing as they are appended.
    package mutating func reserveCapacity(_ count: Int) {
        strings.reserveCapacity(count)
        var capacity = max(16, buckets.count)
        while capacity < 2 &* count { capacity &*= 2 }
        if capacity > buckets.count { rehash(capacity: capacity) }
    }

    private mutating func rehash(capacity: Int) {
        buckets = Array(filled: 0, count: capacity)
        for position in strings.indices { place(position) }
    }

    private mutating func place(_ position: Int) {
        let hash = hash(strings[position])
        let mask = buckets.count &- 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while buckets[bucket] != 0 { bucket = (bucket &+ 1) & mask }
        buckets[bucket] = UInt64(hash) << 32 | UInt64(position &+ 1)
    }

    /// FNV-1a over the string's UTF-8 from the seed, taken eight bytes at a time and the rest in at most three
    /// pieces (four, two, one byte), then a 64-bit finalizer (MurmurHash3's), folded to 32 bits: every byte of
    /// the string moves every bit of the result. The length is mixed in first, so that a string and the same
    /// string with trailing NUL bytes differ before their last piece.
    @inline(__always)
    private func hash(_ string: String) -> UInt32 {
        let start = seed ^ 0xCBF2_9CE4_8422_2325
        // The bytes in place when the string has them contiguously (native strings always do); otherwise
        // copied out, so that a string hashes the same however it is stored.
        var hash =
            string.utf8.withContiguousStorageIfAvailable { Self.mix(UnsafeRawBufferPointer($0), from: start) }
            ?? Self.mixCopied(string, from: start)
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return UInt32(truncatingIfNeeded: hash)
    }

    /// ``mix(_:from:)`` over a copy of the bytes of a string that does not hold them contiguously. Out of line,
    /// so that the usual path neither copies nor retains the string.
    @inline(never)
    private static func mixCopied(_ string: String, from start: UInt64) -> UInt64 {
        Array(string.utf8).withUnsafeBytes { mix($0, from: start) }
    }

    /// The FNV-1a steps of ``hash(_:)`` over `bytes`, each step one piece of up to eight bytes.
    @inline(__always)
    private static func mix(_ bytes: UnsafeRawBufferPointer, from start: UInt64) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let count = bytes.count
        var hash = (start ^ UInt64(truncatingIfNeeded: count)) &* prime
        var offset = 0
        while count &- offset >= 8 {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            offset &+= 8
        }
        if count &- offset >= 4 {
            hash = (hash ^ UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* prime
            offset &+= 4
        }
        if count &- offset >= 2 {
            hash = (hash ^ UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) &* prime
            offset &+= 2
        }
        if count &- offset >= 1 { hash = (hash ^ UInt64(bytes[offset])) &* prime }
        return hash
    }
}
