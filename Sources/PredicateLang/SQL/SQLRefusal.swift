// SQLRefusal: why a part of a predicate is not translated to SQL, and where it is. Thrown inside the
// translator (typed throws) and turned into a diagnostic at the top-level term that contains it; that
// term then runs in process, in the residual predicate.

/// A construct the translator does not push down, with the reason and the source range.
struct SQLRefusal: Error {
    /// Why, in a few words (`SQLite has no regular expressions`).
    var reason: String
    /// The sub-expression that could not be translated.
    var range: SourceRange

    init(_ reason: String, at range: SourceRange) {
        self.reason = reason
        self.range = range
    }
}
