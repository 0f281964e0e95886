// The JSON Schema reader's diagnostics catalogue: a schema document that is not JSON, a value that is
// not a schema where one is expected, a keyword given the wrong kind of value, a type name or `$ref` it
// cannot resolve, schemas nested too deeply, and a root that is not an object. Ids start with `schema-`
// (and `invalid-json`), so they never collide with the predicate's.

extension DiagnosticMessage {
    /// The schema document is not valid JSON.
    public static func invalidJSON(_ message: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "invalid-json", text: "invalid JSON: \(message)")
    }

    /// A value where a schema is expected is neither an object nor a boolean.
    public static func notASchema(found: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "schema-not-a-schema", text: "a schema must be an object or a boolean, not \(found)")
    }

    /// A keyword whose value is of the wrong JSON kind (`properties` given an array).
    public static func schemaKeywordKind(_ keyword: String, _ expected: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(id: "schema-keyword-type", text: "'\(keyword)' must be \(expected), not \(found)")
    }

    /// A `type` name JSON Schema does not define.
    public static func schemaUnknownType(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "schema-unknown-type",
            text: "unknown type '\(name)'; expected array, boolean, integer, null, number, object or string")
    }

    /// A `$ref` that leaves the document (`other.json#/X`) or is not a JSON pointer (`#anchor`).
    public static func schemaUnsupportedReference(_ reference: String) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "schema-unsupported-ref",
            text: "'$ref' '\(reference)' is not a JSON pointer into this document ('#' or '#/' followed by keys)")
    }

    /// A `$ref` (or the requested root) whose JSON pointer reaches nothing: `parent` (a pointer) has no `key`.
    public static func schemaUnresolvedReference(_ reference: String, missing key: String, in parent: String)
        -> DiagnosticMessage
    {
        DiagnosticMessage(
            id: "schema-unresolved-ref", text: "'\(reference)' points at nothing: '\(parent)' has no '\(key)'")
    }

    /// `$ref`s that lead back to themselves without ever describing a value.
    public static func schemaReferenceCycle(_ chain: [String]) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "schema-ref-cycle",
            text: "'$ref' cycle that never describes a value: \(chain.joined(separator: " -> "))")
    }

    /// Schemas nested (through properties, items and `$ref`s) deeper than the reader follows.
    public static func schemaTooDeep(_ limit: Int) -> DiagnosticMessage {
        DiagnosticMessage(id: "schema-too-deep", text: "schemas nested more than \(limit) levels deep")
    }

    /// The root schema does not describe an object with properties.
    public static func schemaRootNotObject(found: String) -> DiagnosticMessage {
        DiagnosticMessage(
            id: "schema-root-not-object",
            text: "the root schema must describe an object with 'properties', not \(found)")
    }
}
