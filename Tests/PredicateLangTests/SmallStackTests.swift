import Foundation
import Testing

@testable import PredicateLang

/// The deepest inputs the value layer accepts run on a 512 KiB thread stack (what Apple platforms
/// give secondary threads) in debug builds, and deeper ones fail with an error, not a crash.
@Suite("Small stacks")
struct SmallStackTests {
    /// Runs `body` on a thread with a 512 KiB stack.
    static func onSmallStack(_ body: @escaping @Sendable () -> Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    static func nestedJSON(_ depth: Int, leaf: String = "1") -> String {
        String(repeating: "[", count: depth) + leaf + String(repeating: "]", count: depth)
    }

    @Test("a document at the JSON depth limit parses, converts, prints and serializes")
    func json() async throws {
        let text = Self.nestedJSON(JSONLimits.default.maxDepth)
        #expect(await Self.onSmallStack { (try? TypedJSON.parse(text)) != nil })
        #expect(await Self.onSmallStack { (try? JSONParser.parse(text))?.plainValue != nil })
        let value = try TypedJSON.parse(text)
        #expect(await Self.onSmallStack { value.predicateDescription.hasPrefix("{{{") })
        #expect(await Self.onSmallStack { TypedJSON.serialize(value).hasPrefix("[[[") })
        #expect(await Self.onSmallStack { value == value })
    }

    @Test("key paths map through 256 nested arrays and fail cleanly beyond")
    func keyPathMapping() async throws {
        let ok = try TypedJSON.parse(Self.nestedJSON(KeyValueCoding.maxDepth - 1, leaf: #"{"x": 1}"#))
        #expect(await Self.onSmallStack { (try? ok.value(forKeyPath: ["x"])) != nil })
        let deep = try TypedJSON.parse(Self.nestedJSON(JSONLimits.default.maxDepth - 1, leaf: #"{"x": 1}"#))
        #expect(
            await Self.onSmallStack {
                do {
                    _ = try deep.value(forKeyPath: ["x"])
                    return false
                } catch {
                    return (error as? EvaluationError)?.kind == .invalidKey
                }
            })
    }

    @Test("collection operators nest 32 deep and fail cleanly beyond")
    func operatorNesting() async throws {
        let levels = KeyValueCoding.maxDepth / KeyValueCoding.operatorDepthCost
        let value = try TypedJSON.parse(Self.nestedJSON(levels))
        let path = Array(repeating: "@sum", count: levels) + ["self"]
        #expect(await Self.onSmallStack { (try? value.value(forKeyPath: path)) == .int(1) })
        let deeper = try TypedJSON.parse(Self.nestedJSON(200))
        let longPath = Array(repeating: "@sum", count: 200) + ["self"]
        #expect(
            await Self.onSmallStack {
                do {
                    _ = try deeper.value(forKeyPath: longPath)
                    return false
                } catch {
                    return (error as? EvaluationError)?.kind == .invalidKey
                }
            })
    }
}
