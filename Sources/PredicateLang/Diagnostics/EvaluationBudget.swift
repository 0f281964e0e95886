// EvaluationBudget: the work one evaluation may still do, in steps. Every instruction the VM runs charges
// it, and so does the inner work of string, pattern and collection operations, in proportion to what they
// touch; running out is an evaluation error (budget-exceeded), never a long stall.

/// The steps one evaluation may still take. One value per evaluation, passed `inout` to every operation
/// that does inner work.
package struct EvaluationBudget: Sendable {
    /// Steps still allowed; negative once the budget is spent.
    package private(set) var remaining: Int
    /// The steps the budget started with (for messages).
    package let limit: Int

    /// A budget of `limit` steps.
    package init(_ limit: Int) {
        remaining = limit
        self.limit = limit
    }

    /// Charges `steps`; throws budget-exceeded once the budget is spent.
    @inline(__always)
    package mutating func charge(_ steps: Int) throws(EvaluationError) {
        remaining &-= steps
        if remaining < 0 { throw exceeded() }
    }

    /// Charges `steps` without throwing; answers whether the budget still holds (for loops that report
    /// running out their own way).
    @inline(__always)
    package mutating func consume(_ steps: Int) -> Bool {
        remaining &-= steps
        return remaining >= 0
    }

    /// Whether the budget is spent (for callers that charge without throwing and check later).
    package var isSpent: Bool { remaining < 0 }

    /// The error a spent budget raises.
    package func exceeded() -> EvaluationError {
        EvaluationError(.budgetExceeded, "evaluation exceeded the budget of \(limit) steps")
    }
}
