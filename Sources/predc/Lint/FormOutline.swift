// FormOutline: what lint needs from a form definition — its tags (rows and sections) and the kind of
// value each row holds — read from the form's JSON without building the form.

import PredicateLang

/// The tags and row kinds of a form definition.
struct FormOutline {
    /// Row and section tags, in document order.
    var tags: [String] = []
    /// The kind of each row whose `type` or initial `value` tells.
    var rowKinds: [String: RowKind] = [:]

    /// Reads `sections[].tag`, `sections[].rows[].tag`, `.type` and `.value`.
    init(_ definition: Value) throws(CommandFailure) {
        guard case .dictionary(let form) = definition, case .array(let sections)? = form["sections"] else {
            throw .dataError("a form definition is an object with a 'sections' array")
        }
        for section in sections {
            guard case .dictionary(let members) = section else { continue }
            if case .string(let tag)? = members["tag"] { tags.append(tag) }
            guard case .array(let rows)? = members["rows"] else { continue }
            for row in rows {
                guard case .dictionary(let fields) = row, case .string(let tag)? = fields["tag"] else { continue }
                tags.append(tag)
                if case .string(let type)? = fields["type"], let kind = RowKind(typeName: type) {
                    rowKinds[tag] = kind
                } else if let value = fields["value"], let kind = RowKind(of: value) {
                    rowKinds[tag] = kind
                }
            }
        }
    }
}
