// Fused leaves: `matchSlot`, `matchSlotCount`, `matchKey` and `matchRead` read their own operand (a row slot
// in place, the `@count` of one, a key path of `SELF`, or a typed read of a Swift value) and test it against
// their prepared matcher. Like the
// matcher tests they are built on (Matcher+Tests.swift), they come in two tiers: the quick tier reads a
// row slot in place and asks the matcher's quick tier, inline in the loop; the thorough tier reads any
// operand with the full rules and asks the matcher's thorough tier, out of line. Both loops run leaves
// through ``VirtualMachine/test(_:_:_:)``, and in debug builds every quick answer is checked against the
// thorough one.

extension VirtualMachine {
    /// The answer of one fused leaf: the quick one when there is one, else the thorough one.
    @_transparent
    static func test<Leaves: LeafSet>(
        _ leaf: Instruction, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs,
        leaves: Leaves.Type = AnyLeaves.self
    ) throws(EvaluationError) -> Bool {
        if let answer = quickTest(leaf, program, inputs, leaves: leaves) {
            assert(
                (try? thoroughTest(leaf, program, inputs)) == answer,
                "quick and thorough tiers disagree on \(leaf.mnemonic)")
            return answer
        }
        return try thoroughTest(leaf, program, inputs)
    }

    /// The quick tier: a slot leaf whose value the matcher's quick tier answers, read in place; nil for
    /// everything else (a key path, a missing slot, a value of another kind).
    @_transparent
    static func quickTest<Leaves: LeafSet>(
        _ leaf: Instruction, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs, leaves: Leaves.Type
    ) -> Bool? {
        switch leaf {
        case .matchSlot, .matchSlotCount:
            return quickSlotTest(leaf, program, inputs.slots)
        case .matchKey(let path, let index):
            guard Leaves.includesKeysAndReads, let matcher = program.matcher(index) else { return nil }
            guard let key = program.plainKey(path) else { return nil }
            return quickTestKey(key, matcher, inputs.fields)
        case .matchRead(let read, let index, let modifier):
            guard Leaves.includesKeysAndReads, let matcher = program.matcher(index), let plan = program.quickRead(read)
            else {
                return nil
            }
            return quickTest(plan, matcher, modifier, program, inputs)
        default:
            return nil
        }
    }

    /// The quick tier of the slot leaves (`matchSlot`, `matchSlotCount`): the slot's value read in place and
    /// answered by the matcher's quick tier; nil for any other leaf, a missing slot or a value the quick tier
    /// does not answer.
    @_transparent
    static func quickSlotTest(_ leaf: Instruction, _ program: Program.Storage, _ slots: SlotEntries) -> Bool? {
        switch leaf {
        case .matchSlot(let slot, let index):
            guard let matcher = program.matcher(index), let value = slots.valuePointer(slot) else { return nil }
            return Matcher.quickTest(matcher, value)
        case .matchSlotCount(let slot, let index):
            guard let matcher = program.matcher(index), let value = slots.valuePointer(slot),
                case .array(let elements) = value.pointee
            else { return nil }
            return Matcher.quickTest(matcher, integer: Int64(elements.count))
        default:
            return nil
        }
    }

    /// The quick tier of `matchKey` for one plain key of a dictionary `SELF` (its members, taken out of the
    /// `Value` once per evaluation and borrowed here): looked up, and the value tested in place. The key is
    /// read in place too (copying it would retain and release its name). Out of line, so the loops'
    /// inlined quick tier stays small.
    @inline(never)
    static func quickTestKey(
        _ key: UnsafePointer<PlainKey?>, _ matcher: UnsafePointer<Matcher>, _ fields: ValueDictionary?
    ) -> Bool? {
        guard let hash = key.pointee?.hash, let dictionary = fields else { return nil }
        return dictionary.withValue(forKey: key.pointee?.name ?? "", hash: hash) { value in
            guard let value else { return Matcher.quickNull(matcher) }
            return Matcher.quickTest(matcher, value)
        }
    }

    /// The thorough tier: the leaf's operand read with the full rules (a missing slot is null, `@count`
    /// through KVC, a key path of `SELF`), tested by the matcher's thorough tier.
    @inline(never)
    static func thoroughTest(
        _ leaf: Instruction, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs
    ) throws(EvaluationError) -> Bool {
        let operand: Value
        let matcherIndex: MatcherIndex
        switch leaf {
        case .matchSlot, .matchSlotCount:
            return try thoroughSlotTest(leaf, program, inputs.slots, inputs.budget)
        case .matchKey(let path, let index):
            operand = try objectKeyPathValue(path, program, inputs.object.pointee, &inputs.budget.pointee)
            matcherIndex = index
        case .matchRead(let read, let index, let modifier):
            guard let matcher = program.matcher(index) else { throw missingMatcher() }
            if modifier == .direct, let plan = program.quickRead(read), plan.pointee.shape == .countWhere {
                // A SUBQUERY count stops as soon as the comparison's answer cannot change any more.
                let count = try countWhere(
                    program.collectionBase + plan.pointee.collection, block: plan.pointee.block,
                    from: plan.pointee.register, program, inputs, limit: Matcher.countLimit(matcher))
                return try Matcher.test(
                    matcher, integer: Int64(count), limits: program.limits, budget: &inputs.budget.pointee)
            }
            let value = try readValue(read, program, inputs)
            if modifier == .direct {
                return try Matcher.thoroughTest(matcher, value, limits: program.limits, budget: &inputs.budget.pointee)
            }
            return try quantify(modifier, value, &inputs.budget.pointee) {
                (element, budget) throws(EvaluationError) -> Bool in
                try Matcher.thoroughTest(matcher, element, limits: program.limits, budget: &budget)
            }
        default:
            throw EvaluationError(.unsupported, "instruction \(leaf.mnemonic) is not a leaf")
        }
        guard let matcher = program.matcher(matcherIndex) else { throw missingMatcher() }
        return try Matcher.thoroughTest(matcher, operand, limits: program.limits, budget: &inputs.budget.pointee)
    }

    /// The thorough tier of the slot leaves: the slot's value (null when the store has no such slot; its
    /// `@count` through KVC) tested by the matcher's thorough tier, inner work charged to `budget`.
    @inline(never)
    static func thoroughSlotTest(
        _ leaf: Instruction, _ program: Program.Storage, _ slots: SlotEntries,
        _ budget: UnsafeMutablePointer<EvaluationBudget>
    ) throws(EvaluationError) -> Bool {
        let operand: Value
        let matcherIndex: MatcherIndex
        switch leaf {
        case .matchSlot(let slot, let index):
            operand = slots.value(slot)
            matcherIndex = index
        case .matchSlotCount(let slot, let index):
            operand = try count(of: slots.value(slot))
            matcherIndex = index
        default:
            throw EvaluationError(.unsupported, "instruction \(leaf.mnemonic) is not a slot leaf")
        }
        guard let matcher = program.matcher(matcherIndex) else { throw missingMatcher() }
        return try Matcher.thoroughTest(matcher, operand, limits: program.limits, budget: &budget.pointee)
    }

    /// Charges the text a leaf's matcher searches (CONTAINS, BEGINSWITH, `==[c]`…) to the budget. A leaf in
    /// a loop (a SUBQUERY's body, a typed SUBQUERY's block) may search the same long string once per
    /// element, so the loops charge it each time; a top-level graph walk tests each leaf at most once per
    /// evaluation and does not.
    @inline(__always)
    static func chargeLeafText(_ leaf: Instruction, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs)
        throws(EvaluationError)
    {
        let index: MatcherIndex
        switch leaf {
        case .matchSlot(_, let matcher), .matchKey(_, let matcher), .matchRead(_, let matcher, _): index = matcher
        default: return
        }
        guard let matcher = program.matcher(index), Matcher.searchesText(matcher.pointee.kind) else { return }
        try chargeSubjectText(leaf, program, inputs)
    }

    /// The text charge of ``chargeLeafText(_:_:_:)``, once the leaf's matcher is known to search text.
    @inline(never)
    static func chargeSubjectText(_ leaf: Instruction, _ program: Program.Storage, _ inputs: borrowing EvaluationInputs)
        throws(EvaluationError)
    {
        let subject: Value
        switch leaf {
        case .matchSlot:
            try chargeSlotText(leaf, program, inputs.slots, inputs.budget)
            return
        case .matchKey(let path, let index):
            guard let matcher = program.matcher(index), Matcher.searchesText(matcher.pointee.kind) else { return }
            subject = try objectKeyPathValue(path, program, inputs.object.pointee, &inputs.budget.pointee)
        case .matchRead(let read, let index, _):
            guard let matcher = program.matcher(index), Matcher.searchesText(matcher.pointee.kind) else { return }
            subject = try readValue(read, program, inputs)
        default:
            return
        }
        if case .string(let text) = subject { try inputs.budget.pointee.chargeText(text) }
    }

    /// The text charge of a `matchSlot` whose matcher searches text: the slot's string, charged to `budget`.
    static func chargeSlotText(
        _ leaf: Instruction, _ program: Program.Storage, _ slots: SlotEntries,
        _ budget: UnsafeMutablePointer<EvaluationBudget>
    ) throws(EvaluationError) {
        guard case .matchSlot(let slot, let index) = leaf, let matcher = program.matcher(index),
            Matcher.searchesText(matcher.pointee.kind), case .string(let text) = slots.value(slot)
        else { return }
        try budget.pointee.chargeText(text)
    }

    static func missingMatcher() -> EvaluationError {
        EvaluationError(.unsupported, "the program refers to a matcher it does not have")
    }
}

extension Program.Storage {
    /// The quick tier's plan of read `index`, read in place; nil outside the table.
    @_transparent
    func quickRead(_ index: ReadIndex) -> UnsafePointer<QuickRead>? {
        Self.entry(Int(index.rawValue), of: quickReads, at: quickReadBase)
    }

    /// The plain key of key path `index` (nil inside when the path is not one plain key), read in place;
    /// nil outside the table.
    @_transparent
    func plainKey(_ index: KeyPathIndex) -> UnsafePointer<PlainKey?>? {
        Self.entry(Int(index.rawValue), of: plainKeyTable, at: plainKeyBase)
    }

    /// The matcher at `index`, read in place; nil outside the table (which the verifier rules out).
    @_transparent
    func matcher(_ index: MatcherIndex) -> UnsafePointer<Matcher>? {
        Self.entry(Int(index.rawValue), of: matcherTable, at: matcherBase)
    }

    /// Entry `position` (never negative: the indices are unsigned) of a table placed in the storage's memory
    /// at `base`, read in place; nil past its end.
    @_transparent
    static func entry<Element>(_ position: Int, of table: UnsafeBufferPointer<Element>, at base: UnsafePointer<Element>)
        -> UnsafePointer<Element>?
    {
        position < table.count ? base + position : nil
    }
}
