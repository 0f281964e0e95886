// Array.take(): a table moved out of the struct that holds it, as the compiler hands its tables to the
// program and the lexer its payloads to the parser. Reading the field instead copies it (a retain, through
// the element type's metadata when the copy is outlined, which the first compile in a process has to build)
// and the holder releases its own reference later. The standard library's `Optional.take()` does the same for
// optionals.

extension Array {
    /// The elements, moved out; the array is left empty. Nothing is copied or retained.
    @inline(__always)
    mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        return taken
    }
}
