/// A gesture whose decisions are explained: for each step it lends `log` to the buffer its
/// members write into, so they record why they accepted or rejected (`Explanation`), and then
/// has the log report them.
///
/// A wrapper rather than a switch inside the gestures: a set that is not explained is not
/// wrapped, so its per-frame path has nothing more to do, and one that is may take what it needs.
/// Wrap the root of one device's gestures, with a log of its own.
public struct Explained<Base: Gesture>: Gesture {
    /// The gestures explained.
    public var base: Base
    /// Where their decisions go.
    public let log: ExplanationLog

    /// `base`, its decisions written to `log`.
    public init(_ base: Base, log: ExplanationLog) {
        self.base = base
        self.log = log
    }

    public var value: Base.Value? { base.value }
    public var deadline: Instant? { base.deadline }
    public var decision: Decision { base.decision }
    public var isFinished: Bool { base.isFinished }
    public var milestoneLimit: Int { base.milestoneLimit }

    public mutating func step(_ step: borrowing GestureStep, into events: inout GestureEventBuffer) {
        log.stepping(sequence: events.sequence)
        events.explanations = log
        base.step(step, into: &events)
        events.explanations = nil
        log.stepped()
    }

    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        base.phases(of: events, from: start)
    }

    public mutating func reset() { base.reset() }

    public mutating func didPublish() { base.didPublish() }
}
