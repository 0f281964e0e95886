// SchemaType: the types a schema gives the data a predicate reads — the kinds NSPredicate compares
// (booleans, integers, doubles, strings, dates), collections of them, dictionaries, nested objects, and
// `any` for data the schema does not describe. The checker computes one for every expression.

/// The type of a field, or of any expression the checker types.
public indirect enum SchemaType: Sendable, Hashable, CustomStringConvertible {
    /// A boolean (an NSNumber made from a `BOOL`).
    case boolean
    /// An integer.
    case integer
    /// A floating-point number.
    case double
    /// A string.
    case string
    /// A date.
    case date
    /// An ordered collection of elements of one type.
    case array(SchemaType)
    /// An unordered collection of distinct elements of one type.
    case set(SchemaType)
    /// A dictionary with string keys and values of one type.
    case dictionary(SchemaType)
    /// A nested object with the fields its ``SchemaObject`` lists.
    case object(SchemaObject)
    /// A value that may also be nil.
    case optional(SchemaType)
    /// Anything: the schema does not describe it, so nothing about it is checked.
    case any

    /// The type without its optionality.
    public var nonOptional: SchemaType {
        if case .optional(let wrapped) = self { return wrapped.nonOptional }
        return self
    }

    /// Whether the value may be nil (`any` may be anything, nil included).
    public var isOptional: Bool {
        switch self {
        case .optional, .any: true
        default: false
        }
    }

    /// `self` made optional (unchanged when it already is, or is `any`).
    public var optional: SchemaType { isOptional ? self : .optional(self) }

    /// Whether the value is a number (booleans are numbers 0 and 1 in NSPredicate).
    var isNumeric: Bool {
        switch nonOptional {
        case .integer, .double, .boolean: true
        default: false
        }
    }

    /// The element type of an array or set; nil for every other type (`any` answers `any`).
    var elementType: SchemaType? {
        switch nonOptional {
        case .array(let element), .set(let element): element
        case .any: .any
        default: nil
        }
    }

    /// Whether nothing about the type is known.
    var isAny: Bool { nonOptional == .any }

    /// The kind name used in diagnostics: `integer`, `array of string`, `object Customer`, `string?`.
    public var description: String {
        switch self {
        case .boolean: "boolean"
        case .integer: "integer"
        case .double: "double"
        case .string: "string"
        case .date: "date"
        case .array(let element): "array of \(element)"
        case .set(let element): "set of \(element)"
        case .dictionary(let value): "dictionary of \(value)"
        case .object(let object): "object \(object.name)"
        case .optional(let wrapped): "\(wrapped) or nil"
        case .any: "any"
        }
    }
}
