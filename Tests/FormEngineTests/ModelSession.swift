// One model-based session: a random form and a random edit sequence applied to both the engine and
// the oracle, compared after every step. Tags come from a universe with a fixed order; a condition
// only reads tags earlier in that order and a section comes before its rows, so no form is cyclic
// under any policy.
import Foundation
import Testing

@testable import FormEngine

struct ModelSession {
    let seed: UInt64
    let mode: ConditionMode
    var random: SplitMix64
    var oracle: Oracle
    var form: Form?
    var nextID = 0
    var failed = false
    /// Steps whose actions were applied and whose whole state was compared with the oracle.
    var checkedSteps = 0
    var trace: [String] = []

    static let universeSize = 40
    /// Positions of section tags in the universe; every other position is a row tag.
    static let sectionPositions: Set<Int> = [0, 3, 7, 12, 18, 24]

    static func name(_ position: Int) -> String {
        sectionPositions.contains(position) ? "s\(position)" : "r\(position)"
    }

    init(seed: UInt64, mode: ConditionMode) {
        self.seed = seed
        self.mode = mode
        random = SplitMix64(state: seed)
        oracle = Oracle(options: FormOptions(), sections: [])
    }

    // MARK: Generation

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func randomValue() -> Value {
        [Value.null, 0, 1, 2, "x", true].randomElement(using: &random) ?? .null
    }

    mutating func template(below limit: Int, depth: Int = 0) -> Template {
        if depth < 2, chance(30) {
            let left = template(below: limit, depth: depth + 1)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return .not(left)
            case 1: return .and(left, template(below: limit, depth: depth + 1))
            default: return .or(left, template(below: limit, depth: depth + 1))
            }
        }
        guard limit > 0, !chance(8) else { return .constant(chance(50)) }
        let position = Int.random(in: 0..<limit, using: &random)
        let tag = Self.name(position)
        let isSection = Self.sectionPositions.contains(position)
        switch Int.random(in: 0..<(isSection ? 2 : 6), using: &random) {
        case 0: return .isHidden(tag)
        case 1: return .isDisabled(tag)
        case 2: return .valueEquals(tag, [Value.int(1), "x", true].randomElement(using: &random) ?? 1)
        case 3: return .valueGreater(tag, Int64.random(in: 0...1, using: &random))
        case 4: return .valueIsNull(tag)
        default: return .not(.valueEquals(tag, 2))
        }
    }

    mutating func maybeTemplate(below limit: Int) -> Template? { chance(55) ? template(below: limit) : nil }

    var usedPositions: Set<Int> {
        Set(oracle.sections.flatMap { [$0.position] + $0.rows.map(\.position) })
    }

    mutating func freshRowPosition(after sectionPosition: Int, excluding pending: [OracleRow]) -> Int? {
        let used = usedPositions.union(pending.map(\.position))
        let free = ((sectionPosition + 1)..<Self.universeSize).filter {
            !Self.sectionPositions.contains($0) && !used.contains($0)
        }
        return free.randomElement(using: &random)
    }

    mutating func makeRow(in sectionPosition: Int, excluding pending: [OracleRow] = []) -> OracleRow? {
        nextID += 1
        if chance(8) {
            return OracleRow(
                id: nextID, tag: nil, position: Self.universeSize, value: randomValue(),
                hidden: maybeTemplate(below: Self.universeSize), disabled: maybeTemplate(below: Self.universeSize),
                required: maybeTemplate(below: Self.universeSize))
        }
        guard let position = freshRowPosition(after: sectionPosition, excluding: pending) else { return nil }
        return OracleRow(
            id: nextID, tag: Self.name(position), position: position, value: randomValue(),
            hidden: maybeTemplate(below: position), disabled: maybeTemplate(below: position),
            required: maybeTemplate(below: position))
    }

    mutating func makeSection(at position: Int) -> OracleSection {
        nextID += 1
        var section = OracleSection(
            id: nextID, tag: Self.name(position), position: position, hidden: maybeTemplate(below: position),
            disabled: maybeTemplate(below: position), rows: [])
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            if let row = makeRow(in: position, excluding: section.rows) { section.rows.append(row) }
        }
        return section
    }

    mutating func generateForm() {
        oracle.options = FormOptions(
            hiddenValueInConditions: chance(35) ? .null : .keep, clearValueOnHide: chance(30) ? .onHidden : .none,
            hiddenIncludesSection: chance(30),
            // Random conditions name positions that may hold no row (yet, or any more).
            conditionProblems: .warning)
        let positions = Self.sectionPositions.sorted().shuffled(using: &random).prefix(
            Int.random(in: 1...4, using: &random))
        for position in positions { oracle.sections.append(makeSection(at: position)) }
    }

    // MARK: Running

    mutating func run(steps: Int) {
        generateForm()
        trace.append("form options \(oracle.options) sections \(oracle.sections.map(\.tag))")
        do {
            form = try Form(oracle.definition(mode))
        } catch {
            fail("building failed: \(error)")
            return
        }
        var flags = oracle.settle(hiddenAtStart: [:])
        compare(flags, changes: nil, before: nil)
        for _ in 0..<steps where !failed {
            let before = flags
            let beforeOracle = oracle
            let hiddenAtStart = Dictionary(
                uniqueKeysWithValues: oracle.sections.flatMap(\.rows).map { ($0.id, before[$0.id]?.hidden ?? false) })
            var actions: [ModelAction] = []
            let count = chance(8) ? Int.random(in: 2...4, using: &random) : 1
            for _ in 0..<count {
                guard let action = nextAction() else { continue }
                if action.mustFail, count > 1 { continue }
                actions.append(action)
                applyToOracle(action)
            }
            guard !actions.isEmpty else { continue }
            trace.append(actions.map(\.description).joined(separator: "; "))
            let changes: FormChangeSet
            do {
                changes = try apply(actions)
            } catch {
                if actions.contains(where: \.mustFail) {
                    oracle = beforeOracle
                    compare(before, changes: nil, before: nil)
                    checkedSteps += 1
                    continue
                }
                fail("action failed: \(error)")
                return
            }
            if actions.contains(where: \.mustFail) {
                fail("an action that must fail succeeded")
                return
            }
            flags = oracle.settle(hiddenAtStart: hiddenAtStart)
            compare(flags, changes: changes, before: (beforeOracle, before))
            checkedSteps += 1
        }
    }

    mutating func fail(_ message: String) {
        failed = true
        let verbose = ProcessInfo.processInfo.environment["FORMENGINE_MODEL_SEED"] != nil
        let recent =
            trace.suffix(verbose ? 1000 : 6).joined(separator: "\n  ")
            + (verbose
                ? "\n  oracle: \(oracle.sections.map { s in "\(s.tag) h=\(s.hidden.map(String.init(describing:)) ?? "-") d=\(s.disabled.map(String.init(describing:)) ?? "-") [" + s.rows.map { r in "\(r.tag ?? "-")=\(r.value) h=\(r.hidden.map(String.init(describing:)) ?? "-") d=\(r.disabled.map(String.init(describing:)) ?? "-") r=\(r.required.map(String.init(describing:)) ?? "-")" }.joined(separator: "; ") + "]" }.joined(separator: "\n   "))"
                : "")
        Issue.record(
            "model divergence (seed \(seed), replay with FORMENGINE_MODEL_SEED=\(seed)): \(message)\n  \(recent)")
    }
}
