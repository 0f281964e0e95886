// FormDefinition: a whole form as data (sections, rows, options) before it is built. The result
// builders and the `+++` / `<<<` operators produce one; JSON decodes into one; `Form` builds it.

/// A form as plain data: ordered sections and the form's options.
public struct FormDefinition: Sendable {
    /// The sections, in display order.
    public var sections: [Section]
    /// The semantics choices for hidden values.
    public var options: FormOptions

    /// Creates a definition from sections.
    public init(sections: [Section] = [], options: FormOptions = FormOptions()) {
        self.sections = sections
        self.options = options
    }

    /// Creates a definition whose sections come from a result builder.
    public init(options: FormOptions = FormOptions(), @FormBuilder _ sections: () -> [Section]) {
        self.init(sections: sections(), options: options)
    }
}

/// Builds the sections of a form: `Form { Section("a") { ... }; Section("b") { ... } }`.
@resultBuilder
public enum FormBuilder {
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    public static func buildEither(first part: [Section]) -> [Section] { part }
    public static func buildEither(second part: [Section]) -> [Section] { part }
    public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}

/// Builds the rows of a section: `Section("s") { Row("a"); Row("b") }`.
@resultBuilder
public enum RowBuilder {
    public static func buildExpression(_ row: Row) -> [Row] { [row] }
    public static func buildExpression(_ rows: [Row]) -> [Row] { rows }
    public static func buildBlock(_ parts: [Row]...) -> [Row] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Row]?) -> [Row] { part ?? [] }
    public static func buildEither(first part: [Row]) -> [Row] { part }
    public static func buildEither(second part: [Row]) -> [Row] { part }
    public static func buildArray(_ parts: [[Row]]) -> [Row] { parts.flatMap { $0 } }
}

infix operator +++ : AdditionPrecedence
infix operator <<< : MultiplicationPrecedence

extension FormDefinition {
    /// Appends a section, Eureka style: `FormDefinition() +++ Section("a") <<< Row("x")`.
    public static func +++ (form: FormDefinition, section: Section) -> FormDefinition {
        var copy = form
        copy.sections.append(section)
        return copy
    }
}

extension Section {
    /// Appends a row, Eureka style.
    public static func <<< (section: Section, row: Row) -> Section {
        var copy = section
        copy.rows.append(row)
        return copy
    }
}
