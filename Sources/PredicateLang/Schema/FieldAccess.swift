// FieldAccess: how the VM reads a field of a Swift value it holds a pointer to, without converting the
// value to a Value tree. A stored scalar (or array of scalars) of a struct is read in place at its byte
// offset; anything else (a computed property, a property of a class, a field behind an optional) is read
// by a closure the schema builder wrote with the types in hand; a collection of objects hands out its
// elements' addresses one at a time. Nested fields are reached by lifting the nested field's read
// through the field that holds it, once, when the predicate is compiled.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Swift types the VM reads in place.
package enum StoredKind: Sendable, Hashable {
    case bool, int, int32, int64, double, float, string, date
    indirect case optional(StoredKind)
    indirect case array(StoredKind)

    /// The schema type of a value of this kind.
    var schemaType: SchemaType {
        switch self {
        case .bool: .boolean
        case .int, .int32, .int64: .integer
        case .double, .float: .double
        case .string: .string
        case .date: .date
        case .optional(let wrapped): wrapped.schemaType.optional
        case .array(let element): .array(element.schemaType)
        }
    }
}

/// Reads one field from a pointer to the value that owns it.
package enum FieldRead: Sendable {
    /// A value of a ``StoredKind`` stored inline, `offset` bytes from the owner's address.
    case stored(offset: Int, kind: StoredKind)
    /// A value computed from the owner.
    case computed(@Sendable (UnsafeRawPointer) -> Value)
    /// A collection of objects, visited element by element.
    case objects(ObjectCollection)
}

/// A collection of objects (a `[Item]` field): its count and its elements' addresses.
package struct ObjectCollection: Sendable {
    /// The type of the elements.
    package let element: SchemaObject
    /// The number of elements, from the owner's address.
    package let count: @Sendable (UnsafeRawPointer) -> Int
    /// Calls `body` with each element's address in order until it answers true; answers whether it did.
    package let visit:
        @Sendable (UnsafeRawPointer, (UnsafeRawPointer) throws(EvaluationError) -> Bool) throws(EvaluationError) ->
            Bool
    /// The elements read in place, from the owner's address, when the array is stored in the owner (so its
    /// buffer lives as long as the owner); nil when the collection is computed.
    package let buffer: (@Sendable (UnsafeRawPointer) -> ElementBuffer)?
    /// The elements as values (for the general path), from the owner's address.
    package let values: @Sendable (UnsafeRawPointer) -> [Value]
}

/// The elements of an array read in place: the first element's address (nil when there is none), how many
/// there are and the distance between two. The addresses stay valid while the array does; the VM reads them
/// during one evaluation, while the evaluated value is borrowed.
package struct ElementBuffer {
    package let base: UnsafeRawPointer?
    package let count: Int
    package let stride: Int

    package init(base: UnsafeRawPointer?, count: Int, stride: Int) {
        self.base = base
        self.count = count
        self.stride = stride
    }

    /// The buffer of `array`, without copying it.
    @inline(__always)
    package init<T>(_ array: UnsafePointer<[T]>) {
        #if canImport(ObjectiveC)
            self = array.pointee.withUnsafeBufferPointer {
                ElementBuffer(base: UnsafeRawPointer($0.baseAddress), count: $0.count, stride: MemoryLayout<T>.stride)
            }
        #else
            // Without Objective-C bridging an array's storage is always contiguous: its base is read without
            // entering `withUnsafeBufferPointer`, which, unspecialized, retains the array around the closure.
            base = UnsafeRawPointer(array.pointee._baseAddressIfContiguous)
            count = array.pointee.count
            stride = MemoryLayout<T>.stride
        #endif
    }
}

/// The scalars the VM reads in place, as plain data (the quick tier's plans hold them).
package enum ScalarKind: UInt8, Sendable {
    case bool, int, int32, int64, double, float, string, date

    /// The elements of the `[kind]` array stored at `address`, in place.
    @inline(__always)
    package static func elements(_ kind: ScalarKind, inArrayAt address: UnsafeRawPointer) -> ElementBuffer {
        switch kind {
        case .bool: ElementBuffer(address.assumingMemoryBound(to: [Bool].self))
        case .int: ElementBuffer(address.assumingMemoryBound(to: [Int].self))
        case .int32: ElementBuffer(address.assumingMemoryBound(to: [Int32].self))
        case .int64: ElementBuffer(address.assumingMemoryBound(to: [Int64].self))
        case .double: ElementBuffer(address.assumingMemoryBound(to: [Double].self))
        case .float: ElementBuffer(address.assumingMemoryBound(to: [Float].self))
        case .string: ElementBuffer(address.assumingMemoryBound(to: [String].self))
        case .date: ElementBuffer(address.assumingMemoryBound(to: [Date].self))
        }
    }

    /// Whether the scalar is a number (integers, doubles, floats; booleans are not summed).
    package var isNumber: Bool {
        switch self {
        case .int, .int32, .int64, .double, .float: true
        case .bool, .string, .date: false
        }
    }
}

extension StoredKind {
    /// The scalar a value of this kind is, when it is one.
    package var scalar: ScalarKind? {
        switch self {
        case .bool: .bool
        case .int: .int
        case .int32: .int32
        case .int64: .int64
        case .double: .double
        case .float: .float
        case .string: .string
        case .date: .date
        case .optional, .array: nil
        }
    }
}

/// How a field of a Swift-type schema is read, and, for a nested object, how its own fields are reached.
package struct FieldAccess: Sendable {
    /// The field's own read.
    package let read: FieldRead
    /// For a nested object: turns a read relative to the nested object into one relative to the owner.
    package let lift: (@Sendable (FieldRead) -> FieldRead)?
}

extension FieldRead {
    /// The read moved `offset` bytes into the owner (the field holding the nested value is stored inline).
    func shifted(by offset: Int) -> FieldRead {
        switch self {
        case .stored(let inner, let kind):
            return .stored(offset: offset + inner, kind: kind)
        case .computed(let read):
            return .computed { owner in read(owner + offset) }
        case .objects(let collection):
            var shiftedBuffer: (@Sendable (UnsafeRawPointer) -> ElementBuffer)?
            if let buffer = collection.buffer {
                shiftedBuffer = { owner in buffer(owner + offset) }
            }
            return .objects(
                ObjectCollection(
                    element: collection.element, count: { owner in collection.count(owner + offset) },
                    visit: { (owner, body) throws(EvaluationError) -> Bool in try collection.visit(owner + offset, body)
                    }, buffer: shiftedBuffer, values: { owner in collection.values(owner + offset) }))
        }
    }

    /// The read made through a nested value the owner gives (by copy) with `get`; nil reads as null.
    func through(_ get: @escaping @Sendable (UnsafeRawPointer, (UnsafeRawPointer) -> Value) -> Value?) -> FieldRead {
        switch self {
        case .stored, .computed:
            let inner = self
            return .computed { owner in get(owner) { nested in inner.value(at: nested) } ?? .null }
        case .objects(let collection):
            return .computed { owner in
                get(owner) { nested in .array(collection.values(nested)) } ?? .null
            }
        }
    }

    /// The field as a value, read from the owner at `owner`.
    func value(at owner: UnsafeRawPointer) -> Value {
        switch self {
        case .stored(let offset, let kind): return StoredKind.value(kind, at: owner + offset)
        case .computed(let read): return read(owner)
        case .objects(let collection): return .array(collection.values(owner))
        }
    }
}

extension StoredKind {
    /// The value of kind `kind` stored at `address`.
    static func value(_ kind: StoredKind, at address: UnsafeRawPointer) -> Value {
        switch kind {
        case .bool: return .bool(address.load(as: Bool.self))
        case .int: return .int(Int64(address.load(as: Int.self)))
        case .int32: return .int(Int64(address.load(as: Int32.self)))
        case .int64: return .int(address.load(as: Int64.self))
        case .double: return .double(address.load(as: Double.self))
        case .float: return .double(Double(address.load(as: Float.self)))
        case .string: return .string(address.assumingMemoryBound(to: String.self).pointee)
        case .date: return .date(address.assumingMemoryBound(to: Date.self).pointee)
        case .optional(let wrapped): return optionalValue(wrapped, at: address)
        case .array(let element): return .array(arrayValues(element, at: address))
        }
    }

    private static func optionalValue(_ kind: StoredKind, at address: UnsafeRawPointer) -> Value {
        func read<T>(_ type: T.Type, _ make: (T) -> Value) -> Value {
            address.assumingMemoryBound(to: T?.self).pointee.map(make) ?? .null
        }
        switch kind {
        case .bool: return read(Bool.self) { .bool($0) }
        case .int: return read(Int.self) { .int(Int64($0)) }
        case .int32: return read(Int32.self) { .int(Int64($0)) }
        case .int64: return read(Int64.self) { .int($0) }
        case .double: return read(Double.self) { .double($0) }
        case .float: return read(Float.self) { .double(Double($0)) }
        case .string: return read(String.self) { .string($0) }
        case .date: return read(Date.self) { .date($0) }
        case .optional, .array: return .null
        }
    }

    private static func arrayValues(_ kind: StoredKind, at address: UnsafeRawPointer) -> [Value] {
        func read<T>(_ type: T.Type, _ make: (T) -> Value) -> [Value] {
            address.assumingMemoryBound(to: [T].self).pointee.map(make)
        }
        switch kind {
        case .bool: return read(Bool.self) { .bool($0) }
        case .int: return read(Int.self) { .int(Int64($0)) }
        case .int32: return read(Int32.self) { .int(Int64($0)) }
        case .int64: return read(Int64.self) { .int($0) }
        case .double: return read(Double.self) { .double($0) }
        case .float: return read(Float.self) { .double(Double($0)) }
        case .string: return read(String.self) { .string($0) }
        case .date: return read(Date.self) { .date($0) }
        case .optional, .array: return []
        }
    }
}
