/// `First` has priority; `Second` counts only if `First` fails (SwiftUI's `ExclusiveGesture`).
///
/// Both watch the touches from the start, so `Second` is ready the moment `First` fails, but
/// whatever `Second` writes while `First` may still succeed is held back: a single tap waits
/// for the double tap's window to close, and is dropped if the double tap happens.
public struct Exclusive<First: Gesture, Second: Gesture>: Gesture {
    /// SwiftUI's `ExclusiveGesture.Value`: which member succeeded, with its value.
    public enum Value {
        /// `First` succeeded.
        case first(First.Value)
        /// `First` failed and `Second` succeeded.
        case second(Second.Value)
    }

    private enum Mode {
        /// `First` may still succeed; `Second`'s events are held.
        case contending
        /// `First` accepted: `Second` was reset and sees nothing more.
        case first
        /// `First` failed: `Second`'s held events were released; only it sees touches.
        case second
    }

    /// The gesture with priority.
    public private(set) var first: First
    /// The gesture that counts only if `first` fails.
    public private(set) var second: Second
    private var mode = Mode.contending
    private var held: HeldEvents
    /// What `Second`'s held events mean for it, published with them; and what the last step meant
    /// for the composite (see `phases(of:from:)`).
    private var heldPhases: PhaseSet = []
    private var stepPhases: PhaseSet = []

    /// `first`, else `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
        held = HeldEvents(for: second)
    }

    public var value: Value? {
        switch mode {
        case .contending: return nil
        case .first: return first.value.map(Value.first)
        case .second: return second.value.map(Value.second)
        }
    }

    @inline(__always)
    public var deadline: Instant? {
        switch mode {
        case .contending: return earliest(first.deadline, second.deadline)
        case .first: return first.deadline
        case .second: return second.deadline
        }
    }

    @inline(__always)
    public var decision: Decision {
        switch mode {
        case .contending: return .undecided
        case .first: return first.decision
        case .second: return second.decision
        }
    }

    @inline(__always)
    public var isFinished: Bool {
        switch mode {
        case .contending: return false
        case .first: return first.isFinished
        case .second: return second.isFinished
        }
    }

    /// `First` publishes or `Second` does, never both.
    public var milestoneLimit: Int { max(first.milestoneLimit, second.milestoneLimit) }

    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        let start = events.count
        switch mode {
        case .contending:
            switch step.kind {
            case .frame, .time:
                first.step(step, into: &events, explaining: explaining)
                stepPhases = first.phasesWritten(events, since: start)
                let secondStart = events.count
                second.step(step, into: &events, explaining: explaining)
                heldPhases.formUnion(second.phasesWritten(events, since: secondStart))
                held.take(from: &events, start: secondStart)
                resolve(at: step.time, into: &events)
            case .finish:
                stepPhases = []
                return  // nothing was published, so nothing is in flight
            case .cancel:
                reset()
            }
        case .first:
            first.step(step, into: &events, explaining: explaining)
            stepPhases = first.phasesWritten(events, since: start)
            if step.isCancel {
                second.reset()
                mode = .contending
            }
        case .second:
            second.step(step, into: &events, explaining: explaining)
            stepPhases = second.phasesWritten(events, since: start)
            if step.isCancel {
                first.reset()
                mode = .contending
            }
        }
    }

    /// The published member's phases: `First`'s, or `Second`'s once released with what it held.
    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet { stepPhases }

    /// Acts on `First`'s decision: its success silences `Second`, its failure releases it.
    private mutating func resolve(at time: Instant, into events: inout GestureEventBuffer) {
        switch first.decision {
        case .undecided:
            return
        case .accepted:
            second.reset()
            held.discard()
            heldPhases = []
            mode = .first
        case .rejected:
            held.release(at: time, into: &events)
            stepPhases.formUnion(heldPhases)
            heldPhases = []
            mode = .second
        }
    }

    /// `Second` hears of publication only once its events are released: what it wrote while held
    /// was not published, so its callbacks wait with them (and vanish with them on a reset).
    /// `First` hears of it in every mode: it may publish in the step that it fails (a drag that
    /// began, and was cancelled as a finger joined), and nothing it wrote is ever held here.
    public mutating func didPublish() {
        first.didPublish()
        if mode == .second { second.didPublish() }
    }

    public mutating func reset() {
        first.reset()
        second.reset()
        held.discard()
        heldPhases = []
        stepPhases = []
        mode = .contending
    }
}

/// SwiftUI's name for `Exclusive`.
public typealias ExclusiveGesture<First: Gesture, Second: Gesture> = Exclusive<First, Second>

/// Values compare when their members' do, as SwiftUI's.
extension Exclusive.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension Gesture {
    /// This gesture, or `other` if this one fails.
    public func exclusively<Other: Gesture>(before other: Other) -> Exclusive<Self, Other> {
        Exclusive(self, other)
    }
}
