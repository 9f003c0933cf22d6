/// Fingers held still: `began` after `minimumDuration`, then a `changed` tick every `interval`
/// while held, `ended` on lift, `cancelled` when they move more than `maximumDistance`.
public struct LongPressGesture: Recognizer {
    /// What a long-press reports (SwiftUI's `LongPressGesture.Value` is a `Bool`: here it also
    /// says how long it has been held).
    public struct Value: Equatable, Sendable {
        /// How many fingers press.
        public var fingers: Int
        /// 0 at `began`, then 1, 2, … on each tick.
        public var tick: Int
        /// Time since touch-down.
        public var elapsed: Interval
        /// Where the fingers it counts are, in millimetres.
        public var location: Point
    }

    /// How many fingers may press.
    public var fingers: ClosedRange<Int>
    /// How long the fingers stay down before it is recognized.
    public var minimumDuration: Interval
    /// How far, in millimetres, the fingers may move: before it is recognized it fails beyond
    /// this, after it is cancelled (or, when a `Sequenced` successor watches, ends).
    public var maximumDistance: Double
    /// How often it ticks while held.
    public var interval: Interval

    private enum State {
        /// No finger has touched in this sequence.
        case idle
        /// Down and still; recognized at `deadline` unless lifted or moved first.
        case pressing(deadline: Instant)
        /// `began` was written with the fingers `anchor` away from touch-down, counting those
        /// down then (`ContactTracker.location` follows them); tick `value.tick + 1` is due at
        /// `nextTick`.
        case holding(anchor: Point, value: Value, nextTick: Instant)
        /// `ended` or `cancelled` was written.
        case finished(Value)
        /// Lifted or moved before the minimum duration.
        case failed
    }

    private var state = State.idle
    /// What the fingers did since touch-down; meaningful while `pressing` or `holding`.
    private var tracker = ContactTracker()

    /// SwiftUI's initializer: `minimumDuration` in seconds, `maximumDistance` in millimetres.
    public init(
        fingers: ClosedRange<Int> = .anyFingers,
        minimumDuration: Double = GestureDefaults.longPressMinimumDuration.seconds,
        maximumDistance: Double = GestureDefaults.longPressMaximumDistanceMillimetres,
        interval: Interval = GestureDefaults.longPressInterval
    ) {
        self.init(fingers: fingers, minimumDuration: .seconds(minimumDuration), maximumDistance: maximumDistance,
                  interval: interval)
    }

    /// A long-press of `fingers` recognized after `minimumDuration`, ticking every `interval`
    /// (at least 10 ms), failing or cancelled beyond `maximumDistance` millimetres.
    public init(
        fingers: ClosedRange<Int> = .anyFingers,
        minimumDuration: Interval,
        maximumDistance: Double = GestureDefaults.longPressMaximumDistanceMillimetres,
        interval: Interval = GestureDefaults.longPressInterval
    ) {
        precondition(interval >= GestureDefaults.longPressMinimumInterval, "a long-press ticks at most every 10 ms")
        self.fingers = fingers
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.interval = interval
    }

    public var value: Value? {
        switch state {
        case .holding(_, let value, _), .finished(let value): return value
        case .idle, .pressing, .failed: return nil
        }
    }

    @inline(__always)
    public var deadline: Instant? {
        switch state {
        case .pressing(let deadline): return deadline
        case .holding(_, _, let nextTick): return nextTick
        case .idle, .finished, .failed: return nil
        }
    }

    @inline(__always)
    public var decision: Decision {
        switch state {
        case .idle, .pressing: return .undecided
        case .holding, .finished: return .accepted
        case .failed: return .rejected
        }
    }

    @inline(__always)
    public var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The recognizer's own steps, but for frames a successor watches (see `update(_:handingOver:into:)`).
    @inline(__always)
    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        switch step.kind {
        case .frame: update(step.input, handingOver: step.successorIsWatching, into: &events, explaining: explaining)
        case .time: advance(to: step.time, into: &events, explaining: explaining)
        case .finish:
            if step.carriesFrame { finish(on: step.input, into: &events) } else { finish(at: step.time, into: &events) }
        case .cancel: cancel(at: step.time, into: &events)
        }
    }

    public mutating func update<E: Explaining>(_ input: TouchInput, into events: inout GestureEventBuffer,
                                               explaining: E) {
        update(input, handingOver: false, into: &events, explaining: explaining)
    }

    /// `handingOver`: a successor watches, so moving too far ends the press rather than cancels it
    /// (the user moved on: a flick right after the press is the drag that follows it).
    @inline(__always)
    private mutating func update<E: Explaining>(_ input: TouchInput, handingOver: Bool,
                                                into events: inout GestureEventBuffer, explaining: E) {
        switch state {
        case .idle:
            guard !input.allLifted else { return }
            tracker = ContactTracker(input)
            state = .pressing(deadline: input.time + minimumDuration)

        case .pressing:
            tracker.update(input, keeping: .excursion)
            if input.allLifted || tracker.path.maximumDistance > maximumDistance
                || tracker.maximumFingers > fingers.upperBound
            {
                state = .failed
                if let log = explaining.log { explainFailure(on: input, log) }
            }

        case .holding(let anchor, var value, let nextTick):
            tracker.update(input, keeping: .positionOnly, countedFingers: true)
            value.elapsed = input.time - tracker.startTime
            value.location = tracker.location
            if input.allLifted {
                emit(.ended, value, at: input.time, into: &events)
                state = .finished(value)
            } else if (tracker.translation - anchor).length > maximumDistance {
                // Measured from where it began: the press may have crept before it was recognized.
                if let log = explaining.log {
                    explainMovedAway(at: input.time, (tracker.translation - anchor).length, log)
                }
                emit(handingOver ? .ended : .cancelled, value, at: input.time, into: &events)
                state = .finished(value)
            } else {
                state = .holding(anchor: anchor, value: value, nextTick: nextTick)
            }

        case .finished, .failed:
            return
        }
    }

    public mutating func advance<E: Explaining>(to time: Instant, into events: inout GestureEventBuffer,
                                                explaining: E) {
        switch state {
        case .pressing(let deadline):
            guard time >= deadline else { return }
            guard fingers.contains(tracker.maximumFingers) else {
                state = .failed
                if let log = explaining.log {
                    log.record(time, .longPress, .tooFewFingers, measured: Double(tracker.maximumFingers),
                               limit: Double(fingers.lowerBound))
                }
                return
            }
            if let log = explaining.log {
                log.record(deadline, .longPress, .held, measured: (deadline - tracker.startTime).millisecondCount,
                           limit: minimumDuration.millisecondCount)
            }
            let value = Value(fingers: tracker.maximumFingers, tick: 0, elapsed: deadline - tracker.startTime,
                              location: tracker.location)
            emit(.began, value, at: deadline, into: &events)
            state = .holding(anchor: tracker.translation, value: value, nextTick: deadline + interval)

        case .holding(let anchor, var value, let nextTick):
            guard time >= nextTick else { return }
            value.tick += 1
            value.elapsed = nextTick - tracker.startTime
            emit(.changed, value, at: nextTick, into: &events)
            state = .holding(anchor: anchor, value: value, nextTick: nextTick + interval)

        case .idle, .finished, .failed:
            return
        }
    }

    /// Records that the press, begun, moved `distance` from where it began: too far.
    private func explainMovedAway(at time: Instant, _ distance: Double, _ log: ExplanationLog) {
        log.record(time, .longPress, .movedAway, measured: distance, limit: maximumDistance)
    }

    /// Records why the press failed on `input`, in the order `update` checks.
    private func explainFailure(on input: TouchInput, _ log: ExplanationLog) {
        if input.allLifted {
            log.record(input.time, .longPress, .liftedTooSoon, measured: (input.time - tracker.startTime).millisecondCount,
                       limit: minimumDuration.millisecondCount)
        } else if tracker.path.maximumDistance > maximumDistance {
            log.record(input.time, .longPress, .movedBeforeHeld, measured: tracker.path.maximumDistance,
                       limit: maximumDistance)
        } else {
            log.record(input.time, .longPress, .tooManyFingers, measured: Double(tracker.maximumFingers),
                       limit: Double(fingers.upperBound))
        }
    }

    public mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {
        guard case .holding(_, var value, _) = state else { return }
        value.elapsed = time - tracker.startTime
        emit(.ended, value, at: time, into: &events)
        state = .finished(value)
    }

    /// The successor took over on this frame: however far it moved, the press ended there.
    public mutating func finish(on input: TouchInput, into events: inout GestureEventBuffer) {
        guard case .holding(let anchor, var value, let nextTick) = state else { return }
        tracker.update(input, keeping: .positionOnly, countedFingers: true)
        value.location = tracker.location
        state = .holding(anchor: anchor, value: value, nextTick: nextTick)
        finish(at: input.time, into: &events)
    }

    public mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) {
        if case .holding(_, var value, _) = state {
            value.elapsed = time - tracker.startTime
            emit(.cancelled, value, at: time, into: &events)
        }
        state = .idle
    }

    public mutating func reset() { state = .idle }

    private func emit(_ phase: GesturePhase, _ value: Value, at time: Instant,
                      into events: inout GestureEventBuffer) {
        events.append(GestureEvent(time: time, phase: phase, fingers: value.fingers, location: value.location,
                                   payload: .longPress(tick: value.tick, elapsed: value.elapsed)))
    }
}
