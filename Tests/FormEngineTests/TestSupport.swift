// Helpers shared by the FormEngine tests: small Swift-function conditions, so engine tests do not
// depend on the predicate parser.
@testable import FormEngine

/// Hidden/disabled when `tag`'s value equals `value`.
func valueIs(_ tag: String, _ value: Value) -> Condition {
    .function([tag]) { $0.value(tag) == value }
}

/// True when `tag` is hidden.
func hiddenFlag(_ tag: String) -> Condition {
    .function(["\(tag).isHidden"]) { $0.isHidden(tag) }
}

/// True when `tag` is disabled.
func disabledFlag(_ tag: String) -> Condition {
    .function(["\(tag).isDisabled"]) { $0.isDisabled(tag) }
}

/// True when `tag` is NOT hidden.
func shownFlag(_ tag: String) -> Condition {
    .function(["\(tag).isHidden"]) { !$0.isHidden(tag) }
}

extension FormChangeSet {
    var shownTags: [String] { rowsShown.compactMap(\.tag) }
    var hiddenTags: [String] { rowsHidden.compactMap(\.tag) }
    var sectionsShownTags: [String] { sectionsShown.compactMap(\.tag) }
    var sectionsHiddenTags: [String] { sectionsHidden.compactMap(\.tag) }
}
