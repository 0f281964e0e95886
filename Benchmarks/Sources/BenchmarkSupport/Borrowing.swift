// How every timed engine receives its input: borrowed where it lives, as the hand-written closures read
// their row or order through a pointer and as FormEngine evaluates the row store it owns. Reading a
// non-trivial value out of an `UnsafePointer` by value (`stores[i]`, `orders[i]`) makes a copy first (a
// retain and release per reference it holds; 220 instructions for an `Order`), a cost of the harness, not
// of the engine; `EvaluateProbe`'s `predicatelang-copied` engine measures it for P1.

/// Calls `body` with `value` borrowed in place: passed `inout` (`&buffer[i]`), it is neither copied nor
/// retained.
@inline(__always)
public func withBorrowed<Value, Result>(_ value: inout Value, _ body: (borrowing Value) -> Result) -> Result {
    body(value)
}
