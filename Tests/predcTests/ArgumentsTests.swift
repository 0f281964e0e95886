// Tests of the hand-written argument parser: flags, values, repetition, `--`, `-`, errors.

import Testing

@testable import predc

@Suite("Arguments")
struct ArgumentsTests {
    let parser = ArgumentParser([
        .flag("trace"), .value("object"), .value("var", repeatable: true), .flag("count", short: "c"),
    ])

    @Test func parsesFlagsValuesAndPositionals() throws {
        let parsed = try parser.parse(["age > 1", "--trace", "--object", "{}", "--var=a=1", "--var", "b=2", "-"])
        #expect(parsed.positionals == ["age > 1", "-"])
        #expect(parsed.has("trace"))
        #expect(parsed.value("object") == "{}")
        #expect(parsed.all("var") == ["a=1", "b=2"])
    }

    @Test func shortOptionsAndHelp() throws {
        let parsed = try parser.parse(["-c", "-h"])
        #expect(parsed.has("count") && parsed.has("help"))
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parser.parse(["--", "--trace", "-c"])
        #expect(parsed.positionals == ["--trace", "-c"])
        #expect(!parsed.has("trace"))
    }

    @Test(arguments: ["-1 < x", "-5", "- x", "-(a)"])
    func predicatesStartingWithMinusArePositional(_ text: String) throws {
        #expect(try parser.parse([text]).positionals == [text])
    }

    @Test(arguments: [
        (["--objet", "{}"], "unknown option '--objet'; did you mean '--object'?"),
        (["--zzz"], "unknown option '--zzz'"),
        (["-x"], "unknown option '-x'"),
        (["--object"], "missing value for option '--object'"),
        (["--trace=1"], "option '--trace' takes no value"),
        (["--object", "1", "--object", "2"], "option '--object' given more than once"),
    ])
    func reportsMistakes(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try parser.parse(arguments) }
    }

    @Test func tooManyPositionals() throws {
        let parsed = try parser.parse(["a", "b"])
        #expect(throws: UsageError("unexpected argument 'b'")) { try parsed.requireAtMost(1) }
    }
}

@Suite("Suggestions")
struct SuggestionsTests {
    @Test(
        arguments: [
            ("hobbys", ["hobbies", "name", "age"], "hobbies"),
            ("agee", ["age", "name"], "age"),
            ("evl", ["eval", "format", "lint"], "eval"),
            ("zzzzzz", ["eval", "format"], nil),
        ] as [(String, [String], String?)])
    func closest(_ word: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestions.closest(to: word, in: candidates) == expected)
    }
}
