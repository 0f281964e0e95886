// ObservableElement: one row or section of a live form through the Observation framework (what SwiftUI
// views bind to), invalidated per property: a view that reads a row's `isHidden` is invalidated when that
// row's hidden flag changes, and by nothing else. The form keeps one object per observed element and, at
// the end of each transaction, updates those the transaction touched (their own flags or value, or their
// section's flags); a form nobody observes pays one emptiness check per transaction.

import Observation

/// The live state of one row or section, observable with the Observation framework.
///
/// ```swift
/// struct EmailRow: View {
///     let email: ObservableElement            // form.observable("email")
///     var body: some View {
///         if email.isDisplayed { TextField("Email", text: ...).disabled(email.isEffectivelyDisabled) }
///     }
/// }
/// ```
///
/// Each property is tracked on its own: reading ``isHidden`` makes a view depend on the hidden flag
/// only, not on the value or the other flags, and not on other rows. Properties change at the end of
/// each action (after the whole transaction, so intermediate states are never seen), before listeners
/// are notified. An observation callback may read the form (it already holds the new state); an action
/// it starts is queued and applied after the current one has reached every observer and listener, as
/// for listeners. Set values through the ``Form``. Like the form, use it from one isolation domain.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class ObservableElement: Observable {
    private let registrar = ObservationRegistrar()
    private var state: ElementState
    private var removed = false

    init(_ state: ElementState) { self.state = state }

    /// The element's tag.
    public var tag: String? { state.tag }
    /// Whether it is a row (false: a section).
    public var isRow: Bool { state.isRow }

    /// A row's value (null for a section).
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return state.value
    }

    /// The hidden flag (see ``ElementState/isHidden``).
    public var isHidden: Bool {
        registrar.access(self, keyPath: \.isHidden)
        return state.isHidden
    }

    /// Whether it is displayed: not hidden, and for a row its section not hidden either.
    public var isDisplayed: Bool {
        registrar.access(self, keyPath: \.isDisplayed)
        return state.isDisplayed
    }

    /// The own disabled flag.
    public var isDisabled: Bool {
        registrar.access(self, keyPath: \.isDisabled)
        return state.isDisabled
    }

    /// A row's own disabled flag OR its section's.
    public var isEffectivelyDisabled: Bool {
        registrar.access(self, keyPath: \.isEffectivelyDisabled)
        return state.isEffectivelyDisabled
    }

    /// Whether a row is currently required.
    public var isRequired: Bool {
        registrar.access(self, keyPath: \.isRequired)
        return state.isRequired
    }

    /// Whether the element was removed from the form (its other properties keep their last state).
    public var isRemoved: Bool {
        registrar.access(self, keyPath: \.isRemoved)
        return removed
    }

    /// Takes the element's new state, announcing each property that changed.
    func update(_ new: ElementState) {
        if !state.value.isIdentical(to: new.value) {
            registrar.withMutation(of: self, keyPath: \.value) { state.value = new.value }
        }
        if state.isHidden != new.isHidden {
            registrar.withMutation(of: self, keyPath: \.isHidden) { state.isHidden = new.isHidden }
        }
        if state.isDisplayed != new.isDisplayed {
            registrar.withMutation(of: self, keyPath: \.isDisplayed) { state.isDisplayed = new.isDisplayed }
        }
        if state.isDisabled != new.isDisabled {
            registrar.withMutation(of: self, keyPath: \.isDisabled) { state.isDisabled = new.isDisabled }
        }
        if state.isEffectivelyDisabled != new.isEffectivelyDisabled {
            registrar.withMutation(of: self, keyPath: \.isEffectivelyDisabled) {
                state.isEffectivelyDisabled = new.isEffectivelyDisabled
            }
        }
        if state.isRequired != new.isRequired {
            registrar.withMutation(of: self, keyPath: \.isRequired) { state.isRequired = new.isRequired }
        }
        state.path = new.path
    }

    /// Marks the element removed.
    func markRemoved() {
        guard !removed else { return }
        registrar.withMutation(of: self, keyPath: \.isRemoved) { removed = true }
    }
}

/// What the form updates at the end of a transaction; ``ObservableElement`` is one.
protocol ElementObserver: AnyObject {
    func update(_ state: ElementState)
    func markRemoved()
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservableElement: ElementObserver {}

/// The observed elements of a form, by element.
struct ElementObservers {
    private var observers: [ElementID: any ElementObserver] = [:]

    var isEmpty: Bool { observers.isEmpty }

    subscript(element: ElementID) -> (any ElementObserver)? {
        get { observers[element] }
        set { observers[element] = newValue }
    }

    /// What one observed element is told after a transaction: its new state, or that it was removed.
    struct Update {
        var observer: any ElementObserver
        /// Nil when the element was removed.
        var state: ElementState?
    }

    /// The updates for the observed elements the state's last transaction touched: their own flags or
    /// value, or (for rows) their section's flags. After a structural edit every observed element is
    /// updated (paths move), and the removed ones are told so and forgotten. The observers are called
    /// by the Form after its core's access has ended, since their callbacks may read the form.
    mutating func updates(after state: FormState) -> [Update] {
        var updates: [Update] = []
        let log = state.log
        if !log.inserted.isEmpty || !log.removed.isEmpty || !log.removedSections.isEmpty {
            for (element, observer) in observers {
                if state.elements[element.raw].isAlive {
                    updates.append(Update(observer: observer, state: ElementState(state: state, element: element)))
                } else {
                    updates.append(Update(observer: observer, state: nil))
                    observers[element] = nil
                }
            }
            return updates
        }
        for element in log.touchedFlags {
            update(element, in: state, into: &updates)
            if !state.elements[element.raw].isRow {
                for row in state.elements[element.raw].rows { update(row, in: state, into: &updates) }
            }
        }
        for element in log.touchedValues { update(element, in: state, into: &updates) }
        return updates
    }

    private func update(_ element: ElementID, in state: FormState, into updates: inout [Update]) {
        guard let observer = observers[element], state.elements[element.raw].isAlive else { return }
        updates.append(Update(observer: observer, state: ElementState(state: state, element: element)))
    }
}

extension Form {
    /// The observable state of the row or section tagged `tag`, or nil if there is none. The same object
    /// is returned for the same element while it exists; after it is removed its ``ObservableElement/isRemoved``
    /// is true and the tag may name a new element.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public func observable(_ tag: String) -> ObservableElement? {
        guard let element = core.state.element(tagged: tag) else { return nil }
        if let existing = core.observers[element] as? ObservableElement { return existing }
        let observed = ObservableElement(ElementState(state: core.state, element: element))
        core.observers[element] = observed
        return observed
    }
}
