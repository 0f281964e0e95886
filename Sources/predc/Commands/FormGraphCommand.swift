// `predc form graph`: the form's dependency graph as Graphviz DOT — rows and sections as nodes, one
// edge per dependency labelled with the property read and the condition reading it, cycles (which
// make the form fail to build) in red. Output is deterministic, for diffs and golden files.

import PredicateLang

/// `predc form graph FORM.json`
enum FormGraphCommand: Command {
    static let name = "form graph"

    static let options: [OptionSpec] = []

    static let help = HelpText(
        summary: "Print a form's condition dependencies as a Graphviz DOT graph.",
        usage: ["form graph FORM.json"],
        examples: [
            "form graph signup-form.json",
            "form graph signup-form.json | dot -Tsvg -o signup.svg",
        ],
        options: [],
        discussion: [
            """
            Rows are boxes and sections folders, each labelled with its conditions. An edge A -> B
            labelled 'isHidden -> disabled' means B's disabled condition reads $A.isHidden. Conditions
            that depend on each other in a cycle, and the edges between them, are red; a tag that
            names no row or section is a grey node. Conditions that do not parse are reported on
            standard error and left out.
            """
        ],
        exitStatuses: [
            (.success, "the graph was printed"),
            (.usage, "usage error"),
            (.dataError, "the form is malformed or a condition does not parse (the graph is still printed)"),
            (.noInput, "the form file cannot be opened"),
        ])

    static func run(_ arguments: ParsedArguments, in context: Context) throws(UsageError) -> ExitCode {
        do throws(CommandFailure) {
            guard let path = arguments.positionals.first else { throw .usage(UsageError("missing FORM.json")) }
            do throws(UsageError) { try arguments.requireAtMost(1) } catch { throw .usage(error) }
            let graph = FormConditionGraph(try FormSketch(try FormFile.load(path, in: context)))
            let diagnostics = graph.nodes.flatMap(\.diagnostics)
            DiagnosticOutput(source: graph.sketch.source, context: context).print(diagnostics)
            context.stdout.write(dot(graph))
            return diagnostics.hasErrors ? .dataError : .success
        } catch {
            return try error.report(name, in: context)
        }
    }

    /// The DOT text of `graph`.
    static func dot(_ graph: FormConditionGraph) -> String {
        let sketch = graph.sketch
        var lines = [
            "digraph form {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        var cyclicElements = Set<Int>()
        for (index, node) in graph.nodes.enumerated() where graph.inCycle[index] { cyclicElements.insert(node.element) }
        for (index, element) in sketch.elements.enumerated() {
            var label = (element.isRow ? "row " : "section ") + element.name
            for condition in element.conditions {
                switch condition.text {
                case .predicate(let text): label += "\n\(condition.property): \(text)"
                case .constant(let flag): label += "\n\(condition.property): \(flag)"
                }
            }
            var attributes = ["label=\(quote(label))"]
            if !element.isRow { attributes.append("shape=folder") }
            if cyclicElements.contains(index) { attributes += ["color=red", "fontcolor=red"] }
            lines.append("  \(quote(nodeID(element))) [\(attributes.joined(separator: ", "))];")
        }
        let known = Set(sketch.tags)
        var missing: [String] = []
        var edges: [String] = []
        for (index, node) in graph.nodes.enumerated() {
            let target = nodeID(sketch.elements[node.element])
            for read in node.reads {
                let source: String
                if let element = sketch.element(tagged: read.tag) {
                    source = nodeID(element)
                } else {
                    source = "missing:" + read.tag
                    if !known.contains(read.tag), !missing.contains(read.tag) { missing.append(read.tag) }
                }
                var attributes = ["label=\(quote(read.property.rawValue + " -> " + node.property))"]
                let cyclic = graph.inCycle[index] && graph.writers(of: read).contains { graph.inCycle[$0] }
                if cyclic { attributes += ["color=red", "fontcolor=red", "penwidth=2"] }
                edges.append("  \(quote(source)) -> \(quote(target)) [\(attributes.joined(separator: ", "))];")
            }
        }
        for tag in missing.sorted() {
            lines.append(
                "  \(quote("missing:" + tag)) [label=\(quote("$\(tag)\n(no such tag)")), shape=plaintext, fontcolor=gray];"
            )
        }
        var seen = Set<String>()
        lines += edges.sorted().filter { seen.insert($0).inserted }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func nodeID(_ element: FormSketch.Element) -> String {
        (element.isRow ? "row:" : "section:") + element.name
    }

    /// A DOT string literal (quotes and backslashes escaped, line breaks as `\n`).
    static func quote(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
