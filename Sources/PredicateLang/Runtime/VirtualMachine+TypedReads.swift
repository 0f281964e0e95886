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
        if let root = program.typedRoot, let address = object(0, inputs) { return root.value(at: address) }
        return inputs.object.pointee
    }

    // MARK: Quick tier

    /// The quick answer of the read planned by `plan` `op matcher` (ANY/ALL per `modifier`), or nil when
    /// only the thorough tier can answer it. Everything is read in place: the plan, the matcher, the
    /// fields and the arrays' buffers; nothing is copied, retained or allocated.
    @inline(__always)
    static func quickTest(
        _ plan: UnsafePointer<QuickRead>, _ matcher: UnsafePointer<Matcher>, _ modifier: ComparisonModifier,
        _ program: Program.Storage, _ inputs: borrowing EvaluationInputs
    ) -> Bool? {
        guard let registers = inputs.registers else { return nil }
        let owner = registers[Int(plan.pointee.register)]
        let direct = modifier == .direct
        switch plan.pointee.shape {
        case .none, .countWhere:
            return nil
        case .scalar:
            guard direct else { return nil }
            return quickScalar(
                matcher, owner + plan.pointee.offset, plan.pointee.scalar, optional: plan.pointee.optional)
        case .scalarElements:
            guard !direct else { return nil }
            let buffer = ScalarKind.elements(plan.pointee.scalar, inArrayAt: owner + plan.pointee.offset)
            return quickEach(modifier == .all, buffer, 0, plan.pointee.scalar, matcher)
        case .objectElements:
            guard !direct, let elements = program.collectionBase[plan.pointee.collection].buffer else { return nil }
            return quickEach(
                modifier == .all, elements(owner), plan.pointee.elementOffset, plan.pointee.scalar, matcher)
        case .scalarCount:
            guard direct else { return nil }
            let count = ScalarKind.elements(plan.pointee.scalar, inArrayAt: owner + plan.pointee.offset).count
            return Matcher.quickTest(matcher, integer: Int64(count))
        case .objectCount:
            guard direct else { return nil }
            return Matcher.quickTest(
                matcher, integer: Int64(program.collectionBase[plan.pointee.collection].count(owner)))
        case .scalarAggregate:
            guard direct else { return nil }
            let buffer = ScalarKind.elements(plan.pointee.scalar, inArrayAt: owner + plan.pointee.offset)
            return quickAggregate(plan.pointee.aggregate, buffer, 0, plan.pointee.scalar, matcher)
        case .objectAggregate:
            guard direct, let elements = program.collectionBase[plan.pointee.collection].buffer else { return nil }
            return quickAggregate(
                plan.pointee.aggregate, elements(owner), plan.pointee.elementOffset, plan.pointee.scalar, matcher)
        }
    }

    /// The quick answer for a scalar of `kind` stored at `address` (as an Optional when `optional`).
    @inline(__always)
    static func quickScalar(
        _ matcher: UnsafePointer<Matcher>, _ address: UnsafeRawPointer, _ kind: ScalarKind, optional: Bool
    ) -> Bool? {
        if optional { return quickOptional(matcher, address, kind) }
        switch kind {
        case .int: return Matcher.quickTest(matcher, integer: Int64(address.load(as: Int.self)))
        case .int64: return Matcher.quickTest(matcher, integer: address.load(as: Int64.self))
        case .int32: return Matcher.quickTest(matcher, integer: Int64(address.load(as: Int32.self)))
        case .bool: return Matcher.quickTest(matcher, boolean: address.load(as: Bool.self))
        case .double: return Matcher.quickTest(matcher, double: address.load(as: Double.self))
        case .float: return Matcher.quickTest(matcher, double: Double(address.load(as: Float.self)))
        case .string: return Matcher.quickTest(matcher, string: address.assumingMemoryBound(to: String.self))
        case .date: return Matcher.quickTest(matcher, date: address.load(as: Date.self))
        }
    }

    /// The quick answer for an Optional scalar: nil answers as NSPredicate compares nil.
    @inline(never)
    static func quickOptional(_ matcher: UnsafePointer<Matcher>, _ address: UnsafeRawPointer, _ kind: ScalarKind)
        -> Bool?
    {
        func read<T>(_ type: T.Type, _ test: (T) -> Bool?) -> Bool? {
            guard let value = address.assumingMemoryBound(to: T?.self).pointee else {
                return Matcher.quickNull(matcher)
            }
            return test(value)
        }
        switch kind {
        case .int: return read(Int.self) { Matcher.quickTest(matcher, integer: Int64($0)) }
        case .int64: return read(Int64.self) { Matcher.quickTest(matcher, integer: $0) }
        case .int32: return read(Int32.self) { Matcher.quickTest(matcher, integer: Int64($0)) }
        case .bool: return read(Bool.self) { Matcher.quickTest(matcher, boolean: $0) }
        case .double: return read(Double.self) { Matcher.quickTest(matcher, double: $0) }
        case .float: return read(Float.self) { Matcher.quickTest(matcher, double: Double($0)) }
        case .string: return read(String.self) { Matcher.quickTest(matcher, string: $0) }
        case .date: return read(Date.self) { Matcher.quickTest(matcher, date: $0) }
        }
    }

    /// ANY (`all` false) or ALL over the scalars `elementOffset` bytes into each element of `buffer`; nil as
    /// soon as one element has no quick answer. An empty collection is false for ANY and true for ALL.
    @inline(__always)
    static func quickEach(
        _ all: Bool, _ buffer: ElementBuffer, _ elementOffset: Int, _ kind: ScalarKind,
        _ matcher: UnsafePointer<Matcher>
    ) -> Bool? {
        guard let base = buffer.base else { return all }
        var index = 0
        while index < buffer.count {
            guard
                let answer = quickScalar(
                    matcher, base + (index &* buffer.stride &+ elementOffset), kind, optional: false)
            else { return nil }
            if answer != all { return !all }
            index &+= 1
        }
        return all
    }

    /// `@sum`/`@avg`/`@min`/`@max` of the numbers `elementOffset` bytes into each element of `buffer`,
    /// answered quickly; nil when an integer sum would overflow or there is no extreme (the thorough tier then
    /// applies KVC's rules).
    static func quickAggregate(
        _ op: AggregateOperator, _ buffer: ElementBuffer, _ elementOffset: Int, _ kind: ScalarKind,
        _ matcher: UnsafePointer<Matcher>
    ) -> Bool? {
        switch kind {
        case .int, .int32, .int64:
            var integers = IntegerAggregate()
            if let base = buffer.base {
                var index = 0
                while index < buffer.count {
                    integers.add(ScalarKind.integer(kind, at: base + (index &* buffer.stride &+ elementOffset)))
                    if integers.overflowed { return nil }
                    index &+= 1
                }
            }
            switch op {
            case .sum: return Matcher.quickTest(matcher, integer: integers.sum)
            case .average: return Matcher.quickTest(matcher, double: integers.average)
            case .minimum, .maximum:
                guard let extreme = op == .minimum ? integers.minimum : integers.maximum else { return nil }
                return Matcher.quickTest(matcher, integer: extreme)
            }
        case .double, .float:
            var doubles = DoubleAggregate()
            if let base = buffer.base {
                var index = 0
                while index < buffer.count {
                    let address = base + (index &* buffer.stride &+ elementOffset)
                    doubles.add(kind == .double ? address.load(as: Double.self) : Double(address.load(as: Float.self)))
                    index &+= 1
                }
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
        case .bool, .string, .date:
            return nil
        }
    }

    /// The number of elements of a collection read, without building them; nil for a computed collection.
    static func count(of collection: FieldRead, at owner: UnsafeRawPointer) -> Int? {
        switch collection {
        case .stored(let offset, .array(let kind)):
            return kind.scalar.map { ScalarKind.elements($0, inArrayAt: owner + offset).count }
        case .objects(let objects): return objects.count(owner)
        default: return nil
        }
    }

    // MARK: Thorough tier

    /// The value of typed read `index`, built with the full rules.
    static func readValue(_ index: ReadIndex, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs)
        throws(EvaluationError) -> Value
    {
        // A stored scalar is read through its plan, without copying the read.
        if let plan = program.quickRead(index), plan.pointee.shape == .scalar,
            let owner = object(plan.pointee.register, inputs)
        {
            return ScalarKind.value(
                plan.pointee.scalar, at: owner + plan.pointee.offset, optional: plan.pointee.optional)
        }
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
            let count = try withUnsafePointer(to: collection) { (collection) throws(EvaluationError) -> Int in
                try countWhere(collection, block: block, from: register, program, inputs)
            }
            return .int(Int64(count))
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
    /// each element in register `register + 1` while the block runs; it stops counting at `limit` (a count
    /// that a matcher's answer no longer depends on, ``Matcher/countLimit(_:)``).
    static func countWhere(
        _ collection: UnsafePointer<ObjectCollection>, block: Int, from register: UInt8, _ program: Program.Storage,
        _ inputs: borrowing EvaluationInputs, limit: Int = .max
    ) throws(EvaluationError) -> Int {
        let depth = Int(register) + 2
        guard let registers = inputs.registers, limit > 0 else { return 0 }
        return try withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: depth) {
            (file) throws(EvaluationError) -> Int in
            guard let base = file.baseAddress else { return 0 }
            base.initialize(from: registers, count: depth - 1)
            // A typed program reads fields through its registers, never a dictionary `SELF`'s members.
            let nested = EvaluationInputs(
                object: inputs.object, variables: inputs.variables, environment: inputs.environment,
                slots: inputs.slots, registers: UnsafePointer(base), budget: inputs.budget)
            var count = 0
            let owner = registers[Int(register)]
            if let elements = collection.pointee.buffer?(owner) {
                guard let first = elements.base else { return 0 }
                var index = 0
                while index < elements.count {
                    try inputs.budget.pointee.charge(1)
                    (base + depth - 1).initialize(to: first + index &* elements.stride)
                    if try run(program, block: block, nested) {
                        count &+= 1
                        if count >= limit { break }
                    }
                    index &+= 1
                }
                return count
            }
            _ = try collection.pointee.visit(owner) { (element) throws(EvaluationError) -> Bool in
                try inputs.budget.pointee.charge(1)
                (base + depth - 1).initialize(to: element)
                if try run(program, block: block, nested) { count &+= 1 }
                return count >= limit
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

extension ScalarKind {
    /// The scalar of kind `kind` stored at `address` (as an Optional when `optional`), as a value.
    static func value(_ kind: ScalarKind, at address: UnsafeRawPointer, optional: Bool) -> Value {
        func read<T>(_ type: T.Type, _ make: (T) -> Value) -> Value {
            if optional { return address.assumingMemoryBound(to: T?.self).pointee.map(make) ?? .null }
            return make(address.assumingMemoryBound(to: T.self).pointee)
        }
        switch kind {
        case .bool: return read(Bool.self) { .bool($0) }
        case .int: return read(Int.self) { .int(Int64($0)) }
        case .int32: return read(Int32.self) { .int(Int64($0)) }
        case .int64: return read(Int64.self) { .int($0) }
        case .double: return read(Double.self) { .double($0) }
        case .float: return read(Float.self) { .double(Double($0)) }
        case .string: return read(String.self) { .string($0) }
        case .date: return read(Date.self) { .date($0) }
        }
    }

    /// The integer of kind `kind` (`int`, `int32` or `int64`) stored at `address`.
    @inline(__always)
    static func integer(_ kind: ScalarKind, at address: UnsafeRawPointer) -> Int64 {
        switch kind {
        case .int32: Int64(address.load(as: Int32.self))
        case .int64: address.load(as: Int64.self)
        default: Int64(address.load(as: Int.self))
        }
    }
}
