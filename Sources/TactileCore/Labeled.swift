/// The same gesture, its events labelled with a number the caller chose: a configuration's
/// declared gesture is one composition among many in an arena, and its events must still say
/// whose they are ("name":"hold-then-swipe" on the stream) for a binding to tell them apart.
/// The outermost label wins: a labelled gesture inside another labelled one is the outer one's.
public struct Labeled<Base: Gesture>: Gesture {
    /// The gesture whose events it labels.
    public var base: Base
    /// The label its events carry; 0 leaves them unlabelled.
    public let label: UInt16

    public var value: Base.Value? { base.value }
    @inline(__always)
    public var deadline: Instant? { base.deadline }
    @inline(__always)
    public var decision: Decision { base.decision }
    @inline(__always)
    public var isFinished: Bool { base.isFinished }
    public var milestoneLimit: Int { base.milestoneLimit }

    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        let start = events.count
        let mark = explaining.log?.mark
        base.step(step, into: &events, explaining: explaining)
        events.label(from: start, as: label)
        if let mark { explaining.log?.label(from: mark, as: label) }
    }

    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        base.phases(of: events, from: start)
    }

    public mutating func reset() { base.reset() }

    public mutating func didPublish() { base.didPublish() }
}

extension Gesture {
    /// The same gesture, every event it publishes carrying `label` (`GestureEvent.label`).
    public func labeled(_ label: UInt16) -> Labeled<Self> {
        Labeled(base: self, label: label)
    }
}
