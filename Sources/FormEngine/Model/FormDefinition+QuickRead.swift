// FormDefinition+QuickRead: a definition read straight from the JSON bytes, without a JSON tree, for the
// usual well-formed definition. Anything else (an escape in a key or a kept string, an unknown or repeated
// key, a value of the wrong kind, any JSON error) makes it decline, and the thorough reader
// (FormDefinition+JSON) reads the text from the start: every error, message and unknown-key report comes
// from that one reader. Debug builds read every definition both ways and check that they agree.

/// Reads a ``FormDefinition`` from JSON text in one pass over its bytes; nil when the text needs the
/// thorough reader (``JSONDefinitionReader``).
///
/// A tree costs a definition an allocation per object and per array, and as much again to destroy it;
/// reading the definition's fixed shape (root → sections → rows → validations) directly, keys are compared
/// in place and only the strings kept are made. What it accepts it reads exactly as the thorough reader
/// does: row values go through the same typed-JSON conversion (an array or object value, and one that is
/// not read, such as a title, through the JSON parser itself).
struct QuickDefinitionReader {
    private let text: String
    private let bytes: [UInt8]
    private var position = 0

    /// Why the quick reader stopped: the thorough reader takes over from the start.
    private struct Decline: Error {}

    private init(text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// The definition in `text`, or nil when the thorough reader must read it.
    static func definition(_ text: String) -> FormDefinition? {
        var reader = QuickDefinitionReader(text: text)
        do throws(Decline) {
            return try reader.definition()
        } catch {
            return nil
        }
    }

    // The keys of each object, in the order of the thorough reader's key enums (whose raw values index
    // them), as bytes.
    private static let rootKeys = KeyTable(JSONDefinitionReader.rootKeys)
    private static let optionKeys = KeyTable(JSONDefinitionReader.optionKeys)
    private static let sectionKeys = KeyTable(JSONDefinitionReader.sectionKeys)
    private static let rowKeys = KeyTable(JSONDefinitionReader.rowKeys)
    private static let validationKeys = KeyTable(JSONDefinitionReader.validationKeys)

    // MARK: The definition's shape

    private mutating func definition() throws(Decline) -> FormDefinition {
        // An oversized input and a byte-order mark are the thorough reader's to report or skip.
        guard bytes.count <= JSONLimits.default.maxBytes, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else {
            throw Decline()
        }
        var definition = FormDefinition()
        var object = try openObject()
        while let key = try nextKey(in: Self.rootKeys, &object) {
            switch JSONDefinitionReader.RootKey(rawValue: key) {
            case .sections: definition.sections = try array { (reader) throws(Decline) in try reader.section() }
            case .options: definition.options = try options()
            case nil: throw Decline()
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw Decline() }
        return definition
    }

    private mutating func options() throws(Decline) -> FormOptions {
        var options = FormOptions()
        var object = try openObject()
        while let key = try nextKey(in: Self.optionKeys, &object) {
            if try null() { continue }
            switch JSONDefinitionReader.OptionKey(rawValue: key) {
            case .hiddenValueInConditions:
                options.hiddenValueInConditions = try known(FormOptions.HiddenValuePolicy(rawValue: try string()))
            case .clearValueOnHide:
                options.clearValueOnHide = try known(FormOptions.ClearValuePolicy(rawValue: try string()))
            case .hiddenIncludesSection: options.hiddenIncludesSection = try bool()
            case .conditionProblems:
                options.conditionProblems = try known(FormOptions.ProblemPolicy(rawValue: try string()))
            case nil: throw Decline()
            }
        }
        return options
    }

    /// The section's parts are read first and the section made once at the end (rows appended to a section
    /// made first were copied in and destroyed).
    private mutating func section() throws(Decline) -> Section {
        var tag: String?
        var hidden: Condition?
        var disabled: Condition?
        var multivalued = false
        var rows: [Row] = []
        var object = try openObject()
        while let key = try nextKey(in: Self.sectionKeys, &object) {
            switch JSONDefinitionReader.SectionKey(rawValue: key) {
            case .tag: tag = try self.tag()
            case .hidden: hidden = try condition()
            case .disabled: disabled = try condition()
            case .multivalued: if try !null() { multivalued = try bool() }
            case .rows: if try !null() { rows = try array { (reader) throws(Decline) in try reader.row() } }
            case .title: try skipValue(enclosedBy: 3)
            case nil: throw Decline()
            }
        }
        return Section(tag, hidden: hidden, disabled: disabled, multivalued: multivalued, rows: rows)
    }

    private mutating func row() throws(Decline) -> Row {
        var tag: String?
        var value = Value.null
        var hidden: Condition?
        var disabled: Condition?
        var required: Condition?
        var validations: [ValidationRule] = []
        var object = try openObject()
        while let key = try nextKey(in: Self.rowKeys, &object) {
            switch JSONDefinitionReader.RowKey(rawValue: key) {
            case .tag: tag = try self.tag()
            case .value: value = try rowValue()
            case .hidden: hidden = try condition()
            case .disabled: disabled = try condition()
            case .required: required = try condition()
            case .validations:
                if try !null() { validations = try array { (reader) throws(Decline) in try reader.validation() } }
            case .title, .type: try skipValue(enclosedBy: 5)
            case nil: throw Decline()
            }
        }
        return Row(tag, value: value, hidden: hidden, disabled: disabled, required: required, validations: validations)
    }

    /// `{"predicate": "...", "message": "..."}`; a message that is not a string is the default one, as the
    /// thorough reader has it.
    private mutating func validation() throws(Decline) -> ValidationRule {
        var predicate: String?
        var message = "invalid value"
        var object = try openObject()
        while let key = try nextKey(in: Self.validationKeys, &object) {
            switch JSONDefinitionReader.ValidationKey(rawValue: key) {
            case .predicate: predicate = try string()
            case .message:
                if peek() == UInt8(ascii: "\"") { message = try string() } else { try skipValue(enclosedBy: 7) }
            case nil: throw Decline()
            }
        }
        guard let predicate else { throw Decline() }
        return .predicate(predicate, message: message)
    }

    /// A tag: a string, or null for none.
    private mutating func tag() throws(Decline) -> String? {
        try null() ? nil : try string()
    }

    /// A condition: a boolean, a predicate string, or null for none.
    private mutating func condition() throws(Decline) -> Condition? {
        if try null() { return nil }
        if peek() == UInt8(ascii: "\"") { return .predicate(try string()) }
        return .constant(try bool())
    }

    /// A row's value, converted as the thorough reader converts it: a scalar as typed JSON converts one
    /// (without setting up its converter), an array or object through the converter itself (`{"$date": ...}`
    /// is a date).
    private mutating func rowValue() throws(Decline) -> Value {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try bool())
        case UInt8(ascii: "n"):
            _ = try null()
            return .null
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let (node, text) = try nestedValue(enclosedBy: 5)
            do throws(JSONError) {
                return try TypedJSON.value(of: node, in: text)
            } catch {
                throw Decline()
            }
        default:
            let start = position
            let isInteger = try number()
            // An integer of at most 18 digits is within `Int64`: its value is made from the digits (making
            // the literal's string and parsing it cost ~600 instructions a number).
            if isInteger, let integer = smallInteger(start..<position) { return .int(integer) }
            let literal = String(decoding: bytes[start..<position], as: UTF8.self)
            return TypedJSON.numberValue(.number(literal, SourceRange(start, position)))
        }
    }

    /// The array or object at the cursor, parsed by the JSON parser from its own text (the cursor ends
    /// after it). Its extent is found first: brackets counted (no recursion), strings skipped past their
    /// escapes; the parser then checks everything else. `levels` is how many containers enclose the value
    /// in the definition, so that it may nest as deep as the thorough parser allows it there.
    private mutating func nestedValue(enclosedBy levels: Int) throws(Decline) -> (node: JSONNode, text: String) {
        let start = position
        var depth = 0
        var index = position
        scan: while index < bytes.count {
            let byte = bytes[index]
            index &+= 1
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth &+= 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth &-= 1
                if depth == 0 { break scan }
            case UInt8(ascii: "\""):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index &+= bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index &+= 1
            default:
                break
            }
        }
        guard depth == 0, index <= bytes.count else { throw Decline() }
        position = index
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let limits = JSONLimits(maxDepth: JSONLimits.default.maxDepth &- levels)
        do throws(JSONError) {
            return (try JSONParser.parse(text, limits: limits), text)
        } catch {
            throw Decline()
        }
    }

    private func known<T>(_ value: T?) throws(Decline) -> T {
        guard let value else { throw Decline() }
        return value
    }

    // MARK: Objects and arrays

    /// `[element, …]`, each element read by `element`.
    private mutating func array<Element>(_ element: (inout Self) throws(Decline) -> Element) throws(Decline)
        -> [Element]
    {
        var elements: [Element] = []
        try expect(UInt8(ascii: "["))
        if try !closes(UInt8(ascii: "]")) {
            repeat { elements.append(try element(&self)) } while try continues(UInt8(ascii: "]"))
        }
        return elements
    }

    /// An object being read: the known keys seen so far (a bit per key) and whether a member was read.
    private struct OpenObject {
        var seen: UInt16 = 0
        var hasMembers = false
    }

    private mutating func openObject() throws(Decline) -> OpenObject {
        try expect(UInt8(ascii: "{"))
        return OpenObject()
    }

    /// The index in `keys` of the object's next key, the cursor after its colon; nil at the object's end.
    /// An unknown or repeated key declines.
    private mutating func nextKey(in keys: borrowing KeyTable, _ object: inout OpenObject) throws(Decline) -> Int? {
        if object.hasMembers {
            guard try continues(UInt8(ascii: "}")) else { return nil }
        } else if try closes(UInt8(ascii: "}")) {
            return nil
        }
        object.hasMembers = true
        skipWhitespace()
        let range = try stringContents()
        let index = bytes.withUnsafeBufferPointer { keys.index(of: range, in: $0) }
        guard let index, index < 16 else { throw Decline() }
        let bit: UInt16 = 1 << UInt16(index)
        guard object.seen & bit == 0 else { throw Decline() }
        object.seen |= bit
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return index
    }

    /// After an element or member: true past a comma (another follows), false past `close`.
    private mutating func continues(_ close: UInt8) throws(Decline) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw Decline() }
        let byte = bytes[position]
        position &+= 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == close { return false }
        throw Decline()
    }

    /// After an opening bracket or brace: whether `close` follows at once (an empty container).
    private mutating func closes(_ close: UInt8) throws(Decline) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw Decline() }
        guard bytes[position] == close else { return false }
        position &+= 1
        return true
    }

    // MARK: Scalars

    private func peek() -> UInt8 {
        position < bytes.count ? bytes[position] : 0
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position &+= 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Decline) {
        skipWhitespace()
        guard peek() == byte else { throw Decline() }
        position &+= 1
    }

    /// A string without escapes or control characters; the cursor ends after its closing quote.
    private mutating func string() throws(Decline) -> String {
        let range = try stringContents()
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
    }

    /// The range of a string's contents (quotes excluded), which must have no escape or control character.
    private mutating func stringContents() throws(Decline) -> Range<Int> {
        guard peek() == UInt8(ascii: "\"") else { throw Decline() }
        let start = position &+ 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index &+ 1
                return start..<index
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Decline() }
            index &+= 1
        }
        throw Decline()
    }

    /// `null`: true (and read) if it is next.
    private mutating func null() throws(Decline) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try word("null")
        return true
    }

    private mutating func bool() throws(Decline) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try word("true")
            return true
        case UInt8(ascii: "f"):
            try word("false")
            return false
        default:
            throw Decline()
        }
    }

    private mutating func word(_ word: StaticString) throws(Decline) {
        let count = word.utf8CodeUnitCount
        guard count <= bytes.count &- position else { throw Decline() }
        var expected = word.utf8Start
        for _ in 0..<count {
            guard bytes[position] == expected.pointee else { throw Decline() }
            position &+= 1
            expected += 1
        }
    }

    /// Reads a JSON number (RFC 8259 syntax) whose magnitude a `Double` holds, as the thorough parser accepts
    /// it; whether it is spelled as an integer (no fraction, no exponent).
    private mutating func number() throws(Decline) -> Bool {
        let start = position
        if peek() == UInt8(ascii: "-") { position &+= 1 }
        guard isDigit(peek()) else { throw Decline() }
        if peek() == UInt8(ascii: "0") {
            position &+= 1
            if isDigit(peek()) { throw Decline() }
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position &+= 1
            guard isDigit(peek()) else { throw Decline() }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position &+= 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position &+= 1 }
            guard isDigit(peek()) else { throw Decline() }
            skipDigits()
        }
        if isInteger && position &- start <= 300 { return true }
        let literal = String(decoding: bytes[start..<position], as: UTF8.self)
        guard Double(literal).map(\.isFinite) == true else { throw Decline() }
        return isInteger
    }

    /// The value of the integer literal `bytes[range]` (an optional minus, then digits, as ``number()``
    /// read it) when it has at most 18 digits, so that it is within `Int64` and computed without overflow;
    /// nil for a longer one.
    private func smallInteger(_ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        let isNegative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
        if isNegative { index &+= 1 }
        guard range.upperBound &- index <= 18 else { return nil }
        var magnitude: Int64 = 0
        while index < range.upperBound {
            magnitude = magnitude &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
            index &+= 1
        }
        return isNegative ? 0 &- magnitude : magnitude
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while isDigit(peek()) { position &+= 1 }
    }

    /// A value that is not used (a title, a row's type, a message that is not a string), checked as JSON.
    /// `levels` is how many containers enclose it.
    private mutating func skipValue(enclosedBy levels: Int) throws(Decline) {
        switch peek() {
        case UInt8(ascii: "["), UInt8(ascii: "{"): _ = try nestedValue(enclosedBy: levels)
        case UInt8(ascii: "\""): _ = try stringContents()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): _ = try null()
        default: _ = try number()
        }
    }
}

extension QuickDefinitionReader {
    /// Whether two definitions read from JSON are the same: tags, flags, conditions (constants and
    /// predicate texts), values (identical, kind included), validation rules and options. Conditions and
    /// rules that JSON cannot express (compiled predicates, Swift functions) never compare equal.
    static func sameDefinition(_ left: FormDefinition, _ right: FormDefinition) -> Bool {
        left.options == right.options && left.sections.count == right.sections.count
            && zip(left.sections, right.sections).allSatisfy(sameSection)
    }

    private static func sameSection(_ left: Section, _ right: Section) -> Bool {
        left.tag == right.tag && left.isMultivalued == right.isMultivalued
            && sameCondition(left.hidden, right.hidden) && sameCondition(left.disabled, right.disabled)
            && left.rows.count == right.rows.count && zip(left.rows, right.rows).allSatisfy(sameRow)
    }

    private static func sameRow(_ left: Row, _ right: Row) -> Bool {
        left.tag == right.tag && left.value.isIdentical(to: right.value)
            && sameCondition(left.hidden, right.hidden) && sameCondition(left.disabled, right.disabled)
            && sameCondition(left.required, right.required) && left.validations.count == right.validations.count
            && zip(left.validations, right.validations).allSatisfy { left, right in
                guard case .predicate(let leftText) = left.check, case .predicate(let rightText) = right.check else {
                    return false
                }
                return leftText == rightText && left.message == right.message
            }
    }

    private static func sameCondition(_ left: Condition?, _ right: Condition?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (.constant(let left)?, .constant(let right)?): left == right
        case (.predicate(let left)?, .predicate(let right)?): left == right
        default: false
        }
    }
}

/// The keys an object of a definition may have, as bytes. A key read from the text is compared only with
/// the keys of its length and first and last bytes (one word compared per key, where searching the list
/// compared each key's bytes in turn); a match is then checked byte by byte.
struct KeyTable {
    /// Each key's length, first and last byte in one word, and where its bytes start in ``bytes``.
    private let entries: [(signature: UInt64, start: Int)]
    /// The keys' bytes, one after another.
    private let bytes: [UInt8]

    init(_ names: [String]) {
        var entries: [(signature: UInt64, start: Int)] = []
        var bytes: [UInt8] = []
        for name in names {
            let key = Array(name.utf8)
            entries.append((Self.signature(count: key.count, first: key.first ?? 0, last: key.last ?? 0), bytes.count))
            bytes.append(contentsOf: key)
        }
        self.entries = entries
        self.bytes = bytes
    }

    private static func signature(count: Int, first: UInt8, last: UInt8) -> UInt64 {
        UInt64(truncatingIfNeeded: count) << 16 | UInt64(first) << 8 | UInt64(last)
    }

    /// The index of the key `text[range]` spells; nil when it spells none. `range` lies within `text`.
    func index(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let first = range.isEmpty ? 0 : text[range.lowerBound]
        let last = range.isEmpty ? 0 : text[range.upperBound &- 1]
        let wanted = Self.signature(count: range.count, first: first, last: last)
        return bytes.withUnsafeBufferPointer { keys in
            for index in entries.indices where entries[index].signature == wanted {
                let start = entries[index].start
                guard start &+ range.count <= keys.count else { continue }
                var offset = 0
                while offset < range.count, keys[start &+ offset] == text[range.lowerBound &+ offset] { offset &+= 1 }
                if offset == range.count { return index }
            }
            return nil
        }
    }
}
