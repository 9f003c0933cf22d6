/// A gesture that wraps another and acts on what it publishes: the shared plumbing of
/// `onChanged`, `onEnded`, `updating` and `map`.
///
/// A modifier never acts inside its base's step. It remembers which phases the base wrote
/// (`unpublished`) and acts in `didPublish()`, which the composites above it pass on only once
/// those events are published. A composite that withholds the events (an `Exclusive` holding its
/// second member) withholds the call with them; one that withdraws them resets the member, and
/// `reset()` forgets what was remembered. So a modifier acts on exactly the published stream,
/// by construction rather than by each composite remembering to tell it.
public protocol GestureModifier: Gesture {
    /// The gesture it wraps.
    associatedtype Base: Gesture
    /// The gesture it wraps, stepped in place.
    var base: Base { get set }
    /// The phases `base` wrote that have not been published yet.
    var unpublished: PhaseSet { get set }
    /// Records what `base` wrote in a step from `start` on; by default, `base.phases(of:from:)`.
    mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int)
    /// Acts on the phases `base` wrote, now that they are published; called only when there are some.
    mutating func apply(_ published: PhaseSet)
    /// Called when `base` returns to its initial state (reset, or cancelled).
    mutating func didReset()
}

extension GestureModifier {
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
        base.step(step, into: &events, explaining: explaining)
        observe(events, from: start)
        if step.isCancel {
            // A cancel reaches a member only from the engine or from a composite that is itself
            // cancelled, never one withholding it, so what it wrote is published; the composite
            // goes back to its initial state and passes no publication on, so act now.
            let published = unpublished
            unpublished = []
            if !published.isEmpty { apply(published) }
            didReset()
        }
    }

    /// What the base's step meant for the base as a whole (a sequence changes when its first
    /// member ends), not the raw phases of the events it wrote.
    public mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {
        unpublished.formUnion(base.phasesWritten(events, since: start))
    }

    /// A modifier changes what is done with the base's events, never what they mean.
    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        base.phases(of: events, from: start)
    }

    /// Inner modifiers act first, as the events rose through them first.
    public mutating func didPublish() {
        base.didPublish()
        let published = unpublished
        unpublished = []
        if !published.isEmpty { apply(published) }
    }

    public mutating func reset() {
        base.reset()
        unpublished = []
        didReset()
    }

    public mutating func apply(_ published: PhaseSet) {}

    public mutating func didReset() {}
}
