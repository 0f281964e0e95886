// SchemaType, conformance: a value read from JSON made to say what its schema declares, so a predicate
// checked against the schema sees the kinds it was checked with — a date-time string in a date field
// becomes a date, `1` in a double field `1.0`, `2.0` in an integer field `2`. A value of another kind is
// left as it is. The walk keeps open containers on an explicit stack, so deep values cannot overflow
// the thread's stack.

/// The walk behind ``SchemaType/conform(_:)``.
private struct ValueConformer {
    /// An array, set or dictionary whose elements are being conformed.
    private struct Frame {
        enum Kind { case array, set, dictionary }
        var kind: Kind
        var keys: [String]
        var children: [Value]
        var types: [SchemaType]
        var results: [Value] = []
    }

    private enum Opened {
        case value(Value)
        case frame(Frame)
    }

    static func conform(_ root: Value, to rootType: SchemaType) -> Value {
        var stack: [Frame] = []
        var value = root
        var type = rootType
        while true {
            var result: Value
            // Descend: a value that needs no walk is done, a container with elements to conform opens a frame.
            switch open(value, type) {
            case .value(let done):
                result = done
            case .frame(let frame):
                (value, type) = (frame.children[0], frame.types[0])
                stack.append(frame)
                continue
            }
            // Ascend: hand the result to the enclosing frames, closing the finished ones.
            while !stack.isEmpty {
                let top = stack.count - 1
                stack[top].results.append(result)
                let next = stack[top].results.count
                if next < stack[top].children.count {
                    (value, type) = (stack[top].children[next], stack[top].types[next])
                    break
                }
                result = close(stack.removeLast())
            }
            if stack.isEmpty { return result }
        }
    }

    private static func open(_ value: Value, _ type: SchemaType) -> Opened {
        switch (type.nonOptional, value) {
        case (.any, _), (_, .null):
            return .value(value)
        case (.double, .int(let integer)):
            return .value(.double(Double(integer)))
        case (.integer, .double(let double)):
            return .value(Int64(exactly: double).map(Value.int) ?? value)
        case (.date, .string(let text)):
            return .value(ISO8601.parse(text).map(Value.date) ?? value)
        case (.array(let element), .array(let elements)):
            return frame(.array, elements, element)
        case (.array(let element), .set(let set)), (.set(let element), .set(let set)):
            return frame(.set, set.elements, element)
        case (.set(let element), .array(let elements)):
            return frame(.set, elements, element)
        case (.dictionary(let valueType), .dictionary(let dictionary)):
            return frame(dictionary, types: { _ in valueType })
        case (.object(let object), .dictionary(let dictionary)):
            return frame(dictionary, types: { object.fieldType(named: $0) ?? .any })
        default:
            return .value(value)
        }
    }

    private static func frame(_ kind: Frame.Kind, _ elements: [Value], _ element: SchemaType) -> Opened {
        let frame = Frame(
            kind: kind, keys: [], children: elements, types: Array(repeating: element, count: elements.count))
        return element.isAny || elements.isEmpty ? .value(close(frame, unchanged: true)) : .frame(frame)
    }

    private static func frame(_ dictionary: ValueDictionary, types: (String) -> SchemaType) -> Opened {
        let keys = dictionary.keys
        let frame = Frame(kind: .dictionary, keys: keys, children: dictionary.values, types: keys.map(types))
        return frame.types.allSatisfy(\.isAny) ? .value(.dictionary(dictionary)) : .frame(frame)
    }

    /// The container of a finished frame (of its children as they were, when `unchanged`).
    private static func close(_ frame: Frame, unchanged: Bool = false) -> Value {
        let values = unchanged ? frame.children : frame.results
        switch frame.kind {
        case .array:
            return .array(values)
        case .set:
            return .set(ValueSet(values))
        case .dictionary:
            return .dictionary(ValueDictionary(zip(frame.keys, values)))
        }
    }
}

extension SchemaType {
    /// `value` with every part this type describes made to say what it declares: a string of a `date`
    /// (an ISO 8601 date-time or date) becomes a date, an integer of a `double` a double, a `double`
    /// with an integral value that fits in `Int64` an integer, an array of a `set` a set; objects,
    /// dictionaries, arrays, sets and optionals are followed to their elements. Keys an object type does not
    /// list, values of `any`, `nil`, and values of another kind than the declared one (a string where a
    /// number is declared, `2.5` for an integer) are left as they are, so the predicate sees what the data
    /// says.
    ///
    /// ```swift
    /// let schema = try Schema(jsonSchema: #"{"properties": {"createdAt": {"type": "string", "format": "date-time"}, "total": {"type": "number"}}}"#)
    /// schema.conform(["createdAt": "2024-05-01T10:00:00Z", "total": 3])
    /// // ["createdAt": .date(2024-05-01 10:00:00 UTC), "total": .double(3)]
    /// ```
    public func conform(_ value: Value) -> Value {
        ValueConformer.conform(value, to: self)
    }
}
