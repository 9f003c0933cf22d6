/// Where a gesture stands in the competition for the current touch sequence.
public enum Decision: Equatable, Sendable {
    /// Still watching; it may yet accept or reject.
    case undecided
    /// It recognized what it waits for (a tap completed, a drag crossed its threshold…).
    case accepted
    /// It can no longer recognize anything in this touch sequence.
    case rejected
}

/// A gesture recognizer: a value that consumes frames and deadlines and writes events.
///
/// Recognizers never act on each other. They report their `decision`; the arena and the
/// composites act on it (rule 4 of DESIGN.md). A gesture emits events only once it has accepted.
public protocol Gesture {
    /// What the gesture reports to `onChanged`, `onEnded`, `updating` and `map`.
    associatedtype Value

    /// The current value once accepted (the final one after it ended), else nil.
    var value: Value? { get }
    /// The earliest time at which the gesture wants `advance(to:)`, if it waits for one.
    var deadline: Instant? { get }
    var decision: Decision { get }
    /// True once the gesture published its last event (`ended` or `cancelled`) for this sequence.
    var isFinished: Bool { get }

    /// Consumes one frame (as `TouchInput`). Deadlines at or before the frame's time have already been advanced to.
    mutating func update(_ input: TouchInput, into events: inout GestureEventBuffer)
    /// Time has reached `time`; handles any deadline at or before it.
    mutating func advance(to time: Instant, into events: inout GestureEventBuffer)
    /// Ends an in-flight gesture successfully (a `Sequenced` successor took over).
    mutating func finish(at time: Instant, into events: inout GestureEventBuffer)
    /// Ends an in-flight gesture with `cancelled`, then returns to the initial state.
    mutating func cancel(at time: Instant, into events: inout GestureEventBuffer)
    /// Returns to the initial state without a word: for losers, which published nothing.
    mutating func reset()
}
