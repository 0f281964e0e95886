// FormSketch+RowKinds: the kind of value each row of a form file holds, as lint's rules see it — from
// the row's `type`, else from its initial value. Lives above both the outline (Support) and lint's
// RowKind (Lint), which `lint --form` brings together.

extension FormSketch {
    /// The kind of each tagged row that has one.
    var rowKinds: [String: RowKind] {
        var kinds: [String: RowKind] = [:]
        for element in elements where element.isRow {
            guard let tag = element.tag else { continue }
            if let kind = element.typeName.flatMap(RowKind.init(typeName:)) ?? RowKind(of: element.value) {
                kinds[tag] = kind
            }
        }
        return kinds
    }
}
