/// A gesture made of others, as a SwiftUI `Gesture` with a `body`: give the type a stored
/// `body` and it is a gesture, with `body`'s value.
///
/// ```swift
/// struct PanAfterPress: ComposedGesture {
///     var body = LongPressGesture().sequenced(before: DragGesture())
/// }
/// ```
///
/// Stored rather than computed, unlike SwiftUI's: a gesture here is the state of its recognition
/// (where each recognizer stands), which the engine steps in place, so it must be kept, not rebuilt.
public protocol ComposedGesture: Gesture where Value == Body.Value {
    /// The gesture this one is made of.
    associatedtype Body: Gesture
    /// The gesture this one is made of, stepped in place.
    var body: Body { get set }
}

/// Everything a gesture is, `body`'s.
extension ComposedGesture {
    /// `body`'s value.
    public var value: Body.Value? { body.value }
    /// `body`'s deadline.
    @inline(__always)
    public var deadline: Instant? { body.deadline }
    /// `body`'s decision.
    @inline(__always)
    public var decision: Decision { body.decision }
    /// Whether `body` is finished.
    @inline(__always)
    public var isFinished: Bool { body.isFinished }
    /// `body`'s milestones.
    public var milestoneLimit: Int { body.milestoneLimit }

    /// Steps `body`.
    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        body.step(step, into: &events, explaining: explaining)
    }

    /// What `body`'s step meant for it.
    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        body.phases(of: events, from: start)
    }

    /// Resets `body`.
    public mutating func reset() { body.reset() }

    /// Tells `body` that what it wrote was published.
    public mutating func didPublish() { body.didPublish() }
}
