// Compiler, typed reads: for a predicate compiled against a Swift type's schema, key paths resolve to
// reads of the Swift value itself, once, here. A path through nested objects becomes one read (an offset
// when every step is stored inline); a path through a collection of objects reads that key of every
// element; `@count` and `@sum`/`@avg`/`@min`/`@max` count and aggregate without building arrays; and
// `SUBQUERY(items, $i, P).@count` runs P as a block per element, `$i` in the next register. What does not
// resolve (a dictionary, an unknown shape) compiles as it would without a schema, on the evaluated object
// built as a dictionary.

extension Compiler {
    /// The most typed SUBQUERYs nested inside each other (each takes a register).
    static let maxRegisters = 8

    /// The typed read an expression denotes, or nil when it is not one.
    mutating func typedRead(_ expression: SyntaxTree.Expression) -> TypedRead? {
        guard let root = typedRoot else { return nil }
        switch expression {
        case .evaluatedObject:
            return .object(register: 0, root)
        case .variable:
            guard let (register, object) = typedBase(expression, root: root) else { return nil }
            return .object(register: register, object)
        case .keyPath(.subquery(let collection, let variable, let predicate, _)?, let components, _)
        where components.map(\.name) == ["@count"]:
            return countWhere(collection, variable, predicate)
        case .keyPath(let base, let components, _):
            guard let (register, object) = typedBase(base, root: root) else { return nil }
            return resolve(register, object, components.map(\.name)[...])
        default:
            return nil
        }
    }

    /// The register and object type a key path's base reads: `SELF` (or no base) or a typed SUBQUERY
    /// variable (unless an untyped SUBQUERY inside binds the same name: the innermost binding wins, and a
    /// typed SUBQUERY's block is compiled without the untyped bindings of its name).
    private func typedBase(_ base: SyntaxTree.Expression?, root: SchemaObject) -> (UInt8, SchemaObject)? {
        switch base {
        case nil, .evaluatedObject?:
            return (0, root)
        case .variable(let name, _)?:
            guard !scopes.contains(where: { $0.name == name }),
                let scope = typedScopes.last(where: { $0.name == name })
            else { return nil }
            return (scope.register, scope.object)
        default:
            return nil
        }
    }

    /// The read of `names` from the object in `register`, of type `object`.
    private func resolve(_ register: UInt8, _ object: SchemaObject, _ names: ArraySlice<String>) -> TypedRead? {
        var current = object
        var lifts: [@Sendable (FieldRead) -> FieldRead] = []
        var index = names.startIndex
        while index < names.endIndex {
            guard let field = current.field(named: names[index]), let access = field.accessor else { return nil }
            let read = Self.lift(access.read, through: lifts)
            let rest = names[(index + 1)...]
            if rest.isEmpty { return .field(register: register, read) }
            switch (field.type.nonOptional, access.read) {
            case (.object(let nested), _):
                guard let lift = access.lift else { return nil }
                lifts.append(lift)
                current = nested
                index += 1
            case (_, .objects(let collection)):
                return collectionRead(register, read, element: collection.element, rest)
            case (.array, .stored):
                return collectionRead(register, read, element: nil, rest)
            default:
                return nil
            }
        }
        return nil
    }

    /// A read over the collection `collection` (of objects of type `element`, or of scalars when nil):
    /// `@count`, an aggregate of the rest of the path, or the rest of the path from every element.
    private func collectionRead(
        _ register: UInt8, _ collection: FieldRead, element: SchemaObject?, _ rest: ArraySlice<String>
    ) -> TypedRead? {
        guard let first = rest.first else { return nil }
        if first == "@count" {
            return rest.count == 1 ? .count(register: register, collection: collection) : nil
        }
        if let op = AggregateOperator(rawValue: first) {
            let path = rest.dropFirst()
            guard let element else {
                return path.isEmpty || path == ["self"]
                    ? .aggregate(register: register, collection: collection, element: nil, op) : nil
            }
            guard let read = Self.relativeRead(element, path) else { return nil }
            return .aggregate(register: register, collection: collection, element: read, op)
        }
        guard let element, let read = Self.relativeRead(element, rest) else { return nil }
        return .elements(register: register, collection: collection, element: read)
    }

    /// The read of `names` from an object of type `object` through nested objects only (no collections).
    static func relativeRead(_ object: SchemaObject, _ names: ArraySlice<String>) -> FieldRead? {
        var current = object
        var lifts: [@Sendable (FieldRead) -> FieldRead] = []
        for (position, name) in zip(names.indices, names) {
            guard let field = current.field(named: name), let access = field.accessor else { return nil }
            if position == names.index(before: names.endIndex) { return lift(access.read, through: lifts) }
            guard case .object(let nested) = field.type.nonOptional, let lift = access.lift else { return nil }
            lifts.append(lift)
            current = nested
        }
        return nil
    }

    /// `read` (relative to the innermost object) lifted to the outermost through each nested object.
    static func lift(_ read: FieldRead, through lifts: [@Sendable (FieldRead) -> FieldRead]) -> FieldRead {
        lifts.reversed().reduce(read) { read, lift in lift(read) }
    }

    /// `SUBQUERY(collection, $variable, predicate).@count` over a collection of objects: the predicate
    /// compiled as a block with `$variable` in the next register.
    private mutating func countWhere(
        _ collection: SyntaxTree.Expression, _ variable: String, _ predicate: SyntaxTree.Predicate
    ) -> TypedRead? {
        guard case .field(let register, .objects(let objects))? = typedRead(collection),
            Int(register) + 1 < Self.maxRegisters
        else { return nil }
        typedScopes.append((variable, register + 1, objects.element))
        let shadowed = scopes
        scopes.removeAll { $0.name == variable }
        let block = compileBlock(predicate)
        scopes = shadowed
        typedScopes.removeLast()
        return .countWhere(register: register, collection: objects, block: block)
    }

    /// Emits `loadRead` when `expression` is a typed read; false (nothing emitted) otherwise. A function of
    /// its own so the recursive `compileExpression` keeps a small frame.
    mutating func emitLoadRead(_ expression: SyntaxTree.Expression) -> Bool {
        guard let typed = typedRead(expression) else { return false }
        emit(.loadRead(read(typed)), at: expression.range)
        return true
    }

    /// Emits `matchRead` when the comparison's left operand is a typed read; false otherwise.
    mutating func emitMatchRead(_ comparison: SyntaxTree.Comparison, _ matcher: MatcherIndex) -> Bool {
        guard let typed = typedRead(comparison.lhs) else { return false }
        let operand = comparison.modifier == .direct ? typed : Self.quantified(typed)
        emit(.matchRead(read(operand), matcher, comparison.modifier), at: comparison.range)
        return true
    }

    /// The index of `read` in the read table.
    mutating func read(_ read: TypedRead) -> ReadIndex {
        guard let index = UInt16(exactly: reads.count) else {
            overflowed = true
            return ReadIndex(0)
        }
        reads.append(read)
        return ReadIndex(index)
    }

    /// `read` prepared for `ANY`/`ALL`: a collection field's own elements.
    static func quantified(_ read: TypedRead) -> TypedRead {
        if case .field(let register, let collection) = read {
            switch collection {
            case .stored(_, .array), .objects:
                return .elements(register: register, collection: collection, element: nil)
            default: break
            }
        }
        return read
    }
}
