// SchemaObject: an object type of a schema — a name and its fields, looked up by name. A reference
// type so a schema can describe recursive data (a node whose children are nodes). Its fields are set
// once, while the schema is built, and never change after. A recursive type's reference back to an
// enclosing object (a JSON Schema `$ref` to a definition being read) is a back-reference: an object of
// its own that answers with the enclosing object's name and fields and equals it, but holds it weakly,
// so a recursive schema is not a cycle of strong references and is freed like any other.

/// An object type: its fields by name.
///
/// A recursive type — a JSON Schema `$ref` back to an enclosing definition, as a `Node` whose `next` is a
/// `Node` — reaches back to the enclosing object without keeping it alive: the root object of the
/// ``Schema`` read from the document keeps every such object, and they are freed with it. Keep the schema
/// (or its root) while you read types out of it: a type taken from a recursive schema whose root is gone
/// answers its own fields, but a reference back to an object no longer kept answers no fields. Compiled
/// predicates need the schema only while they are compiled.
public final class SchemaObject: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The type's name, for diagnostics (`Order`, `Customer`, `#/definitions/Node`).
    public let name: String
    /// The fields, in the order they were declared. Written only while the schema is built (by
    /// `define(_:)`); that is why the class can be shared across threads.
    public var fields: [SchemaField] { withDefiningObject { $0.definedFields } ?? [] }
    // Unchecked: written once while the schema is built, then only read; a checked access costs a
    // runtime call per look-up.
    @exclusivity(unchecked) private var definedFields: [SchemaField] = []
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    @exclusivity(unchecked) private var isDefined = false
    /// Whether every field's name is ASCII (a look-up then skips names of another length).
    @exclusivity(unchecked) private var fieldNamesAreASCII = false
    /// Whether this object stands for ``referent`` (a reference back to an enclosing object of a recursive
    /// type); tested before the weak reference is loaded, so other objects pay one comparison.
    private let isBackReference: Bool
    /// The object a back-reference stands for; nil for every other object, and once the object is freed.
    private weak var referent: SchemaObject?
    /// The objects of a recursive schema that back-references stand for, kept by the schema's root (a
    /// back-reference holds its object weakly). Set once, on the root, while the schema is built.
    @exclusivity(unchecked) private var keptObjects: [SchemaObject] = []

    /// An object type whose fields are `fields`.
    public convenience init(name: String, fields: [SchemaField]) {
        self.init(name: name)
        define(fields)
    }

    /// An object type whose fields are given later, once, by ``define(_:)`` (for recursive types).
    init(name: String) {
        self.name = name
        isBackReference = false
    }

    /// A reference back to `object` (a field of a recursive type): the same name, fields and identity
    /// (``==``, ``hash(into:)``), holding `object` (or the object `object` stands for) weakly. Whoever makes
    /// one keeps that object (see ``keep(_:)``).
    init(backReferenceTo object: SchemaObject) {
        name = object.name
        isBackReference = true
        referent = object.target
    }

    /// Keeps `objects` (except itself) alive as long as this object: the root of a recursive schema keeps the
    /// objects its back-references stand for. No cycle results: every strong reference between a schema's
    /// objects goes to an object read completely before the one holding it, and the root is read last.
    func keep(_ objects: [SchemaObject]) {
        keptObjects = objects.filter { $0 !== self }
    }

    /// The object a back-reference stands for (itself once that object is freed); any other object itself.
    /// Never a back-reference, so the look-ups below forward at most once.
    private var target: SchemaObject {
        guard isBackReference else { return self }
        return referent ?? self
    }

    /// Sets the fields; a later call changes nothing. A repeated name keeps its first field.
    func define(_ fields: [SchemaField]) {
        guard !isDefined else { return }
        isDefined = true
        for field in fields where positions[field.name] == nil {
            positions[field.name] = definedFields.count
            definedFields.append(field)
        }
        fieldNamesAreASCII = KeyLookup.areASCII(definedFields.lazy.map(\.name))
    }

    /// The field called `name`, if the type has one.
    public func field(named name: String) -> SchemaField? {
        withDefiningObject { object in object.definedPosition(ofField: name).map { object.definedFields[$0] } }
    }

    /// The type of the field called `name`, if the type has one (without copying the rest of the field).
    func fieldType(named name: String) -> SchemaType? {
        withFieldType(named: name) { copy $0 }
    }

    /// Whether a field has an accessor (the schema describes a Swift type, whose values are read in place).
    var hasFieldAccessors: Bool {
        withDefiningObject { $0.definedFields.contains { $0.accessor != nil } } ?? false
    }

    /// `body` applied to the type of the field called `name` where the object keeps it (without copying the
    /// fields or the type); nil when the type has no such field.
    @inline(__always)
    func withFieldType<Result>(named name: String, _ body: (borrowing SchemaType) -> Result) -> Result? {
        withDefiningObject { object in
            object.definedPosition(ofField: name).map { body(object.definedFields[$0].type) }
        }
    }

    /// `body` applied to the object whose fields this one has: itself, or the object a back-reference stands for
    /// (nil once that object is freed). Passed to `body` rather than returned, so that other objects are not
    /// retained for it; the one place a look-up forwards.
    @inline(__always)
    private func withDefiningObject<Result>(_ body: (SchemaObject) -> Result?) -> Result? {
        guard isBackReference else { return body(self) }
        guard let object = referent else { return nil }
        return body(object)
    }

    /// Where the field called `name` is in this object's own fields (a back-reference has none). A few
    /// fields are scanned: hashing the name costs more than comparing it with each.
    @inline(__always)
    private func definedPosition(ofField name: String) -> Int? {
        guard definedFields.count <= Self.scannedFieldCount else { return positions[name] }
        return KeyLookup.index(of: name, count: definedFields.count, namesAreASCII: fieldNamesAreASCII) {
            definedFields[$0].name
        }
    }

    /// Up to how many fields a look-up scans them instead of hashing the name.
    private static let scannedFieldCount = 8

    public static func == (lhs: SchemaObject, rhs: SchemaObject) -> Bool {
        lhs === rhs || (lhs.isBackReference || rhs.isBackReference) && lhs.target === rhs.target
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(target)) }
    public var description: String { name }
}

/// One field of an object type.
public struct SchemaField: Sendable {
    /// The key a predicate uses (`customer`, `createdAt`).
    public let name: String
    /// The field's type.
    public let type: SchemaType
    /// How to read the field from a Swift value of the owning type, for schemas built from Swift types;
    /// nil for schemas of dictionaries (JSON Schema, forms), whose fields are read by key.
    let accessor: FieldAccess?

    /// A field of a schema whose data are dictionaries (read by key).
    public init(_ name: String, _ type: SchemaType) {
        self.init(name: name, type: type, accessor: nil)
    }

    init(name: String, type: SchemaType, accessor: FieldAccess?) {
        self.name = name
        self.type = type
        self.accessor = accessor
    }
}
