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

/// How the quick tier reads a typed read: plain data the VM reads in place, so a leaf test copies nothing
/// (the read itself holds closures and class references). Built once per program, one per read.
struct QuickRead: Sendable {
    /// What the quick tier reads.
    enum Shape: UInt8, Sendable {
        /// Only the thorough tier answers this read.
        case none
        /// A scalar field stored in the object (`optional`: stored as an Optional).
        case scalar
        /// The elements of a stored array of scalars (under ANY or ALL).
        case scalarElements
        /// A stored scalar field of every element of an object collection stored in the object (ANY/ALL).
        case objectElements
        /// `@count` of a stored array of scalars.
        case scalarCount
        /// `@count` of an object collection.
        case objectCount
        /// `@sum`, `@avg`, `@min` or `@max` of a stored array of numbers.
        case scalarAggregate
        /// The same of a stored number field of every element of an object collection stored in the object.
        case objectAggregate
        /// A SUBQUERY count: the thorough tier runs it, stopping as soon as the answer is known.
        case countWhere
    }

    let shape: Shape
    let register: UInt8
    let scalar: ScalarKind
    let optional: Bool
    let aggregate: AggregateOperator
    /// The field's (or the stored array's) offset in the object.
    let offset: Int
    /// The scalar's offset in each element of an object collection.
    let elementOffset: Int
    /// The object collection, an index into ``Program/Storage/collections``; -1 for none.
    let collection: Int
    /// The block a SUBQUERY count runs.
    let block: Int

    private init(
        _ shape: Shape, register: UInt8, scalar: ScalarKind = .int, optional: Bool = false,
        aggregate: AggregateOperator = .sum, offset: Int = 0, elementOffset: Int = 0, collection: Int = -1,
        block: Int = 0
    ) {
        self.shape = shape
        self.register = register
        self.scalar = scalar
        self.optional = optional
        self.aggregate = aggregate
        self.offset = offset
        self.elementOffset = elementOffset
        self.collection = collection
        self.block = block
    }

    /// The plan for `read`; an object collection it reads is appended to `collections`.
    static func plan(for read: TypedRead, collections: inout [ObjectCollection]) -> QuickRead {
        func add(_ collection: ObjectCollection) -> Int {
            collections.append(collection)
            return collections.count - 1
        }
        switch read {
        case .field(let register, .stored(let offset, let kind)):
            if let scalar = kind.scalar {
                return QuickRead(.scalar, register: register, scalar: scalar, offset: offset)
            }
            if case .optional(let wrapped) = kind, let scalar = wrapped.scalar {
                return QuickRead(.scalar, register: register, scalar: scalar, optional: true, offset: offset)
            }
        case .elements(let register, .stored(let offset, .array(let kind)), nil):
            if let scalar = kind.scalar {
                return QuickRead(.scalarElements, register: register, scalar: scalar, offset: offset)
            }
        case .elements(let register, .objects(let collection), .stored(let offset, let kind)?):
            if collection.buffer != nil, let scalar = kind.scalar {
                return QuickRead(
                    .objectElements, register: register, scalar: scalar, elementOffset: offset,
                    collection: add(collection))
            }
        case .count(let register, .stored(let offset, .array(let kind))):
            if let scalar = kind.scalar {
                return QuickRead(.scalarCount, register: register, scalar: scalar, offset: offset)
            }
        case .count(let register, .objects(let collection)):
            return QuickRead(.objectCount, register: register, collection: add(collection))
        case .aggregate(let register, .stored(let offset, .array(let kind)), nil, let op):
            if let scalar = kind.scalar, scalar.isNumber {
                return QuickRead(.scalarAggregate, register: register, scalar: scalar, aggregate: op, offset: offset)
            }
        case .aggregate(let register, .objects(let collection), .stored(let offset, let kind)?, let op):
            if collection.buffer != nil, let scalar = kind.scalar, scalar.isNumber {
                return QuickRead(
                    .objectAggregate, register: register, scalar: scalar, aggregate: op, elementOffset: offset,
                    collection: add(collection))
            }
        case .countWhere(let register, let collection, let block):
            return QuickRead(.countWhere, register: register, collection: add(collection), block: block)
        default:
            break
        }
        return QuickRead(.none, register: read.register)
    }
}
