// JSONOutput: a small deterministic JSON writer for the protocol's state lines — objects keep the key
// order they are written in, maps are written with sorted keys, values use TypedJSON's serializer.

/// Builds one line of compact JSON.
struct JSONOutput {
    private(set) var text = ""

    static func quoted(_ string: String) -> String { TypedJSON.serialize(.string(string)) }

    /// `{"k1": v1, "k2": v2}` from already-serialized values, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A map with sorted keys.
    static func map(_ members: [String: String]) -> String {
        object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    static func strings(_ strings: [String]) -> String {
        "[" + strings.map(quoted).joined(separator: ",") + "]"
    }

    static func bool(_ flag: Bool) -> String { flag ? "true" : "false" }

    static func bools(_ flags: [String: Bool]) -> String { map(flags.mapValues(bool)) }

    static func values(_ values: [String: Value]) -> String { map(values.mapValues(TypedJSON.serialize)) }
}
