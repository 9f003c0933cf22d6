/// One decision a gesture took about a touch sequence, with what it measured and the threshold
/// that decided it: what `tactile replay --explain` prints, so "why did my gesture not fire?"
/// has an answer that names the line of configuration to change.
///
/// Recorded only while a sequence is explained (`Explained`); a recognizer that is not explained
/// writes none, and its per-frame path is what it was.
public struct Explanation: Equatable, Sendable {
    /// What was decided, and on what grounds: each case names what was compared.
    public enum Reason: String, CaseIterable, Sendable {
        // A tap.
        /// Lifted within the tap's time and movement: recognized.
        case tapped
        /// Still down when the tap's time ran out.
        case heldTooLong = "held-too-long"
        /// Wandered farther, on the way, than a tap may.
        case wanderedTooFar = "wandered-too-far"
        /// Lifted farther from where it landed than a tap may.
        case movedTooFar = "moved-too-far"
        /// A physical click, which ends a tap as libinput's does.
        case clicked
        /// The next tap of a multi-tap did not land in time.
        case nextTapTooLate = "next-tap-too-late"
        /// The next tap of a multi-tap landed too far from the first.
        case nextTapTooFar = "next-tap-too-far"
        /// A tap of a multi-tap had another finger count than the first.
        case fingerCountDiffers = "finger-count-differs"

        // A long-press.
        /// Held still long enough: recognized.
        case held
        /// Lifted before it was held long enough.
        case liftedTooSoon = "lifted-too-soon"
        /// Moved too far before it was held long enough.
        case movedBeforeHeld = "moved-before-held"
        /// Moved too far after it began: it ends (a gesture follows) or is cancelled.
        case movedAway = "moved-away"

        // A drag, magnify, rotate or edge swipe.
        /// Moved past the threshold that begins it: it accepted.
        case crossedThreshold = "crossed-threshold"
        /// Every finger moved the same way far enough, before the threshold: it accepted, and
        /// begins without waiting for the landing to settle.
        case movedTogether = "moved-together"
        /// Every finger lifted (or too few stayed) before the threshold.
        case liftedBeforeThreshold = "lifted-before-threshold"
        /// Accepted, but `began` waits until the fingers landing together have settled.
        case waitingForFingers = "waiting-for-fingers"
        /// A finger joined a drag that began before its landing was over: it is cancelled, and
        /// begins again with every finger.
        case fingerJoined = "finger-joined"
        /// Moved past the threshold that begins it, but its second threshold held it back
        /// (`GestureDescriptor.holdingThreshold`: a circle too small, a fingertip rolling on the spot).
        case heldBack = "held-back"
        /// An edge swipe's fingers landed within an edge's zone: it watches them.
        case landedInZone = "landed-in-zone"
        /// An edge swipe's fingers landed outside every edge's zone.
        case landedOutsideZone = "landed-outside-zone"
        /// An edge swipe's fingers moved inward from the edge, head-on.
        case movedInward = "moved-inward"
        /// The device is a touchpad and edge swipes are on only for touchscreens (the default).
        case edgeSwipesOffOnTouchpads = "edge-swipes-off-on-touchpads"
        /// The configuration turned this device's edge swipes off.
        case edgeSwipesOff = "edge-swipes-off"
        /// The device's size is unknown, so it has no edges to come in from.
        case surfaceUnknown = "surface-unknown"

        // Any gesture.
        /// More fingers landed than it takes.
        case tooManyFingers = "too-many-fingers"
        /// Not as many fingers as it takes.
        case tooFewFingers = "too-few-fingers"

        // An arena.
        /// The first member to accept wins the sequence.
        case firstToAccept = "first-to-accept"
        /// Two members accepted on the same step: the one declared first wins.
        case wonTie = "won-tie"
        /// Every other member rejected: the one left wins by default.
        case lastStanding = "last-standing"
        /// Every member rejected: nothing in the arena is recognized.
        case allRejected = "all-rejected"

        /// Whether the gesture (or the arena's winner) is recognized by this decision, so an arena
        /// above it can name who won.
        var isAcceptance: Bool {
            switch self {
            case .tapped, .held, .crossedThreshold, .movedTogether, .firstToAccept, .wonTie, .lastStanding: true
            default: false
            }
        }
    }

    /// What a measured value and its limit are counted in.
    public enum Unit: String, Sendable {
        /// Durations.
        case milliseconds = "ms"
        /// Distances on the surface.
        case millimetres = "mm"
        /// Angles: a rotation, or a motion's angle from an edge's normal.
        case degrees = "deg"
        /// A change of scale: 0.15 is 15 %.
        case scale
        /// A count of fingers.
        case fingers
    }

    /// When the decision was taken.
    public var time: Instant
    /// The engine's touch sequence it is about (`seq` on the stream).
    public var sequence: UInt64
    /// The gesture that decided; an arena's decision names its winner's kind (nil when all rejected).
    public var kind: GestureKind?
    /// A tap's count of taps; 1 for every other kind.
    public var count: Int
    /// The declared gesture it belongs to (`GestureEvent.label`), 0 for the default set's.
    public var label: UInt16
    /// What was decided, and on what grounds.
    public var reason: Reason
    /// What was measured, in `unit`; nil where nothing was (a click, edge swipes off).
    public var measured: Double?
    /// The threshold it was compared with, in `unit`.
    public var limit: Double?
    /// The edge an edge swipe's decision is about.
    public var edge: SurfaceEdge?
    /// An arena's `wonTie`: the rival that lost the tie.
    public var rival: GestureKind?
    /// The rival's label (`label`), 0 for the default set's.
    public var rivalLabel: UInt16 = 0

    /// A decision of sequence `sequence` at `time`, by `reason`.
    public init(time: Instant, sequence: UInt64, kind: GestureKind?, count: Int = 1, label: UInt16 = 0,
                reason: Reason, measured: Double? = nil, limit: Double? = nil, edge: SurfaceEdge? = nil) {
        self.time = time
        self.sequence = sequence
        self.kind = kind
        self.count = count
        self.label = label
        self.reason = reason
        self.measured = measured
        self.limit = limit
        self.edge = edge
    }

    /// The tuning key that sets `limit`, as `tactile config --default` prints it
    /// (`tap.maximum-duration`), or nil for a threshold no configuration sets.
    public var key: String? {
        switch reason {
        case .tapped, .heldTooLong: "tap.maximum-duration"
        case .wanderedTooFar: "tap.maximum-excursion"
        case .movedTooFar: "tap.maximum-movement"
        case .nextTapTooLate: "tap.window"
        case .held, .liftedTooSoon: "long-press.minimum-duration"
        case .movedBeforeHeld, .movedAway: "long-press.maximum-distance"
        case .crossedThreshold, .liftedBeforeThreshold: kind?.descriptor.beginningThreshold?.key
        case .heldBack: kind?.descriptor.holdingThreshold?.key
        case .movedTogether: Tunable.dragTogetherDistance.key
        case .landedInZone, .landedOutsideZone: "edge-swipe.zone"
        case .edgeSwipesOffOnTouchpads, .edgeSwipesOff: "edge-swipes"
        case .clicked, .nextTapTooFar, .fingerCountDiffers, .waitingForFingers, .fingerJoined, .movedInward, .surfaceUnknown,
            .tooManyFingers, .tooFewFingers, .firstToAccept, .wonTie, .lastStanding, .allRejected:
            nil
        }
    }

    /// What `measured` and `limit` are counted in.
    public var unit: Unit? {
        switch reason {
        case .tapped, .heldTooLong, .nextTapTooLate, .held, .liftedTooSoon, .waitingForFingers, .fingerJoined:
            .milliseconds
        case .wanderedTooFar, .movedTooFar, .nextTapTooFar, .movedBeforeHeld, .movedAway, .movedTogether, .landedInZone,
            .landedOutsideZone:
            .millimetres
        case .movedInward: .degrees
        case .crossedThreshold, .liftedBeforeThreshold:
            kind?.descriptor.beginningThreshold.flatMap { Unit($0.unit) } ?? .millimetres
        case .heldBack: kind?.descriptor.holdingThreshold.flatMap { Unit($0.unit) }
        case .fingerCountDiffers, .tooManyFingers, .tooFewFingers: .fingers
        case .clicked, .edgeSwipesOffOnTouchpads, .edgeSwipesOff, .surfaceUnknown, .firstToAccept, .wonTie,
            .lastStanding, .allRejected:
            nil
        }
    }
}

extension Interval {
    /// The interval in milliseconds, as an explanation reports it.
    var millisecondCount: Double { Double(microseconds) / 1000 }
}

extension Explanation.Unit {
    /// The unit an explanation gives a threshold of `unit` in; nil for ticks, which no
    /// threshold that begins a gesture counts.
    init?(_ unit: Tunable.Unit) {
        switch unit {
        case .duration: self = .milliseconds
        case .millimetres: self = .millimetres
        case .degrees: self = .degrees
        case .scale: self = .scale
        case .ticks: return nil
        }
    }
}
