// FormCheckProblem+Rendering: prints problems the way compilers do, so editors can jump to them:
// `form.json: sections[1].rows[0].hidden:1:5: error: unknown tag 'hobbys'; did you mean 'hobbies'?`,
// then the condition text with a caret under the range.

extension FormCheckProblem {
    /// One problem as text; `sourceName` is the definition's file name.
    public func rendered(sourceName: String) -> String {
        var place = path.isEmpty ? sourceName : "\(sourceName): \(path)"
        if let location { place += ":\(location.line):\(location.column)" }
        var lines = ["\(place): \(severity.rawValue): \(message)"]
        if let conditionText, let range {
            let source = SourceText(conditionText)
            let lineIndex = source.lineIndex(containing: range.lowerBound)
            lines.append("    " + source.lineText(lineIndex))
            let column = source.location(of: range.lowerBound).column
            let lineEnd =
                lineIndex + 1 < source.lineStarts.count ? source.lineStarts[lineIndex + 1] - 1 : source.utf8.count
            let width = max(1, source.slice(SourceRange(range.lowerBound, min(range.upperBound, lineEnd))).count)
            lines.append(
                "    " + String(repeating: " ", count: column - 1) + "^" + String(repeating: "~", count: width - 1))
        }
        for note in notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }
}

extension FormChecker {
    /// All problems as text, one block each.
    public static func render(_ problems: [FormCheckProblem], sourceName: String) -> String {
        problems.map { $0.rendered(sourceName: sourceName) }.joined(separator: "\n")
    }
}
