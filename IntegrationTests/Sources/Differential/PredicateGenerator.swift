// PredicateGenerator: random predicates over the test table — compositions (AND, OR, NOT) of every
// construct the translator handles, plus some it refuses, so both the SQL and the split into SQL and
// residual are exercised. Constants come as literals or as %@ arguments (hostile strings both ways), and a
// few predicates read $variables. One seed gives the same predicates everywhere.

import Foundation
import PredicateLang

/// A generated predicate: its text, its format arguments and its variables.
public struct GeneratedPredicate: Sendable, CustomStringConvertible {
    public var text: String
    public var arguments: [Value]
    public var variables: [String: Value]

    public init(_ text: String, arguments: [Value] = [], variables: [String: Value] = [:]) {
        self.text = text
        self.arguments = arguments
        self.variables = variables
    }

    public var description: String {
        var parts = [text]
        if !arguments.isEmpty {
            parts.append("arguments: " + arguments.map(\.predicateDescription).joined(separator: ", "))
        }
        if !variables.isEmpty {
            parts.append(
                "variables: "
                    + variables.keys.sorted().map { "$\($0) = \(variables[$0]?.predicateDescription ?? "")" }
                    .joined(separator: ", "))
        }
        return parts.joined(separator: "  |  ")
    }
}

/// Draws predicates.
public struct PredicateGenerator {
    private var random: SeededRandom
    private var arguments: [Value] = []
    private var variables: [String: Value] = [:]

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The next predicate.
    public mutating func next() -> GeneratedPredicate {
        arguments = []
        variables = [:]
        let text = predicate(depth: random.int(0...3))
        return GeneratedPredicate(text, arguments: arguments, variables: variables)
    }

    // MARK: Structure

    private mutating func predicate(depth: Int) -> String {
        if depth == 0 || random.chance(0.35) { return comparison() }
        switch random.int(0...9) {
        case 0...3:
            return "(" + (0..<random.int(2...3)).map { _ in predicate(depth: depth - 1) }.joined(separator: " AND ")
                + ")"
        case 4...6:
            return "(" + (0..<random.int(2...3)).map { _ in predicate(depth: depth - 1) }.joined(separator: " OR ")
                + ")"
        default: return "NOT (" + predicate(depth: depth - 1) + ")"
        }
    }

    private mutating func comparison() -> String {
        switch random.int(0...99) {
        case 0..<14: return numericComparison()
        case 14..<19: return nilComparison()
        case 19..<30: return stringComparison()
        case 30..<38: return substring()
        case 38..<43: return like()
        case 43..<47: return matches()
        case 47..<52: return dateComparison()
        case 52..<56: return inList()
        case 56..<60: return between()
        case 60..<69: return quantified()
        case 69..<73: return membership()
        case 73..<78: return aggregate()
        case 78..<82: return subquery()
        case 82..<87: return columns()
        case 87..<91: return arithmetic()
        case 91..<94: return withVariable()
        case 94..<98: return untranslatable()
        default:
            return random.pick(["TRUEPREDICATE", "FALSEPREDICATE", "%K == 5", "%K BEGINSWITH \"a\""])
                .replacingOccurrences(of: "%K", with: keyArgument())
        }
    }

    // MARK: Fields

    private static let integerFields = ["age", "order", "id", "address.zip"]
    private static let doubleFields = ["score", "address.geo.lat", "address.geo.lon"]
    private static let stringFields = ["name", "code", "select", "value", "address.city"]
    private static let numericOperators = ["==", "!=", "<", "<=", ">", ">="]
    private static let stringOptions = ["", "", "", "[c]", "[d]", "[cd]", "[n]", "[l]"]

    private mutating func numericField() -> String {
        switch random.int(0...9) {
        case 0...4: random.pick(Self.integerFields)
        case 5...8: random.pick(Self.doubleFields)
        default: "flag"
        }
    }

    private mutating func keyArgument() -> String {
        arguments.append(.string(random.pick(["age", "code", "name"])))
        return "%K"
    }

    // MARK: Constants

    private mutating func stringConstant(ascii: Bool = false) -> String {
        let word = random.pick(ascii ? Pools.asciiWords : Pools.words)
        if random.chance(0.4) || word.unicodeScalars.contains("\0") && random.chance(0.5) {
            arguments.append(.string(word))
            return "%@"
        }
        return Self.literal(word)
    }

    /// A string literal of the predicate language (the library's own quoting, which its lexer reads back).
    public static func literal(_ text: String) -> String {
        Value.string(text).predicateDescription
    }

    private mutating func numberConstant() -> String {
        switch random.int(0...9) {
        case 0...3:
            let value = random.pick(Pools.integers)
            if random.chance(0.3) || value == .min {
                arguments.append(.int(value))
                return "%@"
            }
            return String(value)
        case 4...7:
            let value = random.pick(Pools.doubles)
            if !value.isFinite || value.sign == .minus && value == 0 || random.chance(0.3) {
                arguments.append(.double(value))
                return "%@"
            }
            let text = value.description
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        case 8:
            return random.pick(["YES", "NO", "TRUE", "FALSE"])
        default:
            return String(random.int(-20...20))
        }
    }

    private mutating func dateConstant() -> String {
        let text = random.chance(0.6) ? random.pick(Pools.dateTexts) : Pools.randomDateText(&random)
        let date = Pools.date(text)
        switch random.int(0...3) {
        case 0: return "CAST(\(Self.literal(text)), \"NSDate\")"
        case 1:
            // Between two stored instants: off the millisecond (or the microsecond) grid.
            let offset = random.pick([0.0004, -0.0004, 0.0000004, 0.5, -0.0005])
            arguments.append(.date(date.addingTimeInterval(offset)))
            return "%@"
        default:
            arguments.append(.date(date))
            return "%@"
        }
    }

    // MARK: Comparisons

    private mutating func numericComparison() -> String {
        let field = numericField()
        let op = random.pick(Self.numericOperators)
        let constant = numberConstant()
        return random.chance(0.2) ? "\(constant) \(op) \(field)" : "\(field) \(op) \(constant)"
    }

    private mutating func nilComparison() -> String {
        let field = random.pick(
            Self.integerFields + Self.doubleFields + Self.stringFields
                + ["flag", "created", "tags", "items", "address", "address.geo", "labels", "address.lines", "dims"])
        let op = random.pick(["==", "!=", "<", "<=", ">", ">="])
        return random.chance(0.2) ? "nil \(op) \(field)" : "\(field) \(op) nil"
    }

    private mutating func stringComparison() -> String {
        let field = random.pick(Self.stringFields)
        let op = random.pick(Self.numericOperators) + random.pick(Self.stringOptions)
        let constant = stringConstant(ascii: random.chance(0.5))
        return random.chance(0.15) ? "\(constant) \(op) \(field)" : "\(field) \(op) \(constant)"
    }

    private mutating func substring() -> String {
        let field = random.pick(Self.stringFields)
        let options = random.pick(Self.stringOptions)
        let constant = stringConstant(ascii: random.chance(0.6))
        if random.chance(0.15) { return "\(constant) IN\(options) \(field)" }
        if random.chance(0.1) { return "\(field) CONTAINS\(options) \(random.pick(Self.stringFields))" }
        return "\(field) \(random.pick(["BEGINSWITH", "ENDSWITH", "CONTAINS"]))\(options) \(constant)"
    }

    private mutating func like() -> String {
        var pattern = ""
        for scalar in random.pick(Pools.asciiWords + ["é*", "*ß*"]).unicodeScalars {
            switch random.int(0...9) {
            case 0: pattern += "*"
            case 1: pattern += "?"
            case 2: pattern += "\\" + String(scalar)
            default: pattern.unicodeScalars.append(scalar)
            }
        }
        if random.chance(0.3) { pattern = "*" + pattern }
        if random.chance(0.3) { pattern += random.pick(["*", "?", "%", "_", "[", "\\*", "\\?", "\\\\"]) }
        let field = random.pick(Self.stringFields)
        let options = random.pick(["", "", "[c]", "[d]", "[cd]", "[n]"])
        if random.chance(0.3) {
            arguments.append(.string(pattern))
            return "\(field) LIKE\(options) %@"
        }
        return "\(field) LIKE\(options) \(Self.literal(pattern))"
    }

    private static let patterns = [
        "a.*", "ab?c", "[a-c]+", "[^x]*", "(a|b)+c?", "a{2}", "a{1,3}b?", "(?:ab)+", ".*b.*", "\\.", "[0-9]+",
        "A-[0-9]", "[a-z]+-[0-9]", "x*?y", "(a|ab)(c|bcd)?", ".", "..", ".+", "[A-Za-z]+", "\\d+", "\\w+", "^a",
        "a$", "(?i)abc", "\\bab", "[[:alpha:]]+", "(a)\\1", "é.*", "[é]", "a\\*b", "[%_]+", "j(o|oh)n?", ".*",
        "(sku)-?[0-9]*", "a|", "c:\\\\dir", "[\\w]", "\\Qa.b\\E",
    ]

    private mutating func matches() -> String {
        let field = random.pick(Self.stringFields)
        let options = random.pick(["", "", "", "[c]", "[n]", "[d]"])
        let pattern = random.pick(Self.patterns)
        if random.chance(0.3) {
            arguments.append(.string(pattern))
            return "\(field) MATCHES\(options) %@"
        }
        return "\(field) MATCHES\(options) \(Self.literal(pattern))"
    }

    private mutating func dateComparison() -> String {
        let op = random.pick(Self.numericOperators)
        if random.chance(0.2) { return "ANY items.added \(op) \(dateConstant())" }
        if random.chance(0.1) { return "created \(op) created" }
        return random.chance(0.15) ? "\(dateConstant()) \(op) created" : "created \(op) \(dateConstant())"
    }

    private mutating func inList() -> String {
        let count = random.int(0...4)
        switch random.int(0...3) {
        case 0:
            let field = random.pick(Self.stringFields)
            return "\(field) IN {\((0..<count).map { _ in stringConstant() }.joined(separator: ", "))}"
        case 1:
            let values = (0..<count).map { _ in random.chance(0.15) ? "nil" : numberConstant() }
            return "\(numericField()) IN {\(values.joined(separator: ", "))}"
        case 2:
            return "created IN {\((0..<count).map { _ in dateConstant() }.joined(separator: ", "))}"
        default:
            arguments.append(.array((0..<count).map { _ in .int(random.pick(Pools.integers)) }))
            return "\(random.pick(Self.integerFields)) IN %@"
        }
    }

    private mutating func between() -> String {
        switch random.int(0...3) {
        case 0: return "\(numericField()) BETWEEN {\(numberConstant()), \(numberConstant())}"
        case 1: return "\(random.pick(Self.stringFields)) BETWEEN {\(stringConstant()), \(stringConstant())}"
        case 2: return "created BETWEEN {\(dateConstant()), \(dateConstant())}"
        default: return "ANY scores BETWEEN {\(numberConstant()), \(numberConstant())}"
        }
    }

    private mutating func quantified() -> String {
        let modifier = random.pick(["ANY", "ALL", "NONE", "SOME"])
        switch random.int(0...5) {
        case 0...1:
            let collection = random.pick(["tags", "labels", "address.lines", "items.sku"])
            if random.chance(0.3) {
                let op = random.pick(["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE"]) + random.pick(Self.stringOptions)
                return "\(modifier) \(collection) \(op) \(stringConstant(ascii: true))"
            }
            if random.chance(0.15) { return "\(modifier) \(collection) == nil" }
            if random.chance(0.15) {
                return "\(modifier) \(collection) IN {\(stringConstant()), \(stringConstant())}"
            }
            let op = random.pick(Self.numericOperators) + random.pick(Self.stringOptions)
            return "\(modifier) \(collection) \(op) \(stringConstant(ascii: random.chance(0.7)))"
        case 2...3:
            let collection = random.pick(["scores", "items.qty"])
            if random.chance(0.15) { return "\(modifier) \(collection) IN {\(numberConstant()), \(numberConstant())}" }
            return "\(modifier) \(collection) \(random.pick(Self.numericOperators)) \(numberConstant())"
        case 4:
            let collection = random.pick(["ratios", "dims", "items.price"])
            return "\(modifier) \(collection) \(random.pick(Self.numericOperators)) \(numberConstant())"
        default:
            let field = random.pick(["age", "order"])
            return "\(modifier) scores \(random.pick(Self.numericOperators)) \(field)"
        }
    }

    private mutating func membership() -> String {
        switch random.int(0...5) {
        case 0: return "\(stringConstant()) IN \(random.pick(["tags", "labels", "items.sku", "address.lines"]))"
        case 1: return "\(random.pick(["tags", "labels"])) CONTAINS \(stringConstant())"
        case 2: return "\(numberConstant()) IN \(random.pick(["scores", "items.qty", "ratios"]))"
        case 3: return "\(random.pick(["name", "select", "code"])) IN \(random.pick(["tags", "labels"]))"
        case 4: return "\(random.pick(["age", "order"])) IN scores"
        default: return "scores CONTAINS \(random.pick(["age", "order", "id"]))"
        }
    }

    private mutating func aggregate() -> String {
        let expression = random.pick([
            "tags.@count", "items.@count", "scores.@count", "labels.@count", "address.lines.@count", "ratios.@count",
            "items.@sum.qty", "items.@avg.qty", "scores.@sum.#self", "scores.@avg.#self", "scores.@max.#self",
            "scores.@min.#self", "items.@max.price", "items.@min.price", "ratios.@max.#self", "dims.@min.#self",
            "items.@min.sku", "items.@max.sku", "tags.@max.#self", "items.@max.added", "items.@min.qty",
            "ratios.@sum.#self", "items.sku.@count",
        ])
        let op = random.pick(Self.numericOperators)
        if expression.hasSuffix("sku") || expression == "tags.@max.#self" {
            return "\(expression) \(op) \(stringConstant(ascii: random.chance(0.7)))"
        }
        if expression.hasSuffix("added") { return "\(expression) \(op) \(dateConstant())" }
        return "\(expression) \(op) \(numberConstant())"
    }

    private mutating func subquery() -> String {
        let op = random.pick(Self.numericOperators)
        let count = random.pick(["0", "1", "2", "3"])
        if random.chance(0.25) {
            let inner = random.pick(["BEGINSWITH", "==", "<", "CONTAINS[c]", "LIKE"])
            return "SUBQUERY(tags, $t, $t \(inner) \(stringConstant(ascii: true))).@count \(op) \(count)"
        }
        return "SUBQUERY(items, $i, \(itemPredicate(depth: random.int(0...2)))).@count \(op) \(count)"
    }

    private mutating func itemPredicate(depth: Int) -> String {
        if depth > 0 && random.chance(0.5) {
            let connective = random.pick([" AND ", " OR "])
            return "(" + itemPredicate(depth: depth - 1) + connective + itemPredicate(depth: depth - 1) + ")"
        }
        switch random.int(0...6) {
        case 0: return "$i.qty \(random.pick(Self.numericOperators)) \(numberConstant())"
        case 1: return "$i.price \(random.pick(Self.numericOperators)) \(numberConstant())"
        case 2:
            let op = random.pick(["==", "BEGINSWITH", "<", "CONTAINS"]) + random.pick(Self.stringOptions)
            return "$i.sku \(op) \(stringConstant(ascii: random.chance(0.7)))"
        case 3: return "ANY $i.labels == \(stringConstant())"
        case 4: return "$i.qty \(random.pick(Self.numericOperators)) age"
        case 5: return "$i.added \(random.pick(Self.numericOperators)) \(dateConstant())"
        default: return "$i.\(random.pick(["qty", "price", "labels", "added"])) == nil"
        }
    }

    private mutating func columns() -> String {
        let op = random.pick(Self.numericOperators)
        switch random.int(0...5) {
        case 0: return "age \(op) order"
        case 1: return "name \(op)\(random.pick(Self.stringOptions)) select"
        case 2: return "score \(op) \(random.pick(["age", "address.geo.lat", "order"]))"
        case 3: return "address.zip \(op) age"
        case 4: return "flag \(op) \(random.pick(["order", "flag"]))"
        default: return "code \(op) \(random.pick(["value", "name"]))"
        }
    }

    private mutating func arithmetic() -> String {
        let expression = random.pick([
            "age + \(numberConstant())", "age - \(numberConstant())", "age * \(numberConstant())",
            "age / \(numberConstant())", "-age", "\(numberConstant()) - age", "\(numberConstant()) / age",
            "score * \(numberConstant())", "score + age", "age - order", "age * order", "age / order",
            "score / \(numberConstant())", "-score", "address.zip + 1", "items.@count * 2",
        ])
        return "\(expression) \(random.pick(Self.numericOperators)) \(numberConstant())"
    }

    private mutating func withVariable() -> String {
        switch random.int(0...2) {
        case 0:
            variables["limit"] = .int(random.pick(Pools.integers))
            return "age \(random.pick(Self.numericOperators)) $limit"
        case 1:
            variables["since"] = .date(Pools.date(random.pick(Pools.dateTexts)))
            return "created \(random.pick(Self.numericOperators)) $since"
        default:
            variables["word"] = .string(random.pick(Pools.words))
            return "name \(random.pick(["BEGINSWITH", "==", "CONTAINS[c]"])) $word"
        }
    }

    private mutating func untranslatable() -> String {
        random.pick([
            "uppercase(name) == \"ABC\"", "tags[0] == \"a\"", "TERNARY(flag == YES, age, order) > 3", "age ** 2 > 4",
            "FUNCTION(name, 'length') > 2", "name.length > 3", "ANY tags ==[c] \"é\"", "name < \"École\"",
            "ratios.@sum.#self > 1", "items[SIZE] > 1", "SUBQUERY(items, $i, $i.qty > 1)[SIZE] > 0",
            "(labels UNION tags).@count > 2", "$undefined == 1",
        ])
    }
}
