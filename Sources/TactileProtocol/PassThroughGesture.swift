import TactileCore

/// One step of a touchpad gesture libinput recognised itself (swipe, pinch, hold), with the
/// totals the stream reports. An input-layer message: it never passes through Tactile's engine,
/// so it has sequence numbers of its own, from a range the engine's never reach.
public struct PassThroughGesture: Equatable, Sendable {
    /// libinput's touchpad gestures, described here, the only place that knows them, as Tactile's
    /// own kinds are by their registry descriptors. The raw value is the `gesture` field.
    public enum Kind: String, CaseIterable, Sendable {
        case swipe, pinch, hold

        /// Its place in `allCases`.
        var ordinal: Int {
            switch self {
            case .swipe: 0
            case .pinch: 1
            case .hold: 2
            }
        }

        /// A pinch carries both libinput's scale and its angle.
        public var measures: GestureMeasures {
            switch self {
            case .swipe: .travel
            case .pinch: [.scale, .angle]
            case .hold: []
            }
        }

        /// What `every=` counts; a hold has no `changed` events.
        public var progressUnit: Tunable.Unit? {
            switch self {
            case .swipe: .millimetres
            case .pinch: .scale
            case .hold: nil
            }
        }

        /// libinput's touchpad gestures take 2–5 fingers (a hold 1–5); two-finger swipes are
        /// scrolling unless the pad scrolls by edge, so they are rare but possible.
        public var possibleFingers: ClosedRange<Int> {
            switch self {
            case .swipe, .pinch: 2...5
            case .hold: 1...5
            }
        }

        /// The Touchégg gesture type it is sent as.
        public var touchegg: GestureDescriptor.ToucheggType? {
            switch self {
            case .swipe: .swipe
            case .pinch: .pinch
            case .hold: nil
            }
        }
    }

    /// The first sequence number of pass-through gestures: 2⁴⁰. An engine starting a touch sequence
    /// a hundred times a second reaches it after 348 years, and every JSON reader holds it exactly
    /// (below 2⁵³), so the two numberings never meet on one device.
    public static let firstSequence: UInt64 = 1 << 40

    public var time: Instant
    public var sequence: UInt64
    public var kind: Kind
    public var phase: GesturePhase
    public var fingers: Int
    /// Centroid of the contacts Tactile last decoded from the same touchpad, mm.
    public var location: Point
    /// swipe: since `began`, mm (libinput's accelerated deltas, summed).
    public var translation: Point
    /// swipe: mm/s over the last step.
    public var velocity: Point
    /// swipe, on `ended`: the same rule as a drag's direction.
    public var direction: SwipeDirection?
    /// pinch: since `began`, 1.0 = unchanged.
    public var scale: Double
    /// pinch: degrees since `began`, clockwise positive.
    public var angleDegrees: Double

    public init(time: Instant, sequence: UInt64, kind: Kind, phase: GesturePhase, fingers: Int, location: Point,
                translation: Point = .zero, velocity: Point = .zero, direction: SwipeDirection? = nil,
                scale: Double = 1, angleDegrees: Double = 0) {
        self.time = time
        self.sequence = sequence
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.direction = direction
        self.scale = scale
        self.angleDegrees = angleDegrees
    }
}
