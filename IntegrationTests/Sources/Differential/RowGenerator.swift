// RowGenerator: the rows of a run — nils, empty arrays, mixed case, non-ASCII, hostile strings, dates,
// big integers, signed zeros and NaN — limited to what the dialect's columns can hold (a database that
// cannot store a value stores another one, and the VM must see what the database holds): SQLite has no
// NaN in a REAL and keeps no -0.0 there; PostgreSQL text holds no NUL and jsonb numbers are decimals (no
// -0.0, NaN or infinity inside JSON).

import Foundation
import PredicateLang

/// One row: its id and its value as the VM sees it (a dictionary keyed by field name).
public struct TestRow: Sendable {
    public var id: Int64
    public var value: Value
    /// The row's fields by name.
    public var fields: [String: Value] {
        if case .dictionary(let dictionary) = value { return dictionary.dictionary }
        return [:]
    }
}

/// Draws rows for a dialect.
public struct RowGenerator {
    public let dialect: SQLDialect
    private var random: SeededRandom

    public init(dialect: SQLDialect, seed: UInt64) {
        self.dialect = dialect
        random = SeededRandom(seed: seed ^ 0x5EED_0F_1234)
    }

    /// `count` rows with ids 1, 2, …
    public mutating func rows(_ count: Int) -> [TestRow] {
        (1...max(1, count)).map { row(id: Int64($0)) }
    }

    private mutating func row(id: Int64) -> TestRow {
        var fields: [String: Value] = ["id": .int(id)]
        func maybe(_ probability: Double = 0.15, _ make: (inout RowGenerator) -> Value) -> Value? {
            if random.chance(probability) { return random.chance(0.5) ? nil : .null }
            return make(&self)
        }
        fields["name"] = maybe { $0.string(topLevel: true) }
        fields["code"] = .string(random.pick(Pools.asciiWords))
        fields["age"] = maybe { $0.integer() }
        fields["score"] = maybe { $0.double(inJSON: false) }
        fields["flag"] = maybe { .bool($0.random.chance(0.5)) }
        fields["created"] = maybe { $0.date() }
        fields["tags"] = maybe { generator in
            .array(generator.list(0...4) { $0.random.chance(0.1) ? .null : $0.string(topLevel: false) })
        }
        fields["scores"] = .array(list(0...4) { $0.integer() })
        fields["ratios"] = maybe { generator in .array(generator.list(0...3) { $0.double(inJSON: true) }) }
        fields["items"] = maybe { generator in .array(generator.list(0...3) { $0.item() }) }
        fields["address"] = maybe(0.2) { $0.address() }
        fields["labels"] = maybe { generator in
            .set(ValueSet(generator.list(0...3) { .string($0.random.pick(["a", "b", "A", "x", "é", "a_b"])) }))
        }
        fields["select"] = maybe(0.3) { $0.string(topLevel: true) }
        fields["order"] = maybe(0.3) { .int(Int64($0.random.int(-3...20))) }
        fields["value"] = maybe(0.3) { .string($0.random.pick(["v1", "V1", "v2", "", "é"])) }
        fields["dims"] = maybe(0.3) { generator in .array(generator.list(0...3) { $0.double(inJSON: true) }) }
        return TestRow(id: id, value: .dictionary(fields.compactMapValues { $0 }))
    }

    private mutating func list(_ counts: ClosedRange<Int>, _ make: (inout RowGenerator) -> Value) -> [Value] {
        (0..<random.int(counts)).map { _ in make(&self) }
    }

    private mutating func string(topLevel: Bool) -> Value {
        var text = random.pick(Pools.words)
        // PostgreSQL text and JSON strings cannot hold NUL; SQLite keeps it in a TEXT column only.
        if text.unicodeScalars.contains("\0") && (dialect == .postgres || !topLevel) {
            text = text.replacing("\0", with: "?")
        }
        return .string(text)
    }

    private mutating func integer() -> Value {
        random.chance(0.6) ? .int(random.pick(Pools.integers)) : .int(Int64(random.int(-50...50)))
    }

    private mutating func double(inJSON: Bool) -> Value {
        var value = random.chance(0.7) ? random.pick(Pools.doubles) : Double(random.int(-40...40)) / 4
        switch (dialect, inJSON) {
        case (.sqlite, false):
            if value.isNaN { value = 0.25 }
            if value == 0 { value = 0 }  // a REAL column stores -0.0 as 0.0
        case (.sqlite, true), (.postgres, true):
            if !value.isFinite { value = 1.25 }
            if value == 0 && dialect == .postgres { value = 0 }
        case (.postgres, false):
            break
        }
        return .double(value)
    }

    private mutating func date() -> Value {
        let text = random.chance(0.5) ? random.pick(Pools.dateTexts) : Pools.randomDateText(&random)
        return .date(Pools.date(text))
    }

    private mutating func item() -> Value {
        var item: [String: Value] = ["sku": string(topLevel: false)]
        if random.chance(0.8) { item["qty"] = random.chance(0.1) ? .null : integer() }
        if random.chance(0.8) { item["price"] = random.chance(0.1) ? .null : double(inJSON: true) }
        if random.chance(0.5) { item["labels"] = .array(list(0...2) { $0.string(topLevel: false) }) }
        if random.chance(0.4) { item["added"] = date() }
        return .dictionary(item)
    }

    private mutating func address() -> Value {
        var address: [String: Value] = [:]
        if random.chance(0.8) { address["city"] = random.chance(0.1) ? .null : string(topLevel: false) }
        if random.chance(0.7) { address["zip"] = random.chance(0.1) ? .null : integer() }
        if random.chance(0.6) {
            var geo: [String: Value] = ["lat": double(inJSON: true)]
            if random.chance(0.5) { geo["lon"] = double(inJSON: true) }
            address["geo"] = random.chance(0.1) ? .null : .dictionary(geo)
        }
        if random.chance(0.5) { address["lines"] = .array(list(0...3) { $0.string(topLevel: false) }) }
        return .dictionary(address)
    }
}
