// IntegerLeaf: a slot leaf whose test is an integer range, held in its decision node. The slot's integer,
// or the element count of the slot's array, is tested against bounds prepared from the leaf's matcher when
// the program is made: `$age > 18` is 19...Int64.max, `$t.@count = 0` is 0...0, BETWEEN its two bounds,
// `!=` the negation of `==`. The walk then reads the node and the slot, not the matcher. Another kind of
// value in the slot takes the leaf's tiers as before, and in debug builds every answer from the node is
// checked against them.

/// The integer test of a slot leaf, kept in its ``DecisionNode``.
package struct IntegerLeaf: Hashable, Sendable {
    /// What the test reads.
    enum Operand: UInt8, Sendable {
        /// No integer test: the leaf's tiers answer.
        case none
        /// The slot's value, when it is an integer.
        case value
        /// The element count of the slot's value, when it is an array.
        case count
    }

    let operand: Operand
    /// Whether the answer is the range test's negation (`!=`, or an empty range: the negation of all).
    let negated: Bool
    /// The slot read.
    let slot: UInt32
    /// The smallest integer in the range.
    let lower: Int64
    /// The largest integer's distance from `lower`: an integer is in the range when its distance from
    /// `lower`, as an unsigned number, is at most this (one comparison instead of two).
    let span: UInt64

    /// The test of `lower ... upper`, negated when `negated`; an empty range (`lower > upper`) is the
    /// negation of every integer.
    init(operand: Operand, negated: Bool, slot: UInt32, lower: Int64, upper: Int64) {
        self.operand = operand
        self.slot = slot
        if lower <= upper {
            self.negated = negated
            self.lower = lower
            span = UInt64(bitPattern: upper &- lower)
        } else {
            self.negated = !negated
            self.lower = .min
            span = .max
        }
    }

    /// The range tested, as written for people: `nil` for the empty range, with whether the answer is its
    /// negation.
    var range: (bounds: ClosedRange<Int64>?, negated: Bool) {
        let upper = lower &+ Int64(bitPattern: span)
        if lower == .min && upper == .max && negated { return (nil, false) }
        return (lower...upper, negated)
    }

    /// The test as listings show it (`value in 19...`, `count not in 0...0`, `value in nothing`); nil for
    /// ``none``.
    var summary: String? {
        let read: String
        switch operand {
        case .none: return nil
        case .value: read = "value"
        case .count: read = "count"
        }
        let (bounds, negated) = range
        guard let bounds else { return "integer test: \(read) in nothing" }
        let lower = bounds.lowerBound == .min ? "" : String(bounds.lowerBound)
        let upper = bounds.upperBound == .max ? "" : String(bounds.upperBound)
        return "integer test: \(read) \(negated ? "not in" : "in") \(lower)...\(upper)"
    }

    /// No integer test.
    static let none = IntegerLeaf(operand: .none, negated: false, slot: 0, lower: 0, upper: 0)

    /// The integer test of `leaf` with its matcher from `matchers`, or ``none`` when the leaf is not a
    /// `matchSlot` or `matchSlotCount` or its matcher compares with something other than an integer or an
    /// integer range.
    static func of(_ leaf: Instruction, matchers: UnsafeBufferPointer<Matcher>) -> IntegerLeaf {
        let operand: Operand
        let slot: SlotOperand
        let index: MatcherIndex
        switch leaf {
        case .matchSlot(let read, let matcher):
            operand = .value
            (slot, index) = (read, matcher)
        case .matchSlotCount(let read, let matcher):
            operand = .count
            (slot, index) = (read, matcher)
        default:
            return .none
        }
        // The matcher read in place (a copy would retain every reference it holds).
        guard Int(index.rawValue) < matchers.count, let first = matchers.baseAddress else { return .none }
        let matcher = first + Int(index.rawValue)
        let bounds: (lower: Int64, upper: Int64)
        var negated = false
        switch matcher.pointee.kind {
        case .integer:
            let constant = matcher.pointee.integer
            switch matcher.pointee.op {
            case .equalTo: bounds = (constant, constant)
            case .notEqualTo:
                bounds = (constant, constant)
                negated = true
            case .lessThan: bounds = constant == .min ? (1, 0) : (.min, constant &- 1)
            case .lessThanOrEqualTo: bounds = (.min, constant)
            case .greaterThan: bounds = constant == .max ? (1, 0) : (constant &+ 1, .max)
            case .greaterThanOrEqualTo: bounds = (constant, .max)
            default: return .none
            }
        case .integerRange:
            bounds = matcher.pointee.integerBounds
        default:
            return .none
        }
        return IntegerLeaf(
            operand: operand, negated: negated, slot: slot.rawValue, lower: bounds.lower, upper: bounds.upper)
    }

    /// Whether `integer` passes the test.
    @inline(__always)
    func accepts(_ integer: Int64) -> Bool {
        (UInt64(bitPattern: integer &- lower) <= span) != negated
    }
}
