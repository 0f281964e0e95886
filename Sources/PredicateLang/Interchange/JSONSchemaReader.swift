// JSONSchemaReader: builds a Schema from a JSON Schema document, the subset OpenAPI files use — `type`,
// `properties`, `required`, `items`, `additionalProperties`, `format: date-time`/`date`, `nullable`,
// local `$ref`s, and `allOf`/`anyOf`/`oneOf` of one schema. It walks the positioned JSON tree, so every
// problem is a diagnostic at the keyword or value that caused it. Each schema node is read once (by its
// JSON pointer), and nesting, `$ref`s included, is bounded by `maxDepth`.

/// Reads the types of a JSON Schema document's schemas.
struct JSONSchemaReader {
    /// The deepest nesting of schemas followed (each `properties` member, `items`, `additionalProperties`,
    /// combinator alternative and `$ref` is a level).
    static let maxDepth = 64

    /// The whole document (`$ref`s are resolved from its root).
    let document: JSONNode
    /// The document's text, for did-you-mean fix-its on `$ref` strings.
    let source: SourceText
    /// The problems found, all errors.
    var diagnostics: [Diagnostic] = []
    /// The type of every schema node read, by JSON pointer.
    private var resolved: [String: SchemaType] = [:]
    /// The object types whose fields are being read, by JSON pointer, and whether each is nullable: a `$ref`
    /// back to one of them (a recursive type) gets a back-reference to it (``SchemaObject``), so that the
    /// schema is not a cycle of strong references.
    private var pending: [String: (object: SchemaObject, nullable: Bool)] = [:]
    /// The objects back-references stand for, each once: the root object keeps them (a back-reference does
    /// not).
    private(set) var recursiveObjects: [SchemaObject] = []
    /// The schema nodes being read, outermost first, and whether each is a `$ref`.
    private var stack: [(pointer: String, isReference: Bool)] = []
    private var reportedDepth = false

    init(document: JSONNode, source: SourceText) {
        self.document = document
        self.source = source
    }

    // MARK: Schema nodes

    /// The type `node`, the schema at `pointer`, describes.
    mutating func type(of node: JSONNode, at pointer: String) -> SchemaType {
        if let type = resolved[pointer] { return type }
        if let (object, nullable) = pending[pointer] { return backReference(to: object, nullable: nullable) }
        if let start = stack.firstIndex(where: { $0.pointer == pointer }) {
            // A cycle no object breaks: `$ref`s alone are an error; through arrays or dictionaries it is a
            // type SchemaType cannot write (an array of arrays of …), read as `any`.
            if stack[start...].allSatisfy(\.isReference) {
                report(.schemaReferenceCycle(stack[start...].map(\.pointer) + [pointer]), at: referenceRange(of: node))
            }
            return .any
        }
        guard stack.count < Self.maxDepth else {
            if !reportedDepth { report(.schemaTooDeep(Self.maxDepth), at: node.range) }
            reportedDepth = true
            return .any
        }
        stack.append((pointer, node.member("$ref") != nil))
        defer { stack.removeLast() }
        let type = schemaType(of: node, at: pointer)
        resolved[pointer] = type
        return type
    }

    private mutating func schemaType(of node: JSONNode, at pointer: String) -> SchemaType {
        guard case .object = node else {
            // `true` accepts every value and `false` none: neither says what a value is.
            if case .bool = node { return .any }
            report(.notASchema(found: Self.article(node.kindName)), at: node.range)
            return .any
        }
        let declared = declaredTypes(of: node)
        let nullable = flag("nullable", of: node) || declared?.allowsNull == true
        let required = requiredNames(of: node)
        let type: SchemaType
        if let reference = node.member("$ref") {
            type = referencedType(reference.value)
        } else if let declared {
            type = self.type(ofKinds: declared.kinds, node, at: pointer, nullable: nullable, required: required)
        } else if node.member("properties") != nil || node.member("additionalProperties") != nil {
            type = objectType(node, at: pointer, nullable: nullable, required: required)
        } else if node.member("items") != nil {
            type = arrayType(node, at: pointer)
        } else {
            type = combinedType(node, at: pointer)
        }
        return nullable ? type.optional : type
    }

    // MARK: Types

    /// The names a `type` keyword lists (without `null`), and whether it allows `null`; nil without one.
    private mutating func declaredTypes(of node: JSONNode) -> (kinds: [String], allowsNull: Bool)? {
        guard let value = node["type"] else { return nil }
        var names: [(String, SourceRange)] = []
        switch value {
        case .string(let name, let range):
            names = [(name, range)]
        case .array(let elements, _) where !elements.isEmpty:
            for element in elements {
                guard case .string(let name, let range) = element else {
                    report(
                        .schemaKeywordKind(
                            "type", "an array of type names",
                            found: "an array holding " + Self.article(element.kindName)), at: element.range)
                    continue
                }
                names.append((name, range))
            }
        default:
            let found = value.arrayValue != nil ? "an empty array" : Self.article(value.kindName)
            report(
                .schemaKeywordKind("type", "a type name or a non-empty array of type names", found: found),
                at: value.range)
            return ([], false)
        }
        var kinds: [String] = []
        var allowsNull = false
        for (name, range) in names {
            if name == "null" {
                allowsNull = true
            } else if Self.typeNames.contains(name) {
                if !kinds.contains(name) { kinds.append(name) }
            } else {
                let inner = SourceRange(range.lowerBound + 1, range.upperBound - 1)
                reportWithSuggestion(
                    .schemaUnknownType(name), at: range,
                    suggestion: Suggestion.closest(to: name, among: Self.typeNames + ["null"]),
                    replacing: source.slice(inner) == name ? inner : nil)
            }
        }
        return (kinds, allowsNull)
    }

    /// The type names JSON Schema defines, `null` aside.
    static let typeNames = ["array", "boolean", "integer", "number", "object", "string"]

    /// The type of a `type` keyword's kinds: one kind, or `integer` with `number` (a double); several
    /// other kinds are `any`.
    private mutating func type(
        ofKinds kinds: [String], _ node: JSONNode, at pointer: String, nullable: Bool, required: Set<String>
    ) -> SchemaType {
        if Set(kinds) == ["integer", "number"] { return .double }
        guard kinds.count == 1 else { return .any }
        switch kinds[0] {
        case "boolean": return .boolean
        case "integer": return .integer
        case "number": return .double
        case "string": return stringType(node)
        case "array": return arrayType(node, at: pointer)
        default: return objectType(node, at: pointer, nullable: nullable, required: required)
        }
    }

    /// A string, or a date when its `format` is `date-time` or `date`.
    private mutating func stringType(_ node: JSONNode) -> SchemaType {
        guard let format = node["format"] else { return .string }
        guard let name = format.stringValue else {
            report(.schemaKeywordKind("format", "a string", found: Self.article(format.kindName)), at: format.range)
            return .string
        }
        return name == "date-time" || name == "date" ? .date : .string
    }

    /// An array of the `items` schema's type (`any` without one, or for a list of schemas that differ).
    private mutating func arrayType(_ node: JSONNode, at pointer: String) -> SchemaType {
        guard let items = node["items"] else { return .array(.any) }
        switch items {
        case .object, .bool:
            return .array(type(of: items, at: pointer + "/items"))
        case .array(let schemas, _):
            let types = schemas.indices.map { type(of: schemas[$0], at: pointer + "/items/\($0)") }
            return .array(Set(types).count == 1 ? types[0] : .any)
        default:
            report(
                .schemaKeywordKind("items", "a schema or an array of schemas", found: Self.article(items.kindName)),
                at: items.range)
            return .array(.any)
        }
    }

    /// An object with the listed `properties` (those not in `required` optional); without `properties`, a
    /// dictionary of the `additionalProperties` schema's type (`any` when absent or `true`), or an object
    /// with no fields for `additionalProperties: false`.
    private mutating func objectType(
        _ node: JSONNode, at pointer: String, nullable: Bool, required: Set<String>
    ) -> SchemaType {
        guard let properties = node["properties"] else { return dictionaryType(node, at: pointer) }
        guard case .object(let members, _) = properties else {
            report(
                .schemaKeywordKind("properties", "an object", found: Self.article(properties.kindName)),
                at: properties.range)
            return .dictionary(.any)
        }
        let object = SchemaObject(name: objectName(node, at: pointer))
        pending[pointer] = (object, nullable)
        defer { pending[pointer] = nil }
        var fields: [SchemaField] = []
        for member in members {
            let type = type(of: member.value, at: pointer + "/properties/" + Self.escape(member.key))
            fields.append(SchemaField(member.key, required.contains(member.key) ? type : type.optional))
        }
        object.define(fields)
        return .object(object)
    }

    /// The type of a `$ref` back to `object`, whose fields are being read: a back-reference to it, and
    /// `object` recorded for the root to keep.
    private mutating func backReference(to object: SchemaObject, nullable: Bool) -> SchemaType {
        if !recursiveObjects.contains(where: { $0 === object }) { recursiveObjects.append(object) }
        let reference = SchemaType.object(SchemaObject(backReferenceTo: object))
        return nullable ? .optional(reference) : reference
    }

    private mutating func dictionaryType(_ node: JSONNode, at pointer: String) -> SchemaType {
        guard let additional = node["additionalProperties"] else { return .dictionary(.any) }
        switch additional {
        case .bool(false, _):
            return .object(SchemaObject(name: objectName(node, at: pointer), fields: []))
        case .bool(true, _):
            return .dictionary(.any)
        case .object:
            return .dictionary(type(of: additional, at: pointer + "/additionalProperties"))
        default:
            report(
                .schemaKeywordKind(
                    "additionalProperties", "a schema or a boolean", found: Self.article(additional.kindName)),
                at: additional.range)
            return .dictionary(.any)
        }
    }

    /// The names `required` lists (checked on every schema: `"required": true` on a property, as Swagger
    /// writes parameters, is a mistake that would otherwise leave the property optional).
    private mutating func requiredNames(of node: JSONNode) -> Set<String> {
        guard let required = node["required"] else { return [] }
        guard let names = required.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
            let found = required.arrayValue == nil ? Self.article(required.kindName) : "an array holding other values"
            report(.schemaKeywordKind("required", "an array of property names", found: found), at: required.range)
            return []
        }
        return Set(names.compactMap(\.stringValue))
    }

    /// `allOf`, `anyOf` or `oneOf` (the first present): the one schema it lists besides `{"type": "null"}`
    /// (optional when `anyOf`/`oneOf` also lists that), else `any`. Without any of them, `any`.
    private mutating func combinedType(_ node: JSONNode, at pointer: String) -> SchemaType {
        guard let keyword = ["allOf", "anyOf", "oneOf"].first(where: { node[$0] != nil }), let value = node[keyword]
        else { return .any }
        guard let alternatives = value.arrayValue, !alternatives.isEmpty else {
            let found = value.arrayValue != nil ? "an empty array" : Self.article(value.kindName)
            report(.schemaKeywordKind(keyword, "a non-empty array of schemas", found: found), at: value.range)
            return .any
        }
        var types: Set<SchemaType> = []
        var allowsNull = false
        for (index, alternative) in alternatives.enumerated() {
            let type = type(of: alternative, at: pointer + "/\(keyword)/\(index)")
            if Self.isNullSchema(alternative) {
                allowsNull = true
            } else {
                types.insert(type)
            }
        }
        guard types.count == 1, let type = types.first else { return .any }
        return allowsNull && keyword != "allOf" ? type.optional : type
    }

    /// Whether `node` is `{"type": "null"}` (or `["null"]`).
    private static func isNullSchema(_ node: JSONNode) -> Bool {
        guard let type = node["type"] else { return false }
        return type.stringValue == "null"
            || type.arrayValue.map { $0.count == 1 && $0[0].stringValue == "null" } == true
    }

    // MARK: Helpers

    /// Whether `node` has `keyword: true`; any other value than a boolean is reported.
    private mutating func flag(_ keyword: String, of node: JSONNode) -> Bool {
        guard let value = node[keyword] else { return false }
        guard let flag = value.boolValue else {
            report(.schemaKeywordKind(keyword, "a boolean", found: Self.article(value.kindName)), at: value.range)
            return false
        }
        return flag
    }

    /// What diagnostics call an object type: its `title`, else its name under `definitions`, `$defs` or
    /// `components/schemas`, else its JSON pointer.
    private func objectName(_ node: JSONNode, at pointer: String) -> String {
        if let title = node["title"]?.stringValue, !title.isEmpty { return title }
        let tokens = Self.tokens(of: pointer)
        if tokens.count >= 2, ["definitions", "$defs"].contains(tokens[tokens.count - 2]) {
            return tokens[tokens.count - 1]
        }
        if tokens.count >= 3, tokens[tokens.count - 3] == "components", tokens[tokens.count - 2] == "schemas" {
            return tokens[tokens.count - 1]
        }
        return pointer
    }

    mutating func report(_ message: DiagnosticMessage, at range: SourceRange) {
        diagnostics.append(.error(message, at: range))
    }

    /// An error at a misspelt word, with a did-you-mean note and, when the word's text is `fixRange`, a
    /// fix-it that puts the suggestion there.
    mutating func reportWithSuggestion(
        _ message: DiagnosticMessage, at range: SourceRange, suggestion: String?, replacing fixRange: SourceRange?
    ) {
        guard let suggestion else { return report(message, at: range) }
        let place = fixRange ?? range
        let fixIts = fixRange.map { [FixIt(range: $0, replacement: suggestion)] } ?? []
        diagnostics.append(
            .error(message, at: range, notes: [.note(.didYouMean(suggestion), at: place)], fixIts: fixIts))
    }

    /// `a number`, `an object`, `an array`.
    static func article(_ noun: String) -> String {
        guard let first = noun.first else { return noun }
        return ("aeiou".contains(first) ? "an " : "a ") + noun
    }
}
