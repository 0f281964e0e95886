// The evaluation rows as PredicateLang sees them: a RowStore per row (form mode: `$tag` → slot) and a
// dictionary Value per row (key-path mode: `evaluate(with:)`).
import PredicateLang

extension Person {
    /// The tags of the row store, in slot order.
    public static let tagNames = [
        "name", "age", "country", "hobbies", "score", "status", "tags", "t", "city", "email", "scores",
    ]

    /// The symbol table every form-mode predicate of the Evaluate suite is compiled against.
    public static let symbols = SymbolTable(tags: tagNames)

    /// The row's fields as Values, in ``tagNames`` order.
    public var fieldValues: [Value] {
        [
            .string(name), .int(Int64(age)), .string(country), .array(hobbies.map { .string($0) }),
            .int(Int64(score)), .string(status), .array(tags.map { .string($0) }), .array(t.map { .string($0) }),
            .string(city), .string(email), .array(scores.map { .int(Int64($0)) }),
        ]
    }

    /// The row as a form's row store.
    public var rowStore: RowStore {
        var store = RowStore(symbols: Person.symbols)
        for (index, value) in fieldValues.enumerated() { store[Slot(index)].value = value }
        return store
    }

    /// The row as a key-path object (a dictionary with one key per field).
    public var object: Value {
        var dictionary: [String: Value] = [:]
        for (tag, value) in zip(Person.tagNames, fieldValues) { dictionary[tag] = value }
        return .dictionary(dictionary)
    }

    /// One row store per row, in a buffer that is never freed (read by pointer, like ``rowBuffer``).
    nonisolated(unsafe) public static let storeBuffer: UnsafeBufferPointer<RowStore> = {
        let buffer = UnsafeMutableBufferPointer<RowStore>.allocate(capacity: rows.count)
        _ = buffer.initialize(from: rows.map(\.rowStore))
        return UnsafeBufferPointer(buffer)
    }()

    /// One key-path object per row, in a buffer that is never freed.
    nonisolated(unsafe) public static let objectBuffer: UnsafeBufferPointer<Value> = {
        let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: rows.count)
        _ = buffer.initialize(from: rows.map(\.object))
        return UnsafeBufferPointer(buffer)
    }()
}
