// Observation: a view reading one property of one element (through withObservationTracking, as SwiftUI
// does) is invalidated when that property of that element changes, and by nothing else — not by other
// rows, not by the element's other properties, not by failed actions or flips undone within a batch.
import Observation
import Testing

@testable import FormEngine

/// Whether an observation fired (set from the onChange closure).
final class Fired: @unchecked Sendable {
    var count = 0
}

/// Runs `read` under observation tracking and then `change`; returns whether the read was invalidated.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func invalidates(_ read: () -> Void, by change: () throws -> Void) rethrows -> Bool {
    let fired = Fired()
    withObservationTracking(read) { fired.count += 1 }
    try change()
    return fired.count > 0
}

@Suite("Observation: views are invalidated when, and only when, what they read changes")
struct ObservationTests {
    static func form() throws -> Form {
        try Form {
            Section("s", hidden: "$closed == YES") {
                Row("closed", value: false)
                Row("a", value: 0)
                Row("b").hidden("$a == 1").disabled("$a == 2").required("$a == 3")
                Row("c", value: "x")
            }
            Section("t", disabled: "$a == 4") { Row("d") }
        }
    }

    enum Property: String, CaseIterable, Sendable {
        case value, isHidden, isDisplayed, isDisabled, isEffectivelyDisabled, isRequired, isRemoved

        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        func read(_ element: ObservableElement) {
            switch self {
            case .value: _ = element.value
            case .isHidden: _ = element.isHidden
            case .isDisplayed: _ = element.isDisplayed
            case .isDisabled: _ = element.isDisabled
            case .isEffectivelyDisabled: _ = element.isEffectivelyDisabled
            case .isRequired: _ = element.isRequired
            case .isRemoved: _ = element.isRemoved
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var tag: String
        var action: String
        /// The properties of `tag` the action changes; reading any other must not be invalidated.
        var changed: Set<Property>
        var testDescription: String { "\(action) -> \(tag) \(changed.map(\.rawValue).sorted())" }
    }

    static func perform(_ action: String, on form: Form) throws {
        switch action {
        case "hide b": try form.setValue(1, for: "a")
        case "disable b": try form.setValue(2, for: "a")
        case "require b": try form.setValue(3, for: "a")
        case "disable section t": try form.setValue(4, for: "a")
        case "hide section s": try form.setValue(true, for: "closed")
        case "set c": try form.setValue("y", for: "c")
        case "set c to its value": try form.setValue("x", for: "c")
        case "hide and show b in a batch":
            try form.batch { batch in
                batch.setValue(1, for: "a")
                batch.setValue(0, for: "a")
            }
        case "remove b": try form.removeRow("b")
        case "a failing action": _ = try? form.setValues(["a": 1, "nosuch": 2])
        default: Issue.record("unknown action \(action)")
        }
    }

    @Test(
        "each property read is invalidated exactly when it changes",
        arguments: [
            Case(tag: "b", action: "hide b", changed: [.isHidden, .isDisplayed]),
            Case(tag: "c", action: "hide b", changed: []),
            Case(tag: "a", action: "hide b", changed: [.value]),
            Case(tag: "b", action: "disable b", changed: [.isDisabled, .isEffectivelyDisabled]),
            Case(tag: "b", action: "require b", changed: [.isRequired]),
            Case(tag: "d", action: "disable section t", changed: [.isEffectivelyDisabled]),
            Case(tag: "t", action: "disable section t", changed: [.isDisabled, .isEffectivelyDisabled]),
            Case(tag: "b", action: "disable section t", changed: []),
            Case(tag: "c", action: "hide section s", changed: [.isDisplayed]),
            Case(tag: "s", action: "hide section s", changed: [.isHidden, .isDisplayed]),
            Case(tag: "d", action: "hide section s", changed: []),
            Case(tag: "c", action: "set c", changed: [.value]),
            Case(tag: "c", action: "set c to its value", changed: []),
            Case(tag: "b", action: "hide and show b in a batch", changed: []),
            Case(tag: "b", action: "remove b", changed: [.isRemoved]),
            Case(tag: "c", action: "remove b", changed: []),
            Case(tag: "b", action: "a failing action", changed: []),
        ])
    func invalidation(_ test: Case) throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        for property in Property.allCases {
            let form = try Self.form()
            let element = try #require(form.observable(test.tag))
            let invalidated = try invalidates(
                { property.read(element) }, by: { try Self.perform(test.action, on: form) })
            #expect(invalidated == test.changed.contains(property), "\(property.rawValue)")
        }
    }

    @Test("the observed state is the form's state after each action, and the same object is handed out")
    func followsTheForm() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let form = try Self.form()
        let b = try #require(form.observable("b"))
        #expect(form.observable("b") === b)
        try form.setValue(1, for: "a")
        #expect(b.isHidden == true && b.isDisplayed == false)
        try form.batch { $0.setValue(2, for: "a") }
        #expect(b.isHidden == false && b.isDisabled == true)
        try form.removeRow("b")
        #expect(b.isRemoved)
        try form.addRow(Row("b", value: 7), toSection: "s")
        let again = try #require(form.observable("b"))
        #expect(again !== b && again.value == 7 && !again.isRemoved)
    }

    @Test("a change a listener queues reaches the observers when it is applied")
    func deferredActions() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let form = try Self.form()
        let c = try #require(form.observable("c"))
        form.addListener { [unowned form] changes in
            if changes.hiddenTags == ["b"] { _ = try? form.setValue("from listener", for: "c") }
        }
        let invalidated = try invalidates({ _ = c.value }, by: { try form.setValue(1, for: "a") })
        #expect(invalidated)
        #expect(c.value == "from listener")
    }

    @Test("an observation callback may read the form, and an action it starts is applied after it")
    func callbacksReadTheForm() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        // The callbacks run while the change is being published: they used to run inside the Form's
        // exclusive access to its state, so reading the form from one was a fatal access conflict.
        let form = try Self.form()
        nonisolated(unsafe) let shared = form
        let b = try #require(form.observable("b"))
        let c = try #require(form.observable("c"))
        let seen = Seen()
        withObservationTracking {
            _ = b.isHidden
        } onChange: {
            seen.hidden = shared["b"]?.isHidden
            seen.deferred = (try? shared.setValue("from callback", for: "c"))?.isDeferred
        }
        let changes = try form.setValue(1, for: "a")
        #expect(changes.hiddenTags == ["b"])
        // willSet: the form already holds the new state, the element not yet.
        #expect(seen.hidden == true)
        #expect(seen.deferred == true)
        #expect(form["c"]?.value == "from callback" && c.value == "from callback")
        #expect(form.deferredFailures.isEmpty)
    }
}

/// What an observation callback saw (set from its `@Sendable` closure).
final class Seen: @unchecked Sendable {
    var hidden: Bool?
    var deferred: Bool?
}
