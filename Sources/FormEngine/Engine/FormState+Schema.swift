// FormState+Schema: the form as a schema. Each live tagged row or section is a `$tag` variable of an
// element type with three fields — `value`, of the kind the element's current value has (a row may be
// cleared, so it may be nil; nothing is known while it is nil; a multivalued section's value is an array),
// and the `isHidden` and `isDisabled` flags. Conditions are stored after XLForm's rule (`$t` reads
// `$t.value`), so the schema checker that checks predicates over Swift values and JSON checks form
// conditions too: form mode is one schema among others. The element types are made per schema (one per kind
// of value), so nothing outlives the check that built them.

extension FormState {
    /// The schema of the live elements named in `tags` (every live tagged element when nil).
    func schema(tags: [String]? = nil) -> Schema {
        schema(slots: (tags ?? self.tags.tags).lazy.compactMap { slotIndex(of: $0) })
    }

    /// The schema of the elements `reads` name (an action's check, without the whole form's schema).
    func schema(reads: [SlotRead]) -> Schema {
        schema(slots: reads.lazy.map(\.slot.index))
    }

    /// The schema whose variables are the live elements of `slots`.
    private func schema(slots: some Sequence<Int>) -> Schema {
        var variables: [String: SchemaType] = [:]
        var types = ElementTypes()
        for slot in slots {
            guard slotElement.indices.contains(slot), let element = slotElement[slot],
                tags.tags.indices.contains(slot), variables[tags.tags[slot]] == nil
            else { continue }
            variables[tags.tags[slot]] = .object(types.object(holding: valueType(of: element)))
        }
        return Schema(types.evaluatedObject, variables: variables)
    }

    /// Whether a read has a type the checker can check: a flag, or the value of an element whose value
    /// is known (a row holding a value, a multivalued section).
    func isTyped(_ read: SlotRead) -> Bool {
        guard read.property == .value else { return true }
        guard slotElement.indices.contains(read.slot.index), let element = slotElement[read.slot.index] else {
            return false
        }
        // Fields read in place: copying the whole record would retain its arrays and value.
        return elements[element.raw].isRow ? !elements[element.raw].value.isNull : elements[element.raw].isMultivalued
    }

    /// The type of an element's value, as far as its current value tells.
    private func valueType(of element: ElementID) -> SchemaType {
        guard elements[element.raw].isRow else {
            return elements[element.raw].isMultivalued ? .optional(.array(.any)) : .any
        }
        switch elements[element.raw].value {
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

/// The element types of one form schema, one per kind of value, made as the schema is built (no
/// global state: a schema and its types are freed with the check that built them).
struct ElementTypes {
    /// What `SELF` is in a row or section condition: nothing a condition reads by key.
    let evaluatedObject = SchemaObject(name: "form", fields: [])
    private var objects: [SchemaType: SchemaObject] = [:]

    /// The element type whose value has type `value`.
    mutating func object(holding value: SchemaType) -> SchemaObject {
        if let object = objects[value] { return object }
        let object = SchemaObject(
            name: "form element",
            fields: [
                SchemaField("value", value), SchemaField("isHidden", .boolean), SchemaField("isDisabled", .boolean),
            ])
        objects[value] = object
        return object
    }
}
