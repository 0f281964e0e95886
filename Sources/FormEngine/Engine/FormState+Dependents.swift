// FormState+Dependents: a readable view of the observer map, `"tag.value" -> ["other.hidden", ...]`,
// for `predc form run` (`dependents`) and for tests. Not used on the evaluation path.

extension FormState {
    /// For every (tag, property) that some condition reads: the names of the conditions reading it,
    /// sorted. Tags without an element are included (their readers see null).
    func dependentsMap() -> [String: [String]] {
        var map: [String: [String]] = [:]
        for property in ObservedProperty.allCases {
            for (index, readers) in graph.observers[property.rawValue].enumerated() where !readers.isEmpty {
                let live = readers.filter { elements[$0.element.raw].isAlive }
                guard !live.isEmpty, store.symbols.tags.indices.contains(index) else { continue }
                map["\(store.symbols.tags[index]).\(property.name)"] = live.map { name(of: $0) }.sorted()
            }
        }
        return map
    }
}
