// RowKind: the kind of value a form row holds, as far as lint can tell — from the row's `type`
// (XLForm/Eureka row types such as "text", "integer", "boolean") or else from its initial value.

import PredicateLang

/// The kind of value a row holds.
enum RowKind: String, Equatable, Sendable {
    case string, number, boolean, date, collection, dictionary

    /// The kind a row `type` name implies, if it is a known one.
    init?(typeName: String) {
        switch typeName.lowercased() {
        case "text", "name", "email", "password", "url", "phone", "twitter", "account", "zipcode", "textview",
            "textarea", "string", "selectorpush", "selectoractionsheet", "selectoralertview", "selectorpickerview",
            "selectorsegmentedcontrol", "radio", "dropdown", "select":
            self = .string
        case "number", "integer", "decimal", "stepper", "slider", "rating", "int", "double", "float":
            self = .number
        case "boolean", "bool", "switch", "check", "checkbox", "booleancheck", "booleanswitch":
            self = .boolean
        case "date", "time", "datetime", "dateinline", "timeinline", "datetimeinline", "countdowntimer":
            self = .date
        case "multipleselector", "multipleselectorpopover", "multiselect", "checkboxes", "array", "tagbox":
            self = .collection
        default:
            return nil
        }
    }

    /// The kind of `value`, or nil for null.
    init?(of value: Value) {
        switch value {
        case .null: return nil
        case .string: self = .string
        case .int, .double: self = .number
        case .bool: self = .boolean
        case .date: self = .date
        case .array, .set: self = .collection
        case .dictionary: self = .dictionary
        }
    }
}
