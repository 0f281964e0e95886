// SchemaChecker, key paths: walks a key path through the schema with key-value coding's rules — a key of
// an object is its field, a key of an array maps over the elements, a dictionary answers any key, `@count`
// counts a collection and `@sum`/`@avg`/`@min`/`@max` apply the rest of the path to every element.

extension SchemaChecker {
    /// The type of `components` read from a value of type `base`.
    mutating func keyPathType(_ base: SchemaType, _ components: ArraySlice<SyntaxTree.KeyPathComponent>) -> SchemaType {
        var current = base
        var index = components.startIndex
        while index < components.endIndex {
            let component = components[index]
            if KeyValueCoding.isOperatorKey(component.name) {
                return operatorType(current, component, components[(index + 1)...])
            }
            current = member(current, component)
            index += 1
        }
        return current
    }

    /// The type of the key `component` of a value of type `type`.
    mutating func member(_ type: SchemaType, _ component: SyntaxTree.KeyPathComponent) -> SchemaType {
        let key = component.name
        if KeyValueCoding.isSelfKey(key) { return type }
        let optional = type.isOptional
        switch type.nonOptional {
        case .object(let object):
            guard let fieldType = object.fieldType(named: key) else {
                reportUnknownKey(key, in: object, at: component.range)
                return .any
            }
            return optional ? fieldType.optional : fieldType
        case .array(let element):
            return .array(member(element, component))
        case .set(let element):
            return .set(member(element, component))
        case .dictionary(let value):
            return value.optional
        case .any, .optional:
            return .any
        case .string, .boolean, .integer, .double, .date:
            if let property = Self.scalarProperty(key, of: type.nonOptional) {
                return optional ? property.optional : property
            }
            diagnostics.append(.error(.keyOnScalar(key, type: type.nonOptional.description), at: component.range))
            return .any
        }
    }

    private mutating func reportUnknownKey(_ key: String, in object: SchemaObject, at range: SourceRange) {
        var notes: [Diagnostic] = []
        var fixIts: [FixIt] = []
        if let suggestion = Suggestion.closest(to: key, among: object.fields.map(\.name)) {
            notes.append(.note(.didYouMeanKey(suggestion), at: range))
            fixIts.append(FixIt(range: range, replacement: suggestion))
        }
        diagnostics.append(.error(.unknownKey(key, in: object.name), at: range, notes: notes, fixIts: fixIts))
    }

    /// The type of the collection operator `component` applied to `type`, with `rest` as its right path.
    private mutating func operatorType(
        _ type: SchemaType, _ component: SyntaxTree.KeyPathComponent, _ rest: ArraySlice<SyntaxTree.KeyPathComponent>
    ) -> SchemaType {
        let name = component.name
        if case .dictionary = type.nonOptional {
            return name == "@count" ? .integer : .array(.any)
        }
        guard let element = type.elementType else {
            if type.isAny { return .any }
            diagnostics.append(
                .error(.needsCollection("'\(name)'", found: type.nonOptional.description), at: component.range))
            return .any
        }
        switch name {
        case "@count":
            return .integer
        case "@sum", "@avg":
            let values = rest.isEmpty ? element : keyPathType(element, rest)
            if !values.isAny, !values.isNumeric {
                diagnostics.append(
                    .error(.operatorNeeds("'\(name)'", "numbers", found: values.description), at: component.range))
            }
            return name == "@sum" && values.nonOptional == .integer ? .integer : .double
        case "@min", "@max":
            let values = rest.isEmpty ? element : keyPathType(element, rest)
            switch values.nonOptional {
            case .array, .set, .dictionary, .object, .boolean:
                diagnostics.append(
                    .error(
                        .operatorNeeds("'\(name)'", "numbers, strings or dates", found: values.description),
                        at: component.range))
            default:
                break
            }
            return values.optional
        default:
            // The union operators: the rest of the path up to the next operator, over every element.
            let end = rest.firstIndex { KeyValueCoding.isOperatorKey($0.name) } ?? rest.endIndex
            let mapped = rest[..<end].isEmpty ? element : keyPathType(element, rest[..<end])
            let union = SchemaType.array(mapped.elementType ?? mapped)
            return end < rest.endIndex ? keyPathType(union, rest[end...]) : union
        }
    }

    /// The type of a zero-argument property a scalar answers to (`name.length`), as key-value coding
    /// reaches NSString, NSNumber and NSDate methods; nil when it has none of that name.
    static func scalarProperty(_ key: String, of type: SchemaType) -> SchemaType? {
        if key == "description" { return .string }
        switch type {
        case .string:
            switch key {
            case "length", "intValue", "integerValue", "longLongValue": return .integer
            case "doubleValue", "floatValue": return .double
            case "boolValue": return .boolean
            case "uppercaseString", "lowercaseString": return .string
            default: return nil
            }
        case .boolean, .integer, .double:
            switch key {
            case "intValue", "integerValue", "longLongValue": return .integer
            case "doubleValue", "floatValue": return .double
            case "boolValue": return .boolean
            case "stringValue": return .string
            default: return nil
            }
        case .date:
            return key == "timeIntervalSinceReferenceDate" || key == "timeIntervalSince1970" ? .double : nil
        default:
            return nil
        }
    }
}
