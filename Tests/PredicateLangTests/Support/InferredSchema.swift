// InferredSchema: the schema an example object implies — each key of a dictionary a field of the type of
// its value (nested dictionaries are objects, arrays and sets are of their elements' common type, nil
// and mixed kinds are `any`). The schema-equivalence test compiles corpus cases against it.

@testable import PredicateLang

enum InferredSchema {
    /// The schema whose root is the type of `object`; nil when `object` is not a dictionary.
    static func schema(of object: Value, variables: [String: Value] = [:]) -> Schema? {
        guard case .dictionary(let fields) = object else { return nil }
        return Schema(self.object(fields, name: "Root"), variables: variables.mapValues(SchemaType.init(of:)))
    }

    static func object(_ fields: ValueDictionary, name: String) -> SchemaObject {
        SchemaObject(
            name: name,
            fields: fields.keys.sorted().map { key in SchemaField(key, type(of: fields[key] ?? .null, name: key)) })
    }

    static func type(of value: Value, name: String) -> SchemaType {
        switch value {
        case .null: return .any
        case .bool: return .boolean
        case .int: return .integer
        case .double: return .double
        case .string: return .string
        case .date: return .date
        case .array(let elements): return .array(common(elements.map { type(of: $0, name: name) }))
        case .set(let set): return .set(common(set.elements.map { type(of: $0, name: name) }))
        case .dictionary(let fields): return .object(object(fields, name: name))
        }
    }

    /// The one type of all of `types`: itself when they agree, double for numbers of both kinds, else `any`.
    static func common(_ types: [SchemaType]) -> SchemaType {
        guard let first = types.first else { return .any }
        if types.allSatisfy({ $0 == first }) { return first }
        if types.allSatisfy({ $0 == .integer || $0 == .double }) { return .double }
        return .any
    }
}
