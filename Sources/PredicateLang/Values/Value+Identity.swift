// Value+Identity: strict sameness of two values (same kind and same contents). `==` follows NSObject
// isEqual (1 == true == 1.0), which would swallow a change from 1 to true that conditions such as CAST or
// string operators can observe: the form engine decides with this whether setting a value is a change, and
// a typed predicate whether a batch's variables are the ones its remembered binding was compiled for.

extension Value {
    /// Whether `self` and `other` are the same kind with identical contents. Inlined where it is used for
    /// the usual question, whether a form's integer value changed: nulls and integers are answered without a
    /// call.
    @inlinable
    package func isIdentical(to other: Value) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.int(let left), .int(let right)): return left == right
        default: return hasIdenticalContents(other)
        }
    }

    /// ``isIdentical(to:)`` for the kinds it does not answer inline (two nulls and two integers).
    @usableFromInline
    func hasIdenticalContents(_ other: Value) -> Bool {
        switch (self, other) {
        case (.bool(let left), .bool(let right)): return left == right
        case (.double(let left), .double(let right)): return left.bitPattern == right.bitPattern
        case (.string(let left), .string(let right)): return left.hasSameScalars(as: right)
        case (.date(let left), .date(let right)): return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.set(let left), .set(let right)):
            return left.count == right.count
                && zip(left.elements, right.elements).allSatisfy { $0.isIdentical(to: $1) }
        case (.dictionary(let left), .dictionary(let right)):
            return left.hasSameMembers(as: right) { $0.isIdentical(to: $1) }
        default:
            return false
        }
    }
}
