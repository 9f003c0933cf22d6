import TactileCore

/// An `Engine` that checks, after every step, the promises DESIGN.md makes about its output and
/// traps on the first one broken:
/// - every `began` is followed by exactly one `ended` or `cancelled` of its kind, `changed` comes
///   only in between, and a touch sequence ends with nothing in flight (a tap is one `ended`);
/// - event times and sequence numbers never decrease;
/// - after `advance(to:)` no deadline at or before that time is pending, and after any step no
///   deadline is earlier than the engine's own time;
/// - after `reset` and `endOfInput` nothing is in flight, no deadline is pending, the gesture is
///   back in its initial state and so is the `GestureState` it updates;
/// - with a `PublicationLog`, its modifiers acted only on published events (see there).
struct CheckedEngine {
    private(set) var engine: Engine<AnyGesture<Void>>
    /// Written by the gesture while it is in flight; must hold its initial value after a reset.
    private let state: GestureState<Double>?
    /// What the gesture's instrumented modifiers acted on, if it has any.
    private let log: PublicationLog?
    private var events = GestureEventBuffer()
    /// Gestures of each kind that began and have not yet ended, in `sequence`.
    private var inFlight: [GestureKind: Int] = [:]
    private var sequence: UInt64
    private var lastEventTime: Instant?
    private var lastNow: Instant

    init(_ gesture: AnyGesture<Void>, state: GestureState<Double>? = nil, log: PublicationLog? = nil) {
        engine = Engine(gesture)
        self.state = state
        self.log = log
        sequence = engine.sequence
        lastNow = engine.now
    }

    var now: Instant { engine.now }

    mutating func process(_ frame: TouchFrame) {
        engine.process(frame, into: &events)
        check("process(\(frame.time), \(frame.count) contacts, \(frame.fingerCount) fingers)")
    }

    mutating func advance(to time: Instant) {
        engine.advance(to: time, into: &events)
        check("advance(to: \(time))")
        if let deadline = engine.nextDeadline {
            invariant(deadline > time, "advance(to: \(time)) left the deadline \(deadline) pending")
        }
    }

    /// What a live event loop does when its timer fires: advance exactly to the deadline.
    mutating func advanceToNextDeadline() {
        guard let deadline = engine.nextDeadline else { return }
        advance(to: deadline)
    }

    mutating func reset(at time: Instant) {
        engine.reset(at: time, into: &events)
        check("reset(at: \(time))")
        checkInitialState(after: "reset(at: \(time))")
    }

    mutating func endOfInput() {
        engine.endOfInput(into: &events)
        check("endOfInput()")
        checkInitialState(after: "endOfInput()")
    }

    /// `step` names the step in a violation's message; built only then, as steps run by the million.
    private mutating func check(_ step: @autoclosure () -> String) {
        for index in 0..<events.count { check(events[index], in: step) }
        log?.check(published: events, in: step)
        events.removeAll()
        invariant(engine.now >= lastNow, "\(step()): the engine's time went from \(lastNow) back to \(engine.now)")
        lastNow = engine.now
        if let deadline = engine.nextDeadline {
            invariant(deadline > engine.now, "\(step()): deadline \(deadline) is not after the engine's time \(engine.now)")
        }
        if engine.sequence != sequence {
            invariant(engine.sequence > sequence, "\(step()): sequence went from \(sequence) back to \(engine.sequence)")
            closeSequence(step())
            sequence = engine.sequence
        }
    }

    private mutating func check(_ event: GestureEvent, in step: () -> String) {
        func what() -> String { "\(step()): \(event.kind.rawValue) \(event.phase.rawValue) #\(event.sequence) at \(event.time)" }
        if let lastEventTime { invariant(event.time >= lastEventTime, "\(what()) after an event at \(lastEventTime)") }
        lastEventTime = event.time
        invariant(event.sequence >= sequence, "\(what()) while sequence \(sequence) is current")
        if event.sequence > sequence {
            closeSequence(what())
            sequence = event.sequence
        }
        let open = inFlight[event.kind, default: 0]
        switch (event.kind, event.phase) {
        case (.tap, .ended):
            break
        case (.tap, _):
            invariant(false, "\(what()): a tap is a single ended")
        case (_, .began):
            inFlight[event.kind] = open + 1
        case (_, .changed):
            invariant(open > 0, "\(what()) with no \(event.kind.rawValue) in flight")
        case (_, .ended), (_, .cancelled):
            invariant(open > 0, "\(what()) with no \(event.kind.rawValue) in flight")
            inFlight[event.kind] = open - 1
        }
    }

    /// A sequence is over: everything that began in it must have ended.
    private mutating func closeSequence(_ step: @autoclosure () -> String) {
        invariant(nothingInFlight, "\(step()): sequence \(sequence) ended with \(openGestures) still in flight")
        inFlight.removeAll(keepingCapacity: true)
    }

    private func checkInitialState(after step: @autoclosure () -> String) {
        invariant(nothingInFlight, "\(step()) left \(openGestures) in flight")
        invariant(engine.nextDeadline == nil, "\(step()) left the deadline \(engine.nextDeadline!) pending")
        invariant(engine.root.decision == .undecided && !engine.root.isFinished,
                  "\(step()) left the gesture \(engine.root.decision), finished: \(engine.root.isFinished)")
        if let state {
            invariant(state.wrappedValue == state.initialValue,
                      "\(step()) left the gesture state at \(state.wrappedValue), not \(state.initialValue)")
        }
        log?.checkNothingUnpublished(step)
    }

    private var nothingInFlight: Bool { inFlight.values.allSatisfy { $0 == 0 } }

    private var openGestures: [String] { inFlight.filter { $0.value > 0 }.map { "\($0.key.rawValue) ×\($0.value)" } }
}
