// FormExplainer: the text of `predc form explain` — for one element, each condition's current result,
// its inputs and the single-input changes that flip it. What-ifs re-evaluate the condition compiled in
// form mode against a RowStore filled from the live form, with one input replaced at a time.

import FormEngine

/// Explains the conditions of form elements against a live form.
struct FormExplainer {
    let graph: FormConditionGraph
    let form: Form
    private let symbols: SymbolTable
    private let nullsHiddenValues: Bool
    private var lines: [String] = []

    init(graph: FormConditionGraph, form: Form) {
        self.graph = graph
        self.form = form
        symbols = SymbolTable(tags: graph.sketch.tags)
        nullsHiddenValues = graph.sketch.options["hiddenValueInConditions"] == .string("null")
    }

    /// The explanation of `element` (and of its section when that hides it).
    mutating func explain(_ element: FormSketch.Element) -> String {
        lines = []
        describe(element)
        if element.isRow, let state = element.tag.flatMap({ form[$0] }), !state.isDisplayed,
            let section = section(of: element), let sectionState = section.tag.flatMap({ form[$0] }),
            sectionState.isHidden
        {
            lines.append("")
            lines.append(
                state.isHidden ? "Its section is hidden too:" : "It is not displayed because its section is hidden:")
            describe(section)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func section(of row: FormSketch.Element) -> FormSketch.Element? {
        let prefix = String(row.path.prefix { $0 != "." })
        return graph.sketch.elements.first { !$0.isRow && $0.path == prefix }
    }

    private mutating func describe(_ element: FormSketch.Element) {
        guard let tag = element.tag, let state = form[tag] else { return }
        let kind = element.isRow ? "row" : "section"
        var summary = "\(kind) '\(tag)' (\(element.path)): " + (state.isHidden ? "hidden" : "shown")
        if element.isRow {
            summary += state.isDisplayed ? ", displayed" : ", not displayed"
            summary += state.isEffectivelyDisabled ? ", disabled" : ", enabled"
            if state.isRequired { summary += ", required" }
            summary += ", value " + TypedJSON.serialize(state.value)
        }
        lines.append(summary)
        for property in ["hidden", "disabled", "required"] where element.isRow || property != "required" {
            let current = flag(property, of: state)
            lines.append("")
            guard let condition = element.conditions.first(where: { $0.property == property }) else {
                lines.append("  \(property) = \(current): no condition")
                continue
            }
            let location = graph.sketch.source.location(of: condition.range.lowerBound)
            switch condition.text {
            case .constant(let value):
                lines.append("  \(property) = \(current): constant \(value) (\(graph.sketch.source.name):\(location))")
            case .predicate(let text):
                lines.append("  \(property) = \(current): \(text)")
                lines.append("    at \(graph.sketch.source.name):\(location)")
                explainPredicate(text, current: current)
            }
        }
    }

    private func flag(_ property: String, of state: ElementState) -> Bool {
        switch property {
        case "hidden": state.isHidden
        case "disabled": state.isDisabled
        default: state.isRequired
        }
    }

    private mutating func explainPredicate(_ text: String, current: Bool) {
        let compiled = CompiledPredicate.compile(text, symbols: symbols, sourceName: graph.sketch.source.name)
        guard let predicate = compiled.predicate, !compiled.diagnostics.hasErrors else {
            lines.append("    (the condition does not compile)")
            return
        }
        let store = currentStore()
        var reads: [FormConditionGraph.Read] = []
        // The dependencies read `$t` and `$t.x` as the row's value (XLForm's rule) without a rewritten tree.
        for read in predicate.tree.dependencies.variables {
            let entry = FormConditionGraph.Read(tag: read.name, property: read.property)
            if !reads.contains(entry) { reads.append(entry) }
        }
        for read in reads {
            lines.append("    reads $\(read.tag).\(read.property.rawValue) = " + describe(read, in: store))
        }
        guard let baseline = try? predicate.evaluate(in: store) else {
            lines.append("    (evaluating it with these inputs fails)")
            return
        }
        if baseline != current {
            lines.append(
                "    note: with these inputs it evaluates to \(baseline); the engine's policies "
                    + "(hidden values, sections) account for the difference")
        }
        var flips: [String] = []
        for read in reads {
            for candidate in WhatIf.candidates(for: read, in: predicate.tree, store: store, symbols: symbols) {
                var changed = store
                WhatIf.assign(candidate, to: read, in: &changed, symbols: symbols)
                if let result = try? predicate.evaluate(in: changed), result != baseline {
                    flips.append("$\(read.tag).\(read.property.rawValue) = \(WhatIf.describe(candidate))")
                }
            }
        }
        if flips.isEmpty {
            lines.append("    no single input change found that makes it \(!baseline)")
        } else {
            lines.append("    it would become \(!baseline) with:")
            lines += flips.prefix(8).map { "      " + $0 }
        }
    }

    private func describe(_ read: FormConditionGraph.Read, in store: RowStore) -> String {
        guard let slot = symbols.slot(for: read.tag) else { return "null (no such tag)" }
        switch read.property {
        case .value: return TypedJSON.serialize(store.value(at: slot))
        case .isHidden: return String(store[slot].isHidden)
        case .isDisabled: return String(store[slot].isDisabled)
        }
    }

    /// The inputs conditions read now: values (null for hidden rows under the `null` policy) and flags.
    private func currentStore() -> RowStore {
        var store = RowStore(symbols: symbols)
        for (index, tag) in symbols.tags.enumerated() {
            guard let state = form[tag] else { continue }
            store[Slot(index)].value = nullsHiddenValues && !state.isDisplayed ? .null : state.value
            store[Slot(index)].isHidden = state.isHidden
            store[Slot(index)].isDisabled = state.isDisabled
        }
        return store
    }
}
