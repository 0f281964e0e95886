// Validation: required rows (static and conditional) and rules; hidden rows are never invalid.
import Testing

@testable import FormEngine

@Suite("Validation")
struct ValidationTests {
    @Test(
        "empty means null, empty string or empty collection",
        arguments: [
            (Value.null, true), ("", true), ([], true), (.set(ValueSet()), true), (" ", false), (0, false),
            (false, false),
        ] as [(Value, Bool)])
    func emptiness(value: Value, isEmpty: Bool) throws {
        let form = try Form { Section("s") { Row("a", value: value, required: true) } }
        #expect(form.validate().isEmpty == !isEmpty)
    }

    @Test("hidden rows and rows of hidden sections are never invalid; every error is returned")
    func hiddenSkipped() throws {
        let form = try Form {
            Section("s") {
                Row("a", required: true)
                Row("b", hidden: true, required: true)
                Row(
                    "c", value: "abc",
                    validations: [
                        .function("too short") { ($0.stringValue?.count ?? 0) >= 5 },
                        .function("no digits") { $0.stringValue?.contains(where: \.isNumber) ?? false },
                    ])
            }
            Section("t", hidden: true) { Row("d", required: true) }
        }
        let errors = form.validate()
        #expect(errors.map(\.tag) == ["a", "c", "c"])
        #expect(errors.map(\.message) == ["value required", "too short", "no digits"])
        #expect(form.validationErrorsByTag()["c"]?.count == 2)
    }

    @Test("conditional required follows its condition")
    func conditionalRequired() throws {
        let form = try Form {
            Section("s") {
                Row("q1", value: 1)
                Row("q2").required(valueIs("q1", 1))
            }
        }
        #expect(form.validate().map(\.tag) == ["q2"])
        try form.setValue(2, for: "q1")
        #expect(form.validate().isEmpty)
        #expect(form["q2"]?.isRequired == false)
    }
}
