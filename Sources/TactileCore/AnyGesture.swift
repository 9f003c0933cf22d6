/// A gesture whose type is decided at run time (SwiftUI's `AnyGesture`), keeping its value.
///
/// Compiled-in sets stay generic (`Arena<Exclusive<…>, …>`), which the optimizer flattens; an
/// erased gesture pays one dynamic call per level and frame. The wrapped gesture is boxed once,
/// when it is built, and mutated in place afterwards. Gesture sets read from a configuration file,
/// whose members report different values, are `AnyGesture<Void>`s made with `init(erasing:)`.
public struct AnyGesture<Value>: Gesture {
    private var base: any Gesture<Value>

    /// Erases the type of `base`, keeping its value.
    public init<Base: Gesture>(_ base: Base) where Base.Value == Value { self.base = base }

    public var value: Value? { base.value }
    public var deadline: Instant? { base.deadline }
    public var decision: Decision { base.decision }
    public var isFinished: Bool { base.isFinished }
    public var milestoneLimit: Int { base.milestoneLimit }

    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        base.step(step, into: &events, explaining: explaining)
    }

    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        base.phases(of: events, from: start)
    }

    public mutating func reset() { base.reset() }

    public mutating func didPublish() { base.didPublish() }
}

extension AnyGesture where Value == Void {
    /// Erases the type and the value of `base`: what it publishes (its events) is all that is
    /// left, which is what a configured gesture set needs. Its value is `()` once it accepted.
    public init(erasing base: some Gesture) { self.init(ValueDiscarded(base)) }
}

/// `Base` reporting only whether it has accepted: what `AnyGesture(erasing:)` boxes.
struct ValueDiscarded<Base: Gesture>: Gesture {
    var base: Base

    init(_ base: Base) { self.base = base }

    // What a frame asks of the daemon's gestures, specialized for the default set: through the
    // existential, each call would otherwise run the whole tree's generic code.
    var value: Void? { base.decision == .accepted ? () : nil }
    var deadline: Instant? {
        @_specialize(where Base == DefaultGestureSet) get { base.deadline }
    }
    var decision: Decision {
        @_specialize(where Base == DefaultGestureSet) get { base.decision }
    }
    var isFinished: Bool {
        @_specialize(where Base == DefaultGestureSet) get { base.isFinished }
    }
    var milestoneLimit: Int { base.milestoneLimit }

    @_specialize(where Base == DefaultGestureSet, E == NotExplaining)
    @_specialize(where Base == DefaultGestureSet, E == ExplanationLog)
    mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                      explaining: E) {
        base.step(step, into: &events, explaining: explaining)
    }

    @_specialize(where Base == DefaultGestureSet)
    func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        base.phases(of: events, from: start)
    }

    mutating func reset() { base.reset() }

    @_specialize(where Base == DefaultGestureSet)
    mutating func didPublish() { base.didPublish() }
}
