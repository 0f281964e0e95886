// Value+KeyPath: key-value coding (`valueForKeyPath:`) over the value model, including the KVC
// collection operators (`@count`, `@sum.k`, `@avg.k`, ...). The VM calls it for every key path that
// is not resolved at compile time; it walks the path in a loop, one component at a time.

extension Value {
    /// Resolves a key path with key-value-coding semantics, as `-valueForKeyPath:` does on the
    /// Foundation object this value stands for.
    ///
    /// The path is walked one component at a time (as `NSObject` does: `[[self valueForKey:first]
    /// valueForKeyPath:rest]`):
    /// - a dictionary answers the value for the key, `.null` when it is missing; a dictionary has no
    ///   collection operators except `@count`, which answers its number of entries;
    /// - an array answers an array with the key applied to every element (a missing value becomes
    ///   `.null`, as NSArray stores NSNull), a set answers a set (duplicates collapse, as NSSet's
    ///   `valueForKey:` does); nested arrays are mapped element by element;
    /// - a string answers `length` (its UTF-16 length) and a few other zero-argument NSString
    ///   methods; numbers and dates answer their NSNumber / NSDate accessors (see
    ///   `KeyValueCoding.scalarProperty`), and a dictionary answers `@count`, `@allKeys` and
    ///   `@allValues` (sorted by key);
    /// - the key `self` (or `SELF`) answers the receiver itself, for every kind (NSObject's `self`
    ///   method); on a dictionary it is looked up first and falls back to the dictionary itself,
    ///   so `@max.#self` works on any collection;
    /// - `.null` answers `.null` for every key;
    /// - any other key on a number, boolean, string or date raises
    ///   ``EvaluationError/Kind/invalidKey``, as `NSUnknownKeyException` does on Apple platforms.
    ///
    /// Collection operators apply to an array or set and consume the rest of the path as their
    /// right key path:
    /// - `@count` answers the element count and ignores a right key path;
    /// - `@sum.k` adds the numbers at `k`, skipping nulls (booleans count as 1 and 0). The sum
    ///   stays an integer while every addend is an integer, and becomes a double as soon as one
    ///   addend is a double or the integer sum would overflow `Int64` (Apple computes in
    ///   NSDecimalNumber, so it never wraps). An empty collection sums to `0`;
    /// - `@avg.k` divides that sum by the **full** element count, nulls included, giving a double;
    ///   an empty collection answers `0.0` (Apple answers a zero NSDecimalNumber);
    /// - `@min.k` / `@max.k` answer the smallest / largest non-null value (numbers, strings in
    ///   UTF-16 order, or dates; mixing kinds raises), `.null` when there is none;
    /// - `@unionOfObjects.k` / `@distinctUnionOfObjects.k` answer the non-null values at `k`
    ///   (distinct: first occurrence kept); an array gives an array, a set gives a set;
    /// - `@unionOfArrays.k` / `@distinctUnionOfArrays.k` / `@distinctUnionOfSets.k` resolve `k`
    ///   on every element (an inner array maps `k` over its own elements), expect a collection
    ///   there and concatenate them, dropping nulls; `@distinctUnionOfSets` answers a set.
    ///
    /// Every operator except `@count` needs a right key path (`@max.self` for plain values);
    /// without one it raises, as Apple does. The right key path of `@sum`, `@avg`, `@min` and
    /// `@max` is the whole rest of the path (`@sum.items.@count` sums the counts). The right key
    /// path of a union operator ends before the next collection operator, which then applies to
    /// the union: `items.@distinctUnionOfObjects.color.@count` counts the distinct colours.
    ///
    /// - Throws: ``EvaluationError`` with kind `invalidKey` for a key on a value that has no keys or
    ///   an unknown operator, `typeMismatch` for non-numbers under `@sum`/`@avg` or mixed kinds
    ///   under `@min`/`@max`, `notACollection` for a non-collection element under `@unionOfArrays`.
    public func value(forKeyPath components: some Collection<String>) throws(EvaluationError) -> Value {
        var budget = EvaluationBudget(.max)
        return try value(forKeyPath: components, budget: &budget)
    }

    /// ``value(forKeyPath:)`` charging one step per element it maps or aggregates to an evaluation's
    /// budget.
    package func value(forKeyPath components: some Collection<String>, budget: inout EvaluationBudget)
        throws(EvaluationError) -> Value
    {
        // Arrays and slices are walked in place: no allocation unless a collection is mapped.
        if let array = components as? [String] {
            return try KeyValueCoding.resolve(self, array[...], depth: 0, &budget)
        }
        if let slice = components as? ArraySlice<String> {
            return try KeyValueCoding.resolve(self, slice, depth: 0, &budget)
        }
        if let one = components as? CollectionOfOne<String> {
            let key = one[one.startIndex]
            if key.utf8.first == UInt8(ascii: "@") {
                if isNull { return .null }
                return try KeyValueCoding.applyOperator(key, to: self, rest: ArraySlice<String>(), depth: 0, &budget)
            }
            return try KeyValueCoding.valueForKey(key, of: self, depth: 0, &budget)
        }
        return try KeyValueCoding.resolve(self, ArraySlice(components), depth: 0, &budget)
    }

    /// Resolves one key, as `valueForKey:`; a key starting with `@` is a collection operator
    /// (only `@count` makes sense without a right key path).
    public func value(forKey key: String) throws(EvaluationError) -> Value {
        try value(forKeyPath: CollectionOfOne(key))
    }
}

/// A key of a key path as ``KeyValueCoding`` walks it: a name, or a syntax tree's component (a program's
/// key paths are its tree's components, `Bytecode/PlainKey.swift`).
protocol KeyName {
    /// The key as written, `@` included for a collection operator.
    var keyName: String { get }
}

extension String: KeyName {
    var keyName: String { self }
}

/// The key-value coding machinery behind ``Value/value(forKeyPath:)``.
enum KeyValueCoding {
    /// The recursion budget of one lookup: mapping a key into a nested array costs 1, a collection
    /// operator applied inside another's right key path (`@sum.@sum.self`) costs
    /// ``operatorDepthCost``. So arrays may nest 256 levels and operators 32; beyond that the
    /// lookup fails instead of exhausting the stack (both fit a 512 KiB stack in debug builds).
    static let maxDepth = 256
    static let operatorDepthCost = 8

    static func resolve<Key: KeyName>(
        _ receiver: Value, _ path: ArraySlice<Key>, depth: Int, _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Value {
        guard depth <= maxDepth else { throw tooDeep() }
        var current = receiver
        var index = path.startIndex
        while index < path.endIndex {
            let key = path[index].keyName
            if current.isNull { return .null }
            if isOperatorKey(key) {
                var rest = path[path.index(after: index)...]
                guard let operation = CollectionOperator(rawValue: key), operation.flattensResult else {
                    return try applyOperator(key, to: current, rest: rest, depth: depth, &budget)
                }
                // A union's right key path stops at the next collection operator, which then
                // applies to the union (`items.@distinctUnionOfObjects.color.@count`).
                let end = rest.firstIndex(where: { isOperatorKey($0.keyName) }) ?? rest.endIndex
                rest = rest[..<end]
                current = try applyOperator(key, to: current, rest: rest, depth: depth, &budget)
                index = end
                continue
            }
            current = try valueForKey(key, of: current, depth: depth, &budget)
            index = path.index(after: index)
        }
        return current
    }

    /// `valueForKey:` for one plain key (no `@` operator).
    static func valueForKey(
        _ key: String, of receiver: Value, depth: Int, _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Value {
        guard depth <= maxDepth else { throw tooDeep() }
        switch receiver {
        case .null:
            return .null
        case .dictionary(let dictionary):
            if let value = dictionary[key] { return value }
            return isSelfKey(key) ? receiver : .null
        case .array(let elements):
            try budget.charge(elements.count)
            var results: [Value] = []
            results.reserveCapacity(elements.count)
            for element in elements {
                results.append(try valueForKey(key, of: element, depth: depth + 1, &budget))
            }
            return .array(results)
        case .set(let set):
            // `-[NSSet valueForKey:]` leaves out the elements that answer nil (an array keeps them
            // as NSNull), and the result is a set, so equal answers collapse.
            // Building the resulting set hashes every answer.
            try budget.charge(set.count &* 8)
            var results: [Value] = []
            results.reserveCapacity(set.count)
            for element in set {
                let result = try valueForKey(key, of: element, depth: depth + 1, &budget)
                if !result.isNull { results.append(result) }
            }
            return .set(ValueSet(results))
        case .string, .bool, .int, .double, .date:
            if isSelfKey(key) { return receiver }
            if let property = scalarProperty(key, of: receiver) { return property }
            throw unknownKey(key, receiver)
        }
    }

    /// Whether `key` is `self` or `SELF`. A string equal to either is those four bytes (no character
    /// decomposes canonically to one of their letters), so any other length is no match without
    /// comparing strings, which costs dozens of instructions when they differ.
    static func isSelfKey(_ key: String) -> Bool { key.utf8.count == 4 && (key == "self" || key == "SELF") }

    /// Whether `key` names a collection operator (`@count`, `@sum`). A key whose first byte is not `@`
    /// is not one, without the character comparison of `hasPrefix` (which also decides a combining mark
    /// after the `@`).
    static func isOperatorKey(_ key: String) -> Bool { key.utf8.first == UInt8(ascii: "@") && key.hasPrefix("@") }

    // MARK: - Collection operators

    static func applyOperator<Key: KeyName>(
        _ name: String, to receiver: Value, rest: ArraySlice<Key>, depth: Int, _ budget: inout EvaluationBudget
    ) throws(EvaluationError) -> Value {
        if case .dictionary(let dictionary) = receiver {
            // NSDictionary strips the `@` and calls the method: `count`, `allKeys`, `allValues`.
            if let property = dictionaryProperty(name, of: dictionary) { return property }
            throw unknownKey(name, receiver)
        }
        guard let elements = receiver.collectionElements else {
            throw unknownKey(name, receiver)
        }
        let isSet: Bool
        if case .set = receiver { isSet = true } else { isSet = false }
        if name == "@count" { return .int(Int64(elements.count)) }
        guard let operation = CollectionOperator(rawValue: name) else {
            throw EvaluationError(
                .invalidKey, "[<\(receiver.className)> valueForKeyPath:]: unknown collection operator '\(name)'.")
        }
        // Unions into a set, and the distinct unions, hash every element; the others visit it.
        try budget.charge(elements.count &* (operation.hashes || isSet ? 8 : 1))
        guard !rest.isEmpty else {
            throw EvaluationError(
                .invalidKey, "The collection operator \(name) needs a key path on its right (use \(name).#self).")
        }
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        if operation.flattensCollections {
            for element in elements where !element.isNull {
                let collection = try resolve(element, rest, depth: depth + operatorDepthCost, &budget)
                if collection.isNull { continue }
                guard let inner = collection.collectionElements else {
                    throw EvaluationError(
                        .notACollection,
                        "\(name) requires a collection at its right key path; found \(collection.kindName) \(collection.shortDescription)."
                    )
                }
                values.append(contentsOf: inner.lazy.filter { !$0.isNull })
            }
        } else {
            for element in elements {
                values.append(try resolve(element, rest, depth: depth + operatorDepthCost, &budget))
            }
        }
        switch operation {
        case .sum:
            return try sum(values.filter { !$0.isNull }, operatorName: name)
        case .avg:
            guard !elements.isEmpty else { return .double(0) }
            let total = try sum(values.filter { !$0.isNull }, operatorName: name)
            return .double((total.doubleValue ?? 0) / Double(elements.count))
        case .min:
            return try extreme(values, wantMax: false, operatorName: name)
        case .max:
            return try extreme(values, wantMax: true, operatorName: name)
        case .unionOfObjects:
            let present = values.filter { !$0.isNull }
            return isSet ? .set(ValueSet(present)) : .array(present)
        case .distinctUnionOfObjects:
            let distinct = ValueSet(values.filter { !$0.isNull })
            return isSet ? .set(distinct) : .array(distinct.elements)
        case .unionOfArrays:
            return isSet ? .set(ValueSet(values)) : .array(values)
        case .distinctUnionOfArrays:
            let distinct = ValueSet(values)
            return isSet ? .set(distinct) : .array(distinct.elements)
        case .distinctUnionOfSets:
            return .set(ValueSet(values))
        }
    }

    enum CollectionOperator: String {
        case sum = "@sum"
        case avg = "@avg"
        case min = "@min"
        case max = "@max"
        case unionOfObjects = "@unionOfObjects"
        case distinctUnionOfObjects = "@distinctUnionOfObjects"
        case unionOfArrays = "@unionOfArrays"
        case distinctUnionOfArrays = "@distinctUnionOfArrays"
        case distinctUnionOfSets = "@distinctUnionOfSets"

        /// Whether the operator hashes every element (the distinct unions).
        var hashes: Bool {
            switch self {
            case .distinctUnionOfObjects, .distinctUnionOfArrays, .distinctUnionOfSets: true
            default: false
            }
        }

        var flattensCollections: Bool {
            switch self {
            case .unionOfArrays, .distinctUnionOfArrays, .distinctUnionOfSets: true
            default: false
            }
        }

        /// Whether the operator answers a collection (the union operators), so that a later
        /// collection operator in the path can apply to its result.
        var flattensResult: Bool {
            switch self {
            case .sum, .avg, .min, .max: false
            default: true
            }
        }
    }

    /// Adds numbers exactly while they are integers, switching to Double on the first double or
    /// on overflow.
    static func sum(_ values: [Value], operatorName: String) throws(EvaluationError) -> Value {
        var integer: Int64 = 0
        var floating: Double = 0
        var isFloating = false
        for value in values {
            switch value {
            case .int, .bool:
                let addend: Int64
                if case .int(let number) = value { addend = number } else { addend = value == .bool(true) ? 1 : 0 }
                if isFloating {
                    floating += Double(addend)
                } else {
                    let (result, overflow) = integer.addingReportingOverflow(addend)
                    if overflow {
                        isFloating = true
                        floating = Double(integer) + Double(addend)
                    } else {
                        integer = result
                    }
                }
            case .double(let number):
                if !isFloating {
                    isFloating = true
                    floating = Double(integer)
                }
                floating += number
            default:
                throw EvaluationError(
                    .typeMismatch,
                    "\(operatorName) can only add numbers; found \(value.kindName) \(value.shortDescription).")
            }
        }
        return isFloating ? .double(floating) : .int(integer)
    }

    /// The smallest or largest non-null value, by `compare:`.
    static func extreme(_ values: [Value], wantMax: Bool, operatorName: String) throws(EvaluationError) -> Value {
        var best: Value?
        for value in values where !value.isNull {
            guard let current = best else {
                best = value
                continue
            }
            guard let order = ValueOrdering.compare(value, current) else {
                throw EvaluationError(
                    .typeMismatch,
                    "\(operatorName) cannot compare \(value.kindName) \(value.shortDescription) with \(current.kindName) \(current.shortDescription)."
                )
            }
            if wantMax ? order > 0 : order < 0 { best = value }
        }
        return best ?? .null
    }

    static func unknownKey(_ key: String, _ receiver: Value) -> EvaluationError {
        EvaluationError(
            .invalidKey,
            "[<\(receiver.className)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
        )
    }

    static func tooDeep() -> EvaluationError {
        EvaluationError(
            .invalidKey,
            "Key path evaluation nested too deeply (arrays beyond \(maxDepth) levels or collection operators beyond \(maxDepth / operatorDepthCost))."
        )
    }
}

extension Value {
    /// The Foundation class this value stands for, as Apple's error messages name it.
    var className: String {
        switch self {
        case .null: "NSNull"
        case .bool, .int, .double: "NSNumber"
        case .string: "NSString"
        case .date: "NSDate"
        case .array: "NSArray"
        case .set: "NSSet"
        case .dictionary: "NSDictionary"
        }
    }
}
