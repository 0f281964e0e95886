// Instruction: THE instruction set of the predicate VM. The compiler emits these, the verifier checks
// them, the disassembler prints them and the VM runs them; every one of those switches exhaustively.
// Values live on an operand stack; predicates leave their truth value in a Boolean flag register.

/// A constant in ``Program/constants``.
package struct ConstantIndex: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(_ rawValue: UInt16) { self.rawValue = rawValue }
    package var description: String { "k\(rawValue)" }
}

/// A prepared right-hand side in ``Program/matchers``.
package struct MatcherIndex: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(_ rawValue: UInt16) { self.rawValue = rawValue }
    package var description: String { "m\(rawValue)" }
}

/// A key path in ``Program/keyPaths``.
package struct KeyPathIndex: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(_ rawValue: UInt16) { self.rawValue = rawValue }
    package var description: String { "p\(rawValue)" }
}

/// A variable name in ``Program/names``.
package struct NameIndex: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(_ rawValue: UInt16) { self.rawValue = rawValue }
    package var description: String { "n\(rawValue)" }
}

/// A local slot of the running evaluation (SUBQUERY iteration state and variables).
package struct LocalIndex: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(_ rawValue: UInt16) { self.rawValue = rawValue }
    package var description: String { "l\(rawValue)" }
}

/// A ``Slot`` of a ``RowStore`` as an instruction operand (form mode): 24 bits wide (up to 16,777,216
/// slots), stored as three bytes so a fused slot leaf (slot and a 2-byte table index) fits the 8-byte
/// instruction.
package struct SlotOperand: Hashable, Sendable, CustomStringConvertible {
    private var low: UInt16
    private var high: UInt8

    /// The largest slot an instruction can address.
    package static let maximum: UInt32 = 0xFF_FFFF

    /// The slot number.
    package var rawValue: UInt32 { UInt32(high) << 16 | UInt32(low) }

    /// The slot `rawValue`, or nil when it does not fit in 24 bits.
    package init?(exactly rawValue: Int) {
        guard rawValue >= 0, rawValue <= Int(Self.maximum) else { return nil }
        low = UInt16(truncatingIfNeeded: rawValue)
        high = UInt8(truncatingIfNeeded: rawValue >> 16)
    }

    /// A slot below 65,536 (always representable).
    package init(_ rawValue: UInt16) {
        low = rawValue
        high = 0
    }

    package var description: String { "#\(rawValue)" }
}

/// A jump distance, relative to the instruction after the jump.
package struct JumpOffset: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: Int32
    package init(_ rawValue: Int32) { self.rawValue = rawValue }
    package var description: String { rawValue >= 0 ? "+\(rawValue)" : "\(rawValue)" }
}

/// Which fixed selector an `[ ]` subscript uses.
package enum IndexKind: UInt8, Hashable, Sendable {
    case first, last, size
}

/// One step of the predicate VM. The cases *are* the instruction set; each has a one-line summary and
/// its effect on the operand stack (`before → after`). `flag` is the Boolean register predicates set.
///
/// Notes:
/// - `AND`/`OR` never touch the stack: each operand sets `flag`, then `jumpIfFalse` (AND) or
///   `jumpIfTrue` (OR) jumps to the end of the chain, where `flag` already holds the answer.
/// - The `match…` instructions compare against a ``Matcher`` prepared at compile time (a folded
///   substring needle, a compiled LIKE/MATCHES pattern, a hashed constant set); the fused forms
///   `matchSlot`, `matchSlotCount` and `matchKey` also read their left operand themselves.
/// - `ANY` on an empty or nil collection is false, `ALL` true (`NONE` is compiled as `NOT ANY`).
package enum Instruction: Hashable, Sendable {
    // MARK: Values
    /// Push `constants[index]`.                                         `→ value`
    case pushConstant(ConstantIndex)
    /// Push the evaluated object (`SELF`).                              `→ object`
    case pushObject
    /// Push the binding of `$names[index]` (unbound raises).            `→ value`
    case loadVariable(NameIndex)
    /// Push the value of a row slot (form mode).                        `→ value`
    case loadSlot(SlotOperand)
    /// Push a row slot's `isHidden` flag (form mode).                   `→ bool`
    case loadSlotHidden(SlotOperand)
    /// Push a row slot's `isDisabled` flag (form mode).                 `→ bool`
    case loadSlotDisabled(SlotOperand)
    /// Push a local (a SUBQUERY variable).                              `→ value`
    case loadLocal(LocalIndex)
    /// Push a typed read (a field of a Swift value, a count…).         `→ value`
    case loadRead(ReadIndex)

    // MARK: Expressions
    /// Replace the top with its value for `keyPaths[index]` (KVC).      `value → value`
    case keyPath(KeyPathIndex)
    /// Subscript with a computed index or key.                          `base index → value`
    case index
    /// Subscript with `FIRST`, `LAST` or `SIZE`.                        `base → value`
    case indexFixed(IndexKind)
    /// Binary arithmetic or bitwise operator.                           `lhs rhs → value`
    case arithmetic(ArithmeticOperator)
    /// Unary minus.                                                     `value → value`
    case negate
    /// `UNION`, `INTERSECT`, `MINUS`.                                   `lhs rhs → set`
    case setOperation(SetOperator)
    /// Call a built-in function with `count` arguments.                 `args… → value`
    case call(BuiltinFunction, count: UInt8)
    /// Build an array from the top `count` values (an aggregate).      `elements… → array`
    case makeArray(count: UInt16)
    /// `CAST(value, type)`.                                             `value type → value`
    case cast
    /// Raise an `unsupported` error whose message is `constants[index]`. `→ value` (never returns)
    case unsupported(ConstantIndex)

    // MARK: Predicates
    /// Set `flag` to a constant (`TRUEPREDICATE`, folded comparisons).  `→`
    case setFlag(Bool)
    /// Compare two computed values.                                     `lhs rhs →`, sets flag
    case compare(ComparisonOperator, ComparisonOptions, ComparisonModifier)
    /// Compare a computed value with a prepared constant.               `lhs →`, sets flag
    case match(MatcherIndex, ComparisonModifier)
    /// Fused leaf: compare a row slot with a prepared constant.         `→`, sets flag
    case matchSlot(SlotOperand, MatcherIndex)
    /// Fused leaf: compare `@count` of a row slot with a constant.     `→`, sets flag
    case matchSlotCount(SlotOperand, MatcherIndex)
    /// Fused leaf: compare a key path of `SELF` with a constant.       `→`, sets flag
    case matchKey(KeyPathIndex, MatcherIndex)
    /// Fused leaf: compare a typed read (a field of a Swift value, the  `→`, sets flag
    /// elements of a collection field…) with a constant, ANY/ALL applied to the left.
    case matchRead(ReadIndex, MatcherIndex, ComparisonModifier)
    /// `flag = !flag`.                                                  `→`
    case not

    // MARK: Control flow
    /// Jump if `flag` is false (AND short-circuit, TERNARY).            `→`
    case jumpIfFalse(JumpOffset)
    /// Jump if `flag` is true (OR short-circuit).                       `→`
    case jumpIfTrue(JumpOffset)
    /// Jump unconditionally.                                            `→`
    case jump(JumpOffset)
    /// Start a SUBQUERY over a collection; state in locals l…l+3.      `collection →`
    case iterate(LocalIndex)
    /// Bind the next element to local l+3, or jump when done.           `→`
    case iterateNext(JumpOffset, LocalIndex)
    /// Keep the current element in the SUBQUERY result.                 `→`
    case iterateKeep(LocalIndex)
    /// Push the SUBQUERY result array and clear its state.             `→ array`
    case iterateEnd(LocalIndex)
    /// Stop; `flag` is the result.                                      `→`
    case `return`
}

extension Instruction {
    /// How many values the instruction pops, and how many it pushes, on fall-through.
    package var stackEffect: (pops: Int, pushes: Int) {
        switch self {
        case .pushConstant, .pushObject, .loadVariable, .loadSlot, .loadSlotHidden, .loadSlotDisabled,
            .loadLocal, .loadRead, .unsupported, .iterateEnd:
            (0, 1)
        case .keyPath, .indexFixed, .negate:
            (1, 1)
        case .index, .arithmetic, .setOperation, .cast:
            (2, 1)
        case .call(_, let count):
            (Int(count), 1)
        case .makeArray(let count):
            (Int(count), 1)
        case .compare:
            (2, 0)
        case .match, .iterate:
            (1, 0)
        case .setFlag, .matchSlot, .matchSlotCount, .matchKey, .matchRead, .not, .jumpIfFalse, .jumpIfTrue, .jump,
            .iterateNext, .iterateKeep, .return:
            (0, 0)
        }
    }

    /// The net change in stack depth on fall-through; the verifier sums these.
    package var stackDelta: Int {
        let effect = stackEffect
        return effect.pushes - effect.pops
    }

    /// Whether the instruction is a fused leaf: one test that reads its own operand and sets `flag`,
    /// touching no stack. A program of leaves and control flow runs as a ``DecisionGraph``.
    var isLeaf: Bool {
        switch self {
        case .matchSlot, .matchSlotCount, .matchKey, .matchRead: true
        default: false
        }
    }

    /// Whether the instruction sets `flag`.
    var setsFlag: Bool {
        switch self {
        case .setFlag, .compare, .match, .matchSlot, .matchSlotCount, .matchKey, .matchRead, .not:
            true
        default: false
        }
    }

    /// Whether the instruction reads `flag`.
    var readsFlag: Bool {
        switch self {
        case .not, .jumpIfFalse, .jumpIfTrue, .return: true
        default: false
        }
    }

    /// The relative jump of a jumping instruction.
    var jumpOffset: JumpOffset? {
        switch self {
        case .jumpIfFalse(let offset), .jumpIfTrue(let offset), .jump(let offset), .iterateNext(let offset, _):
            offset
        default:
            nil
        }
    }
}
