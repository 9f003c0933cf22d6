/// Both gestures recognize independently and both publish (SwiftUI's `SimultaneousGesture`):
/// magnify and rotate of the same fingers.
public struct Simultaneous<First: Gesture, Second: Gesture>: Gesture {
    /// SwiftUI's `SimultaneousGesture.Value`: each member's value, or nil while it has none.
    public struct Value {
        /// `First`'s value, once it has one.
        public var first: First.Value?
        /// `Second`'s value, once it has one.
        public var second: Second.Value?
    }

    /// One of the two gestures.
    public private(set) var first: First
    /// The other.
    public private(set) var second: Second
    /// What the last step meant for the pair (see `phases(of:from:)`).
    private var stepPhases: PhaseSet = []

    /// `first` and `second` together.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var value: Value? {
        let value = Value(first: first.value, second: second.value)
        return value.first == nil && value.second == nil ? nil : value
    }

    @inline(__always)
    public var deadline: Instant? { earliest(first.deadline, second.deadline) }

    /// Accepted as soon as either accepts; rejected only when both rejected.
    @inline(__always)
    public var decision: Decision {
        // Compared one by one: a switch over the pair built the tuple's type metadata at run time.
        let first = first.decision, second = second.decision
        if first == .accepted || second == .accepted { return .accepted }
        return first == .rejected && second == .rejected ? .rejected : .undecided
    }

    /// Finished when neither has anything more to say and at least one published.
    @inline(__always)
    public var isFinished: Bool {
        decision == .accepted
            && (first.isFinished || first.decision == .rejected)
            && (second.isFinished || second.decision == .rejected)
    }

    public var milestoneLimit: Int { first.milestoneLimit + second.milestoneLimit }

    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        let start = events.count
        first.step(step, into: &events, explaining: explaining)
        var phases = first.phasesWritten(events, since: start)
        let secondStart = events.count
        second.step(step, into: &events, explaining: explaining)
        phases.formUnion(second.phasesWritten(events, since: secondStart))
        stepPhases = phases
    }

    /// Either member's phases: each publishes on its own. (SwiftUI ends the pair once both have
    /// ended; here an `onEnded` on the pair runs at each member's end. Magnify and rotate of the
    /// same fingers end on the same frame, so that is once.)
    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet { stepPhases }

    public mutating func didPublish() {
        first.didPublish()
        second.didPublish()
    }

    public mutating func reset() {
        first.reset()
        second.reset()
        stepPhases = []
    }
}

/// SwiftUI's name for `Simultaneous`.
public typealias SimultaneousGesture<First: Gesture, Second: Gesture> = Simultaneous<First, Second>

/// Values compare when their members' do, as SwiftUI's.
extension Simultaneous.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension Gesture {
    /// Recognizes this gesture and `other` at the same time.
    public func simultaneously<Other: Gesture>(with other: Other) -> Simultaneous<Self, Other> {
        Simultaneous(self, other)
    }
}
