// FormState+Schema: the form as a schema. Each live tagged row or section is a `$tag` variable of an
// element type with three fields — `value`, of the kind the element's current value has (a row may be
// cleared, so it may be nil; nothing is known while it is nil; a multivalued section's value is an array),
// and the `isHidden` and `isDisabled` flags. Conditions are stored after XLForm's rule (`$t` reads
// `$t.value`), so the schema checker that checks predicates over Swift values and JSON checks form
// conditions too: form mode is one schema among others.

extension FormState {
    /// The schema of the live elements named in `tags` (every live tagged element when nil).
    func schema(tags: [String]? = nil) -> Schema {
        var variables: [String: SchemaType] = [:]
        for tag in tags ?? store.symbols.tags {
            guard variables[tag] == nil, let slot = store.symbols.slot(for: tag),
                slotElement.indices.contains(slot.index), let element = slotElement[slot.index]
            else { continue }
            variables[tag] = .object(ElementSchema.object(holding: valueType(of: element)))
        }
        return Schema(ElementSchema.evaluatedObject, variables: variables)
    }

    /// The type of an element's value, as far as its current value tells.
    private func valueType(of element: ElementID) -> SchemaType {
        let record = elements[element.raw]
        guard record.isRow else { return record.isMultivalued ? .optional(.array(.any)) : .any }
        switch record.value {
        case .null: return .any
        case .bool: return .optional(.boolean)
        case .int: return .optional(.integer)
        case .double: return .optional(.double)
        case .string: return .optional(.string)
        case .date: return .optional(.date)
        case .array: return .optional(.array(.any))
        case .set: return .optional(.set(.any))
        case .dictionary: return .optional(.dictionary(.any))
        }
    }
}

/// The element types of form schemas, one per kind of value, shared by every form.
enum ElementSchema {
    /// What `SELF` is in a row or section condition: nothing a condition reads by key.
    static let evaluatedObject = SchemaObject(name: "form", fields: [])

    private static let kinds: [(SchemaType, SchemaObject)] = [
        SchemaType.any, .optional(.boolean), .optional(.integer), .optional(.double), .optional(.string),
        .optional(.date), .optional(.array(.any)), .optional(.set(.any)), .optional(.dictionary(.any)),
    ].map { value in
        (
            value,
            SchemaObject(
                name: "form element",
                fields: [
                    SchemaField("value", value), SchemaField("isHidden", .boolean),
                    SchemaField("isDisabled", .boolean),
                ])
        )
    }

    /// The element type whose value has type `value`.
    static func object(holding value: SchemaType) -> SchemaObject {
        for (type, object) in kinds where type == value { return object }
        return SchemaObject(
            name: "form element",
            fields: [
                SchemaField("value", value), SchemaField("isHidden", .boolean), SchemaField("isDisabled", .boolean),
            ])
    }
}
