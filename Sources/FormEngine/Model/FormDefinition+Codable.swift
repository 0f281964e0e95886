// FormDefinition+Codable: the JSON shape of a form definition (the scenario `form` objects, options
// included) as Codable, for apps that load definitions with their own decoder. Values use the typed
// JSON wrappers (`{"$date": "..."}`, `{"$set": [...]}`); conditions are booleans or predicate strings.
// A Swift function condition or rule cannot be encoded and throws. Unknown keys are rejected, as by
// FormDefinition.parseJSON, which `predc` uses: it also keeps positions and integer/double spelling.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FormDefinition: Codable {
    private enum CodingKeys: String, CodingKey { case sections, options }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: JSONDefinitionReader.rootKeys)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sections = try container.decodeIfPresent([Section].self, forKey: .sections) ?? []
        options = try container.decodeIfPresent(FormOptions.self, forKey: .options) ?? FormOptions()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sections, forKey: .sections)
        try container.encode(options, forKey: .options)
    }
}

extension Section: Codable {
    private enum CodingKeys: String, CodingKey { case tag, hidden, disabled, multivalued, rows }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: JSONDefinitionReader.sectionKeys)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decodeIfPresent(String.self, forKey: .tag),
            hidden: try container.decodeIfPresent(Condition.self, forKey: .hidden),
            disabled: try container.decodeIfPresent(Condition.self, forKey: .disabled),
            multivalued: try container.decodeIfPresent(Bool.self, forKey: .multivalued) ?? false,
            rows: try container.decodeIfPresent([Row].self, forKey: .rows) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(tag, forKey: .tag)
        try container.encodeIfPresent(hidden, forKey: .hidden)
        try container.encodeIfPresent(disabled, forKey: .disabled)
        if isMultivalued { try container.encode(true, forKey: .multivalued) }
        try container.encode(rows, forKey: .rows)
    }
}

extension Row: Codable {
    private enum CodingKeys: String, CodingKey { case tag, value, hidden, disabled, required, validations }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: JSONDefinitionReader.rowKeys)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decodeIfPresent(String.self, forKey: .tag),
            value: try container.decodeIfPresent(CodableValue.self, forKey: .value)?.value ?? .null,
            hidden: try container.decodeIfPresent(Condition.self, forKey: .hidden),
            disabled: try container.decodeIfPresent(Condition.self, forKey: .disabled),
            required: try container.decodeIfPresent(Condition.self, forKey: .required),
            validations: try container.decodeIfPresent([ValidationRule].self, forKey: .validations) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(tag, forKey: .tag)
        if !value.isNull { try container.encode(CodableValue(value), forKey: .value) }
        try container.encodeIfPresent(hidden, forKey: .hidden)
        try container.encodeIfPresent(disabled, forKey: .disabled)
        try container.encodeIfPresent(required, forKey: .required)
        if !validations.isEmpty { try container.encode(validations, forKey: .validations) }
    }
}

extension Condition: Codable {
    /// Decodes a boolean (constant) or a string (predicate).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .constant(flag)
        } else {
            self = .predicate(try container.decode(String.self))
        }
    }

    /// Encodes a constant as a boolean and a predicate as its text; a function cannot be encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .constant(let flag): try container.encode(flag)
        case .predicate(let text): try container.encode(text)
        case .compiled(let predicate): try container.encode(predicate.source.text)
        case .function:
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "a Swift function condition cannot be encoded"))
        }
    }
}

extension ValidationRule: Codable {
    private enum CodingKeys: String, CodingKey { case predicate, message }

    /// Decodes `{"predicate": "...", "message": "..."}`.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: JSONDefinitionReader.validationKeys)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            .predicate(try container.decode(String.self, forKey: .predicate)),
            message: try container.decodeIfPresent(String.self, forKey: .message) ?? "invalid value")
    }

    public func encode(to encoder: any Encoder) throws {
        guard case .predicate(let text) = check else {
            throw EncodingError.invalidValue(
                message,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "a Swift function rule cannot be encoded"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .predicate)
        try container.encode(message, forKey: .message)
    }
}

/// A Value in typed-JSON shape for Codable (JSON primitives, arrays, objects, `$date`, `$set`).
struct CodableValue: Codable {
    var value: Value

    init(_ value: Value) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            value = .int(integer)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let elements = try? container.decode([CodableValue].self) {
            value = .array(elements.map(\.value))
        } else {
            let members = try container.decode([String: CodableValue].self)
            if members.count == 1, case .string(let text)? = members["$date"]?.value, let date = ISO8601.parse(text) {
                value = .date(date)
            } else if members.count == 1, case .array(let elements)? = members["$set"]?.value {
                value = .set(ValueSet(elements))
            } else {
                value = .dictionary(members.mapValues(\.value))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let integer): try container.encode(integer)
        case .double(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .date(let date):
            try container.encode(["$date": ISO8601.format(date) ?? "\(date.timeIntervalSinceReferenceDate)"])
        case .array(let elements): try container.encode(elements.map(CodableValue.init))
        case .set(let set): try container.encode(["$set": set.elements.map(CodableValue.init)])
        case .dictionary(let members): try container.encode(members.mapValues(CodableValue.init))
        }
    }
}

/// Any key of a JSON object, so a decoder can list the keys it was given.
private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws `DecodingError.dataCorrupted` naming the first key of the current object that is not in
    /// `allowed`, with the closest allowed key.
    func rejectUnknownKeys(allowed: [String]) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: FormDefinition.unknownKeyMessage(key.stringValue, allowed: allowed)))
        }
    }
}
