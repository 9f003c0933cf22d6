/// Two or more fingers turning around their centroid (SwiftUI's `RotateGesture`): begins after
/// `minimumAngleDelta` (15° by default, where SwiftUI's is 1°) with the fingers moving around
/// more than together, ends when fewer than two contacts remain. Its `began` waits until 100 ms
/// after the last finger landed (see `ContinuousGesture`).
///
/// The rotation is measured from touch-down, not from `began`: the first value it reports is
/// already about ±15°, where SwiftUI's starts near 0°. Subtract the rotation `began` reported to
/// count from there.
public typealias RotateGesture = ContinuousGesture<RotateMeasure>

/// What makes a `ContinuousGesture` a rotation.
public struct RotateMeasure: ContinuousMeasure {
    /// SwiftUI's `RotateGesture.Value`, in millimetres.
    public struct Value: Equatable, Sendable {
        /// How many fingers it began with; it keeps that count.
        public var fingers: Int
        /// When the latest frame it saw arrived.
        public var time: Instant
        /// Where the fingers it counts are now.
        public var location: Point
        /// The contacts' centroid at touch-down.
        public var startLocation: Point
        /// How far the contacts turned since touch-down, cumulative (past a full turn), clockwise
        /// positive in device coordinates.
        public var rotation: Angle
    }

    /// It reads the turn and the spread; never the travel (velocity, path length).
    public static var sums: ContactTracker.Sums { .spread }

    /// How many fingers may turn (at least two).
    public var fingers: ClosedRange<Int>
    /// How far the contacts turn before the gesture begins.
    public var minimumAngleDelta: Angle

    public static var kind: GestureKind { .rotate }

    /// How far the fingers turned, against `minimumAngleDelta`.
    public func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double) {
        (abs(tracker.rotationDegrees), minimumAngleDelta.degrees)
    }

    /// Two contacts turned far enough, moving apart more than together.
    @inline(__always)
    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        input.contactCount >= 2 && abs(tracker.rotationDegrees) >= minimumAngleDelta.degrees
            && tracker.movesApartMoreThanTogether
    }

    /// Fewer than two contacts remain.
    @inline(__always)
    public func hasEnded(_ input: TouchInput) -> Bool { input.contactCount < 2 }

    /// The contacts turned.
    @inline(__always)
    public func hasChanged(_ input: TouchInput) -> Bool { input.rotationDegrees != 0 }

    /// The rotation.
    @inline(__always)
    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        .rotate(rotation: .degrees(tracker.rotationDegrees))
    }

    /// The value of the turn `tracker` followed.
    @inline(__always)
    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, time: tracker.time, location: tracker.location,
              startLocation: tracker.startLocation, rotation: .degrees(tracker.rotationDegrees))
    }
}

extension ContinuousGesture where Measure == RotateMeasure {
    /// A turn of `fingers` that begins after `minimumAngleDelta`.
    public init(
        fingers: ClosedRange<Int> = .multipleFingers,
        minimumAngleDelta: Angle = .degrees(GestureDefaults.rotateMinimumAngleDegrees)
    ) {
        self.init(RotateMeasure(fingers: fingers, minimumAngleDelta: minimumAngleDelta))
    }
}
