// Array(filled:count:): the arrays the compiler's passes and the form engine size up front. Built through
// `reserveCapacity` and `append`, which the compiler specializes for the element type, instead of
// `Array(repeating:count:)`, which calls a standard-library function that is not specialized and looks the
// array storage's generic metadata up at run time on every call (about 600 instructions each: a fifth of
// compiling a short form condition, which sizes three such arrays).

extension Array {
    /// `count` copies of `value` (none when `count` is not positive).
    @inlinable
    package init(filled value: Element, count: Int) {
        self.init()
        guard count > 0 else { return }
        reserveCapacity(count)
        for _ in 0..<count { append(value) }
    }
}
