/// What tells drag, magnify and rotate apart: when they begin, when they end, and what they report.
/// Everything else about them — the state machine — is `ContinuousGesture`.
public protocol ContinuousMeasure {
    associatedtype Value
    var fingers: ClosedRange<Int> { get }
    /// The contacts have moved far enough, in this measure's terms, to be this gesture.
    func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool
    /// The gesture is over: drag when every finger lifted, magnify and rotate below two contacts.
    func hasEnded(_ input: TouchInput) -> Bool
    /// The frame changed what this measure reports. A frame that moved nothing (a pressure
    /// change, a repeated report) writes no `changed` event, as libinput sends no motion for it.
    func hasChanged(_ input: TouchInput) -> Bool
    /// What an event of this measure reports, in this phase.
    func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload
    func value(_ tracker: ContactTracker, fingers: Int) -> Value
}

/// A gesture that begins once a threshold is crossed, changes with every frame, and ends on lift.
public struct ContinuousGesture<Measure: ContinuousMeasure>: Gesture {
    public typealias Value = Measure.Value

    public var measure: Measure

    private enum State {
        /// No finger has touched in this sequence.
        case idle
        /// Fingers are down but have not crossed the measure's threshold.
        case pending
        /// `began` was written; every frame that moves writes `changed` until the measure ends.
        case active(fingers: Int)
        /// `ended` or `cancelled` was written.
        case finished(fingers: Int)
        /// Lifted before the threshold, or too many fingers.
        case failed
    }

    private var state = State.idle
    /// What the fingers did since touch-down; meaningful in every state but `idle` and `failed`.
    private var tracker = ContactTracker()

    public init(_ measure: Measure) { self.measure = measure }

    public var value: Value? {
        switch state {
        case .active(let fingers), .finished(let fingers):
            return measure.value(tracker, fingers: fingers)
        case .idle, .pending, .failed:
            return nil
        }
    }

    /// Continuous gestures wait for movement, never for time.
    public var deadline: Instant? { nil }

    public var decision: Decision {
        switch state {
        case .idle, .pending: return .undecided
        case .active, .finished: return .accepted
        case .failed: return .rejected
        }
    }

    public var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    public mutating func update(_ input: TouchInput, into events: inout GestureEventBuffer) {
        switch state {
        case .idle:
            guard !input.allLifted else { return }
            tracker = ContactTracker(input)
            state = .pending

        case .pending:
            tracker.update(input)
            if input.allLifted || tracker.maximumFingers > measure.fingers.upperBound {
                state = .failed
            } else if tracker.maximumFingers >= measure.fingers.lowerBound, measure.hasBegun(tracker, input) {
                emit(.began, fingers: tracker.maximumFingers, at: input.time, into: &events)
                state = .active(fingers: tracker.maximumFingers)
            }

        case .active:
            tracker.update(input)
            // Fingers that land late still belong to the gesture (a 4-finger swipe lands unevenly).
            let fingers = min(tracker.maximumFingers, measure.fingers.upperBound)
            if measure.hasEnded(input) {
                emit(.ended, fingers: fingers, at: input.time, into: &events)
                state = .finished(fingers: fingers)
            } else {
                if measure.hasChanged(input) { emit(.changed, fingers: fingers, at: input.time, into: &events) }
                state = .active(fingers: fingers)
            }

        case .finished, .failed:
            return
        }
    }

    public mutating func advance(to time: Instant, into events: inout GestureEventBuffer) {}

    public mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {
        guard case .active(let fingers) = state else { return }
        emit(.ended, fingers: fingers, at: time, into: &events)
        state = .finished(fingers: fingers)
    }

    public mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) {
        if case .active(let fingers) = state {
            emit(.cancelled, fingers: fingers, at: time, into: &events)
        }
        state = .idle
    }

    public mutating func reset() { state = .idle }

    private func emit(_ phase: GesturePhase, fingers: Int, at time: Instant, into events: inout GestureEventBuffer) {
        events.append(GestureEvent(time: time, phase: phase, fingers: fingers, location: tracker.location,
                                   payload: measure.payload(tracker, phase)))
    }
}
