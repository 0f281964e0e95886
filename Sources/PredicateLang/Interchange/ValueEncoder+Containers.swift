// ValueEncoder+Containers: the keyed, unkeyed and single-value containers of ValueEncoder. Each
// writes into an EncodingSlot; nested containers and super encoders get fresh slots.

extension Value {
    /// An unsigned integer as a value: `.int` while it fits in `Int64`, else `.double`.
    static func unsigned<T: UnsignedInteger & FixedWidthInteger>(_ integer: T) -> Value {
        if let exact = Int64(exactly: integer) { return .int(exact) }
        return .double(Double(integer))
    }
}

struct KeyedValueContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let context: EncodingContext
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    /// A fresh slot stored under `key` (replacing an earlier one, as JSONEncoder does).
    private func child(_ key: Key) -> EncodingSlot {
        let child = EncodingSlot()
        if case .dictionary(var slots) = slot.content {
            slot.content = .empty  // keep the dictionary uniquely referenced while mutating
            slots[key.stringValue] = child
            slot.content = .dictionary(slots)
        }
        return child
    }

    private func put(_ value: Value, _ key: Key) { child(key).content = .value(value) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.int(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.int(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.int(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.int(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.unsigned(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.unsigned(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.unsigned(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.unsigned(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.unsigned(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try context.encode(value, into: child(key), path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = child(key)
        nested.content = .dictionary([:])
        return KeyedEncodingContainer(
            KeyedValueContainer<NestedKey>(context: context, slot: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = child(key)
        nested.content = .array([])
        return UnkeyedValueContainer(context: context, slot: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = ValueCodingKey(stringValue: "super")
        let nested = EncodingSlot()
        if case .dictionary(var slots) = slot.content {
            slot.content = .empty
            slots[key.stringValue] = nested
            slot.content = .dictionary(slots)
        }
        return ValueEncodingCore(context: context, slot: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncodingCore(context: context, slot: child(key), codingPath: codingPath + [key])
    }
}

struct UnkeyedValueContainer: UnkeyedEncodingContainer {
    let context: EncodingContext
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let slots) = slot.content { return slots.count }
        return 0
    }

    /// A fresh slot appended to the array.
    private func append() -> EncodingSlot {
        let child = EncodingSlot()
        if case .array(var slots) = slot.content {
            slot.content = .empty
            slots.append(child)
            slot.content = .array(slots)
        }
        return child
    }

    private var nextKey: ValueCodingKey { ValueCodingKey(intValue: count) }
    private func put(_ value: Value) { append().content = .value(value) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(.double(value)) }
    mutating func encode(_ value: Float) throws { put(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { put(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.int(value)) }
    mutating func encode(_ value: UInt) throws { put(.unsigned(value)) }
    mutating func encode(_ value: UInt8) throws { put(.unsigned(value)) }
    mutating func encode(_ value: UInt16) throws { put(.unsigned(value)) }
    mutating func encode(_ value: UInt32) throws { put(.unsigned(value)) }
    mutating func encode(_ value: UInt64) throws { put(.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try context.encode(value, into: append(), path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let key = nextKey
        let nested = append()
        nested.content = .dictionary([:])
        return KeyedEncodingContainer(
            KeyedValueContainer<NestedKey>(context: context, slot: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = append()
        nested.content = .array([])
        return UnkeyedValueContainer(context: context, slot: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return ValueEncodingCore(context: context, slot: append(), codingPath: codingPath + [key])
    }
}

struct SingleValueContainer: SingleValueEncodingContainer {
    let context: EncodingContext
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    private func put(_ value: Value) throws {
        guard case .empty = slot.content else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Attempt to encode a second value through a single value container."))
        }
        slot.content = .value(value)
    }

    mutating func encodeNil() throws { try put(.null) }
    mutating func encode(_ value: Bool) throws { try put(.bool(value)) }
    mutating func encode(_ value: String) throws { try put(.string(value)) }
    mutating func encode(_ value: Double) throws { try put(.double(value)) }
    mutating func encode(_ value: Float) throws { try put(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { try put(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { try put(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { try put(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { try put(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { try put(.int(value)) }
    mutating func encode(_ value: UInt) throws { try put(.unsigned(value)) }
    mutating func encode(_ value: UInt8) throws { try put(.unsigned(value)) }
    mutating func encode(_ value: UInt16) throws { try put(.unsigned(value)) }
    mutating func encode(_ value: UInt32) throws { try put(.unsigned(value)) }
    mutating func encode(_ value: UInt64) throws { try put(.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard case .empty = slot.content else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Attempt to encode a second value through a single value container."))
        }
        try context.encode(value, into: slot, path: codingPath)
    }
}
