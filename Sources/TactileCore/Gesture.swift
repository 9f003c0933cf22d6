/// Where a gesture stands in the competition for the current touch sequence.
public enum Decision: Equatable, Sendable {
    /// Still watching; it may yet accept or reject.
    case undecided
    /// It recognized what it waits for (a tap completed, a drag crossed its threshold…).
    case accepted
    /// It can no longer recognize anything in this touch sequence.
    case rejected
}

/// One thing that happens to a gesture: the single entry point every composite implements once.
public enum GestureStep: Sendable {
    /// A frame (as `TouchInput`). Deadlines at or before its time have already been stepped to.
    case frame(TouchInput)
    /// Time has reached this instant: any deadline at or before it is handled.
    case time(Instant)
    /// Ends an in-flight gesture successfully at this instant (a `Sequenced` successor took over).
    case finish(Instant)
    /// Ends an in-flight gesture with `cancelled` at this instant, then returns to the initial state.
    case cancel(Instant)

    public var time: Instant {
        switch self {
        case .frame(let input): return input.time
        case .time(let time), .finish(let time), .cancel(let time): return time
        }
    }
}

/// A gesture: a value that consumes steps and writes events.
///
/// Gestures never act on each other. They report their `decision`; the arena and the composites
/// act on it (rule 4 of DESIGN.md). A gesture writes events only once it has accepted.
///
/// Writing is not publishing. What a member writes may still be withheld (`Exclusive` holding a
/// single tap for the double tap's window) or withdrawn (an `Arena` tie's loser). Only once a step
/// is over and the engine has stamped what survived does it call `didPublish()`, which every
/// composite passes on to the members whose events were published, and only to them: that is
/// when `onChanged`, `onEnded` and `updating` act, so they never see an event nobody published.
public protocol Gesture {
    /// What the gesture reports to `onChanged`, `onEnded`, `updating` and `map`.
    associatedtype Value

    /// The current value once accepted (the final one after it ended), else nil.
    var value: Value? { get }
    /// The earliest time at which the gesture wants a `.time` step, if it waits for one; nil once
    /// it rejected (an arena asks every member without asking which rejected).
    var deadline: Instant? { get }
    var decision: Decision { get }
    /// True once the gesture published its last event (`ended` or `cancelled`) for this sequence.
    var isFinished: Bool { get }
    /// At most how many `began`, `ended` and `cancelled` events it writes in one touch sequence
    /// (a tap's `ended` counts too). A composite that holds a member's events makes room for this
    /// many, so it never has to drop one.
    var milestoneLimit: Int { get }

    mutating func step(_ step: GestureStep, into events: inout GestureEventBuffer)
    /// Returns to the initial state without a word: for losers, whose events were never published.
    mutating func reset()
    /// What the gesture wrote since the last call was published (see above).
    mutating func didPublish()
}
