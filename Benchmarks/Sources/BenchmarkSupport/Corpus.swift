// Corpus: the predicates of the public conformance corpus, read at run time (the compile suite's corpus
// benchmark and the probe's `compile corpus` count).
import Foundation
import PredicateLang

/// One predicate of the corpus: its format string and its format arguments.
public struct CorpusPredicate {
    public var format: String
    public var arguments: [Value]
}

/// Where the public conformance corpus is: `$PREDICATELANG_CORPUS`, else `../../shared/conformance/…` relative to
/// this package (the main checkout), else one more level up (a worktree under `wt/<name>/`).
public func corpusURL() -> URL? {
    if let path = ProcessInfo.processInfo.environment["PREDICATELANG_CORPUS"] {
        return URL(fileURLWithPath: path)
    }
    let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for relative in ["../../shared/conformance/nspredicate-public.jsonl", "../../../shared/conformance/nspredicate-public.jsonl"] {
        let url = packageDirectory.appendingPathComponent(relative).standardizedFileURL
        if FileManager.default.fileExists(atPath: url.path) { return url }
    }
    return nil
}

/// The corpus's predicates (every line with a `format`), or nil when the corpus is not there.
public func loadCorpus() -> [CorpusPredicate]? {
    guard let url = corpusURL(), let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    var predicates: [CorpusPredicate] = []
    var seen: Set<String> = []
    for (number, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
        let value: Value
        do throws(JSONError) {
            value = try TypedJSON.parse(String(line))
        } catch {
            failLoudly("corpus line \(number + 1) is not typed JSON: \(error.message)")
        }
        guard case .dictionary(let fields) = value, case .string(let format)? = fields["format"] else { continue }
        var arguments: [Value] = []
        if case .array(let values)? = fields["args"] { arguments = values }
        // The corpus evaluates many formats against several objects; each distinct predicate counts once.
        guard seen.insert(format + "\u{0}" + TypedJSON.serialize(.array(arguments))).inserted else { continue }
        predicates.append(CorpusPredicate(format: format, arguments: arguments))
    }
    return predicates
}
