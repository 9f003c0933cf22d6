/// Fingers moving together: begins after `minimumDistanceMillimetres`, ends when every finger
/// lifted, with the swipe direction when the path was straight.
public typealias DragGesture = ContinuousGesture<DragMeasure>

public struct DragMeasure: ContinuousMeasure {
    public struct Value: Equatable, Sendable {
        public var fingers: Int
        public var location: Point
        /// Since the first contact (as SwiftUI's `DragGesture.Value.translation`).
        public var translation: Point
        public var velocity: Point
        public var direction: SwipeDirection?
    }

    public var fingers: ClosedRange<Int>
    public var minimumDistanceMillimetres: Double

    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        tracker.translation.length >= minimumDistanceMillimetres
    }

    public func hasEnded(_ input: TouchInput) -> Bool { input.allLifted }

    public func hasChanged(_ input: TouchInput) -> Bool { input.stepLength > 0 }

    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        let direction = phase == .ended ? tracker.direction(minimumDistance: minimumDistanceMillimetres) : nil
        return .drag(translation: tracker.translation, velocity: tracker.velocity, direction: direction)
    }

    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, location: tracker.location, translation: tracker.translation,
              velocity: tracker.velocity, direction: tracker.direction(minimumDistance: minimumDistanceMillimetres))
    }
}

extension ContinuousGesture where Measure == DragMeasure {
    public init(
        fingers: ClosedRange<Int> = .anyFingers,
        minimumDistanceMillimetres: Double = GestureDefaults.dragMinimumDistanceMillimetres
    ) {
        self.init(DragMeasure(fingers: fingers, minimumDistanceMillimetres: minimumDistanceMillimetres))
    }
}
