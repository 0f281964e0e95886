import Testing

@testable import PredicateLang

/// The one-pass typed-JSON reader (`TypedJSONReader`, the fast path of `TypedJSON.parse`) accepts
/// exactly what the positioned parser + converter accept, and builds the same values.
@Suite("Typed JSON fast reader")
struct TypedJSONReaderTests {
    /// Valid and invalid inputs: every JSON input of the parser and typed-JSON tests, plus edge cases.
    static let inputs: [String] = [
        // Scalars and number spelling.
        "0", "-0", "-12", "1.5", "1e3", "1E+2", "2e-3", "-0.0", "0.0", "1e400", "-1e400", "1e-400",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
        String(repeating: "9", count: 308), String(repeating: "9", count: 309), String(repeating: "9", count: 400),
        "0." + String(repeating: "1", count: 500), "01", "-", "-a", "1.", "1.e3", "1e", "1e+", ".5", "+1", "0x10",
        "true", "false", "null", "tru", "fals", "nul", "nulll", "True", "NaN", "Infinity",
        // Strings and escapes.
        #""a\"b\\c\/\n\t\u00e9\ud83d\ude00é""#, #""\b\f\r""#, #""\u0000""#, #""\uD83D\uDE00""#,
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800\""#, #""\ud800\u""#, #""\ud83d\ude0""#,
        #""\u12""#, #""\u12G4""#, #""\x""#, #""\""#, #""abc"#, "\"a\nb\"", "\"a\u{1}b\"", "\"tab\there\"",
        "\"é😀\"", #""\u00e9""#, "\"e\u{301}\"", "\"", "\"\\",
        // Containers.
        "[]", " { } ", "[1, 2,]", "{\"a\": 1,}", "[1 2]", "{\"a\" 1}", "{1: 2}", "[1", "{", "{\"a\"", "{\"a\":",
        "{\"a\": 1", "[,1]", "[1,,2]", "{,}", "[\n 1,\n 2]", #"{"b": [1, {"c": true}], "a": "x"}"#,
        #"{"a": 1, "a": 2}"#, #"{"a": 1, "b": {"a": 2}}"#, #"{"\u0061": 1, "a": 2}"#,
        "{\"é\": 1, \"e\u{301}\": 2}", "{\"é\": x}", "1 2", "[] []", "  null  ", "\u{FEFF}null", "\u{FEFF}",
        "", "   ", "\t\r\n[\t\r\n]\t\r\n",
        // Typed wrappers.
        #"{"$set": [1, 2, 1]}"#, #"{"$set": []}"#, #"{"$set": 1}"#, #"{"$set": {"$set": []}}"#,
        #"{"$set": [{"$date": 0}, [1], {"a": 1}]}"#, #"{"$date": 0}"#, #"{"$date": -0}"#, #"{"$date": -0.0}"#,
        #"{"$date": 1.5}"#, #"{"$date": 1e3}"#, #"{"$date": 9007199254740993}"#, #"{"$date": 99999999999999999999}"#,
        #"{"$date": "2001-01-01T00:00:00Z"}"#, #"{"$date": "2001-01-01T00:00:00.25Z"}"#,
        #"{"$date": "2001-01-01T02:00:00+02:00"}"#, #"{"$date": "2001-01-02"}"#, #"{"$date": "yesterday"}"#,
        #"{"$date": "2001-02-30"}"#, #"{"$date": true}"#, #"{"$date": null}"#, #"{"$date": [0]}"#,
        #"{"$date": 0, "x": 1}"#, #"{"x": 1, "$set": []}"#, #"{"$date": 0, "$set": []}"#, #"{"\u0024date": 0}"#,
        #"{"$other": 1}"#, #"{"$dat": 1}"#, #"{"$dates": 1}"#, "[\n {\"$set\": 1}]",
        #"{"d": {"$date": 10}, "s": {"$set": []}}"#,
        #"{"a": [1, 2.5, -3e2, true, false, null], "b": {"$date": "2001-01-01T00:00:00.5+01:00"}}"#,
        #"{"$set": ["x", "\u00e9\ud83d\ude00", {"k": [[], {}]}]}"#,
        #"[{"$date": 12.5}, "esc\"aped\\\n", 0, -0, 1E+2]"#,
        #"{"id":1,"name":"Alice Bob","age":31,"country":"NZ","score":77,"languages":["swift","go"],"active":true,"email":"user1@example.com"}"#,
        // Nesting.
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512),
        String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513),
        String(repeating: "[", count: 100_000),
    ]

    /// The two paths agree: both reject, or both accept with the same value of the same kinds.
    static func expectAgreement(
        _ text: String, limits: JSONLimits = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let fast = TypedJSON.parseFast(text, limits: limits)
        let positioned = try? TypedJSON.parsePositioned(text, limits: limits)
        let label = text.count > 80 ? String(text.prefix(80)) + "…" : text
        // The fast reader only declines valid input for a wrapper in a document containing `-0`.
        if fast == nil && positioned != nil {
            #expect(
                text.contains("-0") && text.contains("$date"), "fast reader declined \(label.debugDescription)",
                sourceLocation: sourceLocation)
        }
        #expect(
            fast == nil || positioned != nil, "fast reader accepted \(label.debugDescription)",
            sourceLocation: sourceLocation)
        let full = try? TypedJSON.parse(text, limits: limits)
        #expect(full.map(TypedJSON.serialize) == positioned.map(TypedJSON.serialize), sourceLocation: sourceLocation)
        if let fast, let positioned {
            #expect(fast == positioned, sourceLocation: sourceLocation)
            // Serialization is typed (ints vs doubles, dates, sets), so equal text means equal kinds.
            #expect(TypedJSON.serialize(fast) == TypedJSON.serialize(positioned), sourceLocation: sourceLocation)
        }
    }

    @Test("fast reader and positioned parser agree", arguments: inputs)
    func agreement(_ text: String) {
        Self.expectAgreement(text)
    }

    @Test(
        "agreement under tight limits",
        arguments: [
            ("[[]]", 2, 100), ("[[[]]]", 2, 100), ("{\"a\": {\"b\": {}}}", 2, 100), ("{\"a\": {\"b\": {}}}", 3, 100),
            ("[1, 2, 3]", 512, 4), ("[1, 2, 3]", 512, 9), ("\u{FEFF}[1]", 512, 5), ("[1]", 0, 100), ("1", 0, 100),
        ])
    func limits(_ text: String, _ maxDepth: Int, _ maxBytes: Int) {
        Self.expectAgreement(text, limits: JSONLimits(maxDepth: maxDepth, maxBytes: maxBytes))
    }

    @Test(
        "the byte entry point matches parsing the repaired string",
        arguments: [
            [0x22, 0x61, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC3, 0xA9, 0x22], [0x22, 0xC3, 0x5C, 0x6E, 0x22],
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], [0x5B, 0x31, 0x5D, 0xFF], [0xEF, 0xBB, 0xBF, 0x31],
            [0xEF, 0xBB, 0x31],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], Array("{\"a\": [1, \"é\"]}".utf8),
        ] as [[UInt8]])
    func bytes(_ bytes: [UInt8]) {
        let viaBytes = Result { () throws(JSONError) -> Value in try TypedJSON.parse(utf8: bytes[...]) }
        let viaString = Result { () throws(JSONError) -> Value in
            try TypedJSON.parsePositioned(String(decoding: bytes, as: UTF8.self))
        }
        switch (viaBytes, viaString) {
        case (.success(let a), .success(let b)):
            #expect(TypedJSON.serialize(a) == TypedJSON.serialize(b))
        case (.failure(let a), .failure(let b)):
            #expect(a.message == b.message && a.line == b.line && a.column == b.column)
        default:
            Issue.record("acceptance differs for \(bytes)")
        }
    }

    @Test("randomly mutated documents: same acceptance and values on both paths")
    func mutations() {
        var generator = SplitMix(state: 7)
        let alphabet = Array(#"{}[]",:\"0123456789.eE+-tfnul$dateset u"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0x80]
        for round in 0..<4_000 {
            var bytes = Array(Self.inputs[round % Self.inputs.count].utf8.prefix(300))
            generator.mutate(&bytes, maxEdits: 3, alphabet: alphabet)
            let text = String(decoding: bytes, as: UTF8.self)
            Self.expectAgreement(text)
            let viaBytes = try? TypedJSON.parse(utf8: bytes[...])
            let viaString = try? TypedJSON.parsePositioned(text)
            #expect(viaBytes.map(TypedJSON.serialize) == viaString.map(TypedJSON.serialize), "\(bytes)")
        }
    }

    /// The projections the projected-read tests use: none of the keys, some, and keys of the inputs.
    static let projections: [[String]] = [[], ["a"], ["b", "x"], ["age", "name", "country"], ["d", "s", "$set"]]

    /// A projected read accepts exactly what a whole read accepts, and answers the whole value with
    /// only the projection's top-level members (a document that is not an object, whole).
    static func expectProjectedAgreement(
        _ bytes: [UInt8], keeping keys: [String], limits: JSONLimits = .default,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let projection = JSONProjection(keys: keys) else {
            Issue.record("no projection for \(keys)", sourceLocation: sourceLocation)
            return
        }
        let whole = Result { () throws(JSONError) -> Value in try TypedJSON.parse(utf8: bytes[...], limits: limits) }
        let projected = Result { () throws(JSONError) -> Value in
            try TypedJSON.parse(utf8: bytes[...], limits: limits, keeping: projection)
        }
        let label = String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription
        switch (whole, projected) {
        case (.success(let whole), .success(let projected)):
            var expected = whole
            if case .dictionary(let members) = whole, case .dictionary = projected {
                expected = .dictionary(members.filter { keys.contains($0.key) })
            }
            // The rare documents only the positioned parser accepts come back whole.
            #expect(
                TypedJSON.serialize(projected) == TypedJSON.serialize(expected)
                    || TypedJSON.serialize(projected) == TypedJSON.serialize(whole),
                "\(label) keeping \(keys)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a.message == b.message && a.line == b.line && a.column == b.column, sourceLocation: sourceLocation)
        default:
            Issue.record("acceptance differs for \(label) keeping \(keys)", sourceLocation: sourceLocation)
        }
    }

    @Test("a projected read agrees with the whole read", arguments: inputs)
    func projectedAgreement(_ text: String) {
        for keys in Self.projections { Self.expectProjectedAgreement(Array(text.utf8), keeping: keys) }
    }

    @Test(
        "projected reads: skipped members are checked, kept ones built",
        arguments: [
            (#"{"a": 1, "b": [1, [2, "x"], true, null, -0.5e3], "c": "é"}"#, ["a"], #"{"a":1}"#),
            (#"{"a": 1, "b": {"c": {"$date": 0}}}"#, ["a"], #"{"a":1}"#),
            (#"{"b": [1, {"$set": [1]}], "a": [{"k": 1}]}"#, ["a"], #"{"a":[{"k":1}]}"#),
            (#"{"z": "\u00e9", "a": "\u00e9"}"#, ["a"], #"{"a":"é"}"#),
            (#"{"a": 1}"#, ["b"], "{}"), ("{}", ["a"], "{}"), ("[1, 2]", ["a"], "[1,2]"), ("7", ["a"], "7"),
            (#"{"$date": 0}"#, ["a"], #"{"$date":"2001-01-01T00:00:00Z"}"#),
            (#"{"\u0061": 1, "b": 2}"#, ["a"], #"{"a":1,"b":2}"#),
        ])
    func projectedValues(_ text: String, _ keys: [String], _ expected: String) throws {
        let projection = try #require(JSONProjection(keys: keys))
        let value = try TypedJSON.parse(utf8: Array(text.utf8)[...], keeping: projection)
        #expect(TypedJSON.serialize(value) == expected)
    }

    @Test(
        "projected reads reject what whole reads reject, at the same position",
        arguments: [
            #"{"a": 1, "b": [1, 2,]}"#, #"{"a": 1, "b": "x\u00"}"#, #"{"a": 1, "b": 1e999}"#, #"{"a": 1, "a": 2}"#,
            #"{"a": 1, "b": 2, "b": 3}"#, #"{"b": [{"a": 1, "a": 2}], "a": 1}"#, #"{"b": {"$date": "no"}, "a": 1}"#,
            "{\"b\": \"x\u{1}\", \"a\": 1}", #"{"b": 01, "a": 1}"#, #"{"b": tru, "a": 1}"#, #"{"b": [1 2], "a": 1}"#,
            #"{"a": 1} x"#, #"{"a": 1,}"#, #"{"b": [[[[1]]]], "a": 1}"#,
        ])
    func projectedRejections(_ text: String) throws {
        let tight = JSONLimits(maxDepth: 3, maxBytes: 1_000)
        Self.expectProjectedAgreement(Array(text.utf8), keeping: ["a"])
        Self.expectProjectedAgreement(Array(text.utf8), keeping: ["a"], limits: tight)
        let projection = try #require(JSONProjection(keys: ["a"]))
        #expect(throws: JSONError.self) {
            try TypedJSON.parse(utf8: Array(text.utf8)[...], limits: tight, keeping: projection)
        }
    }

    @Test("projections: non-ASCII keys and too many keys are refused; duplicates collapse")
    func projectionKeys() {
        #expect(JSONProjection(keys: ["é"]) == nil)
        #expect(JSONProjection(keys: (0...TypedJSONReader.maxProjectedMembers).map { "k\($0)" }) == nil)
        #expect(JSONProjection(keys: ["a", "b", "a"])?.names == ["a", "b"])
    }

    @Test("randomly mutated documents: projected reads agree with whole reads")
    func projectedMutations() {
        var generator = SplitMix(state: 11)
        let alphabet = Array(#"{}[]",:\"0123456789.eE+-tfnul$dateset abxy"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]
        for round in 0..<4_000 {
            var bytes = Array(Self.inputs[round % Self.inputs.count].utf8.prefix(300))
            generator.mutate(&bytes, maxEdits: 3, alphabet: alphabet)
            Self.expectProjectedAgreement(bytes, keeping: Self.projections[round % Self.projections.count])
        }
    }

    @Test("errors still come from the positioned parser")
    func errorPositions() {
        #expect {
            try TypedJSON.parse("{\"a\": 1,\n \"a\": 2}")
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.message == "duplicate key \"a\"" && error.line == 2 && error.column == 2
        }
        #expect {
            try TypedJSON.parse(utf8: Array("[1, {\"$date\": true}]".utf8)[...])
        } throws: { error in
            (error as? JSONError)?.column == 15
        }
    }
}
