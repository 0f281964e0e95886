// FormDependencyGraph and ConditionKey: the engine's dependency graph as plain data, for apps, tests and
// tools (`predc form run` prints its observer map): which conditions read each input (a tag's value or
// flag), what each condition reads, which conditions a condition waits for, and the order in which they
// are evaluated. A snapshot, taken on demand; change sets name the conditions they evaluated by key.

/// Names one condition: the element it belongs to and the property it decides (`email.hidden`).
public struct ConditionKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The element's tag, or its path (`sections[0].rows[2]`) when it has none.
    public var element: String
    /// `hidden`, `disabled` or `required`.
    public var property: ConditionProperty

    public init(element: String, property: ConditionProperty) {
        self.element = element
        self.property = property
    }

    /// `email.hidden`.
    public var description: String { "\(element).\(property.rawValue)" }

    public static func < (lhs: ConditionKey, rhs: ConditionKey) -> Bool {
        (lhs.element, lhs.property.rawValue) < (rhs.element, rhs.property.rawValue)
    }
}

/// A snapshot of a form's dependency graph.
///
/// ```swift
/// let graph = form.dependencyGraph
/// graph.readers(of: "newsletter")            // [email.hidden, email.required]
/// graph.inputs(of: ConditionKey(element: "email", property: .hidden))   // [newsletter.value]
/// ```
///
/// Vertices are the conditions written in the form (absent ones are constantly false and take no part).
/// A condition reads inputs; an input is a tag's value or one of its flags, and may name a tag no element
/// has (it reads as null). A condition depends on another when it reads an input the other's result
/// decides (`$t.isHidden` is decided by `t.hidden`; with the `null` hidden-value policy `$t` is too).
public struct FormDependencyGraph: Hashable, Sendable {
    /// What a condition reads: a tag's value or one of its flags (`country.value`).
    public struct Input: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The tag read (`$country`), whether or not an element has it.
        public var tag: String
        /// The value, `isHidden` or `isDisabled`.
        public var property: ObservedProperty

        public init(tag: String, property: ObservedProperty) {
            self.tag = tag
            self.property = property
        }

        /// `country.value`.
        public var description: String { "\(tag).\(property.name)" }

        public static func < (lhs: Input, rhs: Input) -> Bool {
            (lhs.tag, lhs.property.rawValue) < (rhs.tag, rhs.property.rawValue)
        }
    }

    /// Every condition in evaluation order: a condition comes after those it depends on.
    public var order: [ConditionKey]
    /// The inputs each condition reads, sorted.
    public var inputs: [ConditionKey: [Input]]
    /// The conditions whose results each condition reads (its edges), sorted.
    public var dependencies: [ConditionKey: [ConditionKey]]

    public init(order: [ConditionKey], inputs: [ConditionKey: [Input]], dependencies: [ConditionKey: [ConditionKey]]) {
        self.order = order
        self.inputs = inputs
        self.dependencies = dependencies
    }

    /// The observer map: for every input some condition reads, the conditions reading it, sorted.
    public var readers: [Input: [ConditionKey]] {
        var readers: [Input: [ConditionKey]] = [:]
        for (condition, inputs) in inputs {
            for input in inputs { readers[input, default: []].append(condition) }
        }
        return readers.mapValues { $0.sorted() }
    }

    /// The conditions that read `tag`'s `property` (its value by default), sorted.
    public func readers(of tag: String, _ property: ObservedProperty = .value) -> [ConditionKey] {
        inputs.compactMap { $0.value.contains(Input(tag: tag, property: property)) ? $0.key : nil }.sorted()
    }

    /// The inputs `condition` reads; empty for a condition the graph does not have.
    public func inputs(of condition: ConditionKey) -> [Input] { inputs[condition] ?? [] }
}
