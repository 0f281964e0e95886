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
    /// Whether a NULL may stand for an evaluation error of the VM (arithmetic on nil, a subject over the
    /// length limit). The VM stops at an error wherever it comes in the evaluation order, so an AND or
    /// an OR must not let a later operand decide past it: `x / 0 > 1 AND FALSE` raises in the VM.
    var mayRaise = false

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

    /// The same condition, its NULLs possibly errors of the VM.
    func raising(_ mayRaise: Bool = true) -> SQLCondition {
        guard mayRaise, case .sql = form else { return self }
        return SQLCondition(form: form, mayBeUnknown: true, mayRaise: true)
    }

    /// `NOT self`.
    var negated: SQLCondition {
        switch form {
        case .constant(let value): .constant(!value)
        case .sql(let sql):
            SQLCondition(form: .sql("NOT (" + sql + ")"), mayBeUnknown: mayBeUnknown, mayRaise: mayRaise)
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

    /// The operands in the VM's order, left to right. Kleene logic is exact for operands that do not
    /// raise; after one that may, the rest only counts where it did not:
    /// `CASE WHEN x IS NULL THEN NULL WHEN x THEN rest ELSE FALSE END` (AND). Built from the right, in a
    /// loop, so a long chain costs no recursion.
    private static func combine(_ conditions: [SQLCondition], connective: String, absorbing: Bool) -> SQLCondition {
        var tail = SQLCondition.constant(!absorbing)
        var plain: [SQLCondition] = []
        for condition in conditions.reversed() {
            switch condition.form {
            case .constant(let value):
                if value == absorbing {
                    tail = .constant(absorbing)
                    plain = []
                }
            case .sql(let sql) where !condition.mayRaise:
                plain.insert(SQLCondition(form: .sql(sql), mayBeUnknown: condition.mayBeUnknown), at: 0)
            case .sql(let sql):
                let rest = join(plain + [tail], connective: connective, absorbing: absorbing)
                plain = []
                let decided =
                    "WHEN \(sql) THEN "
                    + (absorbing ? "TRUE ELSE \(rest.textOrLiteral)" : "\(rest.textOrLiteral) ELSE FALSE")
                if case .constant(let value) = rest.form, value != absorbing {
                    tail = condition
                } else {
                    tail = SQLCondition(
                        form: .sql("CASE WHEN (\(sql)) IS NULL THEN NULL \(decided) END"), mayBeUnknown: true,
                        mayRaise: true)
                }
            }
        }
        return join(plain + [tail], connective: connective, absorbing: absorbing)
    }

    /// Kleene's AND / OR of operands none of which raises (but the last, which may be a CASE that does).
    private static func join(_ conditions: [SQLCondition], connective: String, absorbing: Bool) -> SQLCondition {
        var parts: [String] = []
        var mayBeUnknown = false
        var mayRaise = false
        for condition in conditions {
            switch condition.form {
            case .constant(let value):
                if value == absorbing { return .constant(absorbing) }
            case .sql(let sql):
                parts.append(sql)
                mayBeUnknown = mayBeUnknown || condition.mayBeUnknown
                mayRaise = mayRaise || condition.mayRaise
            }
        }
        switch parts.count {
        case 0: return .constant(!absorbing)
        case 1: return SQLCondition(form: .sql(parts[0]), mayBeUnknown: mayBeUnknown, mayRaise: mayRaise)
        default:
            return SQLCondition(
                form: .sql("(" + parts.joined(separator: " \(connective) ") + ")"), mayBeUnknown: mayBeUnknown,
                mayRaise: mayRaise)
        }
    }

    /// The SQL text, with constants as TRUE / FALSE (both dialects read them).
    private var textOrLiteral: String {
        switch form {
        case .constant(let value): value ? "TRUE" : "FALSE"
        case .sql(let sql): sql
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
        var mayRaise = otherwise?.mayRaise ?? false
        for branch in branches {
            text += " WHEN \(branch.when) THEN \(branch.then.text(dialect))"
            mayBeUnknown = mayBeUnknown || branch.then.mayBeUnknown
            mayRaise = mayRaise || branch.then.mayRaise
        }
        if let otherwise {
            text += " ELSE \(otherwise.text(dialect))"
            mayBeUnknown = mayBeUnknown || otherwise.mayBeUnknown
        }
        return SQLCondition(form: .sql(text + " END"), mayBeUnknown: mayBeUnknown, mayRaise: mayRaise)
    }
}
