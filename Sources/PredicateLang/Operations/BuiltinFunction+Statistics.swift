// BuiltinFunction+Statistics: the collection functions `sum: count: min: max: average: median:
// mode: stddev:` with Apple's type rules (`_getCommonTypeFor:`): numbers only, booleans rejected,
// integers stay integers unless a double is present.

/// The collection functions behind ``BuiltinFunction/apply(_:environment:)``.
enum Statistics {
    /// The numbers of a non-empty array or set, and whether any is a double.
    ///
    /// - Throws: "Invoked mathematical function with bad collection parameter." for a
    ///   non-collection, nil or an empty collection; "... non-numeric object(s) in collection."
    ///   for a non-number element; "Unknown number type ..." for a boolean element.
    static func numbers(_ collection: Value) throws(EvaluationError) -> (values: [Arithmetic.Operand], isFloating: Bool)
    {
        guard let elements = collection.collectionElements else { throw badCollection() }
        guard !elements.isEmpty else {
            throw EvaluationError(.emptyCollection, "Invoked mathematical function with bad collection parameter.")
        }
        var values: [Arithmetic.Operand] = []
        values.reserveCapacity(elements.count)
        var isFloating = false
        for element in elements {
            guard element.isNumber else {
                throw EvaluationError(
                    .typeMismatch, "Invoked mathematical function with non-numeric object(s) in collection.")
            }
            let operand = try Arithmetic.operand(element)
            if case .floating = operand { isFloating = true }
            values.append(operand)
        }
        return (values, isFloating)
    }

    static func badCollection() -> EvaluationError {
        EvaluationError(.notACollection, "Invoked mathematical function with bad collection parameter.")
    }

    /// `sum:` — integer while every element is an integer and the sum fits, else double; `0` for
    /// an empty array or set.
    static func sum(_ collection: Value) throws(EvaluationError) -> Value {
        if let elements = collection.collectionElements, elements.isEmpty { return .int(0) }
        let (values, isFloating) = try numbers(collection)
        if isFloating { return .double(values.reduce(0) { $0 + $1.double }) }
        var total: Int64 = 0
        for (index, value) in values.enumerated() {
            guard case .integer(let integer) = value else { continue }
            let (result, overflow) = total.addingReportingOverflow(integer)
            if overflow {
                // Continue exactly in Double from here on.
                let rest = values[(index + 1)...].reduce(0) { $0 + $1.double }
                return .double(Double(total) + Double(integer) + rest)
            }
            total = result
        }
        return .int(total)
    }

    /// `count:` — the element count of an array or set.
    static func count(_ collection: Value) throws(EvaluationError) -> Value {
        guard let elements = collection.collectionElements else {
            throw EvaluationError(.notACollection, "Invoked count with non-collection parameter.")
        }
        return .int(Int64(elements.count))
    }

    /// `min:` / `max:` — compared as integers, or as doubles (and returned as a double) when any
    /// element is a double.
    static func extreme(_ collection: Value, wantMax: Bool) throws(EvaluationError) -> Value {
        let name = wantMax ? "max" : "min"
        switch collection {
        case .null:
            throw EvaluationError(.emptyCollection, "Invoked \(name) with empty collection.")
        case .array(let elements) where elements.isEmpty:
            throw EvaluationError(.emptyCollection, "Invoked \(name) with empty collection.")
        case .set(let set) where set.isEmpty:
            throw EvaluationError(.emptyCollection, "Invoked \(name) with empty collection.")
        case .dictionary(let dictionary) where dictionary.isEmpty:
            throw EvaluationError(.emptyCollection, "Invoked \(name) with empty collection.")
        default:
            break
        }
        let (values, isFloating) = try numbers(collection)
        if isFloating {
            var best = values[0].double
            for value in values.dropFirst() where wantMax ? value.double > best : value.double < best {
                best = value.double
            }
            return .double(best)
        }
        var best = Int64.max
        if wantMax { best = .min }
        for case .integer(let integer) in values where wantMax ? integer > best : integer < best {
            best = integer
        }
        return .int(best)
    }

    /// `average:` — the sum divided by the count, as a double.
    static func average(_ collection: Value) throws(EvaluationError) -> Value {
        let (values, _) = try numbers(collection)
        let total = try sum(collection)
        return .double((total.doubleValue ?? 0) / Double(values.count))
    }

    /// `median:` — the middle of the sorted elements; for an even count the mean of the two middle
    /// numbers (for two integers the integer mean, truncated toward zero).
    static func median(_ collection: Value) throws(EvaluationError) -> Value {
        guard let elements = collection.collectionElements else { throw badCollection() }
        guard !elements.isEmpty else {
            throw EvaluationError(.emptyCollection, "Invoked median with empty collection.")
        }
        let sorted = try sortedByCompare(elements, function: "median")
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        let low = sorted[middle - 1]
        let high = sorted[middle]
        guard low.isNumber, high.isNumber else {
            throw EvaluationError(
                .typeMismatch, "Invoked mathematical function with non-numeric object(s) in collection.")
        }
        switch (try Arithmetic.operand(low), try Arithmetic.operand(high)) {
        case (.integer(let a), .integer(let b)):
            return .int(Int64((Int128(a) + Int128(b)) / 2))
        case (let a, let b):
            return .double((a.double + b.double) * 0.5)
        }
    }

    /// `mode:` — an array of the most frequent values, ascending.
    static func mode(_ collection: Value) throws(EvaluationError) -> Value {
        _ = try numbers(collection)
        let sorted = try sortedByCompare(collection.collectionElements ?? [], function: "mode")
        var result: [Value] = []
        var bestCount = 0
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, Value.numericOrder(sorted[index], sorted[end]) == 0 { end += 1 }
            let runLength = end - index
            if runLength > bestCount {
                bestCount = runLength
                result = [sorted[index]]
            } else if runLength == bestCount {
                result.append(sorted[index])
            }
            index = end
        }
        return .array(result)
    }

    /// `stddev:` — the population standard deviation (divides by n), as a double.
    static func standardDeviation(_ collection: Value) throws(EvaluationError) -> Value {
        let mean = try average(collection).doubleValue ?? 0
        let (values, _) = try numbers(collection)
        let squares = values.reduce(0.0) { $0 + (mean - $1.double) * (mean - $1.double) }
        return .double((squares / Double(values.count)).squareRoot())
    }

    /// The elements sorted by `compare:`; incomparable pairs raise.
    static func sortedByCompare(_ elements: [Value], function: String) throws(EvaluationError) -> [Value] {
        var failure: EvaluationError?
        let sorted = elements.sorted { lhs, rhs in
            guard let order = ValueOrdering.compare(lhs, rhs) else {
                failure = EvaluationError(
                    .typeMismatch,
                    "\(function): cannot compare \(lhs.kindName) \(lhs.shortDescription) with \(rhs.kindName) \(rhs.shortDescription)."
                )
                return false
            }
            return order < 0
        }
        if let failure { throw failure }
        return sorted
    }
}
