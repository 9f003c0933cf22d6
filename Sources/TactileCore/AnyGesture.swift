/// A gesture whose type is decided at run time: for gesture sets read from a configuration file.
///
/// Compiled-in sets stay generic (`Arena<Exclusive<…>, …>`), which the optimizer flattens; a
/// configured set nests `AnyGesture`s instead, paying one dynamic call per level and frame. The
/// wrapped value is boxed once, when the gesture is built, and mutated in place afterwards.
public struct AnyGesture: Gesture {
    /// Type erasure keeps what the gesture publishes (its events), not its typed value.
    public typealias Value = Void

    private var base: any Gesture

    public init(_ base: some Gesture) { self.base = base }

    public var value: Void? { base.decision == .accepted ? () : nil }
    public var deadline: Instant? { base.deadline }
    public var decision: Decision { base.decision }
    public var isFinished: Bool { base.isFinished }
    public var milestoneLimit: Int { base.milestoneLimit }

    public mutating func step(_ step: borrowing GestureStep, into events: inout GestureEventBuffer) {
        base.step(step, into: &events)
    }

    public mutating func reset() { base.reset() }

    public mutating func didPublish() { base.didPublish() }
}
