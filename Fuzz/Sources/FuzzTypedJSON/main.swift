// FuzzTypedJSON: libFuzzer target for TypedJSON.parse and TypedJSON.serialize. Any input must parse or
// throw a JSONError; whatever parses must serialize to text that parses back (round trip); a projected
// read (only some top-level members built) must accept and reject exactly what the whole read does.
// libFuzzer provides `main`; this file has no top-level code.
import PredicateLang
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    checkProjectedReads(ArraySlice(UnsafeBufferPointer(start: data, count: size)), input: text)
    guard let value = try? TypedJSON.parse(text) else { return 0 }
    checkRoundTrip(value, input: text)
    // The byte entry point must agree with the string one. (The positioned parser is `package` API, out
    // of this package's reach; TypedJSONReaderTests compare it with the one-pass reader.)
    if let viaBytes = try? TypedJSON.parse(utf8: ArraySlice(text.utf8)) {
        check(TypedJSON.serialize(viaBytes) == TypedJSON.serialize(value), "TypedJSON.parse(utf8:) differs from TypedJSON.parse", text)
    } else {
        check(false, "TypedJSON.parse accepted what TypedJSON.parse(utf8:) rejected", text)
    }
    return 0
}

/// Reads `bytes` whole and projected onto a few key sets (none of its keys, one of them, every other one):
/// both reads must fail with the same error at the same place, or the projected value must be the whole
/// one with only the kept top-level members (or the whole one, for a document that is not an object or
/// that only the positioned parser accepts).
func checkProjectedReads(_ bytes: ArraySlice<UInt8>, input: String) {
    let whole = Result { () throws(JSONError) -> Value in try TypedJSON.parse(utf8: bytes) }
    var keySets: [[String]] = [["a"], ["id", "b"]]
    if case .success(.dictionary(let members)) = whole {
        let keys = members.keys.sorted().filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        keySets.append(Array(keys.prefix(1)))
        keySets.append(keys.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
    }
    for keys in keySets {
        guard let projection = JSONProjection(keys: keys) else { continue }
        let projected = Result { () throws(JSONError) -> Value in try TypedJSON.parse(utf8: bytes, keeping: projection) }
        switch (whole, projected) {
        case (.success(let whole), .success(let projected)):
            var expected = whole
            if case .dictionary(let members) = whole, case .dictionary = projected {
                expected = .dictionary(members.filter { keys.contains($0.key) })
            }
            let text = TypedJSON.serialize(projected)
            check(
                text == TypedJSON.serialize(expected) || text == TypedJSON.serialize(whole),
                "projected read onto \(keys) gives \(text)", input)
        case (.failure(let a), .failure(let b)):
            check(
                a.message == b.message && a.line == b.line && a.column == b.column,
                "projected read onto \(keys) fails otherwise: \(b.message) at \(b.line):\(b.column), whole: \(a.message) at \(a.line):\(a.column)",
                input)
        default:
            check(false, "projected read onto \(keys) and the whole read disagree on acceptance", input)
        }
    }
}

/// parse(serialize(v)) must succeed; serialize must be a fixpoint after one round; and where the value is
/// representable (finite doubles, no dates: dates keep microseconds only) the values must be equal.
func checkRoundTrip(_ value: Value, input: String) {
    let first = TypedJSON.serialize(value)
    let reparsed: Value
    do {
        reparsed = try TypedJSON.parse(first)
    } catch {
        check(false, "serialize produced text parse rejects: \(error) in \(first)", input)
        return
    }
    let second = TypedJSON.serialize(reparsed)
    check(first == second, "serialize is not a fixpoint: \(first) vs \(second)", input)
    if isExactlyRepresentable(value, depth: 0) {
        check(reparsed == value, "parse(serialize(v)) != v for \(first)", input)
        check(reparsed.hashValue == value.hashValue, "equal values hash differently: \(first)", input)
    }
}

/// Whether `value` survives typed JSON unchanged: no NaN/infinity (printed as null), no dates (rounded to
/// microseconds) and no nesting beyond the printer's depth cut.
func isExactlyRepresentable(_ value: Value, depth: Int) -> Bool {
    guard depth < Value.maxPrintingDepth - 1 else { return false }
    switch value {
    case .null, .bool, .int, .string: return true
    case .double(let double): return double.isFinite
    case .date: return false
    case .array(let elements): return elements.allSatisfy { isExactlyRepresentable($0, depth: depth + 1) }
    case .set(let set): return set.elements.allSatisfy { isExactlyRepresentable($0, depth: depth + 1) }
    case .dictionary(let dictionary): return dictionary.values.allSatisfy { isExactlyRepresentable($0, depth: depth + 1) }
    }
}

/// A failed property is a finding: print it and abort so libFuzzer saves the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String) {
    if !condition {
        print("FuzzTypedJSON property violated: \(message())\ninput: \(input.debugDescription)")
        // Standard output is buffered when it is a file or a pipe: flush it before abort() loses it.
        fflush(nil)
        abort()
    }
}
