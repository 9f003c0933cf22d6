/// What tells drag, magnify and rotate apart: when they begin, when they end, and what they report.
/// Everything else about them — the state machine — is `ContinuousGesture`.
public protocol ContinuousMeasure {
    /// What the gesture reports (SwiftUI's `Value` of the same gesture).
    associatedtype Value
    /// How many fingers the gesture takes; more fail it.
    var fingers: ClosedRange<Int> { get }
    /// The sums of its `ContactTracker` this measure reads; `.all` unless it says.
    static var sums: ContactTracker.Sums { get }
    /// Whether the gesture could ever begin, judged on its first frame (`tracker` has just
    /// started): one that cannot rejects at once and leaves its arena, rather than following
    /// the fingers to their lift. True unless the measure says. Asked first in every sequence,
    /// so a measure that keeps what a sequence decided (an edge swipe's edge) starts it here.
    mutating func canBegin(_ tracker: ContactTracker) -> Bool
    /// Takes in a frame of the sequence after the first, after `tracker` did: for a measure that
    /// keeps sums of its own (a circle's turn). Nothing unless the measure says.
    mutating func follow(_ input: TouchInput)
    /// The contacts have moved far enough, in this measure's terms, to be this gesture.
    mutating func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool
    /// The fingers' motion already shows that their landing is over, before
    /// `GestureDefaults.fingerSettleTime`: a drag's fingers all moving together. Asked only once
    /// it has begun and while its `began` would still wait. False unless the measure says.
    func hasSettled(_ tracker: ContactTracker, _ input: TouchInput) -> Bool
    /// A finger that lands within `GestureDefaults.fingerSettleTime` of the last, after `began`
    /// came early, cancels the gesture, which then begins again with every finger from where
    /// they are: libinput's finger-count switch, for a measure whose `hasSettled` begins it
    /// early. False unless the measure says; an edge swipe cannot start again away from its
    /// edge, so it keeps its fingers.
    var startsAgainWhenAFingerJoins: Bool { get }
    /// The gesture is over: drag when every finger lifted, magnify and rotate below two contacts.
    func hasEnded(_ input: TouchInput) -> Bool
    /// The frame changed what this measure reports. A frame that moved nothing (a pressure
    /// change, a repeated report) writes no `changed` event, as libinput sends no motion for it.
    func hasChanged(_ input: TouchInput) -> Bool
    /// What an event of this measure reports, in this phase.
    func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload
    /// The gesture's value, from what `tracker` followed.
    func value(_ tracker: ContactTracker, fingers: Int) -> Value

    /// The kind its explanations name.
    static var kind: GestureKind { get }
    /// What `hasBegun` compares with its threshold, and the threshold: for explanations only.
    func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double)
    /// What `hasSettled` compared with its threshold, and the threshold, when it held: for
    /// explanations only. Nil unless the measure has such a rule.
    func togetherProgress(_ tracker: ContactTracker) -> (measured: Double, limit: Double)?
    /// Records what `canBegin` decided on the first frame, if it decides anything (an edge
    /// swipe's landing); nothing unless the measure says.
    func explainLanding(_ tracker: ContactTracker, canBegin: Bool, at time: Instant, to log: ExplanationLog)
    /// Records what else decided that it begins, besides `progress` (an edge swipe's angle);
    /// nothing unless the measure says.
    func explainBeginning(_ tracker: ContactTracker, at time: Instant, to log: ExplanationLog)
    /// Records why it had not begun when the fingers lifted, when `progress` reached its limit
    /// and something else held it back (a circle too small); false when `progress` tells it.
    func explainShortfall(_ tracker: ContactTracker, at time: Instant, to log: ExplanationLog) -> Bool
}

extension ContinuousMeasure {
    public static var sums: ContactTracker.Sums { .all }
    @inline(__always)
    public func canBegin(_ tracker: ContactTracker) -> Bool { true }
    @inline(__always)
    public func follow(_ input: TouchInput) {}
    @inline(__always)
    public func hasSettled(_ tracker: ContactTracker, _ input: TouchInput) -> Bool { false }
    @inline(__always)
    public var startsAgainWhenAFingerJoins: Bool { false }
    public func togetherProgress(_ tracker: ContactTracker) -> (measured: Double, limit: Double)? { nil }
    public func explainLanding(_ tracker: ContactTracker, canBegin: Bool, at time: Instant, to log: ExplanationLog) {}
    public func explainBeginning(_ tracker: ContactTracker, at time: Instant, to log: ExplanationLog) {}
    public func explainShortfall(_ tracker: ContactTracker, at time: Instant, to log: ExplanationLog) -> Bool { false }
}

/// A gesture that begins once a threshold is crossed, changes with every frame, and ends on lift.
///
/// Crossing the threshold wins the gesture its arena at once, but its `began` waits until
/// `GestureDefaults.fingerSettleTime` (100 ms) after the last finger landed, and reports every
/// finger that landed by then: fingers landing unevenly are one landing, and the finger count
/// never changes after `began`. It begins at once when it already has as many fingers as it takes,
/// or when the measure sees that the landing is over (`hasSettled`: every finger moving together).
/// A drag that began so and gains a finger within the landing's time is cancelled and begins
/// again with them all (`startsAgainWhenAFingerJoins`).
public struct ContinuousGesture<Measure: ContinuousMeasure>: Recognizer {
    public typealias Value = Measure.Value

    /// What makes it a drag, a magnification, a rotation or an edge swipe.
    public var measure: Measure

    private enum State {
        /// No finger has touched in this sequence.
        case idle
        /// Fingers are down but have not crossed the measure's threshold.
        case pending
        /// The threshold was crossed before the landing settled: fingers that land within
        /// `GestureDefaults.fingerSettleTime` of each other are one landing, so `began` waits
        /// until `deadline`, that long after the last one, to report them all, or until the
        /// measure sees the landing is over. The gesture has already won (it is accepted); only
        /// its report waits.
        case settling(deadline: Instant)
        /// `began` was written with `fingers`; every frame that moves writes `changed` until the
        /// measure ends. Fingers landing or lifting later change neither the count nor where it is,
        /// except a finger joining before `landingOpenUntil`, `GestureDefaults.fingerSettleTime`
        /// after the last landing `began` counted, where the measure `startsAgainWhenAFingerJoins`.
        case active(fingers: Int, landingOpenUntil: Instant)
        /// A finger joined an active gesture whose landing was still open: it wrote `cancelled`,
        /// and waits, as `pending` does, to cross its threshold again from where the fingers are
        /// now. It keeps the arena it won.
        case startingAgain
        /// `ended` or `cancelled` was written.
        case finished(fingers: Int)
        /// Lifted before the threshold, too many fingers, or it could never begin (`canBegin`).
        case failed
    }

    private var state = State.idle
    /// What the fingers did since touch-down; meaningful in every state but `idle` and `failed`.
    private var tracker = ContactTracker()

    /// The gesture `measure` describes.
    public init(_ measure: Measure) { self.measure = measure }

    public var value: Value? {
        switch state {
        case .active(let fingers, _), .finished(let fingers):
            return measure.value(tracker, fingers: fingers)
        case .settling, .startingAgain:
            return measure.value(tracker, fingers: settledFingers)
        case .idle, .pending, .failed:
            return nil
        }
    }

    /// Continuous gestures wait for movement, and for time only while the landing settles.
    @inline(__always)
    public var deadline: Instant? {
        if case .settling(let deadline) = state { return deadline }
        return nil
    }

    @inline(__always)
    public var decision: Decision {
        switch state {
        case .idle, .pending: return .undecided
        case .settling, .active, .startingAgain, .finished: return .accepted
        case .failed: return .rejected
        }
    }

    @inline(__always)
    public var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    @inline(__always)
    public mutating func update<E: Explaining>(_ input: TouchInput, into events: inout GestureEventBuffer,
                                               explaining: E) {
        switch state {
        case .idle:
            guard !input.allLifted else { return }
            tracker = ContactTracker(input)
            let canBegin = measure.canBegin(tracker)
            state = canBegin ? .pending : .failed
            if let log = explaining.log { measure.explainLanding(tracker, canBegin: canBegin, at: input.time, to: log) }

        case .pending, .startingAgain:
            tracker.update(input, keeping: Measure.sums)
            measure.follow(input)
            if input.allLifted || tracker.maximumFingers > measure.fingers.upperBound {
                state = .failed
                if let log = explaining.log { explainFailure(on: input, log) }
            } else if tracker.maximumFingers >= measure.fingers.lowerBound, measure.hasBegun(tracker, input) {
                let settled = tracker.lastLanding + GestureDefaults.fingerSettleTime
                let movedTogether = measure.hasSettled(tracker, input)
                if let log = explaining.log {
                    explainBeginning(on: input, settled: settled, movedTogether: movedTogether, log)
                }
                if movedTogether || input.time >= settled || tracker.maximumFingers == measure.fingers.upperBound {
                    begin(at: input.time, into: &events)
                } else {
                    state = .settling(deadline: settled)
                }
            }

        case .settling:
            tracker.update(input, keeping: Measure.sums)
            measure.follow(input)
            if tracker.maximumFingers > measure.fingers.upperBound {
                state = .failed  // more fingers landed than the gesture takes: it never began
                if let log = explaining.log { explainFailure(on: input, log) }
            } else if measure.hasEnded(input) {
                // A flick over before the landing settled: it happened, so it begins and ends.
                begin(at: input.time, into: &events)
                emit(.ended, fingers: settledFingers, at: input.time, into: &events)
                state = .finished(fingers: settledFingers)
            } else if tracker.maximumFingers == measure.fingers.upperBound {
                begin(at: input.time, into: &events)  // no finger can join any more
            } else if measure.hasSettled(tracker, input) {
                if let log = explaining.log { explainMovedTogether(on: input, log) }
                begin(at: input.time, into: &events)
            } else {
                state = .settling(deadline: tracker.lastLanding + GestureDefaults.fingerSettleTime)
            }

        case .active(let fingers, let landingOpenUntil):
            if measure.startsAgainWhenAFingerJoins, input.fingerLanded, input.time < landingOpenUntil {
                startAgain(on: input, cancelling: fingers, into: &events, explaining: explaining)
                return
            }
            tracker.update(input, keeping: Measure.sums, countedFingers: true)
            measure.follow(input)
            if measure.hasEnded(input) {
                emit(.ended, fingers: fingers, at: input.time, into: &events)
                state = .finished(fingers: fingers)
            } else if measure.hasChanged(input) {
                emit(.changed, fingers: fingers, at: input.time, into: &events)
            }

        case .finished, .failed:
            return
        }
    }

    /// The landing has settled: `began` reports every finger that landed in time.
    public mutating func advance<E: Explaining>(to time: Instant, into events: inout GestureEventBuffer,
                                                explaining: E) {
        guard case .settling(let deadline) = state, deadline <= time else { return }
        begin(at: deadline, into: &events)
    }

    public mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {
        if case .settling = state { begin(at: time, into: &events) }
        guard case .active(let fingers, _) = state else { return }
        emit(.ended, fingers: fingers, at: time, into: &events)
        state = .finished(fingers: fingers)
    }

    public mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) {
        if case .active(let fingers, _) = state {
            emit(.cancelled, fingers: fingers, at: time, into: &events)
        }
        state = .idle
    }

    public mutating func reset() { state = .idle }

    /// Records why a pending or settling gesture failed on `input`, in the order `update` checks.
    private func explainFailure(on input: TouchInput, _ log: ExplanationLog) {
        if input.allLifted {
            if measure.explainShortfall(tracker, at: input.time, to: log) { return }
            let progress = measure.progress(tracker)
            log.record(input.time, Measure.kind, .liftedBeforeThreshold, measured: progress.measured,
                       limit: progress.limit)
        } else {
            log.record(input.time, Measure.kind, .tooManyFingers, measured: Double(tracker.maximumFingers),
                       limit: Double(measure.fingers.upperBound))
        }
    }

    /// Records that the threshold was crossed on `input`, or that the fingers moved together
    /// before it, and whether `began` waits for fingers still landing until `settled`.
    private func explainBeginning(on input: TouchInput, settled: Instant, movedTogether: Bool, _ log: ExplanationLog) {
        let progress = measure.progress(tracker)
        if progress.measured >= progress.limit || !movedTogether {
            log.record(input.time, Measure.kind, .crossedThreshold, measured: progress.measured, limit: progress.limit)
        } else {
            explainMovedTogether(on: input, log)
        }
        measure.explainBeginning(tracker, at: input.time, to: log)
        if !movedTogether && input.time < settled && tracker.maximumFingers < measure.fingers.upperBound {
            log.record(input.time, Measure.kind, .waitingForFingers,
                       measured: (input.time - tracker.lastLanding).millisecondCount,
                       limit: GestureDefaults.fingerSettleTime.millisecondCount)
        }
    }

    /// Records that every finger moved together on `input`, so it begins without waiting.
    private func explainMovedTogether(on input: TouchInput, _ log: ExplanationLog) {
        guard let progress = measure.togetherProgress(tracker) else { return }
        log.record(input.time, Measure.kind, .movedTogether, measured: progress.measured, limit: progress.limit)
    }

    /// The fingers a gesture that begins now reports: every finger that landed, up to what it takes.
    private var settledFingers: Int { min(tracker.maximumFingers, measure.fingers.upperBound) }

    private mutating func begin(at time: Instant, into events: inout GestureEventBuffer) {
        let fingers = settledFingers
        emit(.began, fingers: fingers, at: time, into: &events)
        state = .active(fingers: fingers, landingOpenUntil: tracker.lastLanding + GestureDefaults.fingerSettleTime)
    }

    /// A finger joined before the landing `began` counted was over: the gesture so far is
    /// cancelled, and it starts again on `input`, with every finger, from where they are.
    private mutating func startAgain<E: Explaining>(on input: TouchInput, cancelling fingers: Int,
                                                    into events: inout GestureEventBuffer, explaining: E) {
        if let log = explaining.log {
            log.record(input.time, Measure.kind, .fingerJoined, measured: (input.time - tracker.lastLanding).millisecondCount,
                       limit: GestureDefaults.fingerSettleTime.millisecondCount)
        }
        emit(.cancelled, fingers: fingers, at: input.time, into: &events)
        tracker = ContactTracker(input)
        let canBegin = measure.canBegin(tracker)
        if tracker.maximumFingers > measure.fingers.upperBound {
            state = .failed
            if let log = explaining.log { explainFailure(on: input, log) }
        } else {
            state = canBegin ? .startingAgain : .failed
        }
    }

    private func emit(_ phase: GesturePhase, fingers: Int, at time: Instant, into events: inout GestureEventBuffer) {
        events.append(GestureEvent(time: time, phase: phase, fingers: fingers, location: tracker.location,
                                   payload: measure.payload(tracker, phase)))
    }
}
