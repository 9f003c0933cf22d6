/// Where a gesture stands in the competition for the current touch sequence.
public enum Decision: Equatable, Sendable {
    /// Still watching; it may yet accept or reject.
    case undecided
    /// It recognized what it waits for (a tap completed, a drag crossed its threshold…).
    case accepted
    /// It can no longer recognize anything in this touch sequence.
    case rejected
}

// A struct rather than an enum with the frame as a payload: a recognizer reading the payload of
// a borrowed enum copied the whole `TouchInput` out of it, at every recognizer on every frame,
// which cost a quarter of the engine's time; a stored field is read in place.
/// One thing that happens to a gesture: the single entry point every composite implements once.
public struct GestureStep: Sendable {
    /// What kind of step it is.
    public enum Kind: Equatable, Sendable {
        /// A frame, in `input`. Deadlines at or before its time have already been stepped to.
        case frame
        /// Time has reached `time`: any deadline at or before it is handled.
        case time
        /// Ends an in-flight gesture successfully at `time` (a `Sequenced` successor took over).
        /// When `carriesFrame`, `input` is the frame the successor took over on: the gesture takes
        /// its positions into its final value but does not judge it (a flick that carries the drag
        /// away ends the long-press; it does not cancel it).
        case finish
        /// Ends an in-flight gesture with `cancelled` at `time`, then returns to the initial state.
        case cancel
    }

    /// What kind of step it is.
    public let kind: Kind
    /// The frame for `.frame` (and for a `.finish` that `carriesFrame`); for the other kinds an
    /// input without contacts at `time`.
    public let input: TouchInput
    /// `input` is a frame: every `.frame`, and a `.finish` on the frame a successor took over on.
    public let carriesFrame: Bool
    /// A `Sequenced` successor is watching this frame: moving on is handing over to it, so a
    /// gesture that movement would cancel (a long-press) ends instead.
    public let successorIsWatching: Bool

    /// When the step happens: the frame's time, or the time reached.
    public var time: Instant { input.time }
    /// True for a `.cancel`.
    public var isCancel: Bool { kind == .cancel }

    /// The frame `input`.
    public static func frame(_ input: TouchInput) -> GestureStep {
        GestureStep(kind: .frame, input: input, carriesFrame: true, successorIsWatching: false)
    }
    /// The frame `input`, watched by a successor (see `successorIsWatching`).
    public static func frame(_ input: TouchInput, watchedBySuccessor: Bool) -> GestureStep {
        GestureStep(kind: .frame, input: input, carriesFrame: true, successorIsWatching: watchedBySuccessor)
    }
    /// Time has reached `time`.
    public static func time(_ time: Instant) -> GestureStep { GestureStep(.time, at: time) }
    /// Ends an in-flight gesture successfully at `time`.
    public static func finish(_ time: Instant) -> GestureStep { GestureStep(.finish, at: time) }
    /// Ends an in-flight gesture successfully on `input`, the frame its successor took over on.
    public static func finish(on input: TouchInput) -> GestureStep {
        GestureStep(kind: .finish, input: input, carriesFrame: true, successorIsWatching: false)
    }
    /// Ends an in-flight gesture with `cancelled` at `time`.
    public static func cancel(_ time: Instant) -> GestureStep { GestureStep(.cancel, at: time) }

    private init(kind: Kind, input: TouchInput, carriesFrame: Bool, successorIsWatching: Bool) {
        self.kind = kind
        self.input = input
        self.carriesFrame = carriesFrame
        self.successorIsWatching = successorIsWatching
    }

    /// Steps without a frame are rare (a deadline, a hand-over, a sequence's end): building an
    /// empty input for them costs less than copying a frame's at every recognizer.
    private init(_ kind: Kind, at time: Instant) {
        self.init(kind: kind, input: TouchInput(withoutContactsAt: time), carriesFrame: false,
                  successorIsWatching: false)
    }
}

/// A gesture: a value that consumes steps and writes events.
///
/// Gestures never act on each other. They report their `decision`; the arena and the composites
/// act on it. A gesture writes events only once it has accepted.
///
/// Writing is not publishing. What a member writes may still be withheld (`Exclusive` holding a
/// single tap for the double tap's window) or withdrawn (an `Arena` tie's loser). Only once a step
/// is over and the engine has stamped what survived does it call `didPublish()`, which every
/// composite passes on to the members whose events were published, and only to them: that is
/// when `onChanged`, `onEnded` and `updating` act, so they never see an event nobody published.
public protocol Gesture<Value> {
    /// What the gesture reports to `onChanged`, `onEnded`, `updating` and `map`.
    associatedtype Value

    /// The current value once accepted (the final one after it ended), else nil.
    var value: Value? { get }
    /// The earliest time at which the gesture wants a `.time` step, if it waits for one; nil once
    /// it rejected (an arena asks every member without asking which rejected).
    var deadline: Instant? { get }
    /// Where the gesture stands in the competition for the touch sequence.
    var decision: Decision { get }
    /// True once the gesture published its last event (`ended` or `cancelled`) for this sequence.
    var isFinished: Bool { get }
    /// At most how many `began`, `ended` and `cancelled` events it writes in one touch sequence
    /// (a tap's `ended` counts too). A composite that holds a member's events makes room for this
    /// many, so it never has to drop one.
    var milestoneLimit: Int { get }

    /// Consumes one step, writing the events it causes to `events` (they are not yet published)
    /// and the decisions it takes to `explaining`'s log, if it has one. A composite passes
    /// `explaining` on to its members as it is.
    mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                      explaining: E)
    /// What the events the last `step` wrote (those of `events` from `start` on) mean for this
    /// gesture as a whole, which is what its modifiers act on. For a recognizer, their phases;
    /// a composite may say otherwise: a sequence's first member ending is the sequence changing,
    /// and only its second member's end is the sequence's (SwiftUI's `SequenceGesture`).
    func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet
    /// Returns to the initial state without a word: for losers, whose events were never published.
    mutating func reset()
    /// What the gesture wrote since the last call was published (see above).
    mutating func didPublish()
}

extension Gesture {
    /// Consumes one step, its decisions not explained.
    @inline(__always)
    public mutating func step(_ step: borrowing GestureStep, into events: inout GestureEventBuffer) {
        self.step(step, into: &events, explaining: NotExplaining())
    }

    /// The phases of the events themselves: right for every gesture that does not stand for
    /// members with lives of their own.
    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        PhaseSet(events, from: start)
    }

    /// `phases(of:from:)` for a step that may have written nothing, as most steps of most members
    /// do: then there is nothing to ask, and a composite asks its members at every step.
    @inline(__always)
    func phasesWritten(_ events: borrowing GestureEventBuffer, since start: Int) -> PhaseSet {
        events.count > start ? phases(of: events, from: start) : []
    }
}
