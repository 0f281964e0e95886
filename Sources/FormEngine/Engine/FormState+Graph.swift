// FormState+Graph: the dependency graph as data (FormDependencyGraph) and conditions by name
// (ConditionKey), for Form.dependencyGraph, change sets that record what they evaluated, and the
// `dependents` map of `predc form run`. Not used on the evaluation path.

extension FormState {
    /// The key of a condition: its element's tag (or path) and its property.
    func key(of condition: ConditionID) -> ConditionKey {
        let element = condition.element
        return ConditionKey(element: tag(of: element) ?? path(of: element), property: condition.property)
    }

    /// A snapshot of the graph: the written conditions of live elements in evaluation order, what each
    /// reads and which conditions it depends on.
    func dependencyGraph() -> FormDependencyGraph {
        var inputs: [ConditionKey: [FormDependencyGraph.Input]] = [:]
        var dependencies: [ConditionKey: [ConditionKey]] = [:]
        var order: [ConditionKey] = []
        for condition in graph.order where elements[condition.element.raw].isAlive {
            let key = key(of: condition)
            order.append(key)
            var reads: [FormDependencyGraph.Input] = []
            var writers: [ConditionKey] = []
            for read in conditions[condition.raw].reads {
                guard tags.strings.indices.contains(read.slot.index) else { continue }
                reads.append(
                    FormDependencyGraph.Input(tag: tags.strings[read.slot.index], property: read.property))
                for writer in self.writers(of: read)
                where graph.rank(of: writer.raw) >= 0 {
                    writers.append(self.key(of: writer))
                }
            }
            inputs[key] = reads.sorted()
            dependencies[key] = Array(Set(writers)).sorted()
        }
        return FormDependencyGraph(order: order, inputs: inputs, dependencies: dependencies)
    }
}
