/// Two or more fingers spreading or pinching (SwiftUI's `MagnifyGesture`): begins once the span
/// changed by `minimumScaleDelta` (15 % by default, where SwiftUI's is 1 %) with the fingers
/// moving apart more than together, ends when fewer than two contacts remain. Its `began` waits
/// until 100 ms after the last finger landed (see `ContinuousGesture`).
///
/// The magnification is measured from touch-down, not from `began`: the first value it reports
/// is already about 1.15 or 0.85, where SwiftUI's starts near 1. Divide by the magnification
/// `began` reported to count from there.
public typealias MagnifyGesture = ContinuousGesture<MagnifyMeasure>

/// What makes a `ContinuousGesture` a magnification.
public struct MagnifyMeasure: ContinuousMeasure {
    /// SwiftUI's `MagnifyGesture.Value`, in millimetres.
    public struct Value: Equatable, Sendable {
        /// How many fingers it began with; it keeps that count.
        public var fingers: Int
        /// When the latest frame it saw arrived.
        public var time: Instant
        /// Where the fingers it counts are now.
        public var location: Point
        /// The contacts' centroid at touch-down.
        public var startLocation: Point
        /// The span of the contacts relative to their span at touch-down: 1.0 = unchanged.
        public var magnification: Double
    }

    /// It reads the spread and the turn; never the travel (velocity, path length).
    public static var sums: ContactTracker.Sums { .spread }

    /// How many fingers may pinch (at least two).
    public var fingers: ClosedRange<Int>
    /// How far from 1.0 the magnification moves before the gesture begins.
    public var minimumScaleDelta: Double

    public static var kind: GestureKind { .magnify }

    /// How much the span changed, against `minimumScaleDelta`.
    public func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double) {
        (abs(tracker.scale - 1), minimumScaleDelta)
    }

    /// Two contacts whose span changed enough, moving apart more than together.
    @inline(__always)
    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        input.contactCount >= 2 && abs(tracker.scale - 1) >= minimumScaleDelta && tracker.movesApartMoreThanTogether
    }

    /// Fewer than two contacts remain.
    @inline(__always)
    public func hasEnded(_ input: TouchInput) -> Bool { input.contactCount < 2 }

    /// The span changed.
    @inline(__always)
    public func hasChanged(_ input: TouchInput) -> Bool { input.scaleFactor != 1 }

    /// The magnification.
    @inline(__always)
    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        .magnify(magnification: tracker.scale)
    }

    /// The value of the pinch `tracker` followed.
    @inline(__always)
    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, time: tracker.time, location: tracker.location,
              startLocation: tracker.startLocation, magnification: tracker.scale)
    }
}

extension ContinuousGesture where Measure == MagnifyMeasure {
    /// A pinch of `fingers` that begins once the span changed by `minimumScaleDelta`.
    public init(
        fingers: ClosedRange<Int> = .multipleFingers,
        minimumScaleDelta: Double = GestureDefaults.magnifyMinimumScaleDelta
    ) {
        self.init(MagnifyMeasure(fingers: fingers, minimumScaleDelta: minimumScaleDelta))
    }
}
