// SQLCondition: a translated predicate or part of one. Every condition is either exact and two-valued
// (never NULL) or NULL exactly where SQL cannot decide and the row must be checked again in process
// ("unknown"). SQL's AND, OR and NOT are Kleene's three-valued logic, so exact and unknown pieces
// compose without ever turning an undecided row into a wrong answer.

/// A translated condition: a constant, or SQL text that is NULL only where the row must be rechecked.
struct SQLCondition {
    enum Form {
        case constant(Bool)
        case sql(String)
    }

    var form: Form
    /// Whether the SQL may be NULL on some row (then that row is checked again in process).
    var mayBeUnknown: Bool

    static let alwaysTrue = SQLCondition(form: .constant(true), mayBeUnknown: false)
    static let alwaysFalse = SQLCondition(form: .constant(false), mayBeUnknown: false)

    static func constant(_ value: Bool) -> SQLCondition { value ? alwaysTrue : alwaysFalse }

    /// An exact, two-valued condition.
    static func exact(_ sql: String) -> SQLCondition { SQLCondition(form: .sql(sql), mayBeUnknown: false) }

    /// A condition that is NULL on the rows SQL cannot decide.
    static func unknownable(_ sql: String) -> SQLCondition { SQLCondition(form: .sql(sql), mayBeUnknown: true) }

    /// The constant value, if the condition is one.
    var constantValue: Bool? {
        if case .constant(let value) = form { return value }
        return nil
    }

    /// The condition as SQL text in `dialect`.
    func text(_ dialect: SQLDialect) -> String {
        switch form {
        case .constant(let value): dialect.literal(value)
        case .sql(let sql): sql
        }
    }

    /// `NOT self`.
    var negated: SQLCondition {
        switch form {
        case .constant(let value): .constant(!value)
        case .sql(let sql): SQLCondition(form: .sql("NOT (" + sql + ")"), mayBeUnknown: mayBeUnknown)
        }
    }

    /// `a AND b AND …`, folding constants.
    static func all(_ conditions: [SQLCondition]) -> SQLCondition {
        combine(conditions, connective: "AND", absorbing: false)
    }

    /// `a OR b OR …`, folding constants.
    static func any(_ conditions: [SQLCondition]) -> SQLCondition {
        combine(conditions, connective: "OR", absorbing: true)
    }

    private static func combine(_ conditions: [SQLCondition], connective: String, absorbing: Bool) -> SQLCondition {
        var parts: [String] = []
        var mayBeUnknown = false
        for condition in conditions {
            switch condition.form {
            case .constant(let value):
                if value == absorbing { return .constant(absorbing) }
            case .sql(let sql):
                parts.append(sql)
                mayBeUnknown = mayBeUnknown || condition.mayBeUnknown
            }
        }
        switch parts.count {
        case 0: return .constant(!absorbing)
        case 1: return SQLCondition(form: .sql(parts[0]), mayBeUnknown: mayBeUnknown)
        default:
            return SQLCondition(
                form: .sql("(" + parts.joined(separator: " \(connective) ") + ")"), mayBeUnknown: mayBeUnknown)
        }
    }

    /// `CASE WHEN w1 THEN r1 WHEN w2 THEN r2 … [ELSE e] END`: each `when` is a two-valued SQL test; a
    /// missing `otherwise` is NULL (unknown). Branches that can never be reached are dropped.
    static func cases(
        _ branches: [(when: String, then: SQLCondition)], otherwise: SQLCondition?, dialect: SQLDialect
    ) -> SQLCondition {
        guard !branches.isEmpty else {
            return otherwise ?? SQLCondition(form: .sql("NULL"), mayBeUnknown: true)
        }
        var text = "CASE"
        var mayBeUnknown = otherwise == nil
        for branch in branches {
            text += " WHEN \(branch.when) THEN \(branch.then.text(dialect))"
            mayBeUnknown = mayBeUnknown || branch.then.mayBeUnknown
        }
        if let otherwise {
            text += " ELSE \(otherwise.text(dialect))"
            mayBeUnknown = mayBeUnknown || otherwise.mayBeUnknown
        }
        return SQLCondition(form: .sql(text + " END"), mayBeUnknown: mayBeUnknown)
    }
}
