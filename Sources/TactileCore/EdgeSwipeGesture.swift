/// Fingers that land within `zoneMillimetres` of a surface edge and move inward: how phones and
/// tablets are driven, and on touchpads a gesture libinput's own never sees (it has no positions).
/// It begins at the drag's distance, so when both watch the same fingers the two tie on the same
/// frame and the edge swipe, declared first, wins; motion along the edge leaves it to the drag.
public typealias EdgeSwipeGesture = ContinuousGesture<EdgeSwipeMeasure>

/// What makes a `ContinuousGesture` an edge swipe.
public struct EdgeSwipeMeasure: ContinuousMeasure {
    /// An edge swipe's value, in millimetres.
    public struct Value: Equatable, Sendable {
        /// How many fingers it began with; it keeps that count.
        public var fingers: Int
        /// The contacts' centroid now.
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
    /// The surface the edges belong to; without it (a device of unknown size) nothing begins.
    public var surface: SurfaceSize?

    /// The edge whose zone the fingers landed in.
    func edge(_ tracker: ContactTracker) -> SurfaceEdge? {
        surface?.edge(near: tracker.startLocation, within: zoneMillimetres)
    }

    /// The fingers landed in an edge's zone: most touches do not, and their edge swipe leaves
    /// the arena on its first frame.
    @inline(__always)
    public func canBegin(_ tracker: ContactTracker) -> Bool { edge(tracker) != nil }

    /// Far enough, from an edge's zone, and inward: within 35° of the edge's normal (the drag's
    /// axis tolerance), so a stroke along the edge is not one.
    @inline(__always)
    public func hasBegun(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        guard tracker.translation.length >= minimumDistance, let edge = edge(tracker) else { return false }
        let inward = tracker.translation.x * edge.inward.x + tracker.translation.y * edge.inward.y
        let along = abs(tracker.translation.x * edge.inward.y - tracker.translation.y * edge.inward.x)
        return inward > 0 && along <= inward * GestureDefaults.swipeAxisTolerance
    }

    @inline(__always)
    public func hasEnded(_ input: TouchInput) -> Bool { input.allLifted }

    @inline(__always)
    public func hasChanged(_ input: TouchInput) -> Bool { input.stepLength > 0 }

    @inline(__always)
    public func payload(_ tracker: ContactTracker, _ phase: GesturePhase) -> GestureEvent.Payload {
        let direction = phase == .ended ? tracker.direction(minimumDistance: minimumDistance) : nil
        // Only ever asked once begun, which needs an edge.
        return .edgeSwipe(edge: edge(tracker) ?? .top, translation: tracker.translation, velocity: tracker.velocity,
                          direction: direction)
    }

    /// The value of the swipe `tracker` followed.
    @inline(__always)
    public func value(_ tracker: ContactTracker, fingers: Int) -> Value {
        Value(fingers: fingers, location: tracker.location, edge: edge(tracker) ?? .top,
              translation: Size(tracker.translation), velocity: Size(tracker.velocity),
              direction: tracker.direction(minimumDistance: minimumDistance))
    }
}

extension ContinuousGesture where Measure == EdgeSwipeMeasure {
    /// An edge swipe on `surface` (none begins without one) of `fingers` landing within
    /// `zoneMillimetres` of an edge, beginning after `minimumDistance` millimetres inward.
    public init(
        surface: SurfaceSize?,
        fingers: ClosedRange<Int> = DefaultGestures.motionFingers,
        zoneMillimetres: Double = GestureDefaults.edgeSwipeZoneMillimetres,
        minimumDistance: Double = GestureDefaults.dragMinimumDistanceMillimetres
    ) {
        self.init(EdgeSwipeMeasure(fingers: fingers, zoneMillimetres: zoneMillimetres,
                                   minimumDistance: minimumDistance, surface: surface))
    }
}
