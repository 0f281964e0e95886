import Testing

@Test("the predc test target builds")
func predcTargetBuilds() {
    #expect(Bool(true))
}
