// SQLTranslator, key paths: a key path walked through the schema to the SQL that reads it. A top-level
// field is a column; a key below an object is a JSON read; a key below an array or a set maps over its
// elements (a collection); `@count`, `@sum`, `@avg`, `@min` and `@max` turn a collection into a scalar
// (SQLTranslator+Aggregates), and `SUBQUERY(…).@count` counts the elements a predicate holds for.

extension SQLTranslator {
    /// Where a key path has got to.
    enum Location {
        /// The row itself (SELF).
        case row
        /// A column, with its schema type.
        case column(String, SchemaType)
        /// A value inside JSON.
        case json(SQLJSONPlace, SchemaType)
        case collection(SQLCollection)
    }

    /// `base.components…` in SQL.
    mutating func keyPath(
        _ base: SyntaxTree.Expression?, _ components: [SyntaxTree.KeyPathComponent], _ range: SourceRange
    ) throws(SQLRefusal) -> SQLTerm {
        switch base {
        case nil, .evaluatedObject:
            return try walk(.row, components[...], range)
        case .variable(let name, _):
            return try variable(name, components: components, range)
        case .subquery(let collection, let variable, let predicate, let subqueryRange):
            guard components.count == 1, components[0].name == "@count" else {
                throw SQLRefusal("SUBQUERY is translated only as SUBQUERY(…).@count", at: subqueryRange)
            }
            return .scalar(try subqueryCount(collection, variable, predicate, subqueryRange))
        case .some(let other):
            throw SQLRefusal("a key path on this kind of expression is not translated", at: other.range)
        }
    }

    /// Follows `components` from `start`.
    mutating func walk(
        _ start: Location, _ components: ArraySlice<SyntaxTree.KeyPathComponent>, _ range: SourceRange
    ) throws(SQLRefusal) -> SQLTerm {
        var location = start
        var index = components.startIndex
        while index < components.endIndex {
            let component = components[index]
            index += 1
            if component.name == "self" || component.name == "SELF" { continue }
            if KeyValueCoding.isOperatorKey(component.name) {
                let collection = try self.collection(location, for: component)
                return .scalar(try aggregate(collection, component, rest: components[index...], range))
            }
            location = try member(location, component)
        }
        return try finish(location, range)
    }

    /// The key `component` of the value at `location`.
    private mutating func member(
        _ location: Location, _ component: SyntaxTree.KeyPathComponent
    ) throws(SQLRefusal) -> Location {
        let key = component.name
        switch location {
        case .row:
            guard let field = schema.root.field(named: key) else {
                throw SQLRefusal("unknown key '\(key)'", at: component.range)
            }
            return .column(try column(key, at: component.range), field.type)
        case .column(let sql, let type):
            return try member(of: SQLJSONPlace(base: sql, path: [], isColumn: true), type, component)
        case .json(let place, let type):
            return try member(of: place, type, component)
        case .collection(var collection):
            guard let mapped = collection.mappedType, case .object(let object) = mapped.nonOptional,
                object.field(named: key) != nil
            else {
                throw SQLRefusal("a key of an element that is not an object is not translated", at: component.range)
            }
            try checkKey(key, component.range)
            collection.mapping.append(key)
            return .collection(collection)
        }
    }

    private mutating func member(
        of place: SQLJSONPlace, _ type: SchemaType, _ component: SyntaxTree.KeyPathComponent
    ) throws(SQLRefusal) -> Location {
        let key = component.name
        switch type.nonOptional {
        case .object(let object):
            guard let field = object.field(named: key) else {
                throw SQLRefusal("unknown key '\(key)' in \(object.name)", at: component.range)
            }
            try checkKey(key, component.range)
            return .json(place.appending(key), type.isOptional ? field.type.optional : field.type)
        case .array, .set:
            let collection = try self.collection(.json(place, type), for: component)
            return try member(.collection(collection), component)
        default:
            throw SQLRefusal("the key '\(key)' of a \(type.nonOptional) is not translated", at: component.range)
        }
    }

    /// Refuses a JSON key SQLite's paths cannot name.
    func checkKey(_ key: String, _ range: SourceRange) throws(SQLRefusal) {
        if key.unicodeScalars.contains(where: { $0 == "\0" || $0 == Self.marker }) {
            throw SQLRefusal("a JSON key with a NUL or U+FFFF is not translated", at: range)
        }
        if dialect == .sqlite && !SQLJSONPlace.isNameableKey(key) {
            throw SQLRefusal(
                "SQLite's JSON paths cannot name a key with a quote, a backslash or a control character", at: range)
        }
    }

    /// The value at `location` as a collection, for `ANY`, `IN`, an operator or a mapped key.
    mutating func collection(
        _ location: Location, for component: SyntaxTree.KeyPathComponent
    ) throws(SQLRefusal) -> SQLCollection {
        switch location {
        case .collection(let collection):
            return collection
        case .column(let sql, let type):
            return try collection(SQLJSONPlace(base: sql, path: [], isColumn: true), type, component.range)
        case .json(let place, let type):
            return try collection(place, type, component.range)
        case .row:
            throw SQLRefusal("'\(component.name)' of the row is not translated", at: component.range)
        }
    }

    private func collection(_ place: SQLJSONPlace, _ type: SchemaType, _ range: SourceRange) throws(SQLRefusal)
        -> SQLCollection
    {
        let element: SchemaType
        let isSet: Bool
        switch type.nonOptional {
        case .array(let inner): (element, isSet) = (inner, false)
        case .set(let inner): (element, isSet) = (inner, true)
        default: throw SQLRefusal("a \(type.nonOptional) is not a collection SQL can read", at: range)
        }
        let json = SQLJSONValue(
            sql: place.json(dialect), nilCondition: type.isOptional || !place.isColumn ? place.isNil(dialect) : nil,
            mayBeJSONNull: dialect == .postgres && place.mayBeJSONNull)
        return SQLCollection(json: json, elementType: element, mapping: [], isSet: isSet, range: range)
    }

    /// The term for the value a key path ended at.
    private func finish(_ location: Location, _ range: SourceRange) throws(SQLRefusal) -> SQLTerm {
        switch location {
        case .row:
            throw SQLRefusal("SELF, the whole row, has no SQL value", at: range)
        case .collection(let collection):
            return .collection(collection)
        case .column(let sql, let type):
            if let kind = Self.scalarKind(type) {
                var scalar = SQLScalar.nullable(sql, kind, isOptional: type.isOptional)
                if kind == .double && dialect == .postgres {
                    scalar.negativeZero = .detectable
                    scalar.mayBeNaN = true
                }
                return .scalar(scalar)
            }
            return try finish(.json(SQLJSONPlace(base: sql, path: [], isColumn: true), type), range)
        case .json(let place, let type):
            switch type.nonOptional {
            case .array, .set:
                return .collection(try collection(place, type, range))
            default:
                break
            }
            guard let kind = Self.scalarKind(type) else {
                return .json(
                    SQLJSONValue(
                        sql: place.json(dialect), nilCondition: place.isNil(dialect),
                        mayBeJSONNull: dialect == .postgres && place.mayBeJSONNull))
            }
            let sql = place.scalar(kind, dialect)
            var scalar = SQLScalar(sql: sql, kind: kind, nilCondition: "\(sql) IS NULL")
            // SQLite keeps a JSON `-0.0`; PostgreSQL's jsonb numbers are decimals without one.
            if kind == .double && dialect == .sqlite { scalar.negativeZero = .detectable }
            return .scalar(scalar)
        }
    }
}
