// String+UTF8Array: a string's UTF-8 bytes as an array, copied in one go.

extension String {
    /// The UTF-8 bytes, copied from contiguous storage in one step (a short string's bytes are handed over
    /// on the stack). `Array(utf8)` copies a short string through the collection byte by byte, about 90
    /// instructions more for a five-byte constant.
    @inline(__always)
    var utf8Array: [UInt8] {
        utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(utf8)
    }
}
