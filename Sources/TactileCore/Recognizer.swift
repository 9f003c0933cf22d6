/// A gesture that recognizes touches itself (tap, long-press, drag, magnify, rotate), as opposed
/// to a composite or modifier of others: it handles each kind of step in its own method.
///
/// A recognizer has no callbacks, so there is nothing for it to do when its events are published;
/// it begins and ends at most once per touch sequence.
public protocol Recognizer: Gesture {
    /// Consumes one frame, writing the decisions it takes to `explaining`'s log, if it has one.
    mutating func update<E: Explaining>(_ input: TouchInput, into events: inout GestureEventBuffer, explaining: E)
    /// Time has reached `time`; handles any deadline at or before it, writing the decisions it
    /// takes to `explaining`'s log, if it has one.
    mutating func advance<E: Explaining>(to time: Instant, into events: inout GestureEventBuffer, explaining: E)
    /// Ends an in-flight gesture successfully.
    mutating func finish(at time: Instant, into events: inout GestureEventBuffer)
    /// Ends an in-flight gesture successfully on the frame its successor took over on, taking the
    /// frame's positions but not judging it; by default, `finish(at:)` at the frame's time.
    mutating func finish(on input: TouchInput, into events: inout GestureEventBuffer)
    /// Ends an in-flight gesture with `cancelled`, then returns to the initial state.
    mutating func cancel(at time: Instant, into events: inout GestureEventBuffer)
}

extension Recognizer {
    public var milestoneLimit: Int { 2 }

    // The defaults are always inlined into each recognizer's conformance: called through the
    // protocol extension, a generic recognizer's witness table was looked up at run time each call.
    // The built-in recognizers' `update` is inlined into `step` too: called, it took `step.input`
    // by a copy to the stack, 122 bytes per recognizer per frame.

    /// Sends each kind of step to its method.
    @inline(__always)
    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        switch step.kind {
        case .frame: update(step.input, into: &events, explaining: explaining)
        case .time: advance(to: step.time, into: &events, explaining: explaining)
        case .finish:
            if step.carriesFrame { finish(on: step.input, into: &events) } else { finish(at: step.time, into: &events) }
        case .cancel: cancel(at: step.time, into: &events)
        }
    }

    @inline(__always)
    public mutating func didPublish() {}

    public mutating func finish(on input: TouchInput, into events: inout GestureEventBuffer) {
        finish(at: input.time, into: &events)
    }
}
