// JSONSchemaReader, references: `$ref` values are JSON pointers into the same document (RFC 6901 in a
// URI fragment: `#`, `#/definitions/X`, `#/$defs/X`, `#/components/schemas/X`, or any other path of
// keys and array indexes). A reference that leaves the document or reaches nothing is an error at the
// `$ref` string, with a did-you-mean for a misspelt key.

extension JSONSchemaReader {
    /// Where a JSON pointer leads in the document.
    enum Location {
        /// The node, and the pointer in its canonical spelling (the cache key).
        case found(JSONNode, pointer: String)
        /// The pointer's tokens up to `index` exist; token `index` does not. `keys` are the keys of the
        /// object where it was looked up (empty for an array or a scalar).
        case missing(tokens: [String], index: Int, keys: [String])
        /// Not a pointer into this document.
        case unsupported
    }

    /// The type of the schema a `$ref` value points at.
    mutating func referencedType(_ value: JSONNode) -> SchemaType {
        guard case .string(let reference, let range) = value else {
            report(.schemaKeywordKind("$ref", "a string", found: Self.article(value.kindName)), at: value.range)
            return .any
        }
        switch locate(reference) {
        case .found(let node, let pointer):
            return type(of: node, at: pointer)
        case .missing(let tokens, let index, let keys):
            // The suggestion is the whole reference with the missing key corrected; its fix-it replaces the
            // text between the quotes, when that is the reference as written.
            let suggestion = Suggestion.closest(to: tokens[index], among: keys).map { key in
                var corrected = tokens
                corrected[index] = key
                return Self.pointer(corrected)
            }
            let inner = SourceRange(range.lowerBound + 1, range.upperBound - 1)
            reportWithSuggestion(
                .schemaUnresolvedReference(
                    reference, missing: tokens[index], in: Self.pointer(Array(tokens[..<index]))), at: range,
                suggestion: suggestion,
                replacing: source.slice(inner) == reference ? inner : nil)
            return .any
        case .unsupported:
            report(.schemaUnsupportedReference(reference), at: range)
            return .any
        }
    }

    /// The range of the `$ref` string of `node` (the node's own range when it has none).
    func referenceRange(of node: JSONNode) -> SourceRange {
        node["$ref"]?.range ?? node.range
    }

    /// Follows the JSON pointer of a `#…` URI fragment from the document's root.
    func locate(_ reference: String) -> Location {
        guard reference.first == "#", let fragment = Self.percentDecoded(reference.dropFirst()) else {
            return .unsupported
        }
        if fragment.isEmpty { return .found(document, pointer: "#") }
        guard fragment.first == "/" else { return .unsupported }
        let tokens = fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(Self.unescape)
        var node = document
        for (index, token) in tokens.enumerated() {
            switch node {
            case .object(let members, _):
                guard let member = members.first(where: { $0.key == token }) else {
                    return .missing(tokens: tokens, index: index, keys: members.map(\.key))
                }
                node = member.value
            case .array(let elements, _):
                guard let position = Int(token), elements.indices.contains(position) else {
                    return .missing(tokens: tokens, index: index, keys: [])
                }
                node = elements[position]
            default:
                return .missing(tokens: tokens, index: index, keys: [])
            }
        }
        return .found(node, pointer: Self.pointer(tokens))
    }

    /// `#/a/b` from the tokens `a`, `b`.
    static func pointer(_ tokens: [String]) -> String {
        tokens.reduce("#") { $0 + "/" + escape($1) }
    }

    /// The tokens of a pointer this reader spelled (`#/a~1b/c` → `a/b`, `c`).
    static func tokens(of pointer: String) -> [String] {
        pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map(unescape)
    }

    /// A key as a pointer token: `~` → `~0`, `/` → `~1`.
    static func escape(_ key: String) -> String {
        key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// A pointer token as a key: `~1` → `/`, `~0` → `~`.
    static func unescape(_ token: Substring) -> String {
        String(token).replacing("~1", with: "/").replacing("~0", with: "~")
    }

    /// A URI fragment with its `%XX` escapes decoded; nil when an escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ fragment: Substring) -> String? {
        guard fragment.contains("%") else { return String(fragment) }
        var bytes: [UInt8] = []
        var iterator = fragment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(JSONEscape.hexDigit),
                let low = iterator.next().flatMap(JSONEscape.hexDigit)
            else { return nil }
            bytes.append(UInt8(high << 4 | low))
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
