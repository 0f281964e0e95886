// The Objects suite's data set: orders as plain Swift structs (what the schema-compiled predicates, the
// hand-written closures and Foundation's Predicate read), their TypeSchema, and a seeded generator whose
// variety makes every Objects predicate true for some orders and false for others (checked by the suite).
import Foundation
import PredicateLang

/// Who placed an order.
public struct Customer: Sendable, Codable {
    public var name: String
    public var country: String
}

/// One line of an order.
public struct Item: Sendable, Codable {
    public var sku: String
    public var qty: Int
    public var price: Double
}

/// One order, as a server application keeps it.
public struct Order: Sendable, Codable {
    public var id: Int
    public var customer: Customer
    public var items: [Item]
    public var total: Double
    public var createdAt: Date
    public var tags: [String]
}

extension Order {
    /// The schema every Objects predicate is compiled against (`$since` is a date).
    public static let schema = TypeSchema<Order>(variables: ["since": .date]) {
        Field("id", \.id)
        Field("customer", \.customer) {
            Field("name", \.name)
            Field("country", \.country)
        }
        Field("items", \.items) {
            Field("sku", \.sku)
            Field("qty", \.qty)
            Field("price", \.price)
        }
        Field("total", \.total)
        Field("createdAt", \.createdAt)
        Field("tags", \.tags)
    }

    /// How many orders the suite generates.
    public static let count = 100_000

    /// The first possible `createdAt`; orders are spread over the 90 days that follow it.
    public static let epoch = Date(timeIntervalSinceReferenceDate: 780_000_000)

    /// The `$since` of the date predicate: 60 days after ``epoch``, so about a third of the orders are later.
    public static let since = epoch.addingTimeInterval(60 * 86_400)

    /// Customer names: ASCII and not, with and without a `jo` prefix in various cases (`Jörg` begins with
    /// `jo` only when diacritics are ignored, which `BEGINSWITH[c]` does not do).
    static let names = [
        "John", "joan", "JO", "Joanna", "Jörg", "Joël", "José", "Ada", "Mia", "Zoë", "Ben", "Aroha",
        "Wiremu", "Priya", "Björn", "jonah", "Chen", "Olivia", "Mateo", "Ngaio",
    ]
    /// Country codes, weighted towards the two the predicates test (and one lower-case code that `==` rejects).
    static let countries = ["NZ", "NZ", "AU", "AU", "US", "GB", "DE", "FR", "JP", "nz", "CA", "IE"]
    /// SKU prefixes: only `A-` matches `BEGINSWITH 'A-'` (`AB-` and `a-` do not).
    static let skuPrefixes = ["A-", "B-", "C-", "a-", "AB-", "D-"]
    /// Tags: `gift` and `rush` are the ones `IN {'gift', 'rush'}` accepts (`GIFT` and `Rush` are not).
    static let tagPool = ["gift", "rush", "fragile", "GIFT", "bulk", "express", "Rush", "b2b"]

    /// `count` orders from a seeded generator. Order *i* depends only on the seed and the orders before it,
    /// so a shorter run generates a prefix of a longer one.
    public static func generate(_ count: Int, seed: UInt64 = 0x0DE5_2024) -> [Order] {
        var random = OrderRandom(state: seed)
        return (0..<count).map { id in
            // 0–5 items (an empty order now and then), 1–5 of each, priced 0.50–99.99.
            let itemCount = random.next(upTo: 10) == 0 ? 0 : 1 + random.next(upTo: 5)
            let items = (0..<itemCount).map { _ in
                Item(
                    sku: skuPrefixes[random.next(upTo: skuPrefixes.count)] + String(100 + random.next(upTo: 900)),
                    qty: 1 + random.next(upTo: 5), price: Double(50 + random.next(upTo: 9_950)) / 100)
            }
            let subtotal = items.reduce(0) { $0 + Double($1.qty) * $1.price }
            let shipping = subtotal == 0 ? 0 : Double(random.next(upTo: 4)) * 5
            return Order(
                id: id,
                customer: Customer(
                    name: names[random.next(upTo: names.count)], country: countries[random.next(upTo: countries.count)]),
                items: items,
                total: ((subtotal + shipping) * 100).rounded() / 100,
                createdAt: epoch.addingTimeInterval(Double(random.next(upTo: 90 * 86_400))),
                tags: (0..<random.next(upTo: 3)).map { _ in tagPool[random.next(upTo: tagPool.count)] })
        }
    }

    /// The generated orders, in a buffer that is never freed, so that "order i" is a pointer read for every
    /// engine (no array bounds check, no copy, no retain of the order's fields on the way in).
    nonisolated(unsafe) public static let buffer: UnsafeBufferPointer<Order> = neverFreed(generate(count))

    /// A buffer holding `elements` that is never freed.
    public static func neverFreed<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }

    /// `orders` encoded with `ValueEncoder` (what the schema-free path evaluates), in a buffer that is never
    /// freed. Stops the run if an order does not encode.
    public static func encodedValues(_ orders: UnsafeBufferPointer<Order>) -> UnsafeBufferPointer<Value> {
        let encoder = ValueEncoder()
        var values: [Value] = []
        values.reserveCapacity(orders.count)
        for order in orders {
            do {
                values.append(try encoder.encode(order))
            } catch {
                failLoudly("order \(order.id) does not encode: \(error)")
            }
        }
        return neverFreed(values)
    }
}

/// SplitMix64: a small seeded generator, so that every run generates the same orders.
struct OrderRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
