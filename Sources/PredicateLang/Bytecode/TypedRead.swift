// TypedRead: an operand of a program compiled against a Swift type's schema, resolved when the predicate
// is compiled: a field of an object the VM holds a pointer to (the evaluated object in register 0, a
// SUBQUERY element in a higher register), the elements of a collection field, its count or an aggregate of
// its elements, or the number of elements a block of the program holds for. The VM reads them in place
// (`matchRead`, `loadRead`), without building Value trees.

/// A read in ``Program/reads``.
package struct ReadIndex: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(_ rawValue: UInt16) { self.rawValue = rawValue }
    package var description: String { "r\(rawValue)" }
}

/// `@sum`, `@avg`, `@min` or `@max` of a collection's values.
package enum AggregateOperator: String, Sendable, Hashable {
    case sum = "@sum"
    case average = "@avg"
    case minimum = "@min"
    case maximum = "@max"
}

/// One resolved operand of a typed program.
package enum TypedRead: Sendable {
    /// A field of the object in `register`: a scalar, an array of scalars or a nested object.
    case field(register: UInt8, FieldRead)
    /// The object in `register` itself, as a value.
    case object(register: UInt8, SchemaObject)
    /// The values of a collection: a collection field of the object in `register`, or `element` read from
    /// every element of an object collection (`items.sku`).
    case elements(register: UInt8, collection: FieldRead, element: FieldRead?)
    /// `@count` of a collection field.
    case count(register: UInt8, collection: FieldRead)
    /// `@sum`, `@avg`, `@min` or `@max` of the values ``elements(register:collection:element:)`` reads.
    case aggregate(register: UInt8, collection: FieldRead, element: FieldRead?, AggregateOperator)
    /// `SUBQUERY(collection, $v, P).@count`: the elements of an object collection for which block `block`
    /// (the predicate `P`, with `$v` in register `register + 1`) holds.
    case countWhere(register: UInt8, collection: ObjectCollection, block: Int)

    /// The register the read starts from.
    var register: UInt8 {
        switch self {
        case .field(let register, _), .object(let register, _), .elements(let register, _, _),
            .count(let register, _), .aggregate(let register, _, _, _), .countWhere(let register, _, _):
            register
        }
    }

    /// A short description for listings.
    package var summary: String {
        switch self {
        case .field(let register, let read): "field \(Self.describe(read)) of o\(register)"
        case .object(let register, let object): "object o\(register) (\(object.name))"
        case .elements(let register, let collection, let element):
            "elements \(Self.describe(collection))\(element.map { " → " + Self.describe($0) } ?? "") of o\(register)"
        case .count(let register, let collection): "count \(Self.describe(collection)) of o\(register)"
        case .aggregate(let register, let collection, let element, let op):
            "\(op.rawValue) \(Self.describe(collection))\(element.map { " → " + Self.describe($0) } ?? "") of o\(register)"
        case .countWhere(let register, _, let block): "count where block \(block) of o\(register)"
        }
    }

    private static func describe(_ read: FieldRead) -> String {
        switch read {
        case .stored(let offset, let kind): "+\(offset) \(kind)"
        case .computed: "computed"
        case .objects(let collection): "[\(collection.element.name)]"
        }
    }
}
