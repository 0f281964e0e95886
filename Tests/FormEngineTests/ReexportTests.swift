import Testing
import FormEngine

@Test("FormEngine re-exports PredicateLang's value type")
func formEngineReexportsValue() {
    let value: Value = ["a": 1]
    #expect(value.kindName == "dictionary")
}
