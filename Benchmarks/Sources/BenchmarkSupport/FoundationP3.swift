// Foundation's Predicate for P3, assembled from PredicateExpressions builders in separately type-checked
// pieces: a single #Predicate with P3's ten clauses fails to type-check (anchors §1.4). The builders are the
// ones the macro itself emits, so the evaluated tree is what #Predicate would have produced.
import Foundation

enum FoundationP3 {
    typealias PE = PredicateExpressions

    static let predicate = Predicate<Person> { person in
        let row = PE.build_Arg(person)
        let age = PE.build_KeyPath(root: row, keyPath: \Person.age)
        let ageRange = PE.build_Conjunction(
            lhs: PE.build_Comparison(lhs: age, rhs: PE.build_Arg(18), op: .greaterThan),
            rhs: PE.build_Comparison(lhs: age, rhs: PE.build_Arg(65), op: .lessThan))
        let country = PE.build_KeyPath(root: row, keyPath: \Person.country)
        let countries = PE.build_Disjunction(
            lhs: PE.build_Equal(lhs: country, rhs: PE.build_Arg("NZ")),
            rhs: PE.build_Equal(lhs: country, rhs: PE.build_Arg("AU")))
        let hobbies = PE.build_KeyPath(root: row, keyPath: \Person.hobbies)
        let hobby = PE.build_Disjunction(
            lhs: PE.build_contains(hobbies, PE.build_Arg("Music")),
            rhs: PE.build_contains(hobbies, PE.build_Arg("Art")))
        let score = PE.build_Comparison(
            lhs: PE.build_KeyPath(root: row, keyPath: \Person.score), rhs: PE.build_Arg(50), op: .greaterThanOrEqual)
        let notBanned = PE.build_Negation(
            PE.build_Equal(lhs: PE.build_KeyPath(root: row, keyPath: \Person.status), rhs: PE.build_Arg("banned")))
        let nameOrTags = PE.build_Disjunction(
            lhs: PE.build_starts(PE.build_KeyPath(root: row, keyPath: \Person.name), with: PE.build_Arg("A")),
            rhs: PE.build_Comparison(
                lhs: PE.build_KeyPath(root: PE.build_KeyPath(root: row, keyPath: \Person.tags), keyPath: \[String].count),
                rhs: PE.build_Arg(2), op: .greaterThan))
        let first = PE.build_Conjunction(lhs: PE.build_Conjunction(lhs: ageRange, rhs: countries), rhs: hobby)
        let second = PE.build_Conjunction(lhs: PE.build_Conjunction(lhs: first, rhs: score), rhs: notBanned)
        return PE.build_Conjunction(lhs: second, rhs: nameOrTags)
    }
}
