// String+StoredAlike: a quick proof that two strings hold the same bytes, from their representation
// alone: the two words of a String are either a short string's bytes held inline or a reference to its
// storage with its length. Equal words mean equal bytes; different words prove nothing.

extension String {
    /// Whether `other` is stored exactly like this string, bit for bit: the same short string (up to 15
    /// UTF-8 bytes held inline and zero-padded, so equal bytes are equal words) or the same storage with
    /// the same length. Then both have the same bytes; strings stored differently may still be equal.
    @inline(__always)
    func isStoredAlike(_ other: String) -> Bool {
        // Unprotected: the two words are only loaded, never indexed past; a protected address would put a
        // stack guard on every function this is inlined into (each form-mode evaluation among them).
        _withUnprotectedUnsafeBytes(of: self) { first in
            _withUnprotectedUnsafeBytes(of: other) { second in
                guard first.count == 16 else { return first.elementsEqual(second) }
                return first.loadUnaligned(as: UInt64.self) == second.loadUnaligned(as: UInt64.self)
                    && first.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        == second.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }

    /// Whether `other` has exactly this string's Unicode scalars (NSString's literal `isEqual:`, with no
    /// canonical equivalence): stored alike, else the same UTF-8 bytes (equal scalars are equal bytes).
    func hasSameScalars(as other: String) -> Bool {
        if isStoredAlike(other) { return true }
        guard utf8.count == other.utf8.count else { return false }
        return utf8.elementsEqual(other.utf8)
    }
}
