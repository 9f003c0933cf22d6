/// What kind of gesture an event belongs to. The raw value is the name in the output contract.
public enum GestureKind: String, CaseIterable, Sendable {
    case tap
    case longPress = "long-press"
    case drag
    case magnify
    case rotate
    case edgeSwipe = "edge-swipe"
}

/// Where a gesture is in its life. A tap is a single `ended`.
public enum GesturePhase: String, CaseIterable, Sendable {
    case began, changed, ended, cancelled
}

/// The dominant axis of a straight drag, in device coordinates (y grows downward).
public enum SwipeDirection: String, CaseIterable, Sendable {
    case up, down, left, right
}

/// One recognized gesture event. What only one kind carries is in its `payload`, so a tap cannot
/// be read for a scale nor a drag for a count; it is still an inline value, and producing one never
/// allocates.
public struct GestureEvent: Equatable, Sendable {
    /// What a kind of gesture reports besides time, phase, fingers and location.
    public enum Payload: Equatable, Sendable {
        /// How many taps (1 for a single tap).
        case tap(count: Int)
        /// `tick`: 0 at `began`, then 1, 2, … on each `changed`; `elapsed`: time since touch-down.
        case longPress(tick: Int, elapsed: Interval)
        /// `translation` since the first contact, mm; `velocity`, mm/s; `direction` on `ended`
        /// only, and nil there when the path was not straight enough.
        case drag(translation: Point, velocity: Point, direction: SwipeDirection?)
        /// The contacts' span relative to touch-down: 1.0 = unchanged (the wire's `scale`).
        case magnify(magnification: Double)
        /// Clockwise positive, cumulative (the wire's `angle`, in degrees).
        case rotate(rotation: Angle)
        /// A drag that came in from `edge`.
        case edgeSwipe(edge: SurfaceEdge, translation: Point, velocity: Point, direction: SwipeDirection?)

        public var kind: GestureKind {
            switch self {
            case .tap: .tap
            case .longPress: .longPress
            case .drag: .drag
            case .magnify: .magnify
            case .rotate: .rotate
            case .edgeSwipe: .edgeSwipe
            }
        }
    }

    public var time: Instant
    /// The touch sequence this event belongs to; stamped by the engine.
    public var sequence: UInt64 = 0
    public var phase: GesturePhase
    public var fingers: Int
    /// Centroid of the contacts, mm.
    public var location: Point
    public var payload: Payload

    public var kind: GestureKind { payload.kind }

    public init(time: Instant, phase: GesturePhase, fingers: Int, location: Point, payload: Payload) {
        self.time = time
        self.phase = phase
        self.fingers = fingers
        self.location = location
        self.payload = payload
    }
}
