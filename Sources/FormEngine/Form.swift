// Form: the live form — built once from a definition, then edited by actions (Form+Actions) that each
// return a net FormChangeSet, update the observed elements and notify listeners (Form+Listeners). A
// thin shell over FormCore (the state, its change-set builder, its observers); this file holds what
// reads the form.

/// A live conditional form: sections and rows with values, and `hidden` / `disabled` / `required`
/// conditions that are re-evaluated incrementally when values change.
///
/// ```swift
/// let form = try Form {
///     Section("s1") {
///         Row("other")
///         Row("name", value: "x").hidden(.function(["other"]) { $0.value("other") == "y" })
///     }
/// }
/// let changes = try form.setValue("y", for: "other")   // changes.rowsHidden lists "name"
/// ```
///
/// Every action either succeeds or throws a ``FormError`` and leaves the form exactly as it was.
/// A `Form` is not thread-safe; use it from one isolation domain.
///
/// ## Listeners and re-entrancy
/// Listeners receive each action's change set. An action a listener starts while being notified is
/// checked at once (a failure throws to the listener) but applied only after the current notification
/// has reached every listener; it returns a change set with ``FormChangeSet/isDeferred`` set, and its
/// own change set is then delivered to the listeners like any other. The same holds for observation
/// callbacks on ``ObservableElement``s, which run first. Conditions and validation rules run inside an
/// action or a validation and cannot start one: an action one of them starts (through a Form it reaches
/// despite being `@Sendable`) throws ``FormError/Kind/invalidAction`` and changes nothing.
public final class Form {
    /// The state, its change-set builder and its observers: what actions change.
    ///
    /// Release builds do not check accesses to it at run time (about 150 instructions per action, a third
    /// of the work of a usual value change's change set): every access is one of the Form's own methods.
    /// The caller's code that runs during one, conditions and validation rules, cannot start another:
    /// they are `@Sendable` closures, which cannot capture a Form (it is not `Sendable`), and one that
    /// has it anyway (through an unchecked box) is refused (``insideCore(_:)``). Observers and listeners
    /// are called after the access has ended (Form+Listeners). Debug builds, which run the tests, keep
    /// the check.
    #if DEBUG
        var core: FormCore
    #else
        @exclusivity(unchecked) var core: FormCore
    #endif
    /// True while an action or a validation runs conditions or validation rules on the core (or on a copy
    /// of its state): an action they start then throws instead of changing the core under them.
    @exclusivity(unchecked) var isInsideCore = false
    /// The state, for tests (library code reads `core.state` in place rather than through a copy).
    var state: FormState { core.state }
    var listeners: [(id: Int, body: (FormChangeSet) -> Void)] = [] {
        didSet { core.hasListeners = !listeners.isEmpty }
    }
    var nextListenerID = 0
    /// True while listeners are being notified: actions are then checked and queued in `pending`.
    var isNotifying: Bool {
        get { core.isNotifying }
        set { core.isNotifying = newValue }
    }
    var pending: [Action] = []

    /// Queued actions that failed when they were finally applied (the state they were checked against
    /// had changed), most recent last.
    public internal(set) var deferredFailures: [FormError] = []

    /// Builds a form: checks tags, compiles and checks every condition (an unknown tag or a type mismatch
    /// throws unless ``FormOptions/conditionProblems`` is ``FormOptions/ProblemPolicy/warning``), rejects
    /// cycles and evaluates everything once.
    public init(_ definition: FormDefinition, limits: FormLimits = .default) throws(FormError) {
        core = FormCore(state: try FormState.build(definition, limits: limits))
    }

    /// Builds a form from sections written with a result builder.
    public convenience init(
        options: FormOptions = FormOptions(), limits: FormLimits = .default, @FormBuilder _ sections: () -> [Section]
    ) throws(FormError) {
        try self.init(FormDefinition(sections: sections(), options: options), limits: limits)
    }

    // MARK: Reading

    /// The form's policies.
    public var options: FormOptions { core.state.options }

    /// The state of the row or section tagged `tag`, or nil if there is none.
    public subscript(tag: String) -> ElementState? {
        core.state.element(tagged: tag).map { ElementState(state: core.state, element: $0) }
    }

    /// Tags of the sections that are not hidden, in order.
    public var visibleSectionTags: [String] { core.state.sections.filter { !core.state.ownHidden($0) }.compactMap(tag) }
    /// Tags of the displayed rows (not hidden, in a section that is not hidden), in order.
    public var visibleRowTags: [String] { core.state.allRows.filter(core.state.isDisplayed).compactMap(tag) }
    /// Tags of all sections, hidden included.
    public var allSectionTags: [String] { core.state.sections.compactMap(tag) }
    /// Tags of all rows, hidden included.
    public var allRowTags: [String] { core.state.allRows.compactMap(tag) }

    private func tag(_ element: ElementID) -> String? { core.state.tag(of: element) }

    /// Values of the displayed tagged rows (null included); a tagged multivalued section maps to the
    /// array of its displayed rows' non-null values (Eureka's `values()`).
    public func values() -> [String: Value] { core.state.values(includeHidden: false) }

    /// Values of all tagged rows regardless of visibility (Eureka's `values(includeHidden: true)`).
    public func valuesIncludingHidden() -> [String: Value] { core.state.values(includeHidden: true) }

    /// Every validation failure of the displayed rows: required rows that are empty, then failing
    /// rules. Hidden rows are never invalid; disabled rows are validated (as XLForm and Eureka do).
    public func validate() -> [ValidationError] {
        // Validation rules may be the caller's closures: an action one of them starts is refused.
        let wasInside = isInsideCore
        isInsideCore = true
        defer { isInsideCore = wasInside }
        return core.state.validate()
    }

    /// Validation failures grouped by row tag (untagged rows under their path).
    public func validationErrorsByTag() -> [String: [ValidationError]] {
        Dictionary(grouping: validate(), by: { $0.tag ?? $0.path })
    }

    /// Whether change sets carry ``FormChangeSet/Location``s (positions among the visible sections and
    /// rows, for table views). Each costs O(log n): the engine keeps counts of the shown sections and of
    /// each section's shown rows (Fenwick trees) up to date on every flip. A form that does not drive a
    /// table view can turn it off. Default true.
    public var computesLocations: Bool {
        get { core.builder.computesLocations }
        set { core.builder.computesLocations = newValue }
    }

    /// The state of every row (untagged ones included), in form order.
    package var rowStates: [ElementState] { core.state.allRows.map { ElementState(state: core.state, element: $0) } }
    /// The state of every section, in form order.
    package var sectionStates: [ElementState] {
        core.state.sections.map { ElementState(state: core.state, element: $0) }
    }

    /// What is wrong with the form's conditions as they are now: tags that no row or section has (a
    /// condition reading one sees null) and what the schema checker finds against ``schema`` (a
    /// comparison that can never succeed, an operator on the wrong kind of value), each with its path and
    /// its position in the condition, in form order.
    ///
    /// With ``FormOptions/ProblemPolicy/error`` (the default) such conditions fail the build and the
    /// actions that add them, so this lists only what later actions caused (a removed row that
    /// conditions still read). With ``FormOptions/ProblemPolicy/warning`` the form keeps working and
    /// reports them here. Computed on each access: O(n) over the conditions.
    public var warnings: [FormCheckProblem] { core.state.conditionProblems(severity: .warning) }

    /// The form as a `Schema` (PredicateLang), the one its conditions are checked against: each live tagged row or
    /// section is a `$tag` variable of an element type with the fields `value` (of the kind of the
    /// element's current value, and optional, since a value can be cleared; `any` while it is nil; an
    /// array for a multivalued section), `isHidden` and `isDisabled` (booleans).
    ///
    /// The schema describes conditions as they are read after XLForm's rule (`$age` means
    /// `$age.value`), so a predicate compiled against it spells the field out:
    ///
    /// ```swift
    /// let result = CompiledPredicate.compile("$age.value BEGINSWITH 'a'", schema: form.schema)
    /// // error: 'BEGINSWITH' needs a string, not an integer or nil
    /// ```
    public var schema: Schema { core.state.schema() }

    /// In debug builds: Swift function conditions seen reading a value or flag they do not declare
    /// (`"b.hidden reads 'x' without declaring it"`). Such a condition does not re-run when that input
    /// changes (Eureka's `Condition.function` has the same rule); declare every tag it reads.
    public var undeclaredDependencies: [String] { core.state.undeclaredDependencies }

    /// The dependency graph as it is now: what each condition reads, which conditions read each input,
    /// and the order of evaluation. A snapshot, built on each access (O(n)).
    public var dependencyGraph: FormDependencyGraph { core.state.dependencyGraph() }

    /// How many conditions have been evaluated since the form was built (the build included).
    package var evaluationCount: Int { core.state.evaluationCount }

    /// Whether change sets list the conditions each action evaluated (``FormChangeSet/evaluated``):
    /// what a change re-ran, and the proof that nothing else did. Off by default: recording costs a
    /// name per evaluated condition.
    public var recordsEvaluations: Bool {
        get { core.state.recordsEvaluations }
        set { core.state.recordsEvaluations = newValue }
    }
}
