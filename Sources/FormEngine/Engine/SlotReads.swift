// SlotReads: the distinct (slot, property) reads of one condition, in first-seen order. Most form conditions
// read one value (`$age > 18`, `$t.@count = 0`), so one read is kept in place, packed into a word, and only a
// condition that reads more has an array: an array of its own was one allocation, and its release one free, per
// condition of a form's load. Packed in a word and an optional array, the reads copy as cheaply as the array
// did (a condition is copied several times while a form is built).

/// The reads of one condition: one in place, more in an array. A collection in first-seen order.
struct SlotReads: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// The one read, packed (``pack(_:)``), when it is the only one; 0 otherwise.
    private var single: UInt64 = 0
    /// Every read, when there are two or more (or one too large to pack).
    private var reads: [SlotRead]?

    /// No reads.
    init() {}

    init(arrayLiteral reads: SlotRead...) {
        for read in reads { append(read) }
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        if let reads { return reads.count }
        return single == 0 ? 0 : 1
    }

    subscript(position: Int) -> SlotRead {
        if let reads { return reads[position] }
        assert(position == 0 && single != 0, "a read past the end of a condition's reads")
        return Self.unpack(single)
    }

    /// Appends `read` (the caller keeps the reads distinct).
    mutating func append(_ read: SlotRead) {
        if reads == nil, single == 0, let packed = Self.pack(read) {
            single = packed
            return
        }
        var all = reads.take() ?? []
        if single != 0 {
            all.reserveCapacity(4)
            all.append(Self.unpack(single))
            single = 0
        }
        all.append(read)
        reads = all
    }

    /// Appends `read` unless it is there already.
    mutating func insert(_ read: SlotRead) {
        if reads == nil, let packed = Self.pack(read) {
            if single == packed { return }
            if single == 0 {
                single = packed
                return
            }
        } else if contains(read) {
            return
        }
        append(read)
    }

    /// `read` in one word: the slot's index plus one above the property's two bits (never 0), or nil for an
    /// index too large for that.
    private static func pack(_ read: SlotRead) -> UInt64? {
        guard read.slot.index >= 0, read.slot.index < 1 << 61 else { return nil }
        return (UInt64(read.slot.index) &+ 1) << 2 | UInt64(read.property.rawValue)
    }

    /// The read ``pack(_:)`` packed into `word`.
    private static func unpack(_ word: UInt64) -> SlotRead {
        SlotRead(
            slot: Slot(Int(truncatingIfNeeded: (word >> 2) &- 1)),
            property: ObservedProperty(rawValue: Int(word & 3)) ?? .value)
    }
}
