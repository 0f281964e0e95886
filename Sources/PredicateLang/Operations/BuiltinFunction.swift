// BuiltinFunction: the allow-list of function selectors the language accepts, as Apple's parser does
// (`_NSPredicateUtilities`). The parser checks names against it; evaluation is in
// BuiltinFunction+Evaluation.swift.

/// A built-in function, named by its Objective-C selector as NSExpression names it.
///
/// In a format string a function is written `name(arguments)`: with one argument and no trailing colon
/// the parser appends `:` (`sum(a)` is `sum:`), so the selector's colon count is its arity.
package enum BuiltinFunction: String, Sendable, CaseIterable, Hashable {
    // Aggregates over a collection
    case sum = "sum:"
    case count = "count:"
    case min = "min:"
    case max = "max:"
    case average = "average:"
    case median = "median:"
    case mode = "mode:"
    case standardDeviation = "stddev:"
    // Numeric functions of one number
    case squareRoot = "sqrt:"
    case logarithm = "log:"
    case naturalLogarithm = "ln:"
    case exponential = "exp:"
    case floor = "floor:"
    case ceiling = "ceiling:"
    case absoluteValue = "abs:"
    case truncate = "trunc:"
    case onesComplement = "onesComplement:"
    // Arithmetic and bitwise operators in function form
    case add = "add:to:"
    case subtract = "from:subtract:"
    case multiply = "multiply:by:"
    case divide = "divide:by:"
    case modulus = "modulus:by:"
    case power = "raise:toPower:"
    case bitwiseAnd = "bitwiseAnd:with:"
    case bitwiseOr = "bitwiseOr:with:"
    case bitwiseXor = "bitwiseXor:with:"
    case leftShift = "leftshift:by:"
    case rightShift = "rightshift:by:"
    // Strings
    case uppercase = "uppercase:"
    case lowercase = "lowercase:"
    case length = "length:"
    // Others
    case random = "random"
    case randomBelow = "randomn:"
    case now = "now"
    case noIndex = "noindex:"
    case objectAtIndex = "objectFrom:withIndex:"
    case cast = "castObject:toType:"
    case distanceToLocation = "distanceToLocation:fromLocation:"

    /// The function with Apple's selector `selector`, or nil when the language does not know it.
    package init?(selector: String) {
        self.init(rawValue: selector)
    }

    /// Apple's selector, such as `raise:toPower:`.
    package var selector: String { rawValue }

    /// The number of arguments: the number of colons in the selector.
    package var arity: Int { rawValue.reduce(0) { $1 == ":" ? $0 + 1 : $0 } }
}
