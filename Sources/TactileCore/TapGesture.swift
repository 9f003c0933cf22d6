/// One or more short, still touches of the same number of fingers: a tap, a double tap, a triple tap.
///
/// Discrete: it writes a single `ended` event, carrying `count`, when the last tap lifts.
/// Compose a double tap `exclusively(before:)` a single tap so the single waits for the
/// double's window to close (Android's single-tap-confirmed).
public struct TapGesture: Recognizer {
    /// What a tap reports (SwiftUI's `TapGesture.Value` is `Void`: here it says what was tapped).
    public struct Value: Equatable, Sendable {
        /// How many taps: the gesture's `count`.
        public var count: Int
        /// How many fingers each tap had.
        public var fingers: Int
        /// Where the last tap lifted, in millimetres.
        public var location: Point
    }

    /// How many fingers each tap may have; all taps have the same count.
    public var fingers: ClosedRange<Int>
    /// Taps needed, 1–3.
    public var count: Int
    /// How long each tap may stay down.
    public var maximumDuration: Interval
    /// How far from where it landed each tap may lift.
    public var maximumMovementMillimetres: Double
    /// How far each tap may wander before it lifts.
    public var maximumExcursionMillimetres: Double
    /// The next tap must land within this time of the previous lift.
    public var window: Interval
    /// How far from the first tap, in millimetres, the next may land.
    public var slopMillimetres: Double

    private enum State {
        /// No finger has touched in this sequence.
        case idle
        /// Fingers are down for tap number `completed + 1` (`tracker` follows them); it must lift
        /// by `deadline`. `requiredFingers` is 0 for the first tap, then the first tap's finger count.
        case touching(completed: Int, requiredFingers: Int, firstLocation: Point, deadline: Instant)
        /// `completed` taps of `requiredFingers` fingers are done; the next must land by `deadline`.
        case waiting(completed: Int, requiredFingers: Int, firstLocation: Point, deadline: Instant)
        /// All taps are done and the `ended` event was written.
        case recognized(Value)
        /// This sequence is not this tap.
        case failed
    }

    private var state = State.idle
    /// What the fingers of the current tap did since they landed; meaningful while `touching`.
    private var tracker = ContactTracker()

    /// A tap of `count` taps (SwiftUI's `TapGesture(count:)`), with Tactile's tolerances.
    public init(
        count: Int = 1,
        fingers: ClosedRange<Int> = .anyFingers,
        maximumDuration: Interval = GestureDefaults.tapMaximumDuration,
        maximumMovementMillimetres: Double = GestureDefaults.tapMaximumMovementMillimetres,
        maximumExcursionMillimetres: Double = GestureDefaults.tapMaximumExcursionMillimetres,
        window: Interval = GestureDefaults.tapWindow,
        slopMillimetres: Double = GestureDefaults.tapSlopMillimetres
    ) {
        precondition((1...3).contains(count), "a tap counts 1 to 3 taps")
        self.count = count
        self.fingers = fingers
        self.maximumDuration = maximumDuration
        self.maximumMovementMillimetres = maximumMovementMillimetres
        self.maximumExcursionMillimetres = maximumExcursionMillimetres
        self.window = window
        self.slopMillimetres = slopMillimetres
    }

    public var value: Value? {
        if case .recognized(let value) = state { return value }
        return nil
    }

    @inline(__always)
    public var deadline: Instant? {
        switch state {
        case .touching(_, _, _, let deadline), .waiting(_, _, _, let deadline): return deadline
        case .idle, .recognized, .failed: return nil
        }
    }

    @inline(__always)
    public var decision: Decision {
        switch state {
        case .idle, .touching, .waiting: return .undecided
        case .recognized: return .accepted
        case .failed: return .rejected
        }
    }

    @inline(__always)
    public var isFinished: Bool {
        if case .recognized = state { return true }
        return false
    }

    @inline(__always)
    public mutating func update<E: Explaining>(_ input: TouchInput, into events: inout GestureEventBuffer,
                                               explaining: E) {
        switch state {
        case .idle:
            guard !input.allLifted else { return }
            tracker = ContactTracker(input)
            state = .touching(completed: 0, requiredFingers: 0, firstLocation: input.centroid,
                              deadline: input.time + maximumDuration)

        case .touching(let completed, let requiredFingers, let firstLocation, _):
            tracker.update(input, keeping: .excursion)
            let fingerCount = tracker.maximumFingers
            // A physical click fails the tap, as libinput's tap state machine does on a button press.
            if tracker.path.maximumDistance > maximumExcursionMillimetres || fingerCount > fingers.upperBound
                || input.isButtonPressed
                || (requiredFingers > 0 && fingerCount > requiredFingers)
            {
                state = .failed
                if let log = explaining.log { explainFailure(at: input.time, requiredFingers, log, input) }
            } else if !input.allLifted {
                return  // still touching
            } else if !fingers.contains(fingerCount) || (requiredFingers > 0 && fingerCount != requiredFingers)
                || tracker.translation.length > allowedMovement(fingers: fingerCount)
            {
                state = .failed
                if let log = explaining.log { explainFailure(at: input.time, requiredFingers, log, input) }
            } else if completed + 1 == count {
                if let log = explaining.log { explainTapped(at: input.time, log) }
                let value = Value(count: count, fingers: fingerCount, location: tracker.location)
                events.append(GestureEvent(time: input.time, phase: .ended, fingers: fingerCount,
                                           location: tracker.location, payload: .tap(count: count)))
                state = .recognized(value)
            } else {
                state = .waiting(completed: completed + 1, requiredFingers: fingerCount,
                                 firstLocation: firstLocation, deadline: input.time + window)
            }

        case .waiting(let completed, let requiredFingers, let firstLocation, _):
            guard !input.allLifted else { return }
            if (input.centroid - firstLocation).length > slopMillimetres {
                state = .failed
                if let log = explaining.log {
                    explainNextTapTooFar(at: input.time, (input.centroid - firstLocation).length, log)
                }
            } else {
                tracker = ContactTracker(input)
                state = .touching(completed: completed, requiredFingers: requiredFingers, firstLocation: firstLocation,
                                  deadline: input.time + maximumDuration)
            }

        case .recognized, .failed:
            return
        }
    }

    public mutating func advance<E: Explaining>(to time: Instant, into events: inout GestureEventBuffer,
                                                explaining: E) {
        switch state {
        case .touching(_, _, _, let deadline):
            guard time >= deadline else { return }
            state = .failed  // held too long
            if let log = explaining.log {
                log.record(time, .tap, count: count, .heldTooLong,
                           measured: (time - tracker.startTime).millisecondCount,
                           limit: maximumDuration.millisecondCount)
            }
        case .waiting(_, _, _, let deadline):
            guard time >= deadline else { return }
            state = .failed  // the next tap never came
            if let log = explaining.log {
                log.record(time, .tap, count: count, .nextTapTooLate,
                           measured: (time - tracker.time).millisecondCount, limit: window.millisecondCount)
            }
        case .idle, .recognized, .failed:
            return
        }
    }

    /// Records that the last tap lifted in time: the tap is recognized.
    private func explainTapped(at time: Instant, _ log: ExplanationLog) {
        log.record(time, .tap, count: count, .tapped, measured: (time - tracker.startTime).millisecondCount,
                   limit: maximumDuration.millisecondCount)
    }

    /// Records that the next tap landed `distance` from the first, too far.
    private func explainNextTapTooFar(at time: Instant, _ distance: Double, _ log: ExplanationLog) {
        log.record(time, .tap, count: count, .nextTapTooFar, measured: distance, limit: slopMillimetres)
    }

    /// Records why the tap being touched failed on `input`, in the order the checks above take.
    private func explainFailure(at time: Instant, _ requiredFingers: Int, _ log: ExplanationLog, _ input: TouchInput) {
        let fingerCount = tracker.maximumFingers
        if tracker.path.maximumDistance > maximumExcursionMillimetres {
            log.record(time, .tap, count: count, .wanderedTooFar, measured: tracker.path.maximumDistance,
                       limit: maximumExcursionMillimetres)
        } else if fingerCount > fingers.upperBound {
            log.record(time, .tap, count: count, .tooManyFingers, measured: Double(fingerCount),
                       limit: Double(fingers.upperBound))
        } else if input.isButtonPressed {
            log.record(time, .tap, count: count, .clicked)
        } else if requiredFingers > 0 && fingerCount != requiredFingers {
            log.record(time, .tap, count: count, .fingerCountDiffers, measured: Double(fingerCount),
                       limit: Double(requiredFingers))
        } else if !fingers.contains(fingerCount) {
            log.record(time, .tap, count: count, .tooFewFingers, measured: Double(fingerCount),
                       limit: Double(fingers.lowerBound))
        } else {
            log.record(time, .tap, count: count, .movedTooFar, measured: tracker.translation.length,
                       limit: allowedMovement(fingers: fingerCount))
        }
    }

    /// A tap is over the moment it is recognized; there is nothing to finish or cancel.
    public mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {}

    public mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) { reset() }

    public mutating func reset() { state = .idle }

    /// How far a tap of `fingers` may lift from where it landed: wider with more fingers, never
    /// as far as it may wander (which is where a drag begins).
    private func allowedMovement(fingers: Int) -> Double {
        let extra = GestureDefaults.tapMovementPerExtraFingerMillimetres * Double(max(0, fingers - 1))
        return min(maximumMovementMillimetres + extra, maximumExcursionMillimetres)
    }
}
