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
    /// The types of further `$variables`, found by a look-up the schema's maker provides rather than listed in
    /// ``variables``: a form finds its tags in its own index, where a listing would hash every tag into a
    /// second table once per check and again at every look-up. Consulted after ``variables``.
    let variableLookUp: (@Sendable (String) -> SchemaType?)?

    /// A schema whose evaluated objects are of type `root`.
    public init(_ root: SchemaObject, variables: [String: SchemaType] = [:]) {
        self.root = root
        self.variables = variables
        variableLookUp = nil
    }

    /// A schema whose `$variables` have the types `lookUp` gives (nil: not known, type `any`).
    package init(_ root: SchemaObject, variableTypes lookUp: @escaping @Sendable (String) -> SchemaType?) {
        self.root = root
        variables = [:]
        variableLookUp = lookUp
    }

    /// The type of `$name`: listed in ``variables``, else given by the look-up; nil when neither knows it.
    package func variableType(named name: String) -> SchemaType? {
        if !variables.isEmpty, let type = variables[name] { return type }
        return variableLookUp?(name)
    }
}
