// ValueDictionary: the members of a dictionary Value (an NSDictionary with string keys). Each key's hash is
// kept beside it, and hashes are the process's own (`String.hashValue`), not a per-dictionary seed as in
// Swift's Dictionary, so a compiled program hashes its constant keys once, when it is compiled, and looks
// them up in every dictionary it evaluates without hashing a string again.

/// The members of a dictionary ``Value``: string keys and their values, like an `NSDictionary`
/// with string keys.
///
/// It reads like a Swift `Dictionary` (`dictionary["name"]`, `count`, `keys`, iteration as
/// `(key:, value:)` pairs) and converts from and to one (`init(_:)`, ``dictionary``). Two differences:
/// iteration follows the order in which keys were first inserted (so output is stable), and each key's hash
/// is stored with it, so a compiled predicate looks its keys up without hashing them again. Keys compare as
/// Swift strings do (canonical equivalence); equality of two dictionaries ignores order.
public struct ValueDictionary: Sendable {
    /// One member: its value, its key and the key's hash (`key.hashValue`).
    struct Entry: Sendable {
        var value: Value
        var key: String
        var hash: Int
    }

    /// The members in insertion order.
    private(set) var entries: [Entry]
    /// For more than ``linearLimit`` members: an open-addressing table (linear probing) whose count is a
    /// power of two at least twice the members', holding each member's position plus one (0 is empty).
    /// Empty for small dictionaries, which compare the stored hashes in order instead.
    private var table: [Int32]

    /// Up to this many members, a lookup scans the stored hashes (cheaper than probing at that size).
    private static let linearLimit = 8

    /// An empty dictionary.
    public init() {
        entries = []
        table = []
    }

    /// The members of a Swift dictionary (in its iteration order).
    public init(_ dictionary: [String: Value]) {
        self.init()
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { self[key] = value }
    }

    /// The members of a sequence of pairs; a later pair replaces an earlier one with the same key (its
    /// position stays the first one's).
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, Value) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of members.
    public var count: Int { entries.count }

    /// Whether there are no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in insertion order.
    public var keys: [String] { entries.map(\.key) }

    /// The values, in the order of ``keys``.
    public var values: [Value] { entries.map(\.value) }

    /// The members as a Swift dictionary.
    public var dictionary: [String: Value] {
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(entries.count)
        for entry in entries { dictionary[entry.key] = entry.value }
        return dictionary
    }

    /// The value for `key`, or nil when there is none. Setting nil removes the member (O(n), see
    /// ``removeValue(forKey:)``); setting a value for a new key appends it.
    public subscript(key: String) -> Value? {
        get { value(forKey: key, hash: key.hashValue) }
        set { _ = replaceValue(forKey: key, with: newValue) }
    }

    /// Sets `key`'s value and returns the one it replaces, or nil when the key is new (it is then appended).
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        replaceValue(forKey: key, with: value)
    }

    /// Makes room for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// Removes `key`'s member and returns its value, or returns nil when there is none. O(n): the later
    /// members move up, keeping the insertion order.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? {
        replaceValue(forKey: key, with: nil)
    }

    /// Gives `key` the value `new` (nil removes its member) with one lookup; returns the value it had.
    private mutating func replaceValue(forKey key: String, with new: Value?) -> Value? {
        let hash = key.hashValue
        guard let position = position(of: key, hash: hash) else {
            guard let new else { return nil }
            entries.append(Entry(value: new, key: key, hash: hash))
            insertIntoTable(at: entries.count - 1)
            return nil
        }
        let old = entries[position].value
        if let new {
            entries[position].value = new
        } else {
            entries.remove(at: position)
            rebuildTable()
        }
        return old
    }

    /// The same keys with their values transformed, as a Swift dictionary (like `Dictionary.mapValues`).
    public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> [String: T] {
        var result: [String: T] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.key] = try transform(entry.value) }
        return result
    }

    /// The members that satisfy `isIncluded`, in the same order.
    public func filter(_ isIncluded: ((key: String, value: Value)) throws -> Bool) rethrows -> ValueDictionary {
        var result = self
        result.entries = try entries.filter { try isIncluded(($0.key, $0.value)) }
        result.rebuildTable()
        return result
    }

    // MARK: Lookup by a hash computed in advance

    /// The value for `key`, given `hash == key.hashValue` (a compiled program's keys carry theirs).
    @inline(__always)
    func value(forKey key: String, hash: Int) -> Value? {
        guard let position = position(of: key, hash: hash) else { return nil }
        return entries[position].value
    }

    /// Whether `other` has the same keys as this dictionary, each with a value `same` accepts, in any
    /// order: ``==`` with ``Value`` equality, ``Value/isIdentical(to:)`` with strict sameness.
    func hasSameMembers(as other: ValueDictionary, by same: (Value, Value) -> Bool) -> Bool {
        guard count == other.count else { return false }
        for entry in entries {
            guard let value = other.value(forKey: entry.key, hash: entry.hash), same(entry.value, value) else {
                return false
            }
        }
        return true
    }

    /// The position of `key`'s member, given `hash == key.hashValue` (a compiled program's keys carry
    /// theirs).
    @inline(__always)
    func position(of key: String, hash: Int) -> Int? {
        assert(hash == key.hashValue, "a key looked up with another key's hash")
        return entries.withUnsafeBufferPointer { entries in
            guard !table.isEmpty else {
                for position in entries.indices where entries[position].hash == hash && entries[position].key == key {
                    return position
                }
                return nil
            }
            return table.withUnsafeBufferPointer { table in
                let mask = table.count &- 1
                var bucket = hash & mask
                while true {
                    let stored = Int(table[bucket])
                    if stored == 0 { return nil }
                    let position = stored &- 1
                    if entries[position].hash == hash && entries[position].key == key { return position }
                    bucket = (bucket &+ 1) & mask
                }
            }
        }
    }

    /// Calls `body` with `key`'s value in place (nil when there is none), given `hash == key.hashValue`:
    /// nothing is copied or retained.
    @inline(__always)
    func withValue<Result>(
        forKey key: String, hash: Int, _ body: (UnsafePointer<Value>?) -> Result
    ) -> Result {
        guard let position = position(of: key, hash: hash) else { return body(nil) }
        return entries.withUnsafeBufferPointer { entries in
            guard let base = entries.baseAddress else { return body(nil) }
            // `value` is the entry's first stored property, so the entry's address is the value's.
            return body(UnsafeRawPointer(base + position).assumingMemoryBound(to: Value.self))
        }
    }

    // MARK: The table

    private mutating func insertIntoTable(at position: Int) {
        guard entries.count > Self.linearLimit else { return }
        guard table.count >= entries.count &* 2 else {
            rebuildTable()
            return
        }
        place(position)
    }

    private mutating func rebuildTable() {
        guard entries.count > Self.linearLimit else {
            table = []
            return
        }
        var size = 16
        while size < entries.count &* 2 { size &*= 2 }
        table = Array(repeating: 0, count: size)
        for position in entries.indices { place(position) }
    }

    private mutating func place(_ position: Int) {
        let mask = table.count &- 1
        var bucket = entries[position].hash & mask
        while table[bucket] != 0 { bucket = (bucket &+ 1) & mask }
        table[bucket] = Int32(truncatingIfNeeded: position &+ 1)
    }
}

// MARK: - Collection

extension ValueDictionary: RandomAccessCollection {
    /// A member: its key and its value.
    public typealias Element = (key: String, value: Value)

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(position: Int) -> (key: String, value: Value) {
        let entry = entries[position]
        return (entry.key, entry.value)
    }
}

// MARK: - Equality, hashing, literals, description

extension ValueDictionary: Hashable {
    /// Equal when both have the same keys with equal values (``Value`` equality), in any order.
    public static func == (lhs: ValueDictionary, rhs: ValueDictionary) -> Bool {
        lhs.hasSameMembers(as: rhs, by: ==)
    }

    /// Hashes the members regardless of their order, as equality ignores it.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for entry in entries {
            var member = Hasher()
            member.combine(entry.hash)
            member.combine(entry.value)
            combined ^= member.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}

extension ValueDictionary: ExpressibleByDictionaryLiteral {
    /// A dictionary literal; a later duplicate key replaces the earlier value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }
}

extension ValueDictionary: CustomStringConvertible {
    public var description: String { Value.dictionary(self).description }
}

extension Value {
    /// A dictionary value with the members of a Swift dictionary.
    public static func dictionary(_ members: [String: Value]) -> Value {
        .dictionary(ValueDictionary(members))
    }
}
