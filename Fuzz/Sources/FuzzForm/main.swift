// FuzzForm: libFuzzer target for the form engine. The input is a form definition (JSON text) up to
// the first NUL byte; the bytes after it decode into a sequence of actions (set, setCondition, addRow,
// removeRow, addSection, removeSection, batch, or a raw garbage line) sent through FormProtocolDriver,
// the same path `predc form run` takes. Properties: every output line is JSON; a failed action leaves
// values, flags and structure exactly as before; listeners that edit the form while notified terminate. The
// definition is also read through `FormDefinition.parseJSON` (the quick reader, checked against the thorough
// one in debug builds).
@_spi(FormProtocol) import FormEngine
import PredicateLang
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the action bytes one at a time; zero once exhausted.
struct ByteReader {
    var bytes: ArraySlice<UInt8>
    var isEmpty: Bool { bytes.isEmpty }
    mutating func next() -> Int { Int(bytes.popFirst() ?? 0) }
    mutating func pick<T>(_ options: [T]) -> T { options[next() % options.count] }
}

/// Literal typed-JSON values the actions set.
let valueTexts = [
    "0", "1", "-1", "\"x\"", "\"\"", "null", "true", "[]", "[\"Sport\",\"Music\"]", "{\"a\":1}", "1.5", "1e308",
    "9223372036854775807", "-9223372036854775808", "{\"$date\":0}", "{\"$set\":[1,2]}", "\"hide\"", "[[[]]]",
]

/// Condition templates; `T` becomes a tag from the form.
let conditionTemplates = [
    "$T == 1", "$T.isHidden", "$T.isDisabled == NO", "NOT $T contains 'x'", "$T.value.@count > 0", "$T == nil",
    "$T MATCHES '(a+)+$'", "$T.value.length > 2", "$T + 1 > 0", "TRUEPREDICATE", "FALSEPREDICATE", "$T ==",
    "$T IN {1, 2, 3}", "SUBQUERY($T, $x, $x == 1).@count > 0", "$T BETWEEN {5, 1}", "$T.isHidden AND $U.isHidden",
    "ANY $T == 'Sport'", "$T.value[SIZE] > 1", "CAST($T, 'NSNumber') > 1", "$T LIKE[cd] '*a*'", "(((($T))))",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let definition = String(decoding: bytes[..<split], as: UTF8.self)
    var reader = ByteReader(bytes: ArraySlice(bytes[min(split + 1, bytes.count)...]))

    // The public reader: the quick definition reader, or the thorough one where it declines (a debug build,
    // FUZZ_CONFIG=debug, also reads each quickly read definition the thorough way and traps if they differ).
    _ = try? FormDefinition.parseJSON(definition)
    _ = try? FormDefinition.parseJSON(definition, rejectUnknownKeys: false)

    let driver = FormProtocolDriver(definition: definition)
    checkJSON(driver.initialLine, "initial line", definition)
    guard let form = driver.form else { return 0 }

    // Optionally a listener that edits the form while it is being notified. It acts at most three
    // times per action: the engine bounds endless listener chains only at maxQueuedActions (10,000
    // queued actions), and listeners are notified of empty change sets too, so a listener that acts
    // on every notification turns each action into 10,000 (correct, but too slow for fuzzing).
    let listenerMode = reader.next() % 4
    let budget = ListenerBudget()
    if listenerMode == 1 {
        form.addListener { [weak form] changes in
            guard let form, budget.take() else { return }
            for change in changes.rowsHidden.prefix(2) { _ = try? form.removeRow(change.tag ?? "") }
        }
    } else if listenerMode == 2 {
        form.addListener { [weak form] _ in
            // Weak: a listener holding its form strongly is a retain cycle (LeakSanitizer reports it).
            if let form, budget.take(), let tag = form.allRowTags.first { _ = try? form.setValue(.int(Int64(form.allRowTags.count)), for: tag) }
        }
    }

    var previous = driver.initialLine
    var steps = 0
    while !reader.isEmpty && steps < 64 {
        steps += 1
        budget.remaining = 3
        let line = actionLine(&reader, form: form)
        let output = driver.perform(line)
        checkJSON(output, "state line for \(line)", definition)
        if output.contains("\"error\":{") {
            check(unchangedState(previous, output), "a failed action changed the form: \(line)\nbefore: \(previous)\nafter:  \(output)", definition)
        }
        previous = output
    }
    _ = form.validate()
    return 0
}

/// How many more times the listener may act during the current action.
final class ListenerBudget {
    var remaining = 3
    func take() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}

/// One action as a protocol line.
func actionLine(_ reader: inout ByteReader, form: Form) -> String {
    let tags = form.allRowTags + form.allSectionTags + ["zz", ""]
    func tag() -> String { jsonString(reader.pick(tags)) }
    func condition() -> String {
        let template = reader.pick(conditionTemplates)
        let text = template.replacing("$T", with: "$" + reader.pick(tags))
            .replacing("$U", with: "$" + reader.pick(tags))
        return reader.next() % 8 == 0 ? reader.pick(["true", "false", "null", "1", "[]"]) : jsonString(text)
    }
    func newTag() -> String { jsonString(reader.pick(["n1", "n2", "n3"] + tags)) }
    func row() -> String {
        "{\"tag\":\(newTag()),\"value\":\(reader.pick(valueTexts)),\"hidden\":\(condition()),\"required\":\(condition())}"
    }
    func single() -> String {
        switch reader.next() % 9 {
        case 0, 1, 2: return "{\"set\":{\(tag()):\(reader.pick(valueTexts))}}"
        case 3:
            let property = reader.pick(["hidden", "disabled", "required", "bogus"])
            return "{\"setCondition\":{\"tag\":\(tag()),\"property\":\"\(property)\",\"condition\":\(condition())}}"
        case 4:
            let position = reader.pick(["", ",\"index\":0", ",\"index\":99", ",\"index\":-1", ",\"after\":\(tag())"])
            return "{\"addRow\":{\"section\":\(tag()),\"row\":\(row())\(position)}}"
        case 5: return "{\"removeRow\":\(tag())}"
        case 6:
            return "{\"addSection\":{\"section\":{\"tag\":\(newTag()),\"hidden\":\(condition()),\"rows\":[\(row())]}}}"
        case 7: return "{\"removeSection\":\(tag())}"
        default:
            // Garbage: a slice of raw bytes as the line.
            var garbage: [UInt8] = []
            for _ in 0..<(reader.next() % 16) { garbage.append(UInt8(truncatingIfNeeded: reader.next())) }
            return String(decoding: garbage, as: UTF8.self)
        }
    }
    if reader.next() % 6 == 0 {
        let count = reader.next() % 4
        return "{\"batch\":[" + (0..<count).map { _ in single() }.joined(separator: ",") + "]}"
    }
    return single()
}

func jsonString(_ text: String) -> String { TypedJSON.serialize(.string(text)) }

/// The members of a state line that a failed action must not change.
let stableMembers = ["visibleSections", "visibleRows", "allSections", "allRows", "hidden", "disabled",
                     "effectiveDisabled", "required", "invalid", "values", "valuesIncludingHidden", "dependents"]

/// The members of one output line (typed JSON: the protocol writes values with TypedJSON.serialize).
func members(_ line: String) -> ValueDictionary? {
    guard case .dictionary(let members)? = try? TypedJSON.parse(line) else { return nil }
    return members
}

func unchangedState(_ before: String, _ after: String) -> Bool {
    guard let old = members(before), let new = members(after) else { return false }
    if old["error"] != nil { return true }   // the previous line was itself an error line: nothing to compare
    for member in stableMembers {
        guard let a = old[member], let b = new[member] else { return false }
        if TypedJSON.serialize(a) != TypedJSON.serialize(b) { return false }
    }
    return true
}

func checkJSON(_ line: String, _ what: String, _ input: String) {
    check((try? TypedJSON.parse(line)) != nil, "\(what) is not JSON: \(line)", input)
}

/// A failed property is a finding: print it and abort so libFuzzer saves the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String) {
    if !condition {
        print("FuzzForm property violated: \(message())\ninput: \(input.debugDescription)")
        // Standard output is buffered when it is a file or a pipe: flush it before abort() loses it.
        fflush(nil)
        abort()
    }
}
