// Helpers the loops call: input reads (variables, slots, key paths), ANY/ALL loops, @count, CAST and the
// step budget. Value semantics themselves (compare, arithmetic, KVC) live in Operations/; these only
// route to them.

extension VirtualMachine {
    // MARK: Inputs

    static func variable(_ name: String, _ variables: UnsafePointer<[String: Value]>?) throws(EvaluationError) -> Value
    {
        // A handful of bindings is searched by comparing names (two words each for short names), which is
        // cheaper than hashing the name.
        if let variables, variables.pointee.count <= 4 {
            for (key, value) in variables.pointee where key == name { return value }
        }
        guard let value = variables?.pointee[name] else {
            throw EvaluationError(
                .unboundVariable,
                "Can't get value for '\(name)' in bindings \(bindingsDescription(variables?.pointee ?? [:])).")
        }
        return value
    }

    private static func bindingsDescription(_ variables: [String: Value]) -> String {
        "{" + variables.keys.sorted().joined(separator: ", ") + "}"
    }

    // MARK: Comparisons

    /// A comparison of two computed values, with ANY/ALL applied to the left.
    static func compare(
        _ lhs: Value, _ op: ComparisonOperator, _ rhs: Value, _ options: ComparisonOptions,
        _ modifier: ComparisonModifier, _ limits: Limits, _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        if modifier == .direct {
            return try Value.compare(lhs, op, rhs, options: options, limits: limits, budget: &budget)
        }
        return try quantify(modifier, lhs, &budget) { (element, budget) throws(EvaluationError) in
            try Value.compare(element, op, rhs, options: options, limits: limits, budget: &budget)
        }
    }

    /// A comparison with a prepared constant, with ANY/ALL applied to the left.
    static func match(
        _ matcher: UnsafePointer<Matcher>, _ value: Value, _ modifier: ComparisonModifier, _ limits: Limits,
        _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Bool {
        if modifier == .direct { return try Matcher.test(matcher, value, limits: limits, budget: &budget) }
        return try quantify(modifier, value, &budget) { (element, budget) throws(EvaluationError) in
            try Matcher.test(matcher, element, limits: limits, budget: &budget)
        }
    }

    /// ANY (some element passes; false for nil or empty) or ALL (every element passes; true for nil or
    /// empty). Only arrays and sets qualify; anything else raises, as NSPredicate does.
    static func quantify(
        _ modifier: ComparisonModifier, _ collection: Value, _ budget: inout EvaluationBudget,
        _ test: (Value, inout EvaluationBudget) throws(EvaluationError) -> Bool
    ) throws(EvaluationError) -> Bool {
        let isAll = modifier == .all
        let elements: [Value]
        switch collection {
        case .null: return isAll
        case .array(let array): elements = array
        case .set(let set): elements = set.elements
        default:
            throw EvaluationError(
                .notACollection,
                "The left hand side for an ALL or ANY operator must be either an NSArray or an NSSet.")
        }
        for element in elements {
            try budget.charge(1)
            if try test(element, &budget) != isAll { return !isAll }
        }
        return isAll
    }

    // MARK: Other operations

    /// The value of the program's key path `path` read from the evaluated object; a failure is
    /// positioned at the key path. The fused `matchKey` leaves use it.
    @inline(__always)
    static func objectKeyPathValue(
        _ path: KeyPathIndex, _ program: Program.Storage, _ object: Value, _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Value {
        do {
            let index = Int(path.rawValue)
            if let key = program.plainKey(path)?.pointee, case .dictionary(let dictionary) = object {
                return dictionary.value(forKey: key.name, hash: key.hash) ?? .null
            }
            return try KeyValueCoding.resolve(object, program.keyPaths[index][...], depth: 0, &budget)
        } catch {
            throw error.at(program.keyPathRanges[Int(path.rawValue)])
        }
    }

    /// `@count` of a value: arrays, sets and dictionaries directly, anything else through KVC.
    @inline(__always)
    static func count(of value: Value) throws(EvaluationError) -> Value {
        switch value {
        case .array(let array): .int(Int64(array.count))
        case .set(let set): .int(Int64(set.count))
        case .dictionary(let dictionary): .int(Int64(dictionary.count))
        default: try value.value(forKeyPath: CollectionOfOne("@count"))
        }
    }

    static func cast(_ value: Value, _ type: Value) throws(EvaluationError) -> Value {
        guard case .string(let typeName) = type else {
            throw EvaluationError(
                .invalidCast, "Cannot cast to class \(type.predicateDescription) which does not exist")
        }
        return try value.cast(to: typeName)
    }

    // MARK: The budget

    /// Charges what an operation reads of `value` in full, `perElement` steps for each element of a
    /// collection and a string's text as ``EvaluationBudget/chargeText(_:)`` does; other values cost
    /// nothing beyond their instruction.
    @inline(__always)
    static func chargeSize(
        _ value: Value, _ budget: UnsafeMutablePointer<EvaluationBudget>, perElement: Int = 1
    ) throws(EvaluationError) {
        switch value {
        case .array(let elements): try budget.pointee.charge(elements.count &* perElement)
        case .set(let set): try budget.pointee.charge(set.count &* perElement)
        case .dictionary(let dictionary): try budget.pointee.charge(dictionary.count &* perElement)
        case .string(let text): try budget.pointee.chargeText(text)
        default: break
        }
    }

    /// Steps per element of an operation that hashes every element (`UNION`, `INTERSECT`, `MINUS`, a
    /// distinct union, a set's key path), which costs several times a plain visit.
    static let hashingCost = 8

    /// Charges an index into a set or a dictionary, which orders its elements or keys first; an array's
    /// index costs nothing beyond its instruction.
    @inline(__always)
    static func chargeUnordered(_ base: Value, _ budget: UnsafeMutablePointer<EvaluationBudget>)
        throws(EvaluationError)
    {
        switch base {
        case .set(let set): try budget.pointee.charge(set.count)
        case .dictionary(let dictionary): try budget.pointee.charge(dictionary.count)
        default: break
        }
    }
}

extension IndexKind {
    var indexValue: IndexValue {
        switch self {
        case .first: .first
        case .last: .last
        case .size: .size
        }
    }
}
