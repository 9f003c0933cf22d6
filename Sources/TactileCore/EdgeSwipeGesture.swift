/// Fingers that land within `zoneMillimetres` of a surface edge and move inward, perpendicular to
/// it: how phones and tablets are driven. The rule is the one the systems that have edge gestures
/// agree on: the first contact decides the edge and the motion must leave it head-on.
///
/// - GNOME Shell's edge drags (`src/shell-edge-drag-gesture.c`) take touchscreen sequences only,
///   need the first point within 20 px of the monitor's side, and cancel once the point moves
///   100 px along that side.
/// - Android's back gesture (`EdgeBackGestureHandler`) needs the down point in the left or right
///   inset and gives the touch back to the app as soon as it moves more vertically than
///   horizontally past the touch slop.
/// - lisgd, for touchscreens, classes a stroke by the edge its start lies in (a corner belongs to
///   both of its edges) and by its direction.
/// - Windows asks a precision touchpad to report an edge swipe's first contact within 2 mm of the
///   edge, the finger starting off the pad and coming in perpendicular to the edge
///   (`Device.Input.PrecisionTouchpad.Precision.EdgeDetection`).
///
/// So a corner belongs to the edge whose inward direction the motion takes (`EdgeLanding`), and a
/// stroke along an edge, or out of it, is a drag: both begin at the drag's distance, so when both
/// watch the same fingers they tie on the same frame and the edge swipe, declared first, wins only
/// when the fingers moved inward. Which devices have edges at all is `GestureTuning.edgeSwipes`.
public typealias EdgeSwipeGesture = ContinuousGesture<EdgeSwipeMeasure>

/// What makes a `ContinuousGesture` an edge swipe.
public struct EdgeSwipeMeasure: MovesTogether {
    /// An edge swipe's value, in millimetres.
    public struct Value: Equatable, Sendable {
        /// How many fingers it began with; it keeps that count.
        public var fingers: Int
        /// Where the fingers it counts are now.
        public var location: Point
        /// The edge it came in from.
        public var edge: SurfaceEdge
        /// Since the first contact, mm.
        public var translation: Size
        /// Smoothed, in millimetres per second.
        public var velocity: Size
        /// The swipe's direction when its path was straight enough.
        public var direction: SwipeDirection?
    }

    /// It reads its velocity and its path, for the direction; never the spread.
    public static var sums: ContactTracker.Sums { .travel }

    /// How many fingers may swipe.
    public var fingers: ClosedRange<Int>
    /// How close to an edge, in millimetres, the fingers must land.
    public var zoneMillimetres: Double
    /// How far, in millimetres, the fingers move before it begins.
    public var minimumDistance: Double
    /// How far several fingers move together before it begins sooner, as a drag's, so the two
    /// still tie on the frame both can begin.
    public var together: MovingTogether
    /// The surface the edges belong to; without it (a device of unknown size, or one without
    /// edge swipes) nothing begins.
    public var surface: SurfaceSize?
    /// The `edge-swipes` setting that left the device without edge swipes (and so without a
    /// surface), for explanations; nil where they are on, or the size is what is missing.
    public var switchedOffBy: EdgeSwipes?

    /// Which edge this sequence's fingers came in from, as far as it is decided.
    public private(set) var landing = EdgeLanding.nowhere

    /// The fingers landed in an edge's zone: most touches do not, and their edge swipe leaves
    /// the arena on its first frame.
    @inline(__always)
    public mutating func canBegin(_ tracker: ContactTracker) -> Bool {
        together.start()
        landing = surface?.landing(at: tracker.startLocation, within: zoneMillimetres) ?? .nowhere
        return landing != .nowhere
    }

    /// Far enough, as a drag, and inward from an edge whose zone they landed in: within 35° of
    /// its normal (the drag's axis tolerance), so a stroke along the edge is not one.
    @inline(__always)
    public mutating func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        guard tracker.translation.length >= minimumDistance || together.holds(tracker, input),
            let edge = landing.edge(movingBy: tracker.translation, tolerance: GestureDefaults.swipeAxisTolerance)
        else { return false }
        landing = .from(edge)
        return true
    }

    public static var kind: GestureKind { .edgeSwipe }

    /// How far the fingers moved, against `minimumDistance`, as a drag's.
    public func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double) {
        (tracker.translation.length, minimumDistance)
    }

    /// Where the fingers landed: how near the nearest edge, against the zone; or why this
    /// device has no edges to land at.
    public func explainLanding(_ tracker: ContactTracker, canBegin: Bool, at time: Instant, to log: ExplanationLog) {
        guard let surface else {
            let reason: Explanation.Reason = switch switchedOffBy {
            case .touchscreens: .edgeSwipesOffOnTouchpads
            case .off, .on: .edgeSwipesOff
            case nil: .surfaceUnknown
            }
            log.record(time, Self.kind, reason)
            return
        }
        let point = tracker.startLocation
        let distances: [(SurfaceEdge, Double)] = [(.top, point.y), (.bottom, surface.height - point.y),
                                                  (.left, point.x), (.right, surface.width - point.x)]
        let nearest = distances.min { $0.1 < $1.1 }!
        log.record(time, Self.kind, canBegin ? .landedInZone : .landedOutsideZone, measured: max(0, nearest.1),
                   limit: zoneMillimetres, edge: nearest.0)
    }

    /// The angle the motion took from the edge's inward normal, against the drag's axis tolerance.
    public func explainBeginning(_ tracker: ContactTracker, at time: Instant, to log: ExplanationLog) {
        guard let edge = landing.edge else { return }
        let translation = tracker.translation
        let inward = translation.x * edge.inward.x + translation.y * edge.inward.y
        let along = abs(translation.x * edge.inward.y - translation.y * edge.inward.x)
        let degrees = Angle.radians(arcTangent(along / inward)).degrees  // begun, so inward > 0
        log.record(time, Self.kind, .movedInward, measured: degrees,
                   limit: Angle.radians(arcTangent(GestureDefaults.swipeAxisTolerance)).degrees, edge: edge)
    }

    @inline(__always)
    public func hasEnded(_ input: TouchInput) -> Bool { input.allLifted }

    @inline(__always)
    public func hasChanged(_ input: TouchInput) -> Bool { input.stepLength > 0 }

    @inline(__always)
    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        let direction = phase == .ended ? tracker.direction(minimumDistance: minimumDistance) : nil
        // Only ever asked once begun, which decided the edge.
        return .edgeSwipe(edge: landing.edge ?? .top, translation: tracker.translation, velocity: tracker.velocity,
                          direction: direction)
    }

    /// The value of the swipe `tracker` followed.
    @inline(__always)
    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, location: tracker.location, edge: landing.edge ?? .top,
              translation: Size(tracker.translation), velocity: Size(tracker.velocity),
              direction: tracker.direction(minimumDistance: minimumDistance))
    }
}

extension ContinuousGesture where Measure == EdgeSwipeMeasure {
    /// An edge swipe on `surface` (none begins without one) of `fingers` landing within
    /// `zoneMillimetres` of an edge, beginning after `minimumDistance` millimetres inward, or
    /// once several fingers moved as `together` says, as a drag.
    public init(
        surface: SurfaceSize?,
        fingers: ClosedRange<Int> = DefaultGestures.motionFingers,
        zoneMillimetres: Double = GestureDefaults.edgeSwipeZoneMillimetres,
        minimumDistance: Double = GestureDefaults.dragMinimumDistanceMillimetres,
        together: MovingTogether = MovingTogether(),
        switchedOffBy: EdgeSwipes? = nil
    ) {
        self.init(EdgeSwipeMeasure(fingers: fingers, zoneMillimetres: zoneMillimetres,
                                   minimumDistance: minimumDistance,
                                   together: together, surface: surface,
                                   switchedOffBy: switchedOffBy))
    }
}
