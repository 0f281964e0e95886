// RegexBacktracker+Text: the instructions that consume several code points: exact literal runs,
// case-insensitive runs (ICU's STRING_I: the input's full case folding must spell the folded run and end on
// a code point boundary) and back references, exact or case-insensitive.

extension RegexBacktracker {
    /// Consumes `literal` exactly, within the active region.
    mutating func consumeLiteral(_ literal: [UInt32]) -> Bool {
        guard limit - position >= literal.count else { return false }
        for (offset, value) in literal.enumerated() where subject[position + offset].value != value { return false }
        position += literal.count
        steps += literal.count
        return true
    }

    /// Consumes text whose full case folding is `folded`.
    mutating func consumeFolded(_ folded: [UInt32]) -> Bool {
        var index = 0
        var next = position
        while index < folded.count {
            guard next < limit else { return false }
            let folding = RegexCaseFolding.fullFold(subject[next].value)
            next += 1
            for part in 0..<folding.count {
                // A folding that runs past the end of the run would stop inside one input code point.
                guard index < folded.count, folding[part] == folded[index] else { return false }
                index += 1
            }
        }
        steps += folded.count
        position = next
        return true
    }

    /// Consumes what group `group` captured; fails when the group has not taken part in the match.
    mutating func consumeBackreference(_ group: Int, caseInsensitive: Bool) -> Bool {
        let start = registers[3 * (group - 1)]
        let end = registers[3 * (group - 1) + 1]
        guard start >= 0, end >= start else { return false }
        steps += end - start
        guard caseInsensitive else {
            guard limit - position >= end - start else { return false }
            for offset in 0..<(end - start) where subject[start + offset] != subject[position + offset] {
                return false
            }
            position += end - start
            return true
        }
        var captured: [UInt32] = []
        for index in start..<end {
            let folding = RegexCaseFolding.fullFold(subject[index].value)
            for part in 0..<folding.count { captured.append(folding[part]) }
        }
        return consumeFolded(captured)
    }
}
