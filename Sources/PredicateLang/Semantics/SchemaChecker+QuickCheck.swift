// SchemaChecker, the quick check: most predicates checked against a schema are one comparison, or an AND /
// OR of comparisons, of a key or a `$variable` with a constant — a form's `$age > 18`, a server's
// `price < 100 AND name BEGINSWITH 'a'`. Whether the thorough walk would report anything in those is
// decided from the two operands' kinds alone, without the walk's state, its list of diagnostics or its
// copies of the types. The quick check only ever proves a predicate clean: any other shape, a key the schema
// lacks, or kinds that do not fit go to the thorough walk, which says what is wrong and where. Debug builds
// run the thorough walk after every predicate the quick check passes and stop if it finds anything.

extension SchemaChecker {
    /// Whether the thorough walk is sure to find nothing in `predicate` — no error and no warning: true
    /// only when the predicate has a shape this check knows and each comparison fits its operands' kinds.
    /// False says nothing: the predicate may well be clean.
    static func isQuicklyClean(_ predicate: SyntaxTree.Predicate, against schema: Schema, readsRowValues: Bool)
        -> Bool
    {
        switch predicate {
        case .constant:
            return true
        case .comparison(let comparison):
            return isQuicklyClean(comparison, schema, readsRowValues)
        case .and(let operands, _), .or(let operands, _):
            for operand in operands {
                guard case .comparison(let comparison) = operand, isQuicklyClean(comparison, schema, readsRowValues)
                else { return false }
            }
            return true
        case .not:
            return false
        }
    }

    /// ``checkComparison(_:)``'s verdict on `key op constant` and `$variable op constant` when it reports
    /// nothing; false for any other comparison.
    private static func isQuicklyClean(_ comparison: SyntaxTree.Comparison, _ schema: Schema, _ readsRowValues: Bool)
        -> Bool
    {
        guard comparison.modifier == .direct, case .constant(let constant, _) = comparison.rhs else { return false }
        // A nil constant has warnings of its own (``checkNil``) and a collection unifies its elements' types.
        switch constant {
        case .bool, .int, .double, .string, .date: break
        case .null, .array, .set, .dictionary: return false
        }
        guard let left = quickKind(of: comparison.lhs, schema, readsRowValues) else { return false }
        let right = Kind.of(type(of: constant))
        switch comparison.op {
        case .equalTo, .notEqualTo:
            return left.meets(right) && (comparison.options.isEmpty || left.takesFoldingOptions)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return left.isOrdered && left.meets(right) && (comparison.options.isEmpty || left.takesFoldingOptions)
        case .beginsWith, .endsWith, .like, .matches:
            return (left == .string || left == .any) && right == .string
        case .contains, .in, .between, .utiConformsTo, .utiEquals:
            return false
        }
    }

    /// The kind ``type(of:)`` gives a key of the evaluated object or a `$variable` (its row's value when
    /// `readsRowValues`), when finding it reports nothing; nil for any other operand.
    private static func quickKind(of expression: SyntaxTree.Expression, _ schema: Schema, _ readsRowValues: Bool)
        -> Kind?
    {
        switch expression {
        case .variable(let name, _):
            let type = schema.variableType(named: name) ?? .any
            return readsRowValues ? quickKind(ofField: "value", in: type) : Kind.of(type)
        case .keyPath(.none, let components, _):
            return quickKind(ofPath: components, from: schema.root)
        default:
            return nil
        }
    }

    /// The kind of ``keyPathType(_:_:)``'s type for `components` read from an object of type `root`, when
    /// every key is a plain field of an object (through optional objects); nil otherwise.
    private static func quickKind(ofPath components: [SyntaxTree.KeyPathComponent], from root: SchemaObject) -> Kind? {
        var object = root
        for index in components.indices {
            let key = components[index].name
            guard !KeyValueCoding.isOperatorKey(key), !KeyValueCoding.isSelfKey(key) else { return nil }
            if index == components.count &- 1 { return object.withFieldType(named: key) { Kind.of($0) } }
            guard let next = object.withFieldType(named: key, { objectType($0) }) ?? nil else { return nil }
            object = next
        }
        return nil
    }

    /// The object of an object type, optional or not; nil for any other type.
    private static func objectType(_ type: SchemaType) -> SchemaObject? {
        switch type {
        case .object(let object): object
        case .optional(let wrapped): objectType(wrapped)
        default: nil
        }
    }

    /// The kind of ``member(_:_:)``'s type for the plain key `key` (no `@` operator, not `self`) of a value
    /// of type `type`, when it reports nothing; nil otherwise. Read in place: `nonOptional` copies the type.
    /// (`$t` of a form: its row's `value`.)
    private static func quickKind(ofField key: String, in type: SchemaType) -> Kind? {
        if let object = objectType(type) { return quickKind(ofField: key, in: object) }
        return Kind.of(type) == .any ? .any : nil
    }

    /// The kind of `object`'s field `key`, read in place (``SchemaObject/fieldType(named:)`` returns a copy);
    /// nil when it has no such field.
    private static func quickKind(ofField key: String, in object: SchemaObject) -> Kind? {
        object.withFieldType(named: key) { Kind.of($0) }
    }
}
