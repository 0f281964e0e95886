// FormatArguments: the argument array of `predicateWithFormat:argumentArray:` and the lexer's
// handling of `%` specifiers. `%K` → key path, `%%` → "%", every other specifier → the argument as it
// is. Missing and surplus arguments and unexpected kinds become diagnostics.

/// The values for `%@ %K %d %f ...`, consumed left to right.
struct FormatArguments {
    let values: [Value]
    var nextIndex = 0

    init(_ values: [Value]) { self.values = values }

    /// Takes the next argument, or nil when they have run out.
    mutating func take() -> Value? {
        guard nextIndex < values.count else { return nil }
        defer { nextIndex += 1 }
        return values[nextIndex]
    }

    /// The `unused-format-argument` warning when arguments are left over.
    func unusedArgumentsWarning(at end: Int) -> Diagnostic? {
        guard nextIndex < values.count else { return nil }
        return .warning(.unusedFormatArgument(used: nextIndex, given: values.count), at: .empty(at: end))
    }
}

extension Lexer {
    /// What a conversion letter asks of its argument.
    enum Conversion {
        case object, keyPath, integer, double, string, percent
    }

    static func conversion(for letter: UInt8) -> Conversion? {
        switch letter {
        case UInt8(ascii: "@"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "p"): .object
        case UInt8(ascii: "K"): .keyPath
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "x"), UInt8(ascii: "X"):
            .integer
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            .double
        case UInt8(ascii: "s"), UInt8(ascii: "S"): .string
        case UInt8(ascii: "%"): .percent
        default: nil
        }
    }

    /// `%` [flags] [width] [.precision] [length] conversion.
    mutating func lexFormatSpecifier() -> Token {
        let start = offset
        offset += 1
        while [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#")].contains(peek()) {
            offset += 1
        }
        while Self.isDigit(peek()) { offset += 1 }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            while Self.isDigit(peek()) { offset += 1 }
        }
        while [UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L")].contains(peek()) {
            offset += 1
        }
        guard offset < bytes.count else {
            report(.expectedConversionCharacter, SourceRange(start, offset))
            return Token(kind: .invalid, range: SourceRange(start, offset))
        }
        let letterLength = decodeScalar(at: offset)?.length ?? 1
        let letter = bytes[offset]
        offset += letterLength
        let range = SourceRange(start, offset)
        let specifier = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let conversion = Lexer.conversion(for: letter) else {
            let character = String(decoding: bytes[(offset - letterLength)..<offset], as: UTF8.self)
            report(.unrecognizedConversionSpecifier(character), range)
            return Token(kind: .invalid, range: range)
        }
        if conversion == .percent {
            return token(.formatConstant, range, .value(.string("%")))
        }
        let position = arguments.nextIndex + 1
        guard let argument = arguments.take() else {
            report(.insufficientFormatArguments, range)
            return Token(kind: .invalid, range: range)
        }
        return formatToken(conversion, argument, specifier: specifier, position: position, range: range)
    }

    /// The token for one argument. `%K` makes a key path; every other conversion takes the element
    /// as it is, as `predicateWithFormat:argumentArray:` does (`%f / 2` with `[5]` is integer
    /// division). Where the element's kind is not the one the conversion names, a warning says so.
    mutating func formatToken(
        _ conversion: Conversion, _ argument: Value, specifier: String, position: Int, range: SourceRange
    ) -> Token {
        switch conversion {
        case .keyPath:
            guard case .string(let path) = argument else {
                report(.formatKeyPathNotString(kind: argument.kindName, position: position), range)
                return Token(kind: .invalid, range: range)
            }
            let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !components.contains(where: \.isEmpty) else {
                report(.formatKeyPathInvalid(path), range)
                return Token(kind: .invalid, range: range)
            }
            return token(.formatKeyPath, range, .components(components))
        case .object, .percent:
            break
        case .integer, .double, .string:
            if !Lexer.argument(argument, suits: conversion) {
                diagnostics.append(
                    .warning(
                        .formatArgumentAsIs(specifier: specifier, kind: argument.kindName, position: position),
                        at: range))
            }
        }
        return token(.formatConstant, range, .value(argument))
    }

    /// Whether `argument` is of the kind its conversion names (`%d` an integer, `%f` a double, `%s` a
    /// string).
    static func argument(_ argument: Value, suits conversion: Conversion) -> Bool {
        switch (conversion, argument) {
        case (.integer, .int), (.integer, .bool), (.double, .double), (.string, .string): true
        default: false
        }
    }
}
