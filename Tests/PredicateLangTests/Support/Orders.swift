// Orders: a small model of the data a server filters (orders with a customer, items, a total, a date and
// tags), its TypeSchema, a seeded generator, and each order as the Value tree the schema-free path
// evaluates. Shared by the schema tests.

import Foundation
import PredicateLang

struct Customer: Sendable, Codable {
    var name: String
    var country: String
    var email: String?
}

struct Item: Sendable, Codable {
    var sku: String
    var qty: Int
    var price: Double
}

struct Order: Sendable, Codable {
    var id: Int
    var customer: Customer
    var items: [Item]
    var total: Double
    var createdAt: Date
    var tags: [String]
    var note: String?
    var rating: Int32
    var express: Bool
}

extension SplitMix {
    /// A number in `0..<bound` (bound > 0).
    mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

enum Orders {
    static let schema = TypeSchema<Order>(variables: ["since": .date]) {
        Field("id", \.id)
        Field("customer", \.customer) {
            Field("name", \.name)
            Field("country", \.country)
            Field("email", \.email)
        }
        Field("items", \.items) {
            Field("sku", \.sku)
            Field("qty", \.qty)
            Field("price", \.price)
        }
        Field("total", \.total)
        Field("createdAt", \.createdAt)
        Field("tags", \.tags)
        Field("note", \.note)
        Field("rating", \.rating)
        Field("express", \.express)
    }

    static let names = ["John", "joan", "Jörg", "Ada", "Mia", "Zoë", "JO", "Ben"]
    static let countries = ["NZ", "AU", "US", "DE", "nz"]
    static let skuPrefixes = ["A-", "B-", "a-", "C-"]
    static let tagPool = ["gift", "rush", "fragile", "GIFT", "bulk"]

    /// `count` orders from a seeded generator (the same orders for the same seed).
    static func generate(_ count: Int, seed: UInt64 = 42) -> [Order] {
        var random = SplitMix(state: seed)
        let reference = Date(timeIntervalSinceReferenceDate: 700_000_000)
        return (0..<count).map { id in
            let items = (0..<random.next(upTo: 5)).map { _ in
                Item(
                    sku: skuPrefixes[random.next(upTo: skuPrefixes.count)] + String(random.next(upTo: 1000)),
                    qty: random.next(upTo: 6), price: Double(random.next(upTo: 20_000)) / 100)
            }
            return Order(
                id: id,
                customer: Customer(
                    name: names[random.next(upTo: names.count)], country: countries[random.next(upTo: countries.count)],
                    email: random.next(upTo: 3) == 0 ? nil : "c\(id)@example.com"),
                items: items, total: Double(random.next(upTo: 30_000)) / 100,
                createdAt: reference + Double(random.next(upTo: 1_000_000)),
                tags: (0..<random.next(upTo: 3)).map { _ in tagPool[random.next(upTo: tagPool.count)] },
                note: random.next(upTo: 2) == 0 ? nil : "note \(id)", rating: Int32(random.next(upTo: 6)),
                express: random.next(upTo: 2) == 0)
        }
    }

    /// The order as the dictionary the schema-free path evaluates (nil fields absent).
    static func value(_ order: Order) -> Value {
        var customer: [String: Value] = [
            "name": .string(order.customer.name), "country": .string(order.customer.country),
        ]
        if let email = order.customer.email { customer["email"] = .string(email) }
        var object: [String: Value] = [
            "id": .int(Int64(order.id)), "customer": .dictionary(customer),
            "items": .array(
                order.items.map {
                    .dictionary(["sku": .string($0.sku), "qty": .int(Int64($0.qty)), "price": .double($0.price)])
                }),
            "total": .double(order.total), "createdAt": .date(order.createdAt),
            "tags": .array(order.tags.map(Value.string)),
            "rating": .int(Int64(order.rating)), "express": .bool(order.express),
        ]
        if let note = order.note { object["note"] = .string(note) }
        return .dictionary(object)
    }
}
