// Disassembly: the mnemonic and operand text of every instruction, and the clox-style listing of a
// whole program (offset, line:column or `|`, mnemonic, operands, resolved constants and targets).
// `predc explain`, `predc eval --trace`, golden tests and failure messages all print through here.

extension Instruction {
    /// The instruction's name, as listings print it.
    package var mnemonic: String {
        switch self {
        case .pushConstant: "pushConstant"
        case .pushObject: "pushObject"
        case .loadVariable: "loadVariable"
        case .loadSlot: "loadSlot"
        case .loadSlotHidden: "loadSlotHidden"
        case .loadSlotDisabled: "loadSlotDisabled"
        case .loadLocal: "loadLocal"
        case .loadRead: "loadRead"
        case .keyPath: "keyPath"
        case .index: "index"
        case .indexFixed: "indexFixed"
        case .arithmetic: "arithmetic"
        case .negate: "negate"
        case .setOperation: "setOperation"
        case .call: "call"
        case .makeArray: "makeArray"
        case .cast: "cast"
        case .unsupported: "unsupported"
        case .setFlag: "setFlag"
        case .compare: "compare"
        case .match: "match"
        case .matchSlot: "matchSlot"
        case .matchSlotCount: "matchSlotCount"
        case .matchKey: "matchKey"
        case .matchRead: "matchRead"
        case .not: "not"
        case .jumpIfFalse: "jumpIfFalse"
        case .jumpIfTrue: "jumpIfTrue"
        case .jump: "jump"
        case .iterate: "iterate"
        case .iterateNext: "iterateNext"
        case .iterateKeep: "iterateKeep"
        case .iterateEnd: "iterateEnd"
        case .return: "return"
        }
    }
}

extension Program {
    /// The operand column and the resolved comment (after `;`) for the instruction at `offset`.
    package func operandText(at offset: Int) -> (operands: String, comment: String) {
        let instruction = storage.code[offset]
        switch instruction {
        case .pushConstant(let index):
            return (index.description, constantText(index))
        case .unsupported(let index):
            return (index.description, constantText(index))
        case .loadVariable(let index):
            return (index.description, "$" + name(index))
        case .loadSlot(let slot), .loadSlotHidden(let slot), .loadSlotDisabled(let slot):
            return (slot.description, tag(of: slot).map { "$" + $0 } ?? "")
        case .loadLocal(let local), .iterate(let local), .iterateKeep(let local), .iterateEnd(let local):
            return (local.description, "")
        case .keyPath(let index):
            return (index.description, keyPathText(index))
        case .indexFixed(let kind):
            return (indexKindText(kind), "")
        case .arithmetic(let op):
            return (op.rawValue, "")
        case .setOperation(let op):
            return (op.rawValue, "")
        case .call(let function, let count):
            return ("\(function.selector) \(count)", "")
        case .makeArray(let count):
            return ("\(count)", "")
        case .setFlag(let flag):
            return (flag ? "true" : "false", "")
        case .compare(let op, let options, let modifier):
            return (modifierText(modifier) + op.rawValue + optionsText(options), "")
        case .match(let matcher, let modifier):
            return (modifierText(modifier) + matcher.description, matcherText(matcher))
        case .matchSlot(let slot, let matcher):
            let tagText = tag(of: slot).map { "$" + $0 + " " } ?? ""
            return ("\(slot) \(matcher)", tagText + matcherText(matcher))
        case .matchSlotCount(let slot, let matcher):
            let tagText = tag(of: slot).map { "$" + $0 + "." } ?? ""
            return ("\(slot) \(matcher)", tagText + "@count " + matcherText(matcher))
        case .matchKey(let keyPath, let matcher):
            return ("\(keyPath) \(matcher)", keyPathText(keyPath) + " " + matcherText(matcher))
        case .matchRead(let read, let matcher, let modifier):
            return (modifierText(modifier) + "\(read) \(matcher)", readText(read) + " " + matcherText(matcher))
        case .loadRead(let read):
            return (read.description, readText(read))
        case .jumpIfFalse(let jump), .jumpIfTrue(let jump), .jump(let jump):
            return (jump.description, "-> " + format4(offset + 1 + Int(jump.rawValue)))
        case .iterateNext(let jump, let local):
            return ("\(local) \(jump)", "-> " + format4(offset + 1 + Int(jump.rawValue)))
        case .pushObject, .index, .negate, .cast, .not, .return:
            return ("", "")
        }
    }

    /// One listing line for the instruction at `offset`; `previousLine` is the source line printed
    /// on the line before (the column shows `|` when it repeats).
    package func disassembleInstruction(at offset: Int, source: SourceText?, previousLine: Int?) -> (
        text: String, line: Int?
    ) {
        var location = ""
        var line: Int?
        let range = sourceRange(at: offset)
        if let source, !range.isEmpty || range.lowerBound != 0 {
            let position = source.location(of: range.lowerBound)
            line = position.line
            location = position.line == previousLine ? "  |" : "\(position.line):\(position.column)"
        }
        let (operands, comment) = operandText(at: offset)
        var text = format4(offset) + "  " + pad(location, 6) + pad(storage.code[offset].mnemonic, 20)
        if !operands.isEmpty || !comment.isEmpty { text += " " + operands }
        if !comment.isEmpty { text += "  ; " + comment }
        while text.hasSuffix(" ") { text.removeLast() }
        return (text, line ?? previousLine)
    }

    /// The whole program as a listing, one instruction a line; each block after the main one starts
    /// with a `-- block k --` line. For a block the VM runs as a decision graph, the graph follows (see
    /// ``decisionGraphListing(_:source:)``).
    package func disassembly(source: SourceText? = nil, title: String? = nil) -> String {
        var lines: [String] = []
        if let title { lines.append("== \(title) ==") }
        var previousLine: Int?
        let starts = Dictionary(blocks.enumerated().map { ($0.element.start, $0.offset + 1) }, uniquingKeysWith: { $1 })
        for offset in storage.code.indices {
            if let block = starts[offset] {
                lines.append("-- block \(block) --")
                previousLine = nil
            }
            let (text, line) = disassembleInstruction(at: offset, source: source, previousLine: previousLine)
            lines.append(text)
            previousLine = line
        }
        for block in 0...blocks.count {
            let listing = decisionGraphListing(block, source: source)
            if !listing.isEmpty { lines += ["", listing] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The decision graph of a block (0 is the main one), or nil when the block runs instruction by
    /// instruction.
    package func decisionGraph(ofBlock block: Int) -> DecisionGraph? {
        block == 0 ? decisionGraph : (blocks.indices.contains(block - 1) ? blocks[block - 1].decisionGraph : nil)
    }

    /// The decision graph the VM walks for block `block` (0: the main one), a node a line: the node, where
    /// the walk goes on each answer, and the leaf's listing line; empty when the block has no graph.
    ///
    ///     decision graph (entry n0)
    ///     n0  true -> n1    false -> false   0000  1:1   matchSlot            #1 m0  ; $age >= 18
    ///
    /// A node whose leaf has an integer test (``IntegerLeaf``) ends with it: the walk answers from the node
    /// when the slot holds an integer (`value`) or an array (`count`), and takes the leaf otherwise. A main
    /// graph of such nodes alone is walked by those tests alone first (`integer tests alone` in the title).
    package func decisionGraphListing(_ block: Int = 0, source: SourceText?) -> String {
        guard let graph = decisionGraph(ofBlock: block) else { return "" }
        let title = block == 0 ? "decision graph" : "decision graph of block \(block)"
        let walk = block == 0 && storage.walksIntegersAlone ? "; integer tests alone" : ""
        var lines = ["\(title) (entry \(graph.entry)\(walk))"]
        for index in graph.nodes.indices { lines.append(decisionNodeListing(index, block: block, source: source)) }
        return lines.joined(separator: "\n")
    }

    /// One line of ``decisionGraphListing(_:source:)``: node `index` of block `block`, its two edges and its leaf.
    package func decisionNodeListing(_ index: Int, block: Int = 0, source: SourceText?) -> String {
        guard let node = placedNode(index, block: block) else { return "" }
        let leaf = disassembleInstruction(at: Int(node.offset), source: source, previousLine: nil).text
        let integer = node.integerLeaf.summary.map { "  [\($0)]" }
        return pad("n\(index)", 4) + pad("true -> \(node.onTrue)", 14) + pad("false -> \(node.onFalse)", 17) + leaf
            + (integer ?? "")
    }

    /// Node `index` of block `block`'s graph as the VM walks it (with its integer test), if there is one.
    package func placedNode(_ index: Int, block: Int = 0) -> DecisionNode? {
        let hasGraph =
            block == 0
            ? storage.hasDecisionGraph
            : storage.blocks.indices.contains(block - 1) && storage.blocks[block - 1].hasDecisionGraph
        guard hasGraph else { return nil }
        let placed = block == 0 ? storage.graphNodes : storage.blocks[block - 1].nodes
        return placed.indices.contains(index) ? placed[index] : nil
    }

    // MARK: Operand formatting

    func constantText(_ index: ConstantIndex) -> String {
        let position = Int(index.rawValue)
        return constants.indices.contains(position) ? constants[position].predicateDescription : "?"
    }

    func readText(_ index: ReadIndex) -> String {
        reads.indices.contains(Int(index.rawValue)) ? reads[Int(index.rawValue)].summary : "?"
    }

    func name(_ index: NameIndex) -> String {
        names.indices.contains(Int(index.rawValue)) ? names[Int(index.rawValue)] : "?"
    }

    func keyPathText(_ index: KeyPathIndex) -> String {
        let paths = storage.keyPaths
        let position = Int(index.rawValue)
        return paths.indices.contains(position) ? paths[position].map(\.name).joined(separator: ".") : "?"
    }

    func matcherText(_ index: MatcherIndex) -> String {
        guard matchers.indices.contains(Int(index.rawValue)) else { return "?" }
        let matcher = matchers[Int(index.rawValue)]
        var text = matcher.op.rawValue + optionsText(matcher.options) + " " + matcher.constant.predicateDescription
        switch matcher.kind {
        case .general, .integer, .double, .string: break
        default: text += " (" + matcher.kindName + ")"
        }
        return text
    }
}

private func modifierText(_ modifier: ComparisonModifier) -> String {
    switch modifier {
    case .direct: ""
    case .any: "ANY "
    case .all: "ALL "
    }
}

private func indexKindText(_ kind: IndexKind) -> String {
    switch kind {
    case .first: "FIRST"
    case .last: "LAST"
    case .size: "SIZE"
    }
}

/// `[cd]`-style option letters, empty when there are none.
func optionsText(_ options: ComparisonOptions) -> String {
    let letters = ComparisonOptions.letters.filter { options.contains($0.1) }.map(\.0)
    return letters.isEmpty ? "" : "[" + String(letters) + "]"
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
