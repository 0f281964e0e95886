// TagIndex: the slot of each tag the form knows, for resolving the tag an action names
// (`setValue(_:for:)`, `form["tag"]`) in a few dozen instructions. It mirrors the RowStore's SymbolTable
// (same tags, same slots), which the compiler needs; looking a tag up there copies the table out of
// the store and hashes the tag with SipHash, about 700 instructions per look-up. Open addressing with
// linear probing over a power-of-two table, at most half full; the hash is seeded per process, so
// which tags collide cannot be chosen in advance by whoever writes a definition.

struct TagIndex: Sendable {
    /// Per bucket: 0 when empty, else the tag's hash in the high 32 bits and its slot + 1 in the low 32.
    private var buckets: [UInt64] = []
    /// The tags, by slot.
    private(set) var tags: [String] = []

    /// The number of tags.
    var count: Int { tags.count }

    /// Random per process, so that the buckets tags fall into differ from one run to the next.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5A17_7A95)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// The slot of `tag`, or nil when the form has never declared it.
    func slot(for tag: String) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let hash = Self.hash(tag)
        let mask = buckets.count &- 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return nil }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let slot = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                if tags[slot] == tag { return slot }
            }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// Adds `tag` at the next slot (the caller checked that it is new), growing the table when it would
    /// be more than half full.
    mutating func append(_ tag: String) {
        tags.append(tag)
        if buckets.count < 2 &* tags.count {
            rehash(capacity: max(16, buckets.count &* 2))
        } else {
            place(tags.count &- 1)
        }
    }

    /// Makes room for `count` tags in all without rehashing as they are appended.
    mutating func reserveCapacity(_ count: Int) {
        tags.reserveCapacity(count)
        var capacity = max(16, buckets.count)
        while capacity < 2 &* count { capacity &*= 2 }
        if capacity > buckets.count { rehash(capacity: capacity) }
    }

    private mutating func rehash(capacity: Int) {
        buckets = Array(filled: 0, count: capacity)
        for slot in tags.indices { place(slot) }
    }

    private mutating func place(_ slot: Int) {
        let hash = Self.hash(tags[slot])
        let mask = buckets.count &- 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while buckets[bucket] != 0 { bucket = (bucket &+ 1) & mask }
        buckets[bucket] = UInt64(hash) << 32 | UInt64(slot &+ 1)
    }

    /// FNV-1a over the tag's UTF-8 from the seed, then a 64-bit finalizer (MurmurHash3's), folded to
    /// 32 bits: every byte of the tag moves every bit of the result.
    private static func hash(_ tag: String) -> UInt32 {
        let start = seed ^ 0xCBF2_9CE4_8422_2325
        // The bytes in place when the string has them contiguously (native strings always do);
        // iterating the UTF-8 view costs several times more per byte.
        var hash =
            tag.utf8.withContiguousStorageIfAvailable { bytes in
                var hash = start
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                return hash
            }
            ?? tag.utf8.reduce(start) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return UInt32(truncatingIfNeeded: hash)
    }
}
