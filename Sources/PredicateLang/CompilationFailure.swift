// CompilationFailure: what the throwing initialisers of CompiledPredicate and TypedPredicate throw when
// the text does not compile. It carries the diagnostics as data and prints them as `predc` does.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

/// Thrown by ``CompiledPredicate/init(_:arguments:symbols:limits:)`` (and the other throwing
/// initialisers) when the text does not compile.
///
/// Printing it (`print(error)`, `"\(error)"`, `localizedDescription`) shows every diagnostic the way
/// `predc` and swiftc do, bounded as ``DiagnosticRenderer`` bounds them:
///
/// ```
/// <input>:1:14: error: expected expression after 'AND'
/// age >= 18 AND
///              ^
/// ```
///
/// The diagnostics themselves are in ``diagnostics``, with their stable ids and ranges.
public struct CompilationFailure: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, at least one of them an error.
    public var diagnostics: [Diagnostic]
    /// The source text the diagnostics refer to.
    public var source: SourceText

    /// A failure with `diagnostics` pointing into `source`.
    public init(diagnostics: [Diagnostic], source: SourceText) {
        self.diagnostics = diagnostics
        self.source = source
    }

    /// The diagnostics as ``DiagnosticRenderer`` prints them, without the final line break.
    public var description: String {
        var text = DiagnosticRenderer(source: source).render(diagnostics)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

#if canImport(FoundationEssentials) || canImport(Foundation)
    extension CompilationFailure: LocalizedError {
        /// The same text as ``description``: what `localizedDescription` shows.
        public var errorDescription: String? { description }
    }
#endif
