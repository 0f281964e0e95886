// CompiledPredicate+Unretained: a compiled predicate's program referred to without being kept alive, for an
// owner that keeps the predicate itself and evaluates it in its hot loop (a form's conditions, stored in an
// array of the form's state): reading a `CompiledPredicate` out of such storage to call it retains its program
// and releases it after the call, about a third of what a short form condition's evaluation costs.

extension CompiledPredicate {
    /// This predicate's program without a strong reference to it. Valid only while this predicate, or a copy
    /// of it, is kept: the owner stores both side by side and never lets the unretained one outlive the other.
    package var unretained: Unretained { Unretained(core) }

    /// A compiled predicate's program, not retained (see ``CompiledPredicate/unretained``).
    package struct Unretained: @unchecked Sendable {
        // The owner keeps the predicate this came from for as long as it keeps this (see above). Unmanaged
        // rather than `unowned(unsafe)`: calling through an unowned reference retains it for the call.
        @usableFromInline let core: Unmanaged<Core>

        init(_ core: Core) { self.core = Unmanaged.passUnretained(core) }

        /// ``CompiledPredicate/evaluate(in:object:)`` with a null `SELF`, an evaluation error counting as false
        /// (as a form counts a condition that fails). Inlined into the caller, like ``CompiledPredicate/evaluate(in:object:)``,
        /// down to the call into the walk. The integer walk is reached through a reference of its own: with the
        /// rest of the evaluation in the same closure, that closure is a function with a frame, entered for
        /// every evaluation, which the integer walk itself does not need.
        @inlinable @inline(__always)
        package func isTrue(in store: borrowing RowStore) -> Bool {
            if let answer = core._withUnsafeGuaranteedRef({ $0.integerAnswer(in: store) }) { return answer }
            return core._withUnsafeGuaranteedRef { (core) -> Bool in
                (try? core.runAfterIntegerWalk(in: store, object: .null)) ?? false
            }
        }
    }
}
