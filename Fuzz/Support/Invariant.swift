/// Stops the fuzzer with `message` when `condition` is false. `fatalError` rather than
/// `precondition`, because optimized builds drop a precondition's message and the message is
/// what tells which promise broke.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
