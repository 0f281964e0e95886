// Tests of `predc lint`: golden files of whole outputs (Golden/lint/<name>.predicate, an optional
// <name>.args with one extra argument a line, and the expected <name>.diagnostics), plus one test per
// rule that fails if the rule is removed, and --strict.

import Foundation
import Testing

@testable import predc

@Suite("lint")
struct LintTests {
    static let signupForm = TestPaths.examples.appendingPathComponent("signup-form.json").path

    @Test(arguments: Golden.names(in: "lint", ext: "predicate"))
    func golden(_ name: String) throws {
        let predicate = try #require(Golden.read("lint/\(name).predicate"))
        let extra = (Golden.read("lint/\(name).args") ?? "").split(separator: "\n").map {
            String($0).replacingOccurrences(of: "$EXAMPLES", with: TestPaths.examples.path)
        }
        let result = predc(["lint", predicate.trimmingCharacters(in: .newlines)] + extra)
        Golden.check("exit: \(result.status.rawValue)\n" + result.stderr + result.stdout, "lint/\(name).diagnostics")
    }

    @Test(arguments: [
        ("a == 1 OR b == 2 AND c == 3", [], "mixed-and-or"),
        ("$hobbys CONTAINS 'Films'", ["--tags", "hobbies,name"], "unknown-tag"),
        ("name == 'x' OR 1 == 1", [], "constant-condition"),
        // Folded by the compiler's constant folder, which lint shares: functions of constants too.
        ("name == 'x' OR uppercase('a') == 'A'", [], "constant-condition"),
        ("name == 'x' AND length('abc') > 5", [], "constant-condition"),
        ("name MATCHES '(a+)+b'", [], "catastrophic-regex"),
        ("name BEGINSWITH ''", [], "empty-substring"),
        ("$age == 'eighteen'", ["--form", signupForm], "incompatible-types"),
        ("$email BEGINSWITH 3", ["--form", signupForm], "incompatible-types"),
    ])
    func eachRuleFires(_ predicate: String, _ options: [String], _ rule: String) {
        let result = predc(["lint", predicate] + options)
        #expect(result.status == .success, "\(result)")
        #expect(result.stderr.contains(": warning: [\(rule)] "), "\(result)")
    }

    @Test(arguments: [
        "(a == 1 OR b == 2) AND c == 3",
        "a == 1 OR (b == 2 AND c == 3)",
        "name MATCHES '[a-z]+@[a-z]+'",
        "name CONTAINS 'x'",
        "age > 18",
        "now() > CAST(0, 'NSDate')",
        "random() < 2",
    ])
    func cleanPredicatesHaveNoFindings(_ predicate: String) {
        let result = predc("lint", predicate, "--strict")
        #expect(result.status == .success, "\(result)")
        #expect(result.stderr.isEmpty)
    }

    @Test func didYouMeanForUnknownTags() {
        let result = predc("lint", "$hobbys CONTAINS 'Films'", "--tags", "hobbies,name")
        #expect(result.stderr.contains("warning: [unknown-tag] unknown tag 'hobbys'"))
        #expect(result.stderr.contains("note: did you mean 'hobbies'?"))
    }

    @Test func formTagsAreKnown() {
        let result = predc("lint", "$licenseNumber.isHidden == YES OR $agee > 3", "--form", LintTests.signupForm)
        #expect(result.stderr.contains("unknown tag 'agee'"))
        #expect(!result.stderr.contains("'licenseNumber'"))
    }

    @Test func strictTurnsWarningsIntoFailures() {
        let result = predc("lint", "a == 1 OR b == 2 AND c == 3", "--strict")
        #expect(result.status == .falseOrFindings)
        #expect(result.stderr.contains(": error: [mixed-and-or] "))
    }

    @Test func everyConditionOfAForm() {
        let path = Golden.directory.appendingPathComponent("lint/form-conditions.json").path
        let result = predc("lint", "--form", path)
        #expect(result.status == .dataError)
        Golden.check(
            result.stderr.replacingOccurrences(of: path, with: "form-conditions.json"),
            "lint/form-conditions.diagnostics")
        #expect(result.stderr.contains("form-conditions.json:3:44: warning: [unknown-tag] unknown tag 'agee'"))
        #expect(predc("lint", "--form", LintTests.signupForm, "--strict").status == .success)
    }

    @Test func syntaxErrorsExit65() {
        let result = predc("lint", "a == ")
        #expect(result.status == .dataError)
        #expect(result.stderr.contains("<argument>:1:"))
    }

    @Test func usageMistakes() {
        #expect(predc("lint", "a == 1", "--tags", "a", "--form", "f.json").status == .usage)
        #expect(predc("lint", "a == 1", "--form", "/nonexistent/form.json").status == .noInput)
    }
}
