// EvalTrace: `predc eval --trace` — one line per step the VM runs, through its trace hook: an instruction
// of the dispatch loop, preceded by the operand stack and the predicate flag (clox's DEBUG_TRACE_EXECUTION),
// or a node of the decision graph with its two edges, for a program the VM walks as one.

import PredicateLang

/// Evaluation with a trace on an output channel.
enum EvalTrace {
    /// Evaluates `predicate`, writing each executed instruction and the stack before it to `output`.
    static func evaluate(
        _ predicate: CompiledPredicate, object: Value, variables: [String: Value], to output: OutputChannel
    ) throws(EvaluationError) -> Bool {
        output.line("== trace: \(predicate.source.text) ==")
        var instructions = 0
        var nodes = 0
        defer {
            if nodes > 0 {
                output.line("== \(nodes) decision node\(nodes == 1 ? "" : "s") walked ==")
            } else {
                output.line("== \(instructions) instruction\(instructions == 1 ? "" : "s") executed ==")
            }
        }
        return try predicate.evaluate(with: object, variables: variables) { event in
            if event.step == .instruction { instructions += 1 } else { nodes += 1 }
            output.line(event.description)
        }
    }
}
