// Tracer: the per-instruction hook behind `predc eval --trace`. The dispatch loop is generic over a
// TraceSink; the untraced path uses NoTrace, whose `isEnabled` is false, so it compiles to nothing.

/// One executed instruction, as a tracer sees it just before the instruction runs.
public struct TraceEvent: Sendable {
    /// The instruction's offset.
    public var offset: Int
    /// The instruction.
    public var instruction: Instruction
    /// The instruction's listing line (as in ``Program/disassembly(source:title:)``, without location).
    public var listing: String
    /// The operand stack, bottom first.
    public var stack: [Value]
    /// The predicate flag register.
    public var flag: Bool

    /// `[ a ][ b ]  flag=…` followed by the listing line, clox style.
    public var description: String {
        let stackText = stack.map { "[ \($0.predicateDescription) ]" }.joined()
        return "          \(stackText)  flag=\(flag)\n\(listing)"
    }
}

/// Receives trace events from the dispatch loop.
protocol TraceSink {
    /// Whether the loop should call ``record(_:offset:frame:flag:)`` at all.
    static var isEnabled: Bool { get }
    mutating func record(_ program: Program.Storage, offset: Int, frame: borrowing Frame, flag: Bool)
}

/// The untraced configuration.
struct NoTrace: TraceSink {
    /// A stored byte, so the type is not empty: ThreadSanitizer reports an `inout` of an empty struct
    /// passed through a generic parameter as a race on its metadata (swiftlang/swift#61073).
    private var unused: UInt8 = 0
    static var isEnabled: Bool { false }
    func record(_ program: Program.Storage, offset: Int, frame: borrowing Frame, flag: Bool) {}
}

/// Forwards each event to a closure.
struct ClosureTrace: TraceSink {
    let source: SourceText?
    let handler: (TraceEvent) -> Void
    static var isEnabled: Bool { true }

    func record(_ program: Program.Storage, offset: Int, frame: borrowing Frame, flag: Bool) {
        let listing = Program(storage: program).disassembleInstruction(at: offset, source: source, previousLine: nil).text
        handler(TraceEvent(offset: offset, instruction: program.instructions[offset], listing: listing,
                           stack: frame.stackContents, flag: flag))
    }
}
