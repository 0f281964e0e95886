// DiagnosticOutput: prints compiler diagnostics and evaluation errors on standard error through the
// front end's DiagnosticRenderer (swiftc style: header, source line, caret), coloured only on a TTY.

import PredicateLang

/// Rendering diagnostics for one source.
struct DiagnosticOutput {
    let source: SourceText
    let context: Context

    /// Prints every diagnostic, in order.
    func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let renderer = DiagnosticRenderer(source: source, useColor: context.colorsStderr)
        context.stderr.write(terminated(renderer.render(diagnostics)))
    }

    /// Prints an evaluation error as a positioned error diagnostic.
    func print(_ error: EvaluationError) {
        print([DiagnosticOutput.diagnostic(for: error)])
    }

    /// An evaluation error as a diagnostic (id = the error's kind).
    static func diagnostic(for error: EvaluationError) -> Diagnostic {
        .error(DiagnosticMessage(id: error.kind.rawValue, text: error.message), at: error.range)
    }

    private func terminated(_ text: String) -> String {
        text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
    }
}
