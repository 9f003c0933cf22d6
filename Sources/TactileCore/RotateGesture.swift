/// Two or more fingers turning around their centroid: begins after `minimumAngleDegrees`,
/// ends when fewer than two contacts remain. `angle` is cumulative, clockwise positive.
public typealias RotateGesture = ContinuousGesture<RotateMeasure>

public struct RotateMeasure: ContinuousMeasure {
    public struct Value: Equatable, Sendable {
        public var fingers: Int
        public var location: Point
        public var angleDegrees: Double
    }

    public var fingers: ClosedRange<Int>
    public var minimumAngleDegrees: Double

    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        input.contactCount >= 2 && abs(tracker.rotationDegrees) >= minimumAngleDegrees
            && tracker.movesApartMoreThanTogether
    }

    public func hasEnded(_ input: TouchInput) -> Bool { input.contactCount < 2 }

    public func hasChanged(_ input: TouchInput) -> Bool { input.rotationDegrees != 0 }

    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        .rotate(angleDegrees: tracker.rotationDegrees)
    }

    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, location: tracker.location, angleDegrees: tracker.rotationDegrees)
    }
}

extension ContinuousGesture where Measure == RotateMeasure {
    public init(
        fingers: ClosedRange<Int> = .multipleFingers,
        minimumAngleDegrees: Double = GestureDefaults.rotateMinimumAngleDegrees
    ) {
        self.init(RotateMeasure(fingers: fingers, minimumAngleDegrees: minimumAngleDegrees))
    }
}
