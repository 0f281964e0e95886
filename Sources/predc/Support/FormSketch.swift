// FormSketch: a read-only outline of a form definition file — its rows and sections with tags, JSON
// paths, initial values, row types and condition texts with their positions in the file. `lint
// --form` and `form graph` / `form explain` read it; building and running forms is FormEngine's job.
// What lint makes of a row's type and value (its RowKind) is lint's business (FormSketch+RowKinds).

import PredicateLang

/// The elements and conditions of a form definition, read from its JSON without building the form.
struct FormSketch {
    /// A condition as written: a predicate string or a JSON boolean.
    enum ConditionText: Equatable {
        case predicate(String)
        case constant(Bool)
    }

    /// One condition of an element.
    struct Condition {
        /// `hidden`, `disabled` or `required`.
        var property: String
        var text: ConditionText
        /// Where the condition's JSON value is in the file.
        var range: SourceRange
    }

    /// A row or a section.
    struct Element {
        var isRow: Bool
        var tag: String?
        /// `sections[1]` or `sections[1].rows[0]`.
        var path: String
        /// The initial value (rows), null when absent.
        var value: Value
        /// A row's `type` (an XLForm / Eureka row type such as "integer"), when it has one.
        var typeName: String?
        var conditions: [Condition]

        /// The tag, or the path for an untagged element.
        var name: String { tag ?? path }
    }

    /// Sections and rows in document order (each section before its rows).
    var elements: [Element] = []
    /// The form file's text, for positions.
    var source: SourceText
    /// The `options` object, as written.
    var options = ValueDictionary()

    /// The tags of all rows and sections, in order.
    var tags: [String] { elements.compactMap(\.tag) }

    /// Reads `file`; a structure that is not a form definition is a data error.
    init(_ file: FormFile) throws(CommandFailure) {
        source = SourceText(file.text, name: file.name)
        let root: JSONNode
        do throws(JSONError) {
            root = try JSONParser.parse(file.text)
        } catch {
            throw .dataErrorAt(error.message, location: "\(file.name):\(error.line):\(error.column)")
        }
        if case .dictionary(let options)? = try? root["options"]?.typedValue(in: file.text) { self.options = options }
        guard let sections = root["sections"]?.arrayValue else {
            throw .dataErrorAt(
                "a form definition is an object with a 'sections' array", location: "\(file.name):1:1")
        }
        for (sectionIndex, section) in sections.enumerated() {
            let sectionPath = "sections[\(sectionIndex)]"
            elements.append(element(section, isRow: false, path: sectionPath, text: file.text))
            for (rowIndex, row) in (section["rows"]?.arrayValue ?? []).enumerated() {
                elements.append(element(row, isRow: true, path: "\(sectionPath).rows[\(rowIndex)]", text: file.text))
            }
        }
    }

    private func element(_ node: JSONNode, isRow: Bool, path: String, text: String) -> Element {
        let value = (try? node["value"]?.typedValue(in: text)) ?? .null
        var conditions: [Condition] = []
        for property in ["hidden", "disabled", "required"] {
            guard let condition = node[property] else { continue }
            if let string = condition.stringValue {
                conditions.append(Condition(property: property, text: .predicate(string), range: condition.range))
            } else if let flag = condition.boolValue {
                conditions.append(Condition(property: property, text: .constant(flag), range: condition.range))
            }
        }
        return Element(
            isRow: isRow, tag: node["tag"]?.stringValue, path: path, value: value,
            typeName: isRow ? node["type"]?.stringValue : nil, conditions: conditions)
    }

    /// The element tagged `tag`.
    func element(tagged tag: String) -> Element? { elements.first { $0.tag == tag } }
}
