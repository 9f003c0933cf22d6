/// What kind of gesture an event belongs to. The raw value is the name in the output contract.
public enum GestureKind: String, CaseIterable, Sendable {
    /// `TapGesture`: one or more short, still touches.
    case tap
    /// `LongPressGesture`: fingers held still, ticking while held.
    case longPress = "long-press"
    /// `DragGesture`: fingers moving together.
    case drag
    /// `MagnifyGesture`: fingers spreading or pinching.
    case magnify
    /// `RotateGesture`: fingers turning around their centroid.
    case rotate
    /// `EdgeSwipeGesture`: fingers coming in from a surface edge.
    case edgeSwipe = "edge-swipe"
    /// `CircleGesture`: fingers going round a centre.
    case circle

    /// Its place in `allCases`, by a switch: the stream's line layout finds a row by it per line,
    /// where searching the cases would compare names.
    public var ordinal: Int {
        switch self {
        case .tap: 0
        case .longPress: 1
        case .drag: 2
        case .magnify: 3
        case .rotate: 4
        case .edgeSwipe: 5
        case .circle: 6
        }
    }

    /// Its facts (`GestureDescriptor`), each kind's declared in its own file beside its recognizer.
    public var descriptor: GestureDescriptor {
        switch self {
        case .tap: .tap
        case .longPress: .longPress
        case .drag: .drag
        case .magnify: .magnify
        case .rotate: .rotate
        case .edgeSwipe: .edgeSwipe
        case .circle: .circle
        }
    }

    /// `allCases.count`, stored: the synthesized `allCases` builds an array each time.
    public static let count = allCases.count
}

/// Where a gesture is in its life. A tap is a single `ended`.
public enum GesturePhase: String, CaseIterable, Sendable {
    /// The gesture was recognized.
    case began
    /// It changed: it moved, or a long-press ticked.
    case changed
    /// It ended successfully (a tap's only event).
    case ended
    /// It ended without success: moved too far, the device went away, the input was resynchronised.
    case cancelled
}

/// Where a straight drag went, in device coordinates (y grows downward): the axis within 35° of
/// it, else the diagonal between the two (`SwipePath.direction`).
public enum SwipeDirection: String, CaseIterable, Sendable {
    /// Toward y = 0.
    case up
    /// Toward larger y.
    case down
    /// Toward x = 0.
    case left
    /// Toward larger x.
    case right
    /// Toward x = 0 and y = 0, neither axis within 35°.
    case upLeft = "up-left"
    /// Toward larger x and y = 0.
    case upRight = "up-right"
    /// Toward x = 0 and larger y.
    case downLeft = "down-left"
    /// Toward larger x and y.
    case downRight = "down-right"
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
        /// How far round the fingers went, clockwise positive, cumulative (the wire's `angle`).
        case circle(sweep: Angle)

        /// The kind of gesture that reports this payload.
        public var kind: GestureKind {
            switch self {
            case .tap: .tap
            case .longPress: .longPress
            case .drag: .drag
            case .magnify: .magnify
            case .rotate: .rotate
            case .edgeSwipe: .edgeSwipe
            case .circle: .circle
            }
        }

        /// Its values laid flat: what the stream writes and bindings and the picture read.
        @inline(__always)
        public var readings: GestureReadings {
            var readings = GestureReadings()
            switch self {
            case .tap(let count):
                readings.count = count
            case .longPress(let tick, let elapsed):
                (readings.tick, readings.elapsed) = (tick, elapsed)
            case .drag(let translation, let velocity, let direction):
                (readings.translation, readings.velocity, readings.direction) = (translation, velocity, direction)
            case .magnify(let magnification):
                readings.scale = magnification
            case .rotate(let rotation):
                readings.angle = rotation
            case .edgeSwipe(let edge, let translation, let velocity, let direction):
                readings.edge = edge
                (readings.translation, readings.velocity, readings.direction) = (translation, velocity, direction)
            case .circle(let sweep):
                readings.angle = sweep
            }
            return readings
        }
    }

    /// When it happened, on the device's clock (a held event: when it was released).
    public var time: Instant
    /// The touch sequence this event belongs to; stamped by the engine.
    public var sequence: UInt64 = 0
    /// Where the gesture is in its life.
    public var phase: GesturePhase
    /// Which of the caller's named gestures this event came from (`Gesture.labeled(_:)`); 0 for
    /// none. A number, not a name: an event stays a plain value that copies without reference counting.
    public var label: UInt16 = 0
    /// How many fingers the gesture has (a drag keeps the count it began with).
    public var fingers: Int
    /// Centroid of the contacts, mm.
    public var location: Point
    /// What only this kind of gesture reports.
    public var payload: Payload

    /// The kind of gesture, from its payload.
    public var kind: GestureKind { payload.kind }

    /// An event, before the engine stamps its `sequence`.
    public init(time: Instant, phase: GesturePhase, fingers: Int, location: Point, payload: Payload) {
        self.time = time
        self.phase = phase
        self.fingers = fingers
        self.location = location
        self.payload = payload
    }
}
