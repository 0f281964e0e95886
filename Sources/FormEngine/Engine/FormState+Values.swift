// FormState+Values: reading the form out — values of displayed rows, values including hidden ones,
// multivalued sections as arrays, one element's ElementState — and validation: required rows and
// validation rules, checked only on displayed rows (a hidden row is never invalid).

extension FormState {
    /// Values by tag: displayed tagged rows (null included) and, for a tagged multivalued section, the
    /// array of its rows' non-null values; with `includeHidden` every row regardless of visibility.
    func values(includeHidden: Bool) -> [String: Value] {
        var result: [String: Value] = [:]
        for section in sections {
            let record = elements[section.raw]
            let sectionShown = includeHidden || !ownHidden(section)
            if record.isMultivalued, let tag = tag(of: section) {
                guard sectionShown else { continue }
                let shownRows = record.rows.filter { includeHidden || isDisplayed($0) }
                result[tag] = .array(shownRows.map { rowValues[$0.raw] }.filter { !$0.isNull })
                continue
            }
            for row in record.rows {
                guard let tag = tag(of: row), includeHidden || isDisplayed(row) else { continue }
                result[tag] = rowValues[row.raw]
            }
        }
        return result
    }

    /// Every validation failure of the displayed rows, in form order: `required` first, then each
    /// failing rule. Rules are not run on empty values.
    func validate() -> [ValidationError] {
        var errors: [ValidationError] = []
        for row in allRows where isDisplayed(row) {
            let record = elements[row.raw]
            let place = path(of: row)
            if rowValues[row.raw].isEmptyForRequired {
                if result(row, .required) {
                    errors.append(
                        ValidationError(tag: tag(of: row), path: place, kind: .required, message: "value required"))
                }
                continue
            }
            for rule in record.validations where !rule.isSatisfied(by: rowValues[row.raw], store: store) {
                errors.append(ValidationError(tag: tag(of: row), path: place, kind: .rule, message: rule.message))
            }
        }
        return errors
    }
}

extension ElementState {
    /// The state of `element` now.
    init(state: FormState, element: ElementID) {
        let record = state.elements[element.raw]
        tag = state.tag(of: element)
        isRow = record.isRow
        value = state.rowValues[element.raw]
        isHidden = state.reportedHidden(element)
        isDisplayed = state.isDisplayed(element)
        isDisabled = state.result(element, .disabled)
        isEffectivelyDisabled = state.effectiveDisabled(element)
        isRequired = record.isRow && state.result(element, .required)
        path = state.path(of: element)
    }
}
