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

extension ComposedGesture {
    public var value: Body.Value? { body.value }
    public var deadline: Instant? { body.deadline }
    public var decision: Decision { body.decision }
    public var isFinished: Bool { body.isFinished }
    public var milestoneLimit: Int { body.milestoneLimit }

    public mutating func step(_ step: borrowing GestureStep, into events: inout GestureEventBuffer) {
        body.step(step, into: &events)
    }

    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        body.phases(of: events, from: start)
    }

    public mutating func reset() { body.reset() }

    public mutating func didPublish() { body.didPublish() }
}
