// ValueEncoder: turns any Encodable model into a Value, so a host app can evaluate predicates
// against its own structs (`try predicate.evaluate(with: ValueEncoder().encode(person))`).
// A real Encoder: keyed, unkeyed and single-value containers, nesting and super encoders.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes `Encodable` values into ``Value``s.
///
/// | Swift | Value |
/// |---|---|
/// | `Bool` | `.bool` |
/// | `Int`, `Int8`…`Int64`, `UInt8`…`UInt32` | `.int` |
/// | `UInt`, `UInt64` | `.int`, or `.double` above `Int64.max` |
/// | `Float`, `Double` | `.double` |
/// | `String` | `.string` |
/// | `Date` | `.date` |
/// | `URL` | `.string` (its absolute string) |
/// | `Decimal` | `.int` when integral and in range, else `.double` |
/// | `nil` (`encodeNil`) | `.null`; synthesized conformances skip nil properties, which then read as missing keys (also nil) |
/// | keyed containers (structs, `[String: T]`, `[Int: T]`) | `.dictionary` |
/// | unkeyed containers (arrays, **`Set<T>`**, which encodes itself as an array) | `.array` |
///
/// Nesting deeper than ``maxDepth`` (for example a reference cycle in a class graph) throws an
/// `EncodingError.invalidValue` instead of exhausting the stack.
public struct ValueEncoder: Sendable {
    /// The deepest coding path accepted. Default 512.
    public var maxDepth: Int
    /// Contextual information handed to `encode(to:)` implementations as `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(maxDepth: Int = 512, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.maxDepth = maxDepth
        self.userInfo = userInfo
    }

    /// Encodes `value`.
    ///
    /// - Throws: `EncodingError` (with the coding path) when the value encodes nothing at top
    ///   level, mixes container kinds for one value, or nests deeper than ``maxDepth``; and any
    ///   error the value's own `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Value {
        let context = EncodingContext(maxDepth: maxDepth, userInfo: userInfo)
        let root = EncodingSlot()
        try context.encode(value, into: root, path: [])
        if let error = context.error { throw error }
        guard let result = root.resolve() else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return result
    }
}

/// Shared state of one encoding run: the depth limit and the first structural error.
final class EncodingContext {
    let maxDepth: Int
    var error: EncodingError?
    /// How many `encode` calls are active (single-value containers nest without a longer path).
    var depth = 0

    let userInfo: [CodingUserInfoKey: Any]

    init(maxDepth: Int, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.maxDepth = maxDepth
        self.userInfo = userInfo
    }

    func record(_ message: String, path: [any CodingKey]) {
        guard error == nil else { return }
        error = EncodingError.invalidValue(
            Value.null, EncodingError.Context(codingPath: path, debugDescription: message))
    }

    /// Encodes one value into `slot`, with the special cases for Foundation types.
    func encode<T: Encodable>(_ value: T, into slot: EncodingSlot, path: [any CodingKey]) throws {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxDepth else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path, debugDescription: "Nesting deeper than \(maxDepth) levels (a reference cycle?)."))
        }
        switch value {
        case let date as Date:
            slot.content = .value(.date(date))
        case let url as URL:
            slot.content = .value(.string(url.absoluteString))
        case let decimal as Decimal:
            let text = decimal.description
            if let integer = Int64(text) {
                slot.content = .value(.int(integer))
            } else {
                slot.content = .value(.double(Double(text) ?? .nan))
            }
        default:
            try value.encode(to: ValueEncodingCore(context: self, slot: slot, codingPath: path))
        }
    }
}

/// A place a value is being encoded into; containers fill it in after they are handed out.
final class EncodingSlot {
    enum Content {
        case empty
        case value(Value)
        case array([EncodingSlot])
        case dictionary([String: EncodingSlot])
    }

    var content: Content = .empty

    /// The encoded value; nil when nothing was encoded. Nested empty slots become empty
    /// dictionaries, as JSONEncoder writes `{}`.
    func resolve() -> Value? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .array(let slots): return .array(slots.map { $0.resolve() ?? .dictionary([:]) })
        case .dictionary(let slots): return .dictionary(slots.mapValues { $0.resolve() ?? .dictionary([:]) })
        }
    }
}

/// The `Encoder` handed to `encode(to:)`.
struct ValueEncodingCore: Encoder {
    let context: EncodingContext
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch slot.content {
        case .empty: slot.content = .dictionary([:])
        case .dictionary: break
        default:
            context.record("A keyed container was requested for a value already encoded another way.", path: codingPath)
        }
        return KeyedEncodingContainer(KeyedValueContainer<Key>(context: context, slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch slot.content {
        case .empty: slot.content = .array([])
        case .array: break
        default:
            context.record(
                "An unkeyed container was requested for a value already encoded another way.", path: codingPath)
        }
        return UnkeyedValueContainer(context: context, slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(context: context, slot: slot, codingPath: codingPath)
    }
}

/// A coding key made from a string or an index.
struct ValueCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
