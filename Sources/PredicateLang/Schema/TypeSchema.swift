// TypeSchema: a schema for a Swift type, declared with key paths in plain Swift (a result builder, no
// macros). Each field records its type, checked by the Swift compiler through the key path's value type,
// and how the VM reads it from a value of the type without converting it: in place at the stored
// property's offset when the type lays it out inline, through the key path otherwise.

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The schema of a Swift type: which keys a predicate may read from it and how.
///
/// ```swift
/// struct Customer { var name: String; var country: String }
/// struct Item { var sku: String; var qty: Int; var price: Double }
/// struct Order { var customer: Customer; var items: [Item]; var total: Double; var createdAt: Date; var tags: [String] }
///
/// let orderSchema = TypeSchema<Order> {
///     Field("customer", \.customer) {
///         Field("name", \.name)
///         Field("country", \.country)
///     }
///     Field("items", \.items) {
///         Field("sku", \.sku)
///         Field("qty", \.qty)
///         Field("price", \.price)
///     }
///     Field("total", \.total)
///     Field("createdAt", \.createdAt)
///     Field("tags", \.tags)
/// }
/// let bigNZ = try TypedPredicate("customer.country == 'NZ' AND total > 100", schema: orderSchema)
/// let matching = try bigNZ.filter(orders)
/// ```
///
/// A field whose key path's value type is not one the schema knows does not compile: scalars are
/// ``SchemaScalar`` types (`Bool`, `Int`, `Int32`, `Int64`, `Double`, `Float`, `String`, `Date`), alone,
/// optional, in an array or in a set; a nested type is given its own fields (or a ``TypeSchema`` of its own).
public struct TypeSchema<Root>: Sendable {
    /// The schema, as every compiler entry point takes it.
    public let schema: Schema

    /// A schema for `Root` with `fields`. `name` is what diagnostics call the type; `variables` gives the
    /// types of the `$variables` predicates may read.
    public init(
        name: String = String(describing: Root.self), variables: [String: SchemaType] = [:],
        @FieldBuilder<Root> fields: () -> [Field<Root>]
    ) {
        schema = Schema(Self.object(named: name, fields()), variables: variables)
    }

    /// The object type of `fields`.
    static func object(named name: String, _ fields: [Field<Root>]) -> SchemaObject {
        SchemaObject(
            name: name, fields: fields.map { SchemaField(name: $0.name, type: $0.type, accessor: $0.access) })
    }
}

/// Builds the field list of a ``TypeSchema``.
@resultBuilder
public enum FieldBuilder<Root> {
    public static func buildExpression(_ field: Field<Root>) -> [Field<Root>] { [field] }
    public static func buildBlock(_ parts: [Field<Root>]...) -> [Field<Root>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Field<Root>]?) -> [Field<Root>] { part ?? [] }
    public static func buildEither(first part: [Field<Root>]) -> [Field<Root>] { part }
    public static func buildEither(second part: [Field<Root>]) -> [Field<Root>] { part }
    public static func buildArray(_ parts: [[Field<Root>]]) -> [Field<Root>] { parts.flatMap { $0 } }
}

/// A Swift type a schema reads as a scalar. Only the library's conformances exist: `Bool`, `Int`,
/// `Int32`, `Int64`, `Double`, `Float`, `String` and `Date`.
public protocol SchemaScalar: Sendable {
    /// How the library reads the type.
    static var schemaScalarKind: SchemaScalarKind { get }
}

/// How the library reads a ``SchemaScalar`` type (made only by the library).
public struct SchemaScalarKind: Sendable {
    let kind: StoredKind
}

extension Bool: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .bool) } }
extension Int: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .int) } }
extension Int32: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .int32) } }
extension Int64: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .int64) } }
extension Double: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .double) } }
extension Float: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .float) } }
extension String: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .string) } }
extension Date: SchemaScalar { public static var schemaScalarKind: SchemaScalarKind { .init(kind: .date) } }

/// One field of a ``TypeSchema``: the key predicates use and the key path it reads.
public struct Field<Root>: Sendable {
    let name: String
    let type: SchemaType
    let access: FieldAccess

    /// A scalar.
    public init<V: SchemaScalar>(_ name: String, _ path: any KeyPath<Root, V> & Sendable) {
        self.init(name, path, kind: V.schemaScalarKind.kind)
    }

    /// A scalar that may be nil.
    public init<V: SchemaScalar>(_ name: String, _ path: any KeyPath<Root, V?> & Sendable) {
        self.init(name, path, kind: .optional(V.schemaScalarKind.kind))
    }

    /// An array of scalars.
    public init<V: SchemaScalar>(_ name: String, _ path: any KeyPath<Root, [V]> & Sendable) {
        self.init(name, path, kind: .array(V.schemaScalarKind.kind))
    }

    /// A set of scalars.
    public init<V: SchemaScalar & Hashable>(_ name: String, _ path: any KeyPath<Root, Set<V>> & Sendable) {
        let kind = V.schemaScalarKind.kind
        self.name = name
        type = .set(kind.schemaType)
        access = FieldAccess(
            read: .computed { owner in
                let elements = owner.assumingMemoryBound(to: Root.self).pointee[keyPath: path]
                return .set(ValueSet(elements.map { Self.scalarValue($0, kind) }))
            }, lift: nil)
    }

    /// A nested value of a type with its own fields.
    public init<N>(_ name: String, _ path: any KeyPath<Root, N> & Sendable, @FieldBuilder<N> fields: () -> [Field<N>]) {
        self.init(name, path, schema: TypeSchema<N>(fields: fields))
    }

    /// A nested value that may be nil, of a type with its own fields.
    public init<N>(_ name: String, _ path: any KeyPath<Root, N?> & Sendable, @FieldBuilder<N> fields: () -> [Field<N>])
    {
        self.init(name, path, schema: TypeSchema<N>(fields: fields))
    }

    /// An array of values of a type with its own fields.
    public init<N>(_ name: String, _ path: any KeyPath<Root, [N]> & Sendable, @FieldBuilder<N> fields: () -> [Field<N>])
    {
        self.init(name, path, schema: TypeSchema<N>(fields: fields))
    }

    /// A nested value described by a schema of its own.
    public init<N>(_ name: String, _ path: any KeyPath<Root, N> & Sendable, schema: TypeSchema<N>) {
        self.name = name
        let object = schema.schema.root
        type = .object(object)
        let lift: @Sendable (FieldRead) -> FieldRead
        if let offset = MemoryLayout<Root>.offset(of: path) {
            lift = { $0.shifted(by: offset) }
        } else {
            lift = { read in
                read.through { owner, body in
                    withUnsafePointer(to: owner.assumingMemoryBound(to: Root.self).pointee[keyPath: path]) {
                        body(UnsafeRawPointer($0))
                    }
                }
            }
        }
        access = FieldAccess(read: .computed { owner in object.value(at: owner, through: lift) }, lift: lift)
    }

    /// A nested value that may be nil, described by a schema of its own.
    public init<N>(_ name: String, _ path: any KeyPath<Root, N?> & Sendable, schema: TypeSchema<N>) {
        self.name = name
        let object = schema.schema.root
        type = .optional(.object(object))
        let lift: @Sendable (FieldRead) -> FieldRead = { read in
            read.through { owner, body in
                guard let nested = owner.assumingMemoryBound(to: Root.self).pointee[keyPath: path] else { return nil }
                return withUnsafePointer(to: nested) { body(UnsafeRawPointer($0)) }
            }
        }
        access = FieldAccess(
            read: .computed { owner in
                owner.assumingMemoryBound(to: Root.self).pointee[keyPath: path] == nil
                    ? .null : object.value(at: owner, through: lift)
            }, lift: lift)
    }

    /// An array of values described by a schema of their own.
    public init<N>(_ name: String, _ path: any KeyPath<Root, [N]> & Sendable, schema: TypeSchema<N>) {
        self.name = name
        let object = schema.schema.root
        type = .array(.object(object))
        let array: @Sendable (UnsafeRawPointer) -> [N]
        let buffer: (@Sendable (UnsafeRawPointer) -> ElementBuffer)?
        if let offset = MemoryLayout<Root>.offset(of: path) {
            array = { owner in (owner + offset).assumingMemoryBound(to: [N].self).pointee }
            buffer = { owner in ElementBuffer((owner + offset).assumingMemoryBound(to: [N].self)) }
        } else {
            array = { owner in owner.assumingMemoryBound(to: Root.self).pointee[keyPath: path] }
            buffer = nil
        }
        let collection = ObjectCollection(
            element: object, count: { array($0).count },
            visit: { (owner, body) throws(EvaluationError) -> Bool in
                try array(owner).withUnsafeBufferPointer { (elements) throws(EvaluationError) -> Bool in
                    guard let base = elements.baseAddress else { return false }
                    for index in elements.indices where try body(UnsafeRawPointer(base + index)) { return true }
                    return false
                }
            },
            buffer: buffer,
            values: { owner in
                array(owner).map { element in withUnsafePointer(to: element) { object.value(at: UnsafeRawPointer($0)) }
                }
            })
        access = FieldAccess(read: .objects(collection), lift: nil)
    }

    /// A scalar, optional scalar or array of scalars of kind `kind` at `path`.
    private init<V>(_ name: String, _ path: any KeyPath<Root, V> & Sendable, kind: StoredKind) {
        self.name = name
        type = kind.schemaType
        if let offset = MemoryLayout<Root>.offset(of: path) {
            access = FieldAccess(read: .stored(offset: offset, kind: kind), lift: nil)
        } else {
            access = FieldAccess(
                read: .computed { owner in
                    withUnsafePointer(to: owner.assumingMemoryBound(to: Root.self).pointee[keyPath: path]) {
                        StoredKind.value(kind, at: UnsafeRawPointer($0))
                    }
                }, lift: nil)
        }
    }

    private static func scalarValue<V>(_ element: V, _ kind: StoredKind) -> Value {
        withUnsafePointer(to: element) { StoredKind.value(kind, at: UnsafeRawPointer($0)) }
    }
}

extension SchemaObject {
    /// The object at `address` (a Swift value of this schema's type) as a dictionary value, reading every
    /// field; `lift` first moves each field's read to where the object is held (nil: it is at `address`).
    func value(at address: UnsafeRawPointer, through lift: (@Sendable (FieldRead) -> FieldRead)? = nil) -> Value {
        var dictionary = ValueDictionary()
        for field in fields {
            guard let access = field.accessor else { continue }
            let read = lift.map { $0(access.read) } ?? access.read
            dictionary[field.name] = read.value(at: address)
        }
        return .dictionary(dictionary)
    }
}
