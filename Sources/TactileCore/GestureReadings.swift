/// A payload's values laid flat, each at its neutral value where the kind does not measure it:
/// what the stream, the picture and a binding's `every=` read, so none of them switches over
/// the kinds (`GestureEvent.Payload.readings`).
public struct GestureReadings: Equatable, Sendable {
    public var count = 0
    public var tick = 0
    public var elapsed = Interval.zero
    public var edge: SurfaceEdge?
    public var translation = Point.zero
    public var velocity = Point.zero
    public var direction: SwipeDirection?
    public var scale = 1.0
    public var angle = Angle.zero

    public init() {}
}
