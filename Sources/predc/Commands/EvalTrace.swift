// EvalTrace: `predc eval --trace` — one line per executed instruction, preceded by the operand stack
// and the predicate flag (clox's DEBUG_TRACE_EXECUTION), through the VM's trace hook.

import PredicateLang

/// Evaluation with a trace on an output channel.
enum EvalTrace {
    /// Evaluates `predicate`, writing each executed instruction and the stack before it to `output`.
    static func evaluate(
        _ predicate: CompiledPredicate, object: Value, variables: [String: Value], to output: OutputChannel
    ) throws(EvaluationError) -> Bool {
        output.line("== trace: \(predicate.source.text) ==")
        var steps = 0
        defer { output.line("== \(steps) instruction\(steps == 1 ? "" : "s") executed ==") }
        return try predicate.evaluate(with: object, variables: variables) { event in
            steps += 1
            output.line(event.description)
        }
    }
}
