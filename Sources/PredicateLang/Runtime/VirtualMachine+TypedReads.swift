// Typed reads: the operands of programs compiled against a Swift type's schema, read from the Swift
// values the registers point at. The quick tier (`quickTest`) answers a `matchRead` leaf in place — a
// stored field, the elements of a stored array or of an object collection, a count, an integer or double
// aggregate — without building a Value; the thorough tier (`readValue`) builds the operand as a Value and
// applies the full rules. A typed SUBQUERY count runs the predicate's block once per element, the element
// in the next register.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VirtualMachine {
    /// The register `register` of `inputs`: the address of the object typed reads start from.
    @_transparent
    static func object(_ register: UInt8, _ inputs: borrowing EvaluationInputs) -> UnsafeRawPointer? {
        inputs.registers.map { $0[Int(register)] }
    }

    /// `SELF`: the evaluated Value, or for a typed program the evaluated Swift value as a dictionary.
    static func evaluatedObject(_ program: Program.Storage, _ inputs: borrowing EvaluationInputs) -> Value {
        if let root = program.contents.typedRoot, let address = object(0, inputs) { return root.value(at: address) }
        return inputs.object.pointee
    }

    // MARK: Quick tier

    /// The quick answer of `read op matcher` (ANY/ALL per `modifier`), or nil when only the thorough tier
    /// can answer it.
    @inline(__always)
    static func quickTest(
        _ read: TypedRead, _ matcher: UnsafePointer<Matcher>, _ modifier: ComparisonModifier,
        _ inputs: borrowing EvaluationInputs
    ) -> Bool? {
        guard let owner = object(read.register, inputs) else { return nil }
        switch (read, modifier) {
        case (.field(_, .stored(let offset, let kind)), .direct):
            return quickStored(matcher, owner + offset, kind)
        case (.elements(_, .stored(let offset, .array(let kind)), nil), .any),
            (.elements(_, .stored(let offset, .array(let kind)), nil), .all):
            return quickEach(modifier == .all) { visit in
                StoredKind.forEach(kind, inArrayAt: owner + offset, visit)
            } test: {
                quickStored(matcher, $0, kind)
            }
        case (.elements(_, .objects(let collection), .stored(let offset, let kind)?), .any),
            (.elements(_, .objects(let collection), .stored(let offset, let kind)?), .all):
            return quickEach(modifier == .all) { visit in
                (try? collection.visit(owner, visit)) ?? false
            } test: {
                quickStored(matcher, $0 + offset, kind)
            }
        case (.count(_, let collection), .direct):
            return count(of: collection, at: owner).flatMap { Matcher.quickTest(matcher, integer: Int64($0)) }
        case (.aggregate(_, let collection, let element, let op), .direct):
            return quickAggregate(op, collection, element, owner, matcher)
        default:
            return nil
        }
    }

    /// The quick answer for a value of `kind` stored at `address`.
    @_transparent
    static func quickStored(_ matcher: UnsafePointer<Matcher>, _ address: UnsafeRawPointer, _ kind: StoredKind) -> Bool?
    {
        switch kind {
        case .int: return Matcher.quickTest(matcher, integer: Int64(address.load(as: Int.self)))
        case .int64: return Matcher.quickTest(matcher, integer: address.load(as: Int64.self))
        case .int32: return Matcher.quickTest(matcher, integer: Int64(address.load(as: Int32.self)))
        case .bool: return Matcher.quickTest(matcher, boolean: address.load(as: Bool.self))
        case .double: return Matcher.quickTest(matcher, double: address.load(as: Double.self))
        case .float: return Matcher.quickTest(matcher, double: Double(address.load(as: Float.self)))
        case .string: return Matcher.quickTest(matcher, string: address.assumingMemoryBound(to: String.self))
        case .date, .optional, .array: return nil
        }
    }

    /// ANY (`all` false) or ALL over the elements `forEach` visits, each answered by `test`; nil as soon as
    /// one element has no quick answer.
    @_transparent
    static func quickEach(
        _ all: Bool, _ forEach: ((UnsafeRawPointer) -> Bool) -> Bool, test: (UnsafeRawPointer) -> Bool?
    ) -> Bool? {
        withoutActuallyEscaping(test) { test in
            var undecided = false
            let stopped = forEach { element in
                guard let answer = test(element) else {
                    undecided = true
                    return true
                }
                return answer != all
            }
            if undecided { return nil }
            return stopped != all
        }
    }

    /// The number of elements of a collection read, without building them; nil for a computed collection.
    static func count(of collection: FieldRead, at owner: UnsafeRawPointer) -> Int? {
        switch collection {
        case .stored(let offset, .array(let kind)): return StoredKind.count(kind, inArrayAt: owner + offset)
        case .objects(let objects): return objects.count(owner)
        default: return nil
        }
    }

    /// `@sum`/`@avg`/`@min`/`@max` of stored integers or doubles, answered quickly; nil for other values or
    /// when an integer sum would overflow (the thorough tier then applies KVC's rules).
    static func quickAggregate(
        _ op: AggregateOperator, _ collection: FieldRead, _ element: FieldRead?, _ owner: UnsafeRawPointer,
        _ matcher: UnsafePointer<Matcher>
    ) -> Bool? {
        var integers = IntegerAggregate()
        var doubles = DoubleAggregate()
        let visit: ((UnsafeRawPointer) -> Bool) -> Bool
        let kind: StoredKind
        switch (collection, element) {
        case (.stored(let offset, .array(let elementKind)), nil):
            kind = elementKind
            visit = { StoredKind.forEach(elementKind, inArrayAt: owner + offset, $0) }
        case (.objects(let objects), .stored(let offset, let elementKind)?):
            kind = elementKind
            visit = { body in (try? objects.visit(owner) { body($0 + offset) }) ?? false }
        default:
            return nil
        }
        switch kind {
        case .int, .int64, .int32:
            _ = visit { address in
                integers.add(StoredKind.integer(kind, at: address))
                return integers.overflowed
            }
            guard !integers.overflowed else { return nil }
            switch op {
            case .sum: return Matcher.quickTest(matcher, integer: integers.sum)
            case .average: return Matcher.quickTest(matcher, double: integers.average)
            case .minimum, .maximum:
                guard let extreme = op == .minimum ? integers.minimum : integers.maximum else { return nil }
                return Matcher.quickTest(matcher, integer: extreme)
            }
        case .double, .float:
            _ = visit { address in
                doubles.add(kind == .double ? address.load(as: Double.self) : Double(address.load(as: Float.self)))
                return false
            }
            switch op {
            case .sum:
                return doubles.count == 0
                    ? Matcher.quickTest(matcher, integer: 0) : Matcher.quickTest(matcher, double: doubles.sum)
            case .average: return Matcher.quickTest(matcher, double: doubles.average)
            case .minimum, .maximum:
                guard let extreme = op == .minimum ? doubles.minimum : doubles.maximum else { return nil }
                return Matcher.quickTest(matcher, double: extreme)
            }
        default:
            return nil
        }
    }

    // MARK: Thorough tier

    /// The value of typed read `index`, built with the full rules.
    static func readValue(_ index: ReadIndex, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs)
        throws(EvaluationError) -> Value
    {
        guard program.reads.indices.contains(Int(index.rawValue)) else {
            throw EvaluationError(.unsupported, "the program refers to a read it does not have")
        }
        return try readValue(program.reads[Int(index.rawValue)], program, inputs)
    }

    static func readValue(_ read: TypedRead, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs)
        throws(EvaluationError) -> Value
    {
        guard let owner = object(read.register, inputs) else {
            throw EvaluationError(.unsupported, "a typed read without the object it reads")
        }
        switch read {
        case .field(_, let field):
            return field.value(at: owner)
        case .object(_, let object):
            return object.value(at: owner)
        case .elements(_, let collection, let element):
            let elements = try values(collection, element, owner)
            try inputs.budget.pointee.charge(elements.count)
            return .array(elements)
        case .count(_, let collection):
            if let count = count(of: collection, at: owner) { return .int(Int64(count)) }
            return try VirtualMachine.count(of: collection.value(at: owner))
        case .aggregate(_, let collection, let element, let op):
            return try Value.array(values(collection, element, owner)).value(
                forKeyPath: [op.rawValue, "self"], budget: &inputs.budget.pointee)
        case .countWhere(let register, let collection, let block):
            return .int(Int64(try countWhere(collection, block: block, from: register, program, inputs)))
        }
    }

    /// The values of a collection read: the stored or computed collection's elements, or `element` of each
    /// element of an object collection.
    private static func values(_ collection: FieldRead, _ element: FieldRead?, _ owner: UnsafeRawPointer)
        throws(EvaluationError) -> [Value]
    {
        guard case .objects(let objects) = collection, let element else {
            return collection.value(at: owner).collectionElements ?? []
        }
        var values: [Value] = []
        values.reserveCapacity(objects.count(owner))
        _ = try objects.visit(owner) { (address) throws(EvaluationError) -> Bool in
            values.append(element.value(at: address))
            return false
        }
        return values
    }

    /// The number of elements of `collection` (of the object in `register`) for which block `block` holds,
    /// each element in register `register + 1` while the block runs.
    static func countWhere(
        _ collection: ObjectCollection, block: Int, from register: UInt8, _ program: Program.Storage,
        _ inputs: borrowing EvaluationInputs
    ) throws(EvaluationError) -> Int {
        let depth = Int(register) + 2
        guard let registers = inputs.registers else { return 0 }
        return try withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: depth) {
            (file) throws(EvaluationError) -> Int in
            guard let base = file.baseAddress else { return 0 }
            base.initialize(from: registers, count: depth - 1)
            var count = 0
            _ = try collection.visit(registers[Int(register)]) { (element) throws(EvaluationError) -> Bool in
                (base + depth - 1).initialize(to: element)
                try inputs.budget.pointee.charge(1)
                let nested = EvaluationInputs(
                    object: inputs.object, variables: inputs.variables, environment: inputs.environment,
                    slots: inputs.slots, registers: UnsafePointer(base), budget: inputs.budget)
                if try run(program, block: block, nested) { count += 1 }
                return false
            }
            return count
        }
    }
}

/// The running `@sum`, `@min` and `@max` of integers, and whether the sum overflowed.
struct IntegerAggregate {
    var sum: Int64 = 0
    var count = 0
    var minimum: Int64?
    var maximum: Int64?
    var overflowed = false

    mutating func add(_ value: Int64) {
        let (total, overflow) = sum.addingReportingOverflow(value)
        sum = total
        overflowed = overflowed || overflow
        count += 1
        minimum = Swift.min(minimum ?? value, value)
        maximum = Swift.max(maximum ?? value, value)
    }

    /// `@avg`: the sum over the count (0 for no values), as KVC computes it.
    var average: Double { count == 0 ? 0 : Double(sum) / Double(count) }
}

/// The running `@sum`, `@min` and `@max` of doubles.
struct DoubleAggregate {
    var sum: Double = 0
    var count = 0
    var minimum: Double?
    var maximum: Double?

    mutating func add(_ value: Double) {
        sum += value
        count += 1
        // `compare:` order, as KVC's @min/@max use it (NaN and signed zeros included).
        if minimum.map({ Value.compareDoubles(value, $0) < 0 }) ?? true { minimum = value }
        if maximum.map({ Value.compareDoubles(value, $0) > 0 }) ?? true { maximum = value }
    }

    /// `@avg`: the sum over the count (0 for no values).
    var average: Double { count == 0 ? 0 : sum / Double(count) }
}

extension StoredKind {
    /// Calls `body` with the address of each element of the `[kind]` array stored at `address`, in order,
    /// until it answers true; answers whether it did.
    static func forEach(_ kind: StoredKind, inArrayAt address: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Bool)
        -> Bool
    {
        func each<T>(_ type: T.Type) -> Bool {
            address.assumingMemoryBound(to: [T].self).pointee.withUnsafeBufferPointer { elements in
                guard let base = elements.baseAddress else { return false }
                for index in elements.indices where body(UnsafeRawPointer(base + index)) { return true }
                return false
            }
        }
        switch kind {
        case .bool: return each(Bool.self)
        case .int: return each(Int.self)
        case .int32: return each(Int32.self)
        case .int64: return each(Int64.self)
        case .double: return each(Double.self)
        case .float: return each(Float.self)
        case .string: return each(String.self)
        case .date: return each(Date.self)
        case .optional, .array: return false
        }
    }

    /// The count of the `[kind]` array stored at `address`.
    static func count(_ kind: StoredKind, inArrayAt address: UnsafeRawPointer) -> Int {
        func count<T>(_ type: T.Type) -> Int { address.assumingMemoryBound(to: [T].self).pointee.count }
        switch kind {
        case .bool: return count(Bool.self)
        case .int: return count(Int.self)
        case .int32: return count(Int32.self)
        case .int64: return count(Int64.self)
        case .double: return count(Double.self)
        case .float: return count(Float.self)
        case .string: return count(String.self)
        case .date: return count(Date.self)
        case .optional, .array: return 0
        }
    }

    /// The integer of kind `kind` (`int`, `int32` or `int64`) stored at `address`.
    static func integer(_ kind: StoredKind, at address: UnsafeRawPointer) -> Int64 {
        switch kind {
        case .int32: Int64(address.load(as: Int32.self))
        case .int64: address.load(as: Int64.self)
        default: Int64(address.load(as: Int.self))
        }
    }
}
