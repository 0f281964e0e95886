// ConstantBytes: the UTF-8 bytes of a string constant that a matcher compares run-time strings against,
// kept with the matcher: up to 16 bytes in place (most constants of a predicate: 'NZ', 'Music', 'A-'),
// longer ones in an array. A short constant then costs compiling no allocation and freeing the compiled
// predicate no deallocation. The matching kernels read the bytes through a pointer to where the matcher
// is kept (the program's tables), with no closure, so the evaluation loops inline them.

/// The UTF-8 bytes of a string constant, in place when short.
struct ConstantBytes: Sendable {
    /// The bytes of a short constant, zero past its length (a homogeneous tuple, so its memory is its
    /// bytes); zero for a long one.
    private typealias Inline = (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
    )

    private let inline: Inline
    /// A long constant's bytes; empty (allocating nothing) for a short one.
    private let heap: [UInt8]
    /// The number of bytes. (Kept as a whole word: the string tests read it first, and a byte-sized length
    /// beside the inline bytes cost P1's form-mode evaluation 7 instructions more.)
    let count: Int

    /// The most bytes held in place.
    static var inlineCapacity: Int { 16 }

    /// No bytes.
    init() {
        inline = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        heap = []
        count = 0
    }

    /// The UTF-8 bytes of `string`.
    init(_ string: String) {
        count = string.utf8.count
        var inline: Inline = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        guard count <= Self.inlineCapacity else {
            self.inline = inline
            heap = string.utf8Array
            return
        }
        // Copied in one go (a short string's bytes are given on the stack).
        withUnsafeMutableBytes(of: &inline) { target in
            string.withUTF8Bytes { source in
                target.copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(source).prefix(target.count)))
            }
        }
        self.inline = inline
        heap = []
    }

    /// Whether there are no bytes.
    var isEmpty: Bool { count == 0 }

    /// The bytes of the constant at `constant`, which must stay where it is while they are read (a matcher
    /// in a program's tables, or a value pinned by `withUnsafePointer`).
    @inline(__always)
    static func bytes(_ constant: UnsafePointer<ConstantBytes>) -> UnsafeBufferPointer<UInt8> {
        let count = constant.pointee.count
        guard count <= inlineCapacity else {
            // The array was made here from the string's bytes: native, so contiguous on every platform.
            return UnsafeBufferPointer(start: constant.pointee.heap._baseAddressIfContiguous, count: count)
        }
        guard let inline = constant.pointer(to: \.inline) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(inline).assumingMemoryBound(to: UInt8.self), count: count)
    }
}
