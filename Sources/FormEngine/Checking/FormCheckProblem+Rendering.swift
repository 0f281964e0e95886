// FormCheckProblem+Rendering: prints problems the way compilers do, so editors can jump to them:
// `form.json: sections[1].rows[0].hidden:1:5: error: unknown tag 'hobbys'; did you mean 'hobbies'?`,
// then the condition's line with a caret under the range. The condition is rendered by PredicateLang's
// DiagnosticRenderer, so a form problem is bounded and terminal-safe as a predicate's diagnostic is: a
// long condition is shown as a window around the caret, control characters print as `<U+001B>`, and a
// message is cut in the middle when it is very long.

extension FormCheckProblem {
    /// One problem as text; `sourceName` is the definition's file name.
    public func rendered(sourceName: String) -> String {
        let place = path.isEmpty ? sourceName : "\(sourceName): \(path)"
        var text: String
        if let conditionText, let range {
            let renderer = DiagnosticRenderer(source: SourceText(conditionText, name: place))
            let diagnostic = Diagnostic(severity, DiagnosticMessage(id: id, text: message), at: range)
            // The excerpt is indented under the header line, as form problems have always printed.
            let lines = renderer.render(diagnostic).split(separator: "\n", omittingEmptySubsequences: false)
            text = lines.prefix(lines.last == "" ? lines.count - 1 : lines.count).enumerated()
                .map { $0.offset == 0 ? String($0.element) : "    " + $0.element }.joined(separator: "\n")
        } else {
            let position = location.map { ":\($0.line):\($0.column)" } ?? ""
            let shown = DisplayText.escaping(DisplayText.truncating(message, to: 400))
            text = "\(DisplayText.escaping(place))\(position): \(severity.rawValue): \(shown)"
        }
        for note in notes { text += "\nnote: \(DisplayText.escaping(DisplayText.truncating(note, to: 400)))" }
        return text
    }
}

extension FormChecker {
    /// All problems as text, one block each.
    public static func render(_ problems: [FormCheckProblem], sourceName: String) -> String {
        problems.map { $0.rendered(sourceName: sourceName) }.joined(separator: "\n")
    }
}
