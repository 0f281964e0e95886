// The type a form gives a row's `$tag` in its schema (FormEngine's element type): its `value` and its
// `isHidden` and `isDisabled` flags, for checker tests that type form conditions without a form.

@testable import PredicateLang

/// A form row's type whose value has type `value`.
func formRowType(_ value: SchemaType) -> SchemaType {
    .object(
        SchemaObject(
            name: "row",
            fields: [
                SchemaField("value", value), SchemaField("isHidden", .boolean), SchemaField("isDisabled", .boolean),
            ]
        ))
}
