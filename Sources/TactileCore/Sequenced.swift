/// `Second` starts watching only once `First` has succeeded (SwiftUI's `SequenceGesture`):
/// "long-press, then drag".
///
/// As in SwiftUI, the sequence is one gesture to its modifiers: its value is `.first` while
/// `First` runs and `.second` after it, and it ends once, when `Second` ends. `First` ending
/// because `Second` took over is the sequence changing, not ending, so an `onEnded` runs once
/// and a `GestureState` keeps its value across the hand-over.
///
/// `Second` watches from where the fingers were when `First` accepted: on the first frame after
/// that, it is stepped first with a frame that moved nothing, at the positions before it, then
/// with the frame itself, so that the frame's movement is its own. A drag after a long-press
/// measures from where the press was recognized, though a touchscreen sends nothing while a
/// finger is still and the first frame after may carry the whole of a flick. When `Second`
/// accepts, `First` is finished with `ended` on that frame — the user moved on, which is success,
/// not cancellation. Moving on before `Second` can begin (past a long-press's distance, short of
/// a drag's) ends `First` too: while `Second` watches, what would cancel `First` for moving is a
/// hand-over, and the sequence is `.second(first, nil)` until `Second` begins. If `Second` fails,
/// or every finger lifts as `First` ends, `First` carries on alone and its end is the
/// sequence's, with `.second(first, nil)` (a long-press lifted without a drag).
public struct Sequenced<First: Gesture, Second: Gesture>: Gesture {
    /// SwiftUI's `SequenceGesture.Value`.
    public enum Value {
        /// `First` is running, with its value.
        case first(First.Value)
        /// `First` has ended with its final value; `Second`'s value once it has one.
        case second(First.Value, Second.Value?)
    }

    private enum Mode {
        /// Only `First` sees touches; `Second` waits.
        case first
        /// `First` accepted: both see touches from the next frame, `Second` from where the
        /// fingers were before it, when `First` accepted.
        case firstAccepted
        /// `First` accepted; both see touches until `Second` decides.
        case both
        /// `Second` accepted and `First` was finished: only `Second` sees touches.
        case second
        /// `Second` failed, or every finger lifted as `First` ended: `First` carries on alone.
        case firstAlone
    }

    /// The gesture that must succeed first.
    public private(set) var first: First
    /// The gesture that follows it.
    public private(set) var second: Second
    private var mode = Mode.first
    /// What the last step meant for the sequence as a whole (see `phases(of:from:)`): only the
    /// sequence knows which member wrote which event.
    private var stepPhases: PhaseSet = []

    /// `first`, then `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var value: Value? {
        guard let firstValue = first.value else { return nil }
        switch mode {
        case .first, .firstAccepted, .both, .firstAlone:
            return first.isFinished ? .second(firstValue, nil) : .first(firstValue)
        case .second:
            return .second(firstValue, second.value)
        }
    }

    @inline(__always)
    public var deadline: Instant? {
        switch mode {
        case .first, .firstAlone: return first.deadline
        case .firstAccepted, .both: return earliest(first.deadline, second.deadline)
        case .second: return second.deadline
        }
    }

    @inline(__always)
    public var decision: Decision {
        switch mode {
        case .first: return first.decision
        case .firstAccepted, .both, .second, .firstAlone: return .accepted
        }
    }

    @inline(__always)
    public var isFinished: Bool {
        switch mode {
        case .first: return false
        case .firstAccepted, .both: return first.isFinished && second.isFinished
        case .second: return second.isFinished
        case .firstAlone: return first.isFinished
        }
    }

    /// Both may publish, one after the other.
    public var milestoneLimit: Int { first.milestoneLimit + second.milestoneLimit }

    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        var firstPhases: PhaseSet = []
        var secondPhases: PhaseSet = []
        switch step.kind {
        case .frame, .time:
            switch mode {
            case .first:
                firstPhases = stepFirst(step, &events, explaining)
                if first.decision == .accepted { mode = .firstAccepted }
            case .both where step.kind == .frame:
                (firstPhases, secondPhases) = stepBoth(frame: step, &events, explaining)
            case .firstAccepted where step.kind == .frame:
                // `Second` starts where the fingers were, so that this frame's movement is its own.
                mode = .both
                let opening = stepSecond(.frame(TouchInput(before: step.input)), &events, explaining)
                (firstPhases, secondPhases) = stepBoth(frame: step, &events, explaining)
                secondPhases.formUnion(opening)
            case .firstAccepted, .both:
                firstPhases = stepFirst(step, &events, explaining)
                secondPhases = stepSecond(step, &events, explaining)
                switch second.decision {
                case .undecided: break
                case .accepted:
                    firstPhases.formUnion(stepFirst(.finish(step.time), &events, explaining))
                    mode = .second
                case .rejected: mode = .firstAlone
                }
            case .second:
                secondPhases = stepSecond(step, &events, explaining)
            case .firstAlone:
                firstPhases = stepFirst(step, &events, explaining)
            }
        case .finish:  // each member speaks only if it is in flight
            firstPhases = stepFirst(step, &events, explaining)
            secondPhases = stepSecond(step, &events, explaining)
        case .cancel:
            firstPhases = stepFirst(step, &events, explaining)
            secondPhases = stepSecond(step, &events, explaining)
            mode = .first
        }
        stepPhases = sequencePhases(first: firstPhases, second: secondPhases, finishing: step.kind == .finish)
    }

    /// A frame both watch. `Second` judges it first: if it takes over on it, `First` ends there
    /// rather than judging a frame that is no longer its own.
    private mutating func stepBoth<E: Explaining>(frame step: borrowing GestureStep, _ events: inout GestureEventBuffer,
                                                  _ explaining: E) -> (first: PhaseSet, second: PhaseSet) {
        let secondPhases = stepSecond(step, &events, explaining)
        if second.decision == .accepted {
            mode = .second
            return (stepFirst(.finish(on: step.input), &events, explaining), secondPhases)
        }
        let firstPhases = stepFirst(.frame(step.input, watchedBySuccessor: true), &events, explaining)
        let lifted = step.input.allLifted  // read before `||`, whose autoclosure cannot capture a borrow
        if second.decision == .rejected || (first.isFinished && lifted) {
            // `Second` failed, or can no longer begin: every finger lifted as `First` ended.
            mode = .firstAlone
        }
        return (firstPhases, secondPhases)
    }

    private mutating func stepFirst<E: Explaining>(_ step: borrowing GestureStep, _ events: inout GestureEventBuffer,
                                                   _ explaining: E) -> PhaseSet {
        let start = events.count
        first.step(step, into: &events, explaining: explaining)
        return first.phasesWritten(events, since: start)
    }

    private mutating func stepSecond<E: Explaining>(_ step: borrowing GestureStep, _ events: inout GestureEventBuffer,
                                                    _ explaining: E) -> PhaseSet {
        let start = events.count
        second.step(step, into: &events, explaining: explaining)
        return second.phasesWritten(events, since: start)
    }

    /// The sequence begins with `First`, changes with everything in between, and ends with
    /// `Second`, or with `First` when `Second` failed or never took over before the sequence was
    /// finished from outside. Either member cancelled is the sequence cancelled.
    private func sequencePhases(first: PhaseSet, second: PhaseSet, finishing: Bool) -> PhaseSet {
        var phases = first.intersection([.began, .changed, .cancelled])
        phases.formUnion(second.intersection([.changed, .ended, .cancelled]))
        if second.contains(.began) { phases.insert(.changed) }
        if first.contains(.ended) {
            let firstEndsSequence = mode == .firstAlone || (finishing && mode != .second)
            phases.insert(firstEndsSequence ? .ended : .changed)
        }
        return phases
    }

    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet { stepPhases }

    /// Nothing is withheld: both hear of every publication.
    public mutating func didPublish() {
        first.didPublish()
        second.didPublish()
    }

    public mutating func reset() {
        first.reset()
        second.reset()
        mode = .first
        stepPhases = []
    }
}

/// SwiftUI's name for `Sequenced`.
public typealias SequenceGesture<First: Gesture, Second: Gesture> = Sequenced<First, Second>

/// Values compare when their members' do, as SwiftUI's.
extension Sequenced.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension Gesture {
    /// This gesture, then `other` once this one has succeeded.
    public func sequenced<Other: Gesture>(before other: Other) -> Sequenced<Self, Other> {
        Sequenced(self, other)
    }
}
