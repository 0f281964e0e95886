// Schema: the shape of the data a predicate reads — the type of the evaluated object (SELF) and of the
// `$variables` it may be given. Compiling against a schema checks every key path and comparison before
// anything runs; three sources build one: a Swift type (TypeSchema), a JSON Schema document and a form.

/// The shape of the data a predicate reads.
///
/// ```swift
/// let customer = SchemaObject(name: "Customer", fields: [SchemaField("name", .string), SchemaField("country", .string)])
/// let order = SchemaObject(name: "Order", fields: [
///     SchemaField("customer", .object(customer)), SchemaField("total", .double), SchemaField("tags", .array(.string)),
/// ])
/// let result = CompiledPredicate.compile("custmer.country == 'NZ'", schema: Schema(order))
/// // error: unknown key 'custmer' in Order; note: did you mean 'customer'?
/// ```
public struct Schema: Sendable {
    /// The type of the evaluated object.
    public var root: SchemaObject
    /// The types of the `$variables` a predicate may read; a variable not listed has type `any`.
    public var variables: [String: SchemaType]

    /// A schema whose evaluated objects are of type `root`.
    public init(_ root: SchemaObject, variables: [String: SchemaType] = [:]) {
        self.root = root
        self.variables = variables
    }
}
