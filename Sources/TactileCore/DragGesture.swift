/// Fingers moving together (SwiftUI's `DragGesture`): begins once they moved `minimumDistance`
/// millimetres (5 by default, where SwiftUI's is 10 points), or, with several fingers and
/// `together` on (1.5 mm by default), once each of them moved the same way as far as it says; ends
/// when every finger lifted, with the swipe direction when the path was straight. Its `began`
/// waits until 100 ms after the last finger landed (see `ContinuousGesture`) unless its fingers
/// already move together; its translation is measured from touch-down, as SwiftUI's.
public typealias DragGesture = ContinuousGesture<DragMeasure>

/// What makes a `ContinuousGesture` a drag.
public struct DragMeasure: MovesTogether {
    /// SwiftUI's `DragGesture.Value`, in millimetres and device coordinates (y grows downward):
    /// locations are `Point`s, translations and velocities `Size`s, as SwiftUI's are `CGSize`s.
    public struct Value: Equatable, Sendable {
        /// How many fingers the drag began with; it keeps that count.
        public var fingers: Int
        /// When the latest frame it saw arrived.
        public var time: Instant
        /// Where the fingers it counts are now.
        public var location: Point
        /// The contacts' centroid at touch-down.
        public var startLocation: Point
        /// How far the centroid moved since touch-down.
        public var translation: Size
        /// Smoothed, in millimetres per second.
        public var velocity: Size
        /// Where the fingers would come to rest if they left the surface now and glided on as a
        /// scroll view decelerates (see `DragMeasure.predictionHorizon`).
        public var predictedEndLocation: Point
        /// `translation` at that resting place.
        public var predictedEndTranslation: Size
        /// The swipe's direction when its path was straight enough; nil otherwise.
        public var direction: SwipeDirection?
    }

    /// How far ahead the predicted end looks, at the current velocity: a scroll view's normal
    /// deceleration (a factor of 0.998 a millisecond) glides 0.998 / 0.002 ms ≈ 0.5 s of it.
    public static let predictionHorizon = Interval.milliseconds(499)

    /// It reads its velocity and its path, for the direction; never the spread.
    public static var sums: ContactTracker.Sums { .travel }

    /// How many fingers may drag; more fail it.
    public var fingers: ClosedRange<Int>
    /// How far, in millimetres, the fingers move before the drag begins (SwiftUI's points).
    public var minimumDistance: Double
    /// How far several fingers move together before it begins, sooner than `minimumDistance`.
    public var together: MovingTogether

    public static var kind: GestureKind { .drag }

    /// A finger joining a drag that began before its landing was over makes it another drag,
    /// where fingers moving together begin it early.
    @inline(__always)
    public var startsAgainWhenAFingerJoins: Bool { together.isOn }

    /// How far the centroid moved, against `minimumDistance`.
    public func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double) {
        (tracker.translation.length, minimumDistance)
    }

    /// A sequence starts `together` afresh; any landing may become a drag.
    @inline(__always)
    public mutating func canBegin(_ tracker: ContactTracker) -> Bool {
        together.start()
        return true
    }

    /// The centroid moved at least `minimumDistance`, or every finger moved together.
    @inline(__always)
    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        tracker.translation.length >= minimumDistance || together.holds(tracker, input)
    }

    /// Every finger lifted.
    @inline(__always)
    public func hasEnded(_ input: TouchInput) -> Bool { input.allLifted }

    /// Any contact moved.
    @inline(__always)
    public func hasChanged(_ input: TouchInput) -> Bool { input.stepLength > 0 }

    /// Translation and velocity; the direction on `ended`.
    @inline(__always)
    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        let direction = phase == .ended ? tracker.direction(minimumDistance: minimumDistance) : nil
        return .drag(translation: tracker.translation, velocity: tracker.velocity, direction: direction)
    }

    /// The value of the drag `tracker` followed.
    @inline(__always)
    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        let horizon = Self.predictionHorizon.seconds
        let glide = Point(x: tracker.velocity.x * horizon, y: tracker.velocity.y * horizon)
        return Value(fingers: fingers, time: tracker.time, location: tracker.location,
                     startLocation: tracker.startLocation, translation: Size(tracker.translation),
                     velocity: Size(tracker.velocity), predictedEndLocation: tracker.location + glide,
                     predictedEndTranslation: Size(tracker.translation + glide),
                     direction: tracker.direction(minimumDistance: minimumDistance))
    }
}

extension ContinuousGesture where Measure == DragMeasure {
    /// A drag of `fingers` that begins after `minimumDistance` millimetres, or once several
    /// fingers moved as `together` says (`MovingTogether(distance: .infinity)`: never). Any
    /// `coordinateSpace` measures in the surface's millimetres: a surface has only the one.
    public init(
        fingers: ClosedRange<Int> = .anyFingers,
        minimumDistance: Double = GestureDefaults.dragMinimumDistanceMillimetres,
        together: MovingTogether = MovingTogether(),
        coordinateSpace: CoordinateSpace = .local
    ) {
        self.init(DragMeasure(fingers: fingers, minimumDistance: minimumDistance, together: together))
    }
}
