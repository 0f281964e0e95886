// The projected read of TypedJSONReader: a document that is an object keeps only the members a
// caller will read (`predc filter` keeps the top-level keys its predicate reads). The other members are
// checked, not built: scalars and arrays of them by a scanner that builds nothing, anything holding an
// object by the building reader (for its duplicate keys and wrappers), so a projected read accepts
// exactly the documents a whole read accepts.

/// The top-level members a projected read of typed JSON builds; every other member is checked as
/// thoroughly but not built (see ``TypedJSON/parse(utf8:limits:keeping:)``).
///
/// ```swift
/// let predicate = try CompiledPredicate("age >= 30 AND country == 'NZ'")
/// let projection = predicate.dependencies.objectMembersRead.flatMap { JSONProjection(keys: $0) }
/// for line in lines {   // JSON Lines, one object each
///     let object = try projection.map { try TypedJSON.parse(utf8: line, keeping: $0) } ?? TypedJSON.parse(utf8: line)
///     if try predicate.evaluate(with: object) { print(line) }
/// }
/// ```
///
/// Keys are ASCII, so comparing a member's key bytes with them is comparing the strings.
public struct JSONProjection: Sendable {
    /// The keys' UTF-8 bytes, one after another; key `i` is `packed[bounds[i]]`.
    private let packed: [UInt8]
    private let bounds: [Range<Int>]
    /// The keys, in first-seen order, shared by every dictionary a read builds.
    public let names: [String]

    /// A projection onto `keys` (duplicates count once); nil when a key is not ASCII (Unicode
    /// equivalence could then make a differently spelled member key equal to it) or there are more than
    /// 32 keys.
    public init?(keys: some Sequence<String>) {
        var names: [String] = []
        for key in keys where !names.contains(key) {
            guard StringFolding.isASCII(key) else { return nil }
            names.append(key)
        }
        guard names.count <= TypedJSONReader.maxProjectedMembers else { return nil }
        self.names = names
        var packed: [UInt8] = []
        var bounds: [Range<Int>] = []
        for name in names {
            let start = packed.count
            packed.append(contentsOf: name.utf8)
            bounds.append(start..<packed.count)
        }
        self.packed = packed
        self.bounds = bounds
    }

    /// The index in `names` of the key spelled by `bytes`, if it is one of them.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        packed.withUnsafeBufferPointer { packed in
            for (index, range) in bounds.enumerated()
            where TypedJSONReader.equal(UnsafeBufferPointer(rebasing: packed[range]), bytes) {
                return index
            }
            return nil
        }
    }
}

extension TypedJSONReader {
    /// How many members a projected object may have (its keys are compared pairwise for duplicates).
    static let maxProjectedMembers = 32

    /// Whether two byte strings are equal.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    /// Whether a member key is `$date` or `$set`, which make an object a wrapper.
    @inline(__always)
    static func isWrapperKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == 5 || key.count == 4, key[0] == UInt8(ascii: "$") else { return false }
        return key.count == 5
            ? key[1] == UInt8(ascii: "d") && key[2] == UInt8(ascii: "a") && key[3] == UInt8(ascii: "t")
                && key[4] == UInt8(ascii: "e")
            : key[1] == UInt8(ascii: "s") && key[2] == UInt8(ascii: "e") && key[3] == UInt8(ascii: "t")
    }

    enum Projected {
        /// The document, with the projection's members only.
        case value(Value)
        /// The document is not accepted (the positioned parser then reports why).
        case rejected
        /// The document needs a whole read.
        case unsupported
    }

    /// Reads a document that is an object, building only `projection`'s members.
    mutating func readProjected(_ projection: JSONProjection) -> Projected {
        guard bytes.count <= limits.maxBytes else { return .rejected }
        skipByteOrderMark()
        skipWhitespace()
        guard current == UInt8(ascii: "{"), limits.maxDepth > 0 else { return .unsupported }
        position += 1
        skipWhitespace()
        var members = ValueDictionary()
        members.reserveCapacity(projection.names.count)
        if current == UInt8(ascii: "}") {
            position += 1
        } else {
            let outcome = withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.maxProjectedMembers) {
                readMembers(projection, into: &members, keys: $0)
            }
            if let outcome { return outcome }
        }
        skipWhitespace()
        guard position == bytes.count else { return .rejected }
        return .value(.dictionary(members))
    }

    /// The members of the top-level object, from the first key to the closing brace; nil when they
    /// were read, else what the read answers. `keys` holds the key ranges seen, for duplicates.
    private mutating func readMembers(
        _ projection: JSONProjection, into members: inout ValueDictionary,
        keys: UnsafeMutableBufferPointer<Range<Int>>
    ) -> Projected? {
        var keyCount = 0
        while true {
            guard current == UInt8(ascii: "\"") else { return .rejected }
            let key: Range<Int>
            switch scanPlainString() {
            case .plain(let range): key = range
            case .special: return .unsupported
            case .invalid: return .rejected
            }
            let keyText = UnsafeBufferPointer(rebasing: bytes[key])
            if Self.isWrapperKey(keyText) { return .unsupported }
            for index in 0..<keyCount where Self.equal(UnsafeBufferPointer(rebasing: bytes[keys[index]]), keyText) {
                return .rejected
            }
            guard keyCount < keys.count else { return .unsupported }
            keys[keyCount] = key
            keyCount += 1
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return .rejected }
            position += 1
            if let index = projection.index(of: keyText) {
                guard let value = readValue(depth: 1) else { return .rejected }
                members[projection.names[index]] = value
            } else {
                skipWhitespace()
                let valueStart = position
                switch skipValue(depth: 1) {
                case .valid: break
                case .invalid: return .rejected
                case .needsBuild:
                    position = valueStart
                    if case .none = readValue(depth: 1) { return .rejected }
                }
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
                continue
            }
            guard current == UInt8(ascii: "}") else { return .rejected }
            position += 1
            return nil
        }
    }

    enum PlainString {
        /// The content (between the quotes) is ASCII without escapes; the cursor is after the closing quote.
        case plain(Range<Int>)
        /// An escape or a non-ASCII byte: the string needs the building reader.
        case special
        /// A control character or no closing quote.
        case invalid
    }

    /// Scans the string literal at the cursor (its opening quote) as far as its content is plain.
    mutating func scanPlainString() -> PlainString {
        position += 1
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") || byte >= 0x80 { return .special }
            if byte < 0x20 { return .invalid }
            position += 1
        }
        guard position < bytes.count else { return .invalid }
        position += 1
        return .plain(start..<(position - 1))
    }

    enum Skipped {
        case valid, invalid
        /// The value holds an object, or a string with an escape or a non-ASCII byte: read it with the
        /// building reader from its start.
        case needsBuild
    }

    /// Checks one value made of scalars and arrays without building it, inside `depth` open
    /// containers. Non-recursive: nested arrays are a count.
    mutating func skipValue(depth: Int) -> Skipped {
        var open = 0
        scan: while true {
            skipWhitespace()
            guard let byte = current else { return .invalid }
            switch byte {
            case UInt8(ascii: "["):
                guard depth + open < limits.maxDepth else { return .invalid }
                position += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    position += 1
                } else {
                    open += 1
                    continue scan
                }
            case UInt8(ascii: "{"):
                return .needsBuild
            case UInt8(ascii: "\""):
                switch scanPlainString() {
                case .plain: break
                case .special: return .needsBuild
                case .invalid: return .invalid
                }
            case UInt8(ascii: "t"):
                guard expect(0x74, 0x72, 0x75, 0x65) else { return .invalid }
            case UInt8(ascii: "f"):
                guard expect(0x66, 0x61, 0x6C, 0x73), current == 0x65 else { return .invalid }
                position += 1
            case UInt8(ascii: "n"):
                guard expect(0x6E, 0x75, 0x6C, 0x6C) else { return .invalid }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if case .none = readNumber() { return .invalid }
            default:
                return .invalid
            }
            // A value is complete: close the arrays that end after it.
            while true {
                guard open > 0 else { return .valid }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if current == UInt8(ascii: "]") { return .invalid }
                    continue scan
                }
                guard current == UInt8(ascii: "]") else { return .invalid }
                position += 1
                open -= 1
            }
        }
    }
}
