// SQLOperand: what an expression of a predicate becomes in SQL. A scalar (a column, a value read from
// JSON, an aggregate, arithmetic) carries its kind, how its nil shows (a SQL condition) and whether a SQL
// NULL may also mean "unknown here"; a collection is a JSON array with the key path applied to each
// element; a JSON value (an object, a dictionary) only answers nil tests; constants stay Values until they
// are bound as parameters.

/// A scalar value in SQL.
struct SQLScalar {
    /// The kinds of scalar the translator compares.
    enum Kind: Equatable {
        case integer, double, boolean, string, date
    }

    /// Whether a zero read from the database can be `-0.0`, which NSPredicate orders below `0`.
    enum NegativeZero: Equatable {
        /// Never (SQLite REAL columns and PostgreSQL `jsonb` numbers cannot hold one).
        case absent
        /// Possibly, and `atan2(x, -1) < 0` tells it from `0.0`.
        case detectable
        /// Possibly, and SQL may hand back either zero (a `min` over `0.0` and `-0.0`).
        case unreliable
    }

    /// The SQL expression. It is NULL where the value is nil and, when ``mayBeUnknown``, also where SQL
    /// cannot compute it the way the VM does.
    var sql: String
    var kind: Kind
    /// A two-valued SQL test, true exactly where the VM's value is nil; nil when it never is.
    var nilCondition: String?
    /// Whether ``sql`` may be NULL where the value is not nil (the row is then checked in process).
    var mayBeUnknown: Bool = false
    var negativeZero: NegativeZero = .absent
    /// Whether the value may be a NaN (only PostgreSQL `double precision` holds them).
    var mayBeNaN: Bool = false
    /// Whether a NULL of ``sql`` may stand for an error of the VM (arithmetic on nil).
    var mayRaise: Bool = false

    /// A plain nullable value: NULL exactly when nil.
    static func nullable(_ sql: String, _ kind: Kind, isOptional: Bool) -> SQLScalar {
        SQLScalar(sql: sql, kind: kind, nilCondition: isOptional ? "\(sql) IS NULL" : nil)
    }

    /// Whether `sql IS NULL` is exactly the nil test (no unknowns, and a nil shows as NULL).
    var nullIsNil: Bool { !mayBeUnknown }
}

/// A JSON value in SQL: SQLite JSON text, PostgreSQL `jsonb`.
struct SQLJSONValue {
    /// The SQL expression; in SQLite NULL when nil, in PostgreSQL NULL or the JSON `null`.
    var sql: String
    /// A two-valued SQL test, true exactly where the value is nil; nil when it never is.
    var nilCondition: String?
    /// Whether the expression can be the JSON `null` rather than SQL NULL (PostgreSQL, below the
    /// top level), so functions that fail on it need a guard.
    var mayBeJSONNull: Bool
}

/// A collection (an array or a set stored as a JSON array) and the key path applied to its elements.
struct SQLCollection {
    var json: SQLJSONValue
    /// The schema type of an element before ``mapping``.
    var elementType: SchemaType
    /// Keys applied to each element (`items.sku` maps `sku` over `items`).
    var mapping: [String]
    /// Whether the collection is a set: a key path over a set drops the elements that answer nil.
    var isSet: Bool
    /// Where the key path began, for diagnostics.
    var range: SourceRange

    /// The type of a mapped element.
    var mappedType: SchemaType? {
        var type = elementType
        for key in mapping {
            guard case .object(let object) = type.nonOptional, let field = object.field(named: key) else { return nil }
            type = type.isOptional ? field.type.optional : field.type
        }
        return type
    }
}

/// What an expression of the predicate translates to.
enum SQLTerm {
    /// A constant (a literal, a format argument, a bound `$variable`), bound as a parameter when used.
    case constant(Value)
    case scalar(SQLScalar)
    case collection(SQLCollection)
    /// An object, a dictionary or a value the schema types `any`: only its nil tests translate.
    case json(SQLJSONValue)
}
