/// Two or more fingers spreading or pinching: begins once the span changed by
/// `minimumScaleDelta`, ends when fewer than two contacts remain. `scale` 1.0 = unchanged.
public typealias MagnifyGesture = ContinuousGesture<MagnifyMeasure>

public struct MagnifyMeasure: ContinuousMeasure {
    public struct Value: Equatable, Sendable {
        public var fingers: Int
        public var location: Point
        public var scale: Double
    }

    public var fingers: ClosedRange<Int>
    public var minimumScaleDelta: Double

    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        input.contactCount >= 2 && abs(tracker.scale - 1) >= minimumScaleDelta && tracker.movesApartMoreThanTogether
    }

    public func hasEnded(_ input: TouchInput) -> Bool { input.contactCount < 2 }

    public func hasChanged(_ input: TouchInput) -> Bool { input.scaleFactor != 1 }

    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        .magnify(scale: tracker.scale)
    }

    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, location: tracker.location, scale: tracker.scale)
    }
}

extension ContinuousGesture where Measure == MagnifyMeasure {
    public init(
        fingers: ClosedRange<Int> = .multipleFingers,
        minimumScaleDelta: Double = GestureDefaults.magnifyMinimumScaleDelta
    ) {
        self.init(MagnifyMeasure(fingers: fingers, minimumScaleDelta: minimumScaleDelta))
    }
}
