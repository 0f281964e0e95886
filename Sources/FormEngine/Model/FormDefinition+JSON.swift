// FormDefinition+JSON: reads a form definition from JSON text in the shape of the conformance
// scenarios' `form` objects (`{"options": {...}, "sections": [{"tag", "hidden", "disabled",
// "multivalued", "rows": [{"tag", "value", "hidden", "disabled", "required", "validations"}]}]}`),
// with the project's own positioned JSON parser, so every error carries a path and a line:column.

extension FormDefinition {
    /// Parses a definition from JSON text. Values are typed JSON (`1` is an integer, `1.0` a double,
    /// `{"$date": ...}` a date, `{"$set": [...]}` a set); conditions are booleans, predicate strings or
    /// null. Every error names the path and the line:column in `text`.
    ///
    /// With `rejectUnknownKeys` (the default) an unknown key is an error of kind
    /// ``FormError/Kind/unknownKey`` with the closest known key (`unknown key 'hiden'; did you mean
    /// 'hidden'?`), so a misspelt key does not silently do nothing. Without it unknown keys are
    /// ignored; ``FormChecker`` reports them. Rows may carry `title` and `type` for tools and apps.
    public static func parseJSON(_ text: String, rejectUnknownKeys: Bool = true) throws(FormError) -> FormDefinition {
        try parseJSON(text, unknownKeys: rejectUnknownKeys ? nil : UnknownKeys())
    }

    /// "unknown key 'hiden'; did you mean 'hidden'?", or the keys expected when none is close.
    static func unknownKeyMessage(_ key: String, allowed: [String]) -> String {
        if let suggestion = Suggestion.closest(to: key, among: allowed) {
            return "unknown key '\(key)'; did you mean '\(suggestion)'?"
        }
        return "unknown key '\(key)' (expected one of: \(allowed.sorted().joined(separator: ", ")))"
    }

    /// Parses with unknown keys collected in `unknownKeys` (nil: rejected). The quick reader reads the
    /// usual definition; whatever it declines (anything unusual, every error) the thorough reader reads
    /// from the start. Debug builds read each quickly read definition the thorough way too and check that
    /// the two agree.
    static func parseJSON(_ text: String, unknownKeys: UnknownKeys?) throws(FormError) -> FormDefinition {
        if let definition = QuickDefinitionReader.definition(text) {
            assert(
                (try? thoroughlyParsedJSON(text, unknownKeys: unknownKeys)).map {
                    QuickDefinitionReader.sameDefinition(definition, $0)
                } == true, "the quick definition reader disagrees with the thorough one")
            return definition
        }
        return try thoroughlyParsedJSON(text, unknownKeys: unknownKeys)
    }

    /// The definition read through a JSON tree, every error positioned.
    static func thoroughlyParsedJSON(_ text: String, unknownKeys: UnknownKeys?) throws(FormError) -> FormDefinition {
        try JSONDefinitionReader(text: text, unknownKeys: unknownKeys).definition(try parseJSONNode(text))
    }

    /// The JSON tree of `text`, or a positioned ``FormError/Kind/json`` error.
    static func parseJSONNode(_ text: String) throws(FormError) -> JSONNode {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw FormError(.json, error.message, location: SourceLocation(line: error.line, column: error.column))
        }
    }
}

/// Unknown keys met while reading a definition leniently: path and position of each.
final class UnknownKeys {
    var entries: [(path: String, message: String, location: SourceLocation)] = []
}

/// Walks a JSONNode tree into a FormDefinition, naming the path of every problem.
struct JSONDefinitionReader {
    let text: String
    let source: SourceText
    /// Where unknown keys are collected; nil rejects them.
    let unknownKeys: UnknownKeys?

    init(text: String, unknownKeys: UnknownKeys? = nil) {
        self.text = text
        self.source = SourceText(text)
        self.unknownKeys = unknownKeys
    }

    // Paths such as `sections[3].rows[12].hidden` are built only for an error or an unknown key
    // (autoclosures): a valid definition builds none. Each object's members are sorted into its known keys
    // in one pass (KeyLookup: a handful of short ASCII keys, cheaper to compare than to hash).
    enum RootKey: Int, CaseIterable { case sections, options }
    enum OptionKey: Int, CaseIterable {
        case hiddenValueInConditions, clearValueOnHide, hiddenIncludesSection, conditionProblems
    }
    enum SectionKey: Int, CaseIterable { case tag, hidden, disabled, multivalued, rows, title }
    /// `title` and `type` are for tools and apps (`predc lint --form` reads a row's type); the engine
    /// does not use them.
    enum RowKey: Int, CaseIterable { case tag, value, hidden, disabled, required, validations, title, type }
    enum ValidationKey: Int, CaseIterable { case predicate, message }

    /// Each object's keys, spelled as their cases are named, in the order of the cases (which index
    /// ``KnownMembers``). Written out rather than made from the cases (`"\(key)"`): a case's name comes
    /// from the runtime's reflection metadata, which cost the first definition read in a process 5.5
    /// million instructions (about 2 ms). A test checks each list against its cases.
    static let rootKeys = ["sections", "options"]
    static let optionKeys = [
        "hiddenValueInConditions", "clearValueOnHide", "hiddenIncludesSection", "conditionProblems",
    ]
    static let sectionKeys = ["tag", "hidden", "disabled", "multivalued", "rows", "title"]
    static let rowKeys = ["tag", "value", "hidden", "disabled", "required", "validations", "title", "type"]
    static let validationKeys = ["predicate", "message"]

    func error(_ message: String, _ node: JSONNode, _ path: @autoclosure () -> String) -> FormError {
        FormError(.invalidDefinition, message, path: path(), location: source.location(of: node.range.lowerBound))
    }

    /// The values of an object's known keys, by the key's index in the `allowed` list (at most eight)
    /// it was read with: where each is among the members, so nothing is copied until it is read.
    struct KnownMembers {
        private let members: [JSONNode.Member]
        /// Each known key's member index; -1 when the object does not have the key.
        private var positions = SIMD8<Int32>(repeating: -1)

        init(_ members: [JSONNode.Member]) { self.members = members }

        /// The value of `key`; nil when the object does not have it.
        subscript<Key: RawRepresentable<Int>>(key: Key) -> JSONNode? { self[key.rawValue] }

        /// The value of the known key at `index`; nil when the object does not have it.
        private subscript(index: Int) -> JSONNode? {
            guard positions.indices.contains(index) else { return nil }
            let position = Int(positions[index])
            return members.indices.contains(position) ? members[position].value : nil
        }

        /// Records that the known key at `index` is member `position`.
        mutating func record(_ index: Int, at position: Int) {
            guard positions.indices.contains(index), let position = Int32(exactly: position) else { return }
            positions[index] = position
        }
    }

    /// The object's members sorted into the `allowed` keys (at most eight, every one ASCII) in one pass;
    /// an unknown key is an error, or collected when the reader is lenient.
    func members(_ node: JSONNode, _ path: @autoclosure () -> String, allowed: [String]) throws(FormError)
        -> KnownMembers
    {
        guard case .object(let members, _) = node else {
            throw error("expected an object, found \(node.kindName)", node, path())
        }
        assert(allowed.count <= 8, "KnownMembers records at most eight keys")
        var known = KnownMembers(members)
        for position in members.indices {
            if let index = KeyLookup.index(of: members[position].key, in: allowed, namesAreASCII: true) {
                known.record(index, at: position)
                continue
            }
            let key = members[position].key
            let message = FormDefinition.unknownKeyMessage(key, allowed: allowed)
            let base = path()
            let keyPath = base.isEmpty ? key : "\(base).\(key)"
            let location = source.location(of: members[position].keyRange.lowerBound)
            guard let unknownKeys else {
                throw FormError(.unknownKey, message, path: keyPath, location: location)
            }
            unknownKeys.entries.append((keyPath, message, location))
        }
        return known
    }

    func definition(_ root: JSONNode) throws(FormError) -> FormDefinition {
        let members = try members(root, "", allowed: Self.rootKeys)
        var definition = FormDefinition()
        if let options = members[RootKey.options] { definition.options = try self.options(options) }
        guard let sections = members[RootKey.sections] else { return definition }
        guard let elements = sections.arrayValue else {
            throw error("'sections' must be an array, found \(sections.kindName)", sections, "sections")
        }
        definition.sections.reserveCapacity(elements.count)
        for (index, node) in elements.enumerated() {
            definition.sections.append(try section(node, "sections[\(index)]"))
        }
        return definition
    }

    func options(_ node: JSONNode) throws(FormError) -> FormOptions {
        let members = try members(node, "options", allowed: Self.optionKeys)
        var options = FormOptions()
        if let value = members[OptionKey.hiddenValueInConditions], !value.isNull {
            guard let raw = value.stringValue, let policy = FormOptions.HiddenValuePolicy(rawValue: raw) else {
                throw error(
                    "hiddenValueInConditions must be \"keep\" or \"null\"", value, "options.hiddenValueInConditions")
            }
            options.hiddenValueInConditions = policy
        }
        if let value = members[OptionKey.clearValueOnHide], !value.isNull {
            guard let raw = value.stringValue, let policy = FormOptions.ClearValuePolicy(rawValue: raw) else {
                throw error("clearValueOnHide must be \"none\" or \"onHidden\"", value, "options.clearValueOnHide")
            }
            options.clearValueOnHide = policy
        }
        if let value = members[OptionKey.hiddenIncludesSection], !value.isNull {
            guard let flag = value.boolValue else {
                throw error("hiddenIncludesSection must be a boolean", value, "options.hiddenIncludesSection")
            }
            options.hiddenIncludesSection = flag
        }
        if let value = members[OptionKey.conditionProblems], !value.isNull {
            guard let raw = value.stringValue, let policy = FormOptions.ProblemPolicy(rawValue: raw) else {
                throw error("conditionProblems must be \"error\" or \"warning\"", value, "options.conditionProblems")
            }
            options.conditionProblems = policy
        }
        return options
    }

    func section(_ node: JSONNode, _ path: @autoclosure () -> String) throws(FormError) -> Section {
        let members = try members(node, path(), allowed: Self.sectionKeys)
        var section = Section(
            try tag(members[SectionKey.tag], path()),
            hidden: try condition(members[SectionKey.hidden], "\(path()).hidden"),
            disabled: try condition(members[SectionKey.disabled], "\(path()).disabled"), rows: [])
        if let flag = members[SectionKey.multivalued], !flag.isNull {
            guard let value = flag.boolValue else {
                throw error("'multivalued' must be a boolean", flag, "\(path()).multivalued")
            }
            section.isMultivalued = value
        }
        if let rows = members[SectionKey.rows], !rows.isNull {
            guard let elements = rows.arrayValue else {
                throw error("'rows' must be an array, found \(rows.kindName)", rows, "\(path()).rows")
            }
            section.rows.reserveCapacity(elements.count)
            for (index, row) in elements.enumerated() {
                section.rows.append(try self.row(row, "\(path()).rows[\(index)]"))
            }
        }
        return section
    }

    /// The row's parts are read first (errors in the order of its fields) and the row made once at the end:
    /// assigning them to a row made first copied the whole row.
    func row(_ node: JSONNode, _ path: @autoclosure () -> String) throws(FormError) -> Row {
        let members = try members(node, path(), allowed: Self.rowKeys)
        let tag = try tag(members[RowKey.tag], path())
        let hidden = try condition(members[RowKey.hidden], "\(path()).hidden")
        let disabled = try condition(members[RowKey.disabled], "\(path()).disabled")
        let required = try condition(members[RowKey.required], "\(path()).required")
        var value = Value.null
        if let node = members[RowKey.value] {
            do {
                value = try TypedJSON.value(of: node, in: text)
            } catch {
                throw FormError(
                    .json, error.message, path: "\(path()).value",
                    location: SourceLocation(line: error.line, column: error.column))
            }
        }
        var validations: [ValidationRule] = []
        if let rules = members[RowKey.validations], !rules.isNull {
            guard let elements = rules.arrayValue else {
                throw error("'validations' must be an array", rules, "\(path()).validations")
            }
            for (index, rule) in elements.enumerated() {
                validations.append(try validation(rule, "\(path()).validations[\(index)]"))
            }
        }
        return Row(tag, value: value, hidden: hidden, disabled: disabled, required: required, validations: validations)
    }

    func tag(_ node: JSONNode?, _ path: @autoclosure () -> String) throws(FormError) -> String? {
        guard let tag = node, !tag.isNull else { return nil }
        guard let string = tag.stringValue else {
            throw error("'tag' must be a string, found \(tag.kindName)", tag, "\(path()).tag")
        }
        return string
    }

    func condition(_ node: JSONNode?, _ path: @autoclosure () -> String) throws(FormError) -> Condition? {
        guard let node, !node.isNull else { return nil }
        if let flag = node.boolValue { return .constant(flag) }
        if let text = node.stringValue { return .predicate(text) }
        throw error("a condition must be a boolean, a predicate string or null, found \(node.kindName)", node, path())
    }

    /// `{"predicate": "SELF MATCHES '...'", "message": "..."}`.
    func validation(_ node: JSONNode, _ path: @autoclosure () -> String) throws(FormError) -> ValidationRule {
        let members = try members(node, path(), allowed: Self.validationKeys)
        guard let predicate = members[ValidationKey.predicate]?.stringValue else {
            throw error("a validation needs a 'predicate' string", node, path())
        }
        let message = members[ValidationKey.message]?.stringValue ?? "invalid value"
        return .predicate(predicate, message: message)
    }
}
