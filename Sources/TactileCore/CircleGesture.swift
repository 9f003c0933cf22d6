/// One or more fingers going round (InputActions' circle trigger; KDE's planned stroke gestures):
/// begins once the fingers' centroid has gone `minimumAngle` (270°) round a centre at least
/// `minimumRadiusMillimetres` (5 mm) from its path, ends when every finger lifted. It reports the
/// angle gone round, cumulative past a full turn, clockwise positive in device coordinates.
///
/// The angle is the turn of the path's heading, summed chord by chord: going once round a centre
/// turns the heading once round, so no centre is estimated; a straight or zig-zag path sums to
/// nearly nothing, a U-turn to 180°, an L to 90°. Chords are a quarter of the minimum radius long,
/// so jitter shorter than that never turns the heading; the radius is the path's length over the
/// angle it turned, so a fingertip rolling on the spot is not a circle.
///
/// Declared only (`[gestures] round = circle(fingers: 1)`), never in the default set: for its
/// first three-quarters of a turn a circle is a drag, and an arena gives the fingers to whichever
/// member accepts first, so in the default set it would either never win or hold every drag back.
/// Composed (`long-press then circle`) or with `default = off`, it has the fingers to itself.
public typealias CircleGesture = ContinuousGesture<CircleMeasure>

/// What makes a `ContinuousGesture` a circle: the path's turn, followed frame by frame.
public struct CircleMeasure: ContinuousMeasure {
    /// What a circle reports.
    public struct Value: Equatable, Sendable {
        /// How many fingers it began with; it keeps that count.
        public var fingers: Int
        /// When the latest frame it saw arrived.
        public var time: Instant
        /// Where the fingers it counts are now.
        public var location: Point
        /// How far round the fingers went since touch-down, clockwise positive.
        public var sweep: Angle
    }

    /// It follows the path itself; of the tracker it reads only where the fingers are.
    public static var sums: ContactTracker.Sums { .positionOnly }

    /// How many fingers may go round; more fail it.
    public var fingers: ClosedRange<Int>
    /// How far from the centre the fingers must go round.
    public var minimumRadiusMillimetres: Double
    /// How far round they go before it begins.
    public var minimumAngle: Angle

    /// Travel since the last chord ended, mm.
    private var chord = Point.zero
    /// The last chord's heading, radians; nil before the first chord.
    private var heading: Double?
    /// How far the heading turned, radians, clockwise positive.
    private var sweepRadians = 0.0
    /// The length of the chords that turned it, mm.
    private var turnedLength = 0.0
    /// The latest frame ended a chord that turned the heading.
    private var turnedThisFrame = false

    /// A circle of `fingers` that begins once they went `minimumAngle` round a circle of at
    /// least `minimumRadiusMillimetres`.
    public init(fingers: ClosedRange<Int>, minimumRadiusMillimetres: Double, minimumAngle: Angle) {
        self.fingers = fingers
        self.minimumRadiusMillimetres = minimumRadiusMillimetres
        self.minimumAngle = minimumAngle
    }

    /// A chord: a quarter of the smallest circle, so one of that size has a dozen-odd chords a turn.
    private var chordLength: Double { minimumRadiusMillimetres / 4 }

    /// A new sequence starts a new path.
    @inline(__always)
    public mutating func canBegin(_ tracker: ContactTracker) -> Bool {
        (chord, heading, sweepRadians, turnedLength, turnedThisFrame) = (.zero, nil, 0, 0, false)
        return true
    }

    /// Adds the frame's step to the chord, and a finished chord's turn to the sweep.
    @inline(__always)
    public mutating func follow(_ input: TouchInput) {
        turnedThisFrame = false
        chord = Point(x: chord.x + input.step.x, y: chord.y + input.step.y)
        let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        guard length >= chordLength else { return }
        let direction = arcTangent2(chord.y, chord.x)
        if let heading {
            var turn = direction - heading
            if turn > .pi { turn -= 2 * .pi } else if turn <= -.pi { turn += 2 * .pi }
            sweepRadians += turn
            turnedLength += length
            turnedThisFrame = turn != 0
        }
        heading = direction
        chord = .zero
    }

    public static var kind: GestureKind { .circle }

    /// How far round the fingers went, against `minimumAngle` (the radius is checked beside it).
    public func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double) {
        (abs(sweepRadians) * 180 / .pi, minimumAngle.degrees)
    }

    /// Round far enough, on a circle too small: the radius that held it back.
    public func explainShortfall(_ tracker: ContactTracker, at time: Instant, to log: ExplanationLog) -> Bool {
        guard abs(sweepRadians) >= minimumAngle.radians else { return false }
        log.record(time, Self.kind, .heldBack, measured: turnedLength / abs(sweepRadians), limit: minimumRadiusMillimetres)
        return true
    }

    /// Far enough round, on a wide enough circle.
    @inline(__always)
    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        abs(sweepRadians) >= minimumAngle.radians && turnedLength >= minimumRadiusMillimetres * abs(sweepRadians)
    }

    /// Every finger lifted.
    @inline(__always)
    public func hasEnded(_ input: TouchInput) -> Bool { input.allLifted }

    /// A chord ended and turned the heading.
    @inline(__always)
    public func hasChanged(_ input: TouchInput) -> Bool { turnedThisFrame }

    /// The angle gone round.
    @inline(__always)
    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        .circle(sweep: .radians(sweepRadians))
    }

    @inline(__always)
    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, time: tracker.time, location: tracker.location, sweep: .radians(sweepRadians))
    }
}
