// Schemas and JSON: a Schema read from a JSON Schema document (JSONSchemaReader does the reading), the
// error that reports what is wrong with one, and JSON values read through a schema (conformed to it, so
// date-time strings are dates and numbers the declared kind).

/// Why a JSON Schema document could not be read as a ``Schema``: every problem found, each an error
/// positioned in the document, rendered like the compiler's diagnostics.
///
/// ```
/// orders.schema.json:4:31: error: unknown type 'strng'; expected array, boolean, integer, null, number, object or string
///     "name": { "type": "strng" },
///                       ^~~~~~~
/// orders.schema.json:4:32: note: did you mean 'string'?
/// ```
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// The problems, each with its range in ``source``.
    public var diagnostics: [Diagnostic]
    /// The schema document.
    public var source: SourceText

    public init(diagnostics: [Diagnostic], source: SourceText) {
        self.diagnostics = diagnostics
        self.source = source
    }

    /// The diagnostics as ``DiagnosticRenderer`` prints them: `name:line:column: error: message`, the line
    /// and a caret under the problem.
    public var description: String { DiagnosticRenderer(source: source).render(diagnostics) }
}

extension Schema {
    /// Reads a JSON Schema document, the subset OpenAPI files use; the evaluated object's type is the
    /// object schema at `root` (a JSON pointer: `#` for the whole document, or
    /// `#/components/schemas/Order` to pick one schema of an OpenAPI file).
    ///
    /// | JSON Schema | Schema type |
    /// |---|---|
    /// | `"type": "object"` with `properties` | an object with those fields; a property not listed in `required` is optional |
    /// | `"type": "object"` without `properties` | a dictionary of the `additionalProperties` schema's type (`any` when absent or `true`); `additionalProperties: false` is an object with no fields |
    /// | `"type": "array"`, `items` | an array of the `items` type (`any` without `items`) |
    /// | `"integer"` / `"number"` / `"boolean"` | integer / double / boolean (`["integer", "number"]`: double) |
    /// | `"string"` | string; with `format: date-time` or `format: date`, a date |
    /// | `"null"` in a `type` array, `nullable: true` | optional |
    /// | `$ref` to `#`, `#/definitions/X`, `#/$defs/X`, `#/components/schemas/X` or any other pointer into the document | the type there; a reference back to an enclosing object stands for that same object (recursive types) |
    /// | `allOf` / `anyOf` / `oneOf` | the one schema listed besides `{"type": "null"}` (optional when `anyOf`/`oneOf` lists that too); several: `any` |
    ///
    /// Without `type`, `properties` or `additionalProperties` mean an object and `items` an array; a
    /// schema that says none of these (`{}`, `true`, only `enum`) is `any`, and nothing read through it is
    /// checked. Several types (`["string", "integer"]`) are `any` as well. Keywords that constrain values
    /// without changing their type (`enum`, `const`, `minimum`, `pattern`, `uniqueItems`, other `format`s …)
    /// and keywords this reader does not know are ignored, as JSON Schema validators ignore unknown
    /// keywords; so are `additionalProperties` beside `properties` (a key not listed is unknown — that is
    /// what checking against the schema is for) and the siblings of a `$ref` other than `nullable`.
    /// Only schemas reachable from `root` are read.
    ///
    /// Names in diagnostics are the object's `title`, else its name under `definitions`, `$defs` or
    /// `components/schemas`, else its JSON pointer. `variables` gives the types of `$variables`.
    ///
    /// A `$ref` back to an enclosing object is a back-reference that equals it and answers its fields but
    /// does not keep it (see ``SchemaObject``): the root object keeps those objects, and a recursive schema
    /// is freed with its root like any other.
    ///
    /// - Throws: ``SchemaError`` with every problem found, positioned in the document: JSON that does
    ///   not parse, a keyword with the wrong kind of value, an unknown type name, a `$ref` that leaves
    ///   the document, reaches nothing or only leads to itself, schemas nested more than 64 levels
    ///   deep, and a root that is not an object with `properties`.
    public init(
        jsonSchema text: String, sourceName: String = "<schema>", root: String = "#",
        variables: [String: SchemaType] = [:], limits: JSONLimits = .default
    ) throws(SchemaError) {
        let source = SourceText(text, name: sourceName)
        let document: JSONNode
        do throws(JSONError) {
            document = try JSONParser.parse(text, limits: limits)
        } catch {
            throw SchemaError(
                diagnostics: [.error(.invalidJSON(error.message), at: .empty(at: error.offset))], source: source)
        }
        var reader = JSONSchemaReader(document: document, source: source)
        let object = reader.rootObject(at: root)
        guard let object, reader.diagnostics.isEmpty else {
            throw SchemaError(diagnostics: reader.diagnostics, source: source)
        }
        object.keep(reader.recursiveObjects)
        self.init(object, variables: variables)
    }

    /// `value` conformed to the root type: see ``SchemaType/conform(_:)``.
    public func conform(_ value: Value) -> Value {
        SchemaType.object(root).conform(value)
    }
}

extension JSONSchemaReader {
    /// The object type of the schema at `pointer`; nil (with a diagnostic) when there is none.
    mutating func rootObject(at pointer: String) -> SchemaObject? {
        let node: JSONNode
        let canonical: String
        switch locate(pointer) {
        case .found(let found, let spelled):
            (node, canonical) = (found, spelled)
        case .missing(let tokens, let index, let keys):
            var message = DiagnosticMessage.schemaUnresolvedReference(
                pointer, missing: tokens[index], in: Self.pointer(Array(tokens[..<index])))
            if let suggestion = Suggestion.closest(to: tokens[index], among: keys) {
                message.text += "; did you mean '\(suggestion)'?"
            }
            report(message, at: .empty(at: 0))
            return nil
        case .unsupported:
            report(.schemaUnsupportedReference(pointer), at: .empty(at: 0))
            return nil
        }
        let type = type(of: node, at: canonical)
        if case .object(let object) = type.nonOptional { return object }
        if diagnostics.isEmpty {
            let found = type.isAny ? "a schema that allows any value" : Self.article(type.nonOptional.description)
            report(.schemaRootNotObject(found: found), at: node["type"]?.range ?? node.range)
        }
        return nil
    }
}

extension TypedJSON {
    /// Parses typed JSON and conforms the value to `schema` (``Schema/conform(_:)``): date-time strings
    /// of date fields become dates, numbers the kind their field declares.
    ///
    /// - Throws: ``JSONError`` with the position of the syntax error or of the bad wrapper.
    public static func parse(
        _ text: String, conformingTo schema: Schema, limits: JSONLimits = .default
    ) throws(JSONError) -> Value {
        schema.conform(try parse(text, limits: limits))
    }

    /// Parses one line of typed JSON given as UTF-8 bytes and conforms the value to `schema`.
    ///
    /// - Throws: ``JSONError`` with the position of the syntax error or of the bad wrapper.
    public static func parse(
        utf8 bytes: ArraySlice<UInt8>, conformingTo schema: Schema, limits: JSONLimits = .default
    ) throws(JSONError) -> Value {
        schema.conform(try parse(utf8: bytes, limits: limits))
    }
}
