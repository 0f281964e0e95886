// SplitMix: a tiny seeded random number generator (SplitMix64), so randomised tests are reproducible.

/// A small deterministic generator (SplitMix64), so the random tests are reproducible.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix {
    /// Applies 1 to `maxEdits` random edits to `bytes` (replace, remove or insert a byte drawn from
    /// `alphabet`): the mutation step of the randomised parser tests.
    mutating func mutate(_ bytes: inout [UInt8], maxEdits: Int, alphabet: [UInt8]) {
        for _ in 0..<(1 + Int(next() % UInt64(maxEdits))) {
            let position = Int(next() % UInt64(bytes.count + 1))
            let byte = alphabet[Int(next() % UInt64(alphabet.count))]
            switch next() % 3 {
            case 0 where position < bytes.count: bytes[position] = byte
            case 1 where position < bytes.count: bytes.remove(at: position)
            default: bytes.insert(byte, at: position)
            }
        }
    }
}
