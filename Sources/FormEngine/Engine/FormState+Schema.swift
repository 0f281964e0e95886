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
        guard let tags else { return schema(slots: self.tags.strings.indices) }
        return schema(slots: tags.lazy.compactMap { slotIndex(of: $0) })
    }

    /// The schema of the elements `reads` name (an action's check, without the whole form's schema).
    func schema(reads: SlotReads) -> Schema {
        schema(slots: reads.lazy.map(\.slot.index))
    }

    /// The schema whose variables are the live elements of `slots`. A slot named twice is entered twice
    /// with the same type (cheaper than looking it up first: each look-up hashes the tag).
    private func schema(slots: some Sequence<Int>) -> Schema {
        var variables: [String: SchemaType] = [:]
        variables.reserveCapacity(slots.underestimatedCount)
        var types = ElementTypes()
        for slot in slots {
            guard tags.strings.indices.contains(slot), let type = elementType(ofSlot: slot, &types) else { continue }
            variables[tags.strings[slot]] = type
        }
        return Schema(types.evaluatedObject, variables: variables)
    }

    /// The type of the live element in `slot`, made by `types`; nil when no live element has the slot.
    private func elementType(ofSlot slot: Int, _ types: inout ElementTypes) -> SchemaType? {
        valueKind(ofSlot: slot).map { types.type(holding: $0) }
    }

    /// The kind of the value of the live element in `slot`; nil when no live element has the slot.
    private func valueKind(ofSlot slot: Int) -> ElementTypes.ValueKind? {
        guard slotElement.indices.contains(slot), let element = slotElement[slot] else { return nil }
        return valueKind(of: element)
    }

    /// The schema of every live tagged element for checking the form's conditions: ``schema(tags:)``'s
    /// types, each `$tag` found as ``slotIndex(of:)`` finds it (the form's tag index, then its symbol table)
    /// and typed by its slot. Listing the tags in a dictionary would hash every tag once to build it and
    /// again at every variable a condition reads (two SipHash runs per condition of a form being loaded).
    /// Each slot keeps the kind of its element's value, and the few element types are made once: a type
    /// per slot would retain one of them for every tag of the form and release it again.
    func checkingSchema() -> Schema {
        var types = ElementTypes()
        let kindOfSlot = tags.strings.indices.map { slot in
            let kind = valueKind(ofSlot: slot)
            if let kind { _ = types.type(holding: kind) }
            return kind
        }
        let typeOfKind = types.made
        let index = tags
        let symbols = store.symbols
        return Schema(types.evaluatedObject) { tag in
            guard let slot = index.position(of: tag) ?? symbols.slot(for: tag)?.index,
                kindOfSlot.indices.contains(slot), let kind = kindOfSlot[slot]
            else { return nil }
            return typeOfKind[kind.rawValue]
        }
    }

    /// Whether a read has a type the checker can check: a flag, or the value of an element whose value
    /// is known (a row holding a value, a multivalued section).
    func isTyped(_ read: SlotRead) -> Bool {
        guard read.property == .value else { return true }
        guard slotElement.indices.contains(read.slot.index), let element = slotElement[read.slot.index] else {
            return false
        }
        // Fields read in place: copying the whole record would retain its arrays and value.
        return elements[element.raw].isRow ? !rowValues[element.raw].isNull : elements[element.raw].isMultivalued
    }

    /// The kind of an element's value, as far as its current value tells.
    private func valueKind(of element: ElementID) -> ElementTypes.ValueKind {
        guard elements[element.raw].isRow else { return elements[element.raw].isMultivalued ? .array : .unknown }
        switch rowValues[element.raw] {
        case .null: return .unknown
        case .bool: return .boolean
        case .int: return .integer
        case .double: return .double
        case .string: return .string
        case .date: return .date
        case .array: return .array
        case .set: return .set
        case .dictionary: return .dictionary
        }
    }
}

/// The element types of one form schema, one per kind of value, made as the schema is built (no
/// global state: a schema and its types are freed with the check that built them).
struct ElementTypes {
    /// What an element's value is known to be: the kind of its current value (a row may be cleared, so
    /// a known value may become nil; nothing is known while it is nil).
    enum ValueKind: Int, CaseIterable {
        case unknown, boolean, integer, double, string, date, array, set, dictionary

        var valueType: SchemaType {
            switch self {
            case .unknown: .any
            case .boolean: .optional(.boolean)
            case .integer: .optional(.integer)
            case .double: .optional(.double)
            case .string: .optional(.string)
            case .date: .optional(.date)
            case .array: .optional(.array(.any))
            case .set: .optional(.set(.any))
            case .dictionary: .optional(.dictionary(.any))
            }
        }
    }

    /// What `SELF` is in a row or section condition: nothing a condition reads by key.
    let evaluatedObject = SchemaObject(name: "form", fields: [])
    /// The element type of each kind, by `ValueKind.rawValue`, made on first use: each `SchemaType` with a
    /// payload is a box, so a type made per element would be an allocation per element.
    private var types = [SchemaType?](repeating: nil, count: ValueKind.allCases.count)

    /// The types made so far, by `ValueKind.rawValue`.
    var made: [SchemaType?] { types }

    /// The element type whose value is of kind `kind`.
    mutating func type(holding kind: ValueKind) -> SchemaType {
        if let type = types[kind.rawValue] { return type }
        let type = SchemaType.object(
            SchemaObject(
                name: "form element",
                fields: [
                    SchemaField("value", kind.valueType), SchemaField("isHidden", .boolean),
                    SchemaField("isDisabled", .boolean),
                ]))
        types[kind.rawValue] = type
        return type
    }
}
