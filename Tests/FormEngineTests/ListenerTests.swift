// Listeners: every change set is delivered; actions started inside a notification are queued and
// applied afterwards, in order, without corrupting state.
import Testing

@testable import FormEngine

@Suite("Listeners")
struct ListenerTests {
    final class Recorder {
        var received: [FormChangeSet] = []
    }

    @Test("listeners receive each action's change set")
    func delivery() throws {
        let form = try Form {
            Section("s") {
                Row("a")
                Row("b").hidden(valueIs("a", 1))
            }
        }
        let recorder = Recorder()
        let token = form.addListener { recorder.received.append($0) }
        try form.setValue(1, for: "a")
        #expect(recorder.received.map(\.hiddenTags) == [["b"]])
        form.removeListener(token)
        try form.setValue(2, for: "a")
        #expect(recorder.received.count == 1)
    }

    @Test("a listener that sets values while notified is queued, then applied after the notification")
    func reentrantSet() throws {
        let form = try Form {
            Section("s") {
                Row("a")
                Row("b").hidden(valueIs("a", 1))
                Row("c")
                Row("d").hidden(valueIs("c", "echo"))
            }
        }
        let recorder = Recorder()
        var deferredFlags: [Bool] = []
        var stateSeenInside: [Bool?] = []
        form.addListener { [unowned form] changes in
            if changes.hiddenTags == ["b"] {
                let result = try? form.setValue("echo", for: "c")
                deferredFlags.append(result?.isDeferred ?? false)
                // Not applied yet while the current notification runs.
                stateSeenInside.append(form["d"]?.isHidden)
            }
        }
        form.addListener { recorder.received.append($0) }
        try form.setValue(1, for: "a")
        #expect(deferredFlags == [true])
        #expect(stateSeenInside == [false])
        #expect(recorder.received.map(\.hiddenTags) == [["b"], ["d"]])
        #expect(form["d"]?.isHidden == true)
        #expect(form.deferredFailures.isEmpty)
    }

    @Test("a queued action with an unknown tag throws to the listener at once")
    func reentrantFailure() throws {
        let form = try Form { Section("s") { Row("a") } }
        var errors: [FormError.Kind] = []
        form.addListener { [unowned form] _ in
            do { try form.setValue(1, for: "nope") } catch let error as FormError { errors.append(error.kind) } catch {}
        }
        try form.setValue(1, for: "a")
        #expect(errors == [.unknownTag])
    }

    @Test("listeners that keep changing values stop at the queued-action limit")
    func pingPong() throws {
        let form = try Form(
            FormDefinition(sections: [Section("s", rows: [Row("a", value: 0)])]),
            limits: FormLimits(maxQueuedActions: 20))
        var counter: Int64 = 0
        form.addListener { [unowned form] _ in
            counter += 1
            _ = try? form.setValue(.int(counter), for: "a")
        }
        try form.setValue(-1, for: "a")
        #expect(form.deferredFailures.count == 1)
        #expect(form.deferredFailures.first?.kind == .formTooLarge)
    }
}
