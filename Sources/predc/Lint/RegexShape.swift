// RegexShape: a small structural parse of an ICU-style regular expression — groups, alternation,
// quantifiers and what each piece can start with — enough to spot patterns that backtrack
// catastrophically in backtracking engines (nested quantifiers, overlapping alternatives).

/// The first character an atom can match, coarsely.
enum FirstCharacter: Hashable {
    case literal(Character)
    case digit, word, space
    /// `.`, a negated class, a class we do not analyse, or an escape we do not know.
    case any

    /// Whether the two can match the same character.
    func overlaps(_ other: FirstCharacter) -> Bool {
        switch (self, other) {
        case (.any, _), (_, .any): return true
        case (.literal(let a), .literal(let b)): return a == b
        case (.literal(let c), let set), (let set, .literal(let c)): return set.contains(c)
        case (.digit, .digit), (.word, .word), (.space, .space), (.digit, .word), (.word, .digit): return true
        default: return false
        }
    }

    private func contains(_ character: Character) -> Bool {
        switch self {
        case .digit: character.isNumber
        case .word: character.isLetter || character.isNumber || character == "_"
        case .space: character.isWhitespace
        case .any: true
        case .literal(let c): c == character
        }
    }
}

/// A parsed regular expression node.
indirect enum RegexNode {
    /// One character, class or escape.
    case atom(FirstCharacter)
    /// An anchor or another zero-width assertion.
    case empty
    /// A group of alternatives, each a sequence.
    case group([[RegexNode]])
    /// `node{min,max}`; max nil is unbounded. `possessive` quantifiers never backtrack.
    case quantified(RegexNode, min: Int, max: Int?, possessive: Bool)

    /// Whether the node repeats without bound somewhere inside (`*`, `+`, `{n,}`).
    var containsUnboundedRepetition: Bool {
        switch self {
        case .atom, .empty: false
        case .group(let alternatives): alternatives.contains { $0.contains { $0.containsUnboundedRepetition } }
        case .quantified(let node, _, let max, let possessive):
            (max == nil && !possessive) || node.containsUnboundedRepetition
        }
    }

    /// The characters the node can start with; nil when it can match the empty string first.
    var firstCharacters: Set<FirstCharacter>? {
        switch self {
        case .atom(let first): return [first]
        case .empty: return nil
        case .group(let alternatives):
            var result: Set<FirstCharacter> = []
            for sequence in alternatives {
                guard let first = RegexNode.firstCharacters(of: sequence) else { return [.any] }
                result.formUnion(first)
            }
            return result
        case .quantified(let node, let min, _, _):
            return min == 0 ? [.any] : node.firstCharacters
        }
    }

    /// The characters a sequence can start with (skipping leading zero-width nodes).
    static func firstCharacters(of sequence: [RegexNode]) -> Set<FirstCharacter>? {
        for node in sequence {
            if case .empty = node { continue }
            return node.firstCharacters
        }
        return nil
    }
}

/// Parses a pattern into ``RegexNode``s; unknown syntax degrades to `.atom(.any)`, never fails.
struct RegexShapeParser {
    private let characters: [Character]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 64

    init(_ pattern: String) { characters = Array(pattern) }

    /// The pattern's top-level alternatives.
    mutating func parse() -> [[RegexNode]] { alternatives() }

    private mutating func alternatives() -> [[RegexNode]] {
        var result: [[RegexNode]] = [sequence()]
        while index < characters.count, characters[index] == "|" {
            index += 1
            result.append(sequence())
        }
        return result
    }

    private mutating func sequence() -> [RegexNode] {
        var nodes: [RegexNode] = []
        while index < characters.count, characters[index] != "|", characters[index] != ")" {
            var node = atom()
            node = quantifier(applyingTo: node)
            nodes.append(node)
        }
        return nodes
    }

    private mutating func atom() -> RegexNode {
        let character = characters[index]
        index += 1
        switch character {
        case "(":
            if depth >= RegexShapeParser.maxDepth { return skipGroup() }
            var lookaround = false
            if index < characters.count, characters[index] == "?" {
                index += 1
                if index < characters.count, "=!<".contains(characters[index]) { lookaround = true }
                while index < characters.count, characters[index] != ":", characters[index] != ")",
                    !(lookaround && "=!".contains(characters[index]))
                {
                    index += 1
                }
                if index < characters.count, characters[index] != ")" { index += 1 }
            }
            depth += 1
            let inner = alternatives()
            depth -= 1
            if index < characters.count { index += 1 }
            return lookaround ? .empty : .group(inner)
        case "[":
            return characterClass()
        case "\\":
            return escape()
        case ".":
            return .atom(.any)
        case "^", "$":
            return .empty
        default:
            return .atom(.literal(character))
        }
    }

    private mutating func skipGroup() -> RegexNode {
        var level = 1
        while index < characters.count, level > 0 {
            if characters[index] == "(" { level += 1 }
            if characters[index] == ")" { level -= 1 }
            index += 1
        }
        return .atom(.any)
    }

    private mutating func escape() -> RegexNode {
        guard index < characters.count else { return .atom(.literal("\\")) }
        let letter = characters[index]
        index += 1
        switch letter {
        case "d": return .atom(.digit)
        case "w": return .atom(.word)
        case "s": return .atom(.space)
        case "b", "B", "A", "z", "Z", "G": return .empty
        case "n": return .atom(.literal("\n"))
        case "t": return .atom(.literal("\t"))
        default: return letter.isLetter ? .atom(.any) : .atom(.literal(letter))
        }
    }

    private mutating func characterClass() -> RegexNode {
        let start = index
        var negated = false
        if index < characters.count, characters[index] == "^" {
            negated = true
            index += 1
        }
        var members: [Character] = []
        var simple = true
        var first = true
        while index < characters.count, characters[index] != "]" || first {
            first = false
            let character = characters[index]
            index += 1
            if character == "\\" || character == "[" || (character == "-" && !members.isEmpty) { simple = false }
            if character == "\\", index < characters.count { index += 1 }
            members.append(character)
        }
        if index < characters.count { index += 1 }
        if negated || !simple || members.count != 1 || index - start > 64 {
            if !negated, simple, members.allSatisfy(\.isNumber) { return .atom(.digit) }
            return .atom(.any)
        }
        return .atom(.literal(members[0]))
    }

    private mutating func quantifier(applyingTo node: RegexNode) -> RegexNode {
        guard index < characters.count else { return node }
        var minimum = 0
        var maximum: Int?
        switch characters[index] {
        case "*": index += 1
        case "+":
            index += 1
            minimum = 1
        case "?":
            index += 1
            maximum = 1
        case "{":
            guard let bounds = braces() else { return node }
            (minimum, maximum) = bounds
        default:
            return node
        }
        var possessive = false
        if index < characters.count, characters[index] == "?" {
            index += 1
        } else if index < characters.count, characters[index] == "+" {
            index += 1
            possessive = true
        }
        return quantifier(applyingTo: .quantified(node, min: minimum, max: maximum, possessive: possessive))
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (and no input consumed) when the brace is a literal.
    private mutating func braces() -> (Int, Int?)? {
        var cursor = index + 1
        var numbers: [Int?] = [nil]
        while cursor < characters.count, characters[cursor] != "}" {
            let character = characters[cursor]
            if character == "," {
                guard numbers.count == 1 else { return nil }
                numbers.append(nil)
            } else if let digit = character.wholeNumberValue {
                let current = numbers[numbers.count - 1] ?? 0
                numbers[numbers.count - 1] = min(current * 10 + digit, 100_000)
            } else {
                return nil
            }
            cursor += 1
        }
        guard cursor < characters.count, let low = numbers[0] else { return nil }
        index = cursor + 1
        if numbers.count == 1 { return (low, low) }
        return (low, numbers[1])
    }
}
