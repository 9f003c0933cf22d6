/// What kind of gesture an event belongs to. The raw value is the name in the output contract.
public enum GestureKind: String, Sendable {
    case tap
    case longPress = "long-press"
    case drag
    case magnify
    case rotate
    /// Passed through from libinput's own touchpad gestures (`"source":"libinput"`).
    case swipe, pinch, hold
}

/// Where a gesture is in its life. A tap is a single `ended`.
public enum GesturePhase: String, Sendable {
    case began, changed, ended, cancelled
}

/// The dominant axis of a straight drag, in device coordinates (y grows downward).
public enum SwipeDirection: String, Sendable {
    case up, down, left, right
}

/// One recognized gesture event: a flat value, so producing one never allocates.
///
/// Which fields are meaningful depends on `kind` (see the output contract in DESIGN.md);
/// the others keep their zero value.
public struct GestureEvent: Equatable, Sendable {
    public var time: Instant
    /// The touch sequence this event belongs to; stamped by the engine.
    public var sequence: UInt64 = 0
    public var kind: GestureKind
    public var phase: GesturePhase
    public var fingers: Int
    /// Centroid of the contacts, mm.
    public var location: Point
    /// drag: displacement since `began`, mm.
    public var translation: Point = .zero
    /// drag: mm/s.
    public var velocity: Point = .zero
    /// drag, on `ended`: the swipe direction, or nil when the path was not straight enough.
    public var direction: SwipeDirection?
    /// magnify: 1.0 = unchanged.
    public var scale: Double = 1
    /// rotate: degrees, clockwise positive, cumulative.
    public var angleDegrees: Double = 0
    /// tap: how many taps.
    public var count: Int = 0
    /// long-press: 1, 2, … on each `changed`.
    public var tick: Int = 0
    /// long-press: time since touch-down.
    public var elapsed: Interval = Interval(microseconds: 0)
    /// Where the event came from: false for Tactile's recognizers, true for libinput's gestures.
    public var fromLibinput: Bool = false

    public init(time: Instant, kind: GestureKind, phase: GesturePhase, fingers: Int, location: Point) {
        self.time = time
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.location = location
    }
}
