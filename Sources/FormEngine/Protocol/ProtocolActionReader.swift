// ProtocolActionReader: reads one action line of the `predc form run` protocol (`set`, `setCondition`,
// `addRow`, `removeRow`, `addSection`, `removeSection`, `batch`) into an Action. Rows and sections are
// read by the definition reader, strictly; every object's keys are checked (a misspelt key is an error
// naming the closest one), and every error carries its line:column in the action line.

/// Reads one protocol action.
struct ProtocolActionReader {
    let text: String
    let source: SourceText

    init(text: String) {
        self.text = text
        source = SourceText(text)
    }

    static let actionNames = ["set", "setCondition", "addRow", "removeRow", "addSection", "removeSection", "batch"]
    static let setConditionKeys = ["tag", "property", "condition"]
    static let addRowKeys = ["section", "row", "index", "after"]
    static let addSectionKeys = ["section", "index"]

    private func invalid(_ message: String, at node: JSONNode, path: String = "") -> FormError {
        FormError(.invalidAction, message, path: path, location: source.location(of: node.range.lowerBound))
    }

    /// Rejects keys of `node` (an object) that are not in `allowed`, naming the closest allowed one.
    private func checkKeys(_ node: JSONNode, _ allowed: [String], path: String) throws(FormError) {
        for member in node.objectValue ?? [] where !allowed.contains(member.key) {
            throw FormError(
                .unknownKey, FormDefinition.unknownKeyMessage(member.key, allowed: allowed),
                path: "\(path).\(member.key)", location: source.location(of: member.keyRange.lowerBound))
        }
    }

    func action(_ node: JSONNode) throws(FormError) -> Action {
        guard let members = node.objectValue, members.count == 1, let member = members.first else {
            throw invalid("an action is an object with one key: \(Self.actionNames.joined(separator: ", "))", at: node)
        }
        let body = member.value
        let definitions = JSONDefinitionReader(text: text)
        switch member.key {
        case "set":
            guard let pairs = body.objectValue else { throw invalid("'set' takes an object of tag: value", at: body) }
            var assignments: [(String, Value)] = []
            for pair in pairs {
                do {
                    assignments.append((pair.key, try TypedJSON.value(of: pair.value, in: text)))
                } catch {
                    throw FormError(
                        .json, error.message, path: "set.\(pair.key)",
                        location: SourceLocation(line: error.line, column: error.column))
                }
            }
            return .values(assignments)
        case "setCondition":
            guard body.objectValue != nil else { throw invalid("'setCondition' takes an object", at: body) }
            try checkKeys(body, Self.setConditionKeys, path: "setCondition")
            guard let tag = body["tag"]?.stringValue else { throw invalid("'setCondition' needs a 'tag'", at: body) }
            guard let raw = body["property"]?.stringValue, let property = ConditionProperty(rawValue: raw) else {
                throw invalid("'setCondition' needs a 'property': hidden, disabled or required", at: body)
            }
            return .setCondition(try definitions.condition(body["condition"], "setCondition.condition"), property, tag)
        case "addRow":
            guard body.objectValue != nil else { throw invalid("'addRow' takes an object", at: body) }
            try checkKeys(body, Self.addRowKeys, path: "addRow")
            guard let section = body["section"]?.stringValue, let row = body["row"] else {
                throw invalid("'addRow' needs a 'section' tag and a 'row'", at: body)
            }
            var insertion = RowInsertion.end
            if let index = body["index"], !index.isNull {
                guard let position = index.int64Value, let small = Int(exactly: position) else {
                    throw invalid("'index' must be an integer", at: index, path: "addRow.index")
                }
                insertion = .index(small)
            } else if let after = body["after"]?.stringValue {
                insertion = .after(after)
            }
            return .addRow(try definitions.row(row, "addRow.row"), section, insertion)
        case "removeRow":
            guard let tag = body.stringValue else { throw invalid("'removeRow' takes a tag", at: body) }
            return .removeRow(tag)
        case "addSection":
            guard body.objectValue != nil else { throw invalid("'addSection' takes an object", at: body) }
            try checkKeys(body, Self.addSectionKeys, path: "addSection")
            guard let section = body["section"] else { throw invalid("'addSection' needs a 'section'", at: body) }
            var index: Int?
            if let position = body["index"], !position.isNull {
                guard let value = position.int64Value, let small = Int(exactly: value) else {
                    throw invalid("'index' must be an integer", at: position, path: "addSection.index")
                }
                index = small
            }
            return .addSection(try definitions.section(section, "addSection.section"), index)
        case "removeSection":
            guard let tag = body.stringValue else { throw invalid("'removeSection' takes a tag", at: body) }
            return .removeSection(tag)
        case "batch":
            guard let elements = body.arrayValue else { throw invalid("'batch' takes an array of actions", at: body) }
            var actions: [Action] = []
            for element in elements { actions.append(try action(element)) }
            return .batch(actions)
        default:
            var message = "unknown action '\(member.key)'"
            if let suggestion = Suggestion.closest(to: member.key, among: Self.actionNames) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw FormError(.invalidAction, message, location: source.location(of: member.keyRange.lowerBound))
        }
    }
}
