// String+UTF8Bytes: a string's UTF-8 bytes read in place, for the source text, the string kernels and the
// constants that keep bytes. The lowest layer has it, so every layer reads bytes the same way.

extension String {
    /// Runs `body` over the string's UTF-8 bytes in place (a native string's storage; a short string's
    /// bytes are copied to the stack); only a bridged string without contiguous UTF-8 is copied first.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
