// SlotEntries: the row slots one evaluation reads, as the VM sees them: a row store's entries in place.
// The base is never nil (an empty view points at an aligned address it never reads), so reading a slot is
// one comparison with the count.

/// The entries of a row store, borrowed for one evaluation.
struct SlotEntries {
    let base: UnsafePointer<RowStore.Entry>
    let count: Int

    /// A view of `count` entries from `base`.
    init(base: UnsafePointer<RowStore.Entry>, count: Int) {
        self.base = base
        self.count = count
    }

    /// A view of `entries` (which may be empty).
    init(_ entries: UnsafeBufferPointer<RowStore.Entry>) {
        if let base = entries.baseAddress {
            self.init(base: base, count: entries.count)
        } else {
            let nowhere = UnsafePointer<RowStore.Entry>(bitPattern: MemoryLayout<RowStore.Entry>.alignment)
            self.init(base: nowhere.unsafelyUnwrapped, count: 0)  // safe: a non-zero address is never nil
        }
    }

    /// The value in `slot`, in place; nil when the store has no such slot (it reads as null).
    @_transparent
    func valuePointer(_ slot: SlotOperand) -> UnsafePointer<Value>? {
        valuePointer(slot: slot.rawValue)
    }

    /// The value in slot number `slot`, in place; nil when the store has no such slot.
    @_transparent
    func valuePointer(slot: UInt32) -> UnsafePointer<Value>? {
        let position = Int(slot)
        guard position < count else { return nil }
        return (base + position).pointer(to: \.value)
    }

    /// The value in `slot`, or null when the store has no such slot.
    func value(_ slot: SlotOperand) -> Value {
        let position = Int(slot.rawValue)
        return position < count ? base[position].value : .null
    }

    /// The `isHidden` flag of `slot`, or false when the store has no such slot.
    func isHidden(_ slot: SlotOperand) -> Bool {
        let position = Int(slot.rawValue)
        return position < count ? base[position].isHidden : false
    }

    /// The `isDisabled` flag of `slot`, or false when the store has no such slot.
    func isDisabled(_ slot: SlotOperand) -> Bool {
        let position = Int(slot.rawValue)
        return position < count ? base[position].isDisabled : false
    }
}
