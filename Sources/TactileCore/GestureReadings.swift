/// A payload's values laid flat, each at its neutral value where the kind does not measure it:
/// what the stream, the picture and a binding's `every=` read, so none of them switches over
/// the kinds (`GestureEvent.Payload.readings`).
public struct GestureReadings: Equatable, Sendable {
    /// A tap's count: 1 or 2 (0 for other kinds).
    public var count = 0
    /// A long-press's tick: 0 as it begins, then one more every interval it is held.
    public var tick = 0
    /// How long a long-press has been held since touch-down.
    public var elapsed = Interval.zero
    /// The edge an edge swipe came in from.
    public var edge: SurfaceEdge?
    /// How far a drag or an edge swipe moved, in mm.
    public var translation = Point.zero
    /// How fast a drag or an edge swipe was moving, in mm/s.
    public var velocity = Point.zero
    /// Where a drag or an edge swipe went, once it ended.
    public var direction: SwipeDirection?
    /// A magnification's scale: 1 is unchanged.
    public var scale = 1.0
    /// A rotation's angle, or how far a circle went round; clockwise positive.
    public var angle = Angle.zero

    /// Every value at its neutral value.
    public init() {}
}
