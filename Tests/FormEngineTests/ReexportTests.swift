import FormEngine
import Testing

@Test("FormEngine re-exports PredicateLang's value type")
func formEngineReexportsValue() {
    let value: Value = ["a": 1]
    #expect(value.kindName == "dictionary")
}
