// SchemaObject: an object type of a schema — a name and its fields, looked up by name. A reference
// type so a schema can describe recursive data (a node whose children are nodes): a JSON Schema `$ref`
// back to an enclosing definition points at the same object. Its fields are set once, while the schema
// is built, and never change after.

/// An object type: its fields by name.
///
/// A recursive type — a field whose type leads back to its own object, as `Node.next: Node?` or a JSON
/// Schema `$ref` to an enclosing definition makes — is a cycle of strong references, so its objects stay
/// allocated for the life of the process once made (AddressSanitizer's leak checker reports them). Make
/// recursive schemas once and share them; a schema without recursion is freed with its last reference.
public final class SchemaObject: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The type's name, for diagnostics (`Order`, `Customer`, `#/definitions/Node`).
    public let name: String
    /// The fields, in the order they were declared. Written only while the schema is built (by
    /// `define(_:)`); that is why the class can be shared across threads.
    // Unchecked: written once while the schema is built, then only read; a checked access costs a
    // runtime call per look-up.
    @exclusivity(unchecked) public private(set) var fields: [SchemaField] = []
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    @exclusivity(unchecked) private var isDefined = false
    /// Whether every field's name is ASCII (a look-up then skips names of another length).
    @exclusivity(unchecked) private var fieldNamesAreASCII = false

    /// An object type whose fields are `fields`.
    public convenience init(name: String, fields: [SchemaField]) {
        self.init(name: name)
        define(fields)
    }

    /// An object type whose fields are given later, once, by ``define(_:)`` (for recursive types).
    init(name: String) {
        self.name = name
    }

    /// Sets the fields; a later call changes nothing. A repeated name keeps its first field.
    func define(_ fields: [SchemaField]) {
        guard !isDefined else { return }
        isDefined = true
        for field in fields where positions[field.name] == nil {
            positions[field.name] = self.fields.count
            self.fields.append(field)
        }
        fieldNamesAreASCII = KeyLookup.areASCII(self.fields.lazy.map(\.name))
    }

    /// The field called `name`, if the type has one.
    public func field(named name: String) -> SchemaField? {
        position(ofField: name).map { fields[$0] }
    }

    /// The type of the field called `name`, if the type has one (without copying the rest of the field).
    func fieldType(named name: String) -> SchemaType? {
        position(ofField: name).map { fields[$0].type }
    }

    /// Where the field called `name` is in ``fields``. A few fields are scanned: hashing the name costs
    /// more than comparing it with each.
    @inline(__always)
    func position(ofField name: String) -> Int? {
        guard fields.count <= Self.scannedFieldCount else { return positions[name] }
        return KeyLookup.index(of: name, count: fields.count, namesAreASCII: fieldNamesAreASCII) { fields[$0].name }
    }

    /// Up to how many fields a look-up scans them instead of hashing the name.
    private static let scannedFieldCount = 8

    public static func == (lhs: SchemaObject, rhs: SchemaObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
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
