/// A gesture whose decisions are explained: it steps its gestures explaining to `log`, so they
/// record why they accepted or rejected (`Explanation`), and then has the log report them.
///
/// A wrapper rather than a switch inside the gestures: a set that is not explained is not
/// wrapped, and is stepped `NotExplaining`, so its per-frame path is compiled without a trace of
/// explanations; the wrapped one is the set's other specialization and may take what it needs.
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

    /// Steps `base` explaining to `log`, whatever the caller explains to: a device's decisions
    /// go to the device's log, named by the sequence the engine stamps on this step's events.
    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        log.stepping(sequence: events.sequence)
        base.step(step, into: &events, explaining: log)
        log.stepped()
    }

    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        base.phases(of: events, from: start)
    }

    public mutating func reset() { base.reset() }

    public mutating func didPublish() { base.didPublish() }
}
