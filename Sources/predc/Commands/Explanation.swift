// Explanation: the data `predc explain` prints, gathered once from a compiled predicate, and its two
// renderings (the text listing and `--json`).

import PredicateLang

/// What `predc explain` shows about one compiled predicate.
struct Explanation {
    /// One bytecode instruction with its source position.
    struct Instruction {
        var offset: Int
        var mnemonic: String
        var listing: String
        var location: SourceLocation?
    }

    let source: SourceText
    let tokens: [(kind: String, range: SourceRange)]
    let tree: String
    let canonical: String
    let dependencies: Dependencies
    let folded: [FoldedPart]
    /// The canonical form of the tree after the compiler's constant folding.
    let compiledForm: String
    let instructions: [Instruction]
    /// The decision graph the VM walks instead of the instructions, a node a line; empty when the program
    /// runs instruction by instruction.
    let decisionGraph: [String]

    init(_ predicate: CompiledPredicate, arguments: [Value]) {
        source = predicate.source
        tokens = SyntaxTree.tokenListing(predicate.source.text, arguments: arguments)
        tree = predicate.tree.dump
        canonical = predicate.tree.format
        dependencies = predicate.dependencies
        folded = ConstantFolding.foldedParts(of: predicate.tree)
        compiledForm = predicate.tree.folded(limits: predicate.limits).format
        let program = predicate.program
        var previousLine: Int?
        var instructions: [Instruction] = []
        let code = program.instructions  // a copy of the program's table, made once
        for offset in code.indices {
            let (text, line) = program.disassembleInstruction(
                at: offset, source: predicate.source, previousLine: previousLine)
            let range = program.sourceRange(at: offset)
            let location = range == .synthesized ? nil : predicate.source.location(of: range.lowerBound)
            instructions.append(
                Instruction(
                    offset: offset, mnemonic: code[offset].mnemonic, listing: text, location: location))
            previousLine = line
        }
        self.instructions = instructions
        let graphListing = program.decisionGraphListing(source: predicate.source)
        decisionGraph = graphListing.isEmpty ? [] : graphListing.split(separator: "\n").map(String.init)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func position(_ range: SourceRange) -> String { source.location(of: range.lowerBound).description }

    private func variableText(_ read: Dependencies.VariableRead) -> String {
        "$" + ([read.name, read.property.rawValue] + read.path).joined(separator: ".")
    }

    /// The text listing.
    var text: String {
        var lines = ["source      \(source.name): \(source.text)", "canonical   \(canonical)", "", "tokens"]
        lines += tokens.map { token in
            "  " + Explanation.pad(position(token.range), 8) + Explanation.pad(token.kind, 16)
                + source.slice(token.range)
        }
        lines += ["", "tree", "  \(tree)"]
        lines += ["", "dependencies"]
        var rows: [(String, String)] = []
        for read in dependencies.keyPaths {
            rows.append(("key path  " + read.components.joined(separator: "."), position(read.range)))
        }
        for read in dependencies.variables {
            rows.append(("variable  " + variableText(read), position(read.range) + "  reads \(read.property.rawValue)"))
        }
        if !dependencies.tags.isEmpty { rows.append(("tags      " + dependencies.tags.joined(separator: ", "), "")) }
        lines += rows.isEmpty ? ["  (none: the predicate reads nothing)"] : HelpText.table(rows, width: 30)
        lines += ["", "constant folding"]
        if folded.isEmpty, compiledForm == canonical {
            lines.append("  (nothing to fold)")
        } else {
            lines += folded.map { "  \(position($0.range))  \(source.slice($0.range))  =>  \($0.result)" }
            lines.append("  compiled as: \(compiledForm)")
        }
        lines += ["", "bytecode (\(instructions.count) instruction\(instructions.count == 1 ? "" : "s"))"]
        var shownLine: Int?
        for instruction in instructions {
            if let line = instruction.location?.line, line != shownLine {
                lines.append("  ; \(line) | \(source.lineText(line - 1))")
                shownLine = line
            }
            lines.append("  " + instruction.listing)
        }
        if let title = decisionGraph.first {
            lines += ["", title + ": what the VM runs, one leaf test a node"]
            lines += decisionGraph.dropFirst().map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `--json` document.
    var json: String {
        var object = JSONObjectWriter()
        object.string("source", source.text)
        object.string("name", source.name)
        object.raw(
            "tokens",
            JSONText.array(
                tokens.map { token in
                    var entry = JSONObjectWriter()
                    entry.string("kind", token.kind)
                    entry.string("text", source.slice(token.range))
                    addPosition(token.range, to: &entry)
                    return entry.result
                }))
        object.string("tree", tree)
        object.string("canonical", canonical)
        var dependencyObject = JSONObjectWriter()
        dependencyObject.raw(
            "keyPaths",
            JSONText.array(
                dependencies.keyPaths.map { read in
                    var entry = JSONObjectWriter()
                    entry.strings("components", read.components)
                    addPosition(read.range, to: &entry)
                    return entry.result
                }))
        dependencyObject.raw(
            "variables",
            JSONText.array(
                dependencies.variables.map { read in
                    var entry = JSONObjectWriter()
                    entry.string("name", read.name)
                    entry.string("property", read.property.rawValue)
                    entry.strings("path", read.path)
                    addPosition(read.range, to: &entry)
                    return entry.result
                }))
        dependencyObject.strings("tags", dependencies.tags)
        object.raw("dependencies", dependencyObject.result)
        object.raw(
            "folded",
            JSONText.array(
                folded.map { part in
                    var entry = JSONObjectWriter()
                    entry.string("text", source.slice(part.range))
                    entry.string("result", part.result)
                    addPosition(part.range, to: &entry)
                    return entry.result
                }))
        object.string("compiledAs", compiledForm)
        object.raw(
            "instructions",
            JSONText.array(
                instructions.map { instruction in
                    var entry = JSONObjectWriter()
                    entry.int("offset", instruction.offset)
                    entry.string("mnemonic", instruction.mnemonic)
                    entry.string("listing", instruction.listing)
                    if let location = instruction.location {
                        entry.int("line", location.line)
                        entry.int("column", location.column)
                    }
                    return entry.result
                }))
        object.strings("decisionGraph", Array(decisionGraph.dropFirst()))
        return object.result
    }

    private func addPosition(_ range: SourceRange, to entry: inout JSONObjectWriter) {
        let location = source.location(of: range.lowerBound)
        entry.int("line", location.line)
        entry.int("column", location.column)
        entry.int("offset", range.lowerBound)
        entry.int("length", range.length)
    }
}
