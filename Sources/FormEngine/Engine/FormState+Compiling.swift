// FormState+Compiling: conditions and validation rules compiled against the form's symbol table.
// Compiling declares every tag a condition reads, so a tag that has no row yet gets a slot (reading
// null) and is bound when a row with that tag is added. Predicates are parsed, given the XLForm
// `.value` rule, and compiled to bytecode against the table; their reads come from the syntax tree's
// Dependencies. Identical predicate texts compile once per form: a program depends only on its text and
// on the slots of the tags it names, and a tag's slot never changes. Paths (`sections[0].rows[1].hidden`)
// name conditions in errors only, so they are built only when there is an error.

extension FormState {
    /// The slot of `tag`, declared (in the store's symbol table and the tag index) when it is new.
    mutating func declare(_ tag: String) -> Slot {
        if let slot = tags.position(of: tag) { return Slot(slot) }
        let slot = store.declare(tag)
        // A new slot joins the index; an existing one is a canonically equivalent spelling of a declared
        // tag (the store compares tags as Swift strings do), which keeps the slot of its first spelling.
        if slot.index == tags.count { tags.append(tag) }
        assert(slot.index < tags.count, "the tag index and the store's symbol table disagree")
        return slot
    }

    /// Compiles `condition`, declaring the tags it reads. `path` names the condition in errors.
    mutating func compiled(_ condition: Condition?, path: () -> String) throws(FormError) -> CompiledCondition {
        // Matched as the optional it is: unwrapping it first copied the condition, text and all.
        switch condition {
        case nil:
            return .alwaysFalse
        case .constant(let result)?:
            return CompiledCondition(body: .constant(result), reads: [], source: condition)
        case .function(let declared, let function)?:
            var reads = SlotReads()
            for dependency in declared { reads.insert(declaredDependency(dependency)) }
            return CompiledCondition(body: .function(function), reads: reads, source: condition)
        case .predicate(let text)?:
            if let cached = programCache.program(for: text) {
                return CompiledCondition(body: .predicate(cached.program), reads: cached.reads, source: condition)
            }
            let parsed = SyntaxTree.parse(text)
            guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
                throw Self.parseError(parsed.diagnostics, source: parsed.source, path: path())
            }
            // Compiled as written: the compiler reads a free `$t` as its row's value (XLForm's rule), and the
            // checks apply the rule as they type it, so no rewritten copy of the tree is built.
            let (program, reads) = try compiledTree(tree, source: parsed.source, path: path)
            programCache.add(CachedProgram(program: program, reads: reads), for: text)
            return CompiledCondition(body: .predicate(program), reads: reads, source: condition)
        case .compiled(let predicate)?:
            let (program, reads) = try compiledTree(predicate.tree, source: predicate.source, path: path)
            return CompiledCondition(body: .predicate(program), reads: reads, source: condition)
        }
    }

    /// Compiles a validation rule (its predicate reads the row's value as SELF and other rows as `$tag`).
    mutating func compiled(_ rule: ValidationRule, path: () -> String) throws(FormError) -> CompiledValidation {
        switch rule.check {
        case .function(let function):
            return CompiledValidation(body: .function(function), message: rule.message)
        case .predicate(let text):
            let parsed = SyntaxTree.parse(text)
            guard let tree = parsed.tree, !parsed.diagnostics.hasErrors else {
                throw Self.parseError(parsed.diagnostics, source: parsed.source, path: path())
            }
            let (program, _) = try compiledTree(tree, source: parsed.source, path: path)
            return CompiledValidation(body: .predicate(program), message: rule.message)
        }
    }

    /// Compiles a tree against the store's table after declaring every tag it reads; returns the
    /// program and its distinct (slot, property) reads in first-seen order.
    private mutating func compiledTree(_ tree: SyntaxTree.Predicate, source: SourceText, path: () -> String)
        throws(FormError) -> (CompiledPredicate, SlotReads)
    {
        var reads = SlotReads()
        // A small tree's reads come from the quick walk (no arrays built).
        if let quick = tree.freeVariableReads {
            for position in 0..<quick.count {
                guard let (name, property) = quick[position] else { break }
                addRead(of: name, property, to: &reads)
            }
        } else {
            for variable in tree.dependencies.variables { addRead(of: variable.name, variable.property, to: &reads) }
        }
        let result = CompiledPredicate.compile(
            tree, source: source, symbols: store.symbols, limits: .default, reusing: &compilerTables)
        guard let program = result.predicate, !result.diagnostics.hasErrors else {
            throw Self.parseError(result.diagnostics, source: result.source, path: path())
        }
        return (program, reads)
    }

    /// Declares `tag` and adds its read of `property` to `reads` unless it is there already.
    private mutating func addRead(of tag: String, _ property: Dependencies.Property, to reads: inout SlotReads) {
        let observed: ObservedProperty
        switch property {
        case .value: observed = .value
        case .isHidden: observed = .isHidden
        case .isDisabled: observed = .isDisabled
        }
        reads.insert(SlotRead(slot: declare(tag), property: observed))
    }

    static func parseError(_ diagnostics: [Diagnostic], source: SourceText, path: String) -> FormError {
        let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return FormError(
            .parse, first?.text ?? "invalid predicate", path: path, diagnostics: diagnostics,
            conditionText: source.text,
            location: first.map { source.location(of: $0.range.lowerBound) })
    }

    /// `"tag"` and `"tag.value…"` read the value; `"tag.isHidden"` / `"tag.isDisabled"` the flags. Any
    /// other first component means the value (the XLForm rule).
    private mutating func declaredDependency(_ text: String) -> SlotRead {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let tag = parts.first.map(String.init) ?? text
        var property = ObservedProperty.value
        if parts.count == 2 {
            let rest = parts[1].split(separator: ".").first.map(String.init) ?? ""
            if rest == "isHidden" { property = .isHidden } else if rest == "isDisabled" { property = .isDisabled }
        }
        return SlotRead(slot: declare(tag), property: property)
    }
}

/// A predicate compiled for a form, kept by its text so that the same text compiles once per form.
struct CachedProgram: Sendable {
    var program: CompiledPredicate
    var reads: SlotReads
}

/// The programs a build or an action compiled, by predicate text.
struct ProgramCache: Sendable {
    private var texts = StringIndex()
    private var programs: [CachedProgram] = []

    /// The program compiled from `text`, if any.
    func program(for text: String) -> CachedProgram? {
        guard let position = texts.position(of: text), programs.indices.contains(position) else { return nil }
        return programs[position]
    }

    /// Keeps `program` as the one for `text`, which has none yet (the caller looked it up).
    mutating func add(_ program: CachedProgram, for text: String) {
        assert(texts.position(of: text) == nil, "a program is cached twice for one text")
        texts.append(text)
        programs.append(program)
    }

    /// Makes room for `count` programs.
    mutating func reserveCapacity(_ count: Int) {
        texts.reserveCapacity(count)
        programs.reserveCapacity(count)
    }
}
