/// `Second` starts watching only once `First` has succeeded (SwiftUI's `SequenceGesture`):
/// "long-press, then drag".
///
/// When `Second` accepts, `First` is finished with `ended` — the user moved on, which is
/// success, not cancellation. If `Second` fails instead, `First` carries on alone.
public struct Sequenced<First: Gesture, Second: Gesture>: Gesture {
    public enum Value {
        case first(First.Value)
        case second(First.Value?, Second.Value?)
    }

    private enum Mode {
        /// Only `First` sees touches; `Second` waits.
        case first
        /// `First` accepted; both see touches until `Second` decides.
        case both
        /// `Second` accepted and `First` was finished: only `Second` sees touches.
        case second
        /// `Second` failed: `First` carries on alone.
        case firstAlone
    }

    public private(set) var first: First
    public private(set) var second: Second
    private var mode = Mode.first

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var value: Value? {
        switch mode {
        case .first, .firstAlone: return first.value.map(Value.first)
        case .both, .second: return .second(first.value, second.value)
        }
    }

    public var deadline: Instant? {
        switch mode {
        case .first, .firstAlone: return first.deadline
        case .both: return earliest(first.deadline, second.deadline)
        case .second: return second.deadline
        }
    }

    public var decision: Decision {
        switch mode {
        case .first: return first.decision
        case .both, .second, .firstAlone: return .accepted
        }
    }

    public var isFinished: Bool {
        switch mode {
        case .first: return false
        case .both: return first.isFinished && second.isFinished
        case .second: return second.isFinished
        case .firstAlone: return first.isFinished
        }
    }

    /// Both may publish, one after the other.
    public var milestoneLimit: Int { first.milestoneLimit + second.milestoneLimit }

    public mutating func step(_ step: borrowing GestureStep, into events: inout GestureEventBuffer) {
        switch step.kind {
        case .frame, .time:
            break
        case .finish:  // each member speaks only if it is in flight
            first.step(step, into: &events)
            second.step(step, into: &events)
            return
        case .cancel:
            first.step(step, into: &events)
            second.step(step, into: &events)
            mode = .first
            return
        }
        switch mode {
        case .first:
            first.step(step, into: &events)
            if first.decision == .accepted { mode = .both }
        case .both:
            first.step(step, into: &events)
            second.step(step, into: &events)
            resolveSecond(at: step.time, into: &events)
        case .second:
            second.step(step, into: &events)
        case .firstAlone:
            first.step(step, into: &events)
        }
    }

    private mutating func resolveSecond(at time: Instant, into events: inout GestureEventBuffer) {
        switch second.decision {
        case .undecided:
            return
        case .accepted:
            first.step(.finish(time), into: &events)
            mode = .second
        case .rejected:
            mode = .firstAlone
        }
    }

    /// Nothing is withheld: both hear of every publication.
    public mutating func didPublish() {
        first.didPublish()
        second.didPublish()
    }

    public mutating func reset() {
        first.reset()
        second.reset()
        mode = .first
    }
}

extension Gesture {
    /// This gesture, then `other` once this one has succeeded.
    public func sequenced<Other: Gesture>(before other: Other) -> Sequenced<Self, Other> {
        Sequenced(self, other)
    }
}
