// FormEngine: conditional forms driven by PredicateLang. Re-exports PredicateLang, whose Value,
// Diagnostic and SourceRange types appear throughout this module's API.

@_exported public import PredicateLang
