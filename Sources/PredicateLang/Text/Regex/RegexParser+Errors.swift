// RegexParser+Errors: the pattern errors, named by ICU's error codes so a message says which rule of ICU's
// syntax the pattern breaks, in the "Can't do regex matching, reason: (…)" form NSPredicate raises.

/// ICU's pattern error codes (UErrorCode U_REGEX_…), with a short description each.
enum RegexSyntaxError: String {
    case ruleSyntax = "U_REGEX_RULE_SYNTAX"
    case badEscapeSequence = "U_REGEX_BAD_ESCAPE_SEQUENCE"
    case propertySyntax = "U_REGEX_PROPERTY_SYNTAX"
    case unimplemented = "U_REGEX_UNIMPLEMENTED"
    case mismatchedParenthesis = "U_REGEX_MISMATCHED_PAREN"
    case numberTooBig = "U_REGEX_NUMBER_TOO_BIG"
    case badInterval = "U_REGEX_BAD_INTERVAL"
    case maxLessThanMin = "U_REGEX_MAX_LT_MIN"
    case invalidBackReference = "U_REGEX_INVALID_BACK_REF"
    case invalidFlag = "U_REGEX_INVALID_FLAG"
    case lookBehindLimit = "U_REGEX_LOOK_BEHIND_LIMIT"
    case missingCloseBracket = "U_REGEX_MISSING_CLOSE_BRACKET"
    case invalidRange = "U_REGEX_INVALID_RANGE"
    case invalidCaptureGroupName = "U_REGEX_INVALID_CAPTURE_GROUP_NAME"

    var summary: String {
        switch self {
        case .ruleSyntax: "syntax error"
        case .badEscapeSequence: "malformed escape"
        case .propertySyntax: "unknown property or character name"
        case .unimplemented: "conditional or code group"
        case .mismatchedParenthesis: "unbalanced parenthesis"
        case .numberTooBig: "number too big in interval"
        case .badInterval: "malformed interval"
        case .maxLessThanMin: "interval maximum is less than its minimum"
        case .invalidBackReference: "back reference to a group that does not exist"
        case .invalidFlag: "unknown flag"
        case .lookBehindLimit: "look-behind without a bounded length"
        case .missingCloseBracket: "missing ']'"
        case .invalidRange: "set range out of order"
        case .invalidCaptureGroupName: "bad or undefined group name"
        }
    }
}

extension RegexParser {
    static func error(_ code: RegexSyntaxError, at offset: Int) -> EvaluationError {
        EvaluationError(
            .invalidPattern, "Can't do regex matching, reason: (\(code.rawValue): \(code.summary) at offset \(offset))")
    }

    static func unsupported(_ feature: String, at offset: Int) -> EvaluationError {
        EvaluationError(
            .invalidPattern, "Can't do regex matching, reason: (not supported: \(feature) at offset \(offset))")
    }
}
