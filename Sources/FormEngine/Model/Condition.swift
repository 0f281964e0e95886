// Condition: how a row or section decides whether it is hidden, disabled or required. A constant, a
// predicate string (the XLForm `.value` rule applies), an already compiled predicate, or a Swift
// function with declared dependencies (Eureka's `Condition.function`); what a function sees of the
// form (ConditionReader); and the vocabulary of both: the property a condition governs and the property
// of another element it reads. The engine compiles each condition into a CompiledCondition (Engine/).

/// A condition for `hidden`, `disabled` or `required`.
///
/// ```swift
/// Row("email").hidden("$newsletter == NO")          // a predicate string
/// Row("phone").disabled(true)                        // a constant
/// Row("age").required(.function(["country"]) { form in form.value("country") == "DE" })
/// ```
///
/// A predicate string may name rows declared later in the form: every condition is evaluated once,
/// after the whole form exists. A tag that names no row reads as null.
public enum Condition: Sendable {
    /// A fixed result.
    case constant(Bool)
    /// A predicate in the NSPredicate format language. The XLForm rule applies: `$t` reads `t`'s
    /// value (`$t.value`), `$t.isHidden` / `$t.isDisabled` its flags, and `$t.other` means
    /// `$t.value.other`. Dependencies come from the syntax tree, exactly.
    case predicate(String)
    /// An already compiled predicate, used verbatim (its tree is compiled again against the form's
    /// tags; in a form `$t` reads the value as well).
    case compiled(CompiledPredicate)
    /// A Swift function and the elements it reads. Each dependency is a tag (`"country"`, meaning its
    /// value) or a tag with a property (`"country.value"`, `"country.isHidden"`, `"country.isDisabled"`).
    /// The function re-runs only when one of them changes: a read that is not declared is not tracked.
    case function([String], @Sendable (ConditionReader) -> Bool)
}

extension Condition: ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    public init(booleanLiteral value: Bool) { self = .constant(value) }
    public init(stringLiteral value: String) { self = .predicate(value) }
}

/// What a ``Condition/function(_:_:)`` condition sees of the form while it runs: the values and flags
/// that predicate conditions read (with the form's hidden-value policy applied).
public struct ConditionReader {
    let store: RowStore
    /// Collects what the function reads (debug builds), to check it against the declared dependencies.
    let recorder: ReadRecorder?

    init(store: RowStore, recorder: ReadRecorder? = nil) {
        self.store = store
        self.recorder = recorder
    }

    /// The value of the element tagged `tag` as conditions see it; null for an unknown tag.
    public func value(_ tag: String) -> Value {
        recorder?.reads.append((tag, .value))
        return store[tag]
    }

    /// The `isHidden` flag of `tag` as conditions see it; false for an unknown tag.
    public func isHidden(_ tag: String) -> Bool {
        recorder?.reads.append((tag, .isHidden))
        guard let slot = store.symbols.slot(for: tag) else { return false }
        return store.isHidden(at: slot)
    }

    /// The `isDisabled` flag of `tag`; false for an unknown tag.
    public func isDisabled(_ tag: String) -> Bool {
        recorder?.reads.append((tag, .isDisabled))
        guard let slot = store.symbols.slot(for: tag) else { return false }
        return store.isDisabled(at: slot)
    }
}

/// The reads of one function-condition evaluation.
final class ReadRecorder {
    var reads: [(String, ObservedProperty)] = []
}

/// The three conditions an element may carry. Sections have `hidden` and `disabled` only.
public enum ConditionProperty: String, Hashable, Sendable, Codable, CaseIterable {
    /// Whether the element is hidden.
    case hidden
    /// Whether the element is disabled.
    case disabled
    /// Whether the row must have a non-empty value (rows only).
    case required
}

/// What a condition reads of a row or section: its value, its hidden flag or its disabled flag.
///
/// In a predicate, `$t` and `$t.value` read ``value``, `$t.isHidden` reads ``isHidden`` and
/// `$t.isDisabled` reads ``isDisabled``. A ``Condition/function(_:_:)`` declares the same with
/// `"t"`, `"t.isHidden"` and `"t.isDisabled"`.
public enum ObservedProperty: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The element's value (for a multivalued section, the array of its rows' values).
    case value = 0
    /// The element's hidden flag as conditions see it.
    case isHidden = 1
    /// The element's own disabled flag.
    case isDisabled = 2

    /// `value`, `isHidden` or `isDisabled`, as written after `$tag.`.
    public var name: String {
        switch self {
        case .value: "value"
        case .isHidden: "isHidden"
        case .isDisabled: "isDisabled"
        }
    }

    public var description: String { name }
}
