// Identifiers of the engine: an ElementID per row or section ever created (never reused), and a
// ConditionID per (element, property) — three per element — so every per-condition table is a plain
// array indexed by `ConditionID.raw`.

/// A row or section of a live form, stable while it exists.
struct ElementID: Hashable, Sendable, Comparable {
    var raw: Int
    init(_ raw: Int) { self.raw = raw }
    static func < (lhs: ElementID, rhs: ElementID) -> Bool { lhs.raw < rhs.raw }

    /// Wrapping arithmetic: an element's `raw` is an index into the form's element arrays, so three
    /// times it plus two cannot overflow, and the overflow checks cost on every result looked up.
    @inline(always)
    func condition(_ property: ConditionProperty) -> ConditionID {
        ConditionID(raw &* 3 &+ property.index)
    }
}

/// One condition of one element: `element.raw * 3 + property index`.
struct ConditionID: Hashable, Sendable, Comparable {
    var raw: Int
    init(_ raw: Int) { self.raw = raw }
    static func < (lhs: ConditionID, rhs: ConditionID) -> Bool { lhs.raw < rhs.raw }

    // `raw` is never negative (an index into the per-condition arrays): divided as an unsigned number,
    // which takes no sign correction.
    @inline(always)
    var element: ElementID { ElementID(Int(bitPattern: UInt(bitPattern: raw) / 3)) }
    @inline(always)
    var property: ConditionProperty {
        switch UInt(bitPattern: raw) % 3 {
        case 0: .hidden
        case 1: .disabled
        default: .required
        }
    }
}

extension ConditionProperty {
    var index: Int {
        switch self {
        case .hidden: 0
        case .disabled: 1
        case .required: 2
        }
    }
}

/// One (slot, property) read by a condition.
struct SlotRead: Hashable, Sendable {
    var slot: Slot
    var property: ObservedProperty
}
