/// How far a moving gesture got and how it got there: what its swipe direction is judged from.
/// One rule for Tactile's drags and for libinput's swipes passed through, so a binding's
/// `direction=` means the same on both.
public struct SwipePath: Equatable, Sendable {
    /// Since the gesture's first contact, mm.
    public private(set) var translation = Point.zero
    /// The length of the path travelled, mm, on a track smoothed against sensor noise.
    public private(set) var pathLength: Double = 0
    /// The farthest the gesture ever was from where it started, mm; 0 when the caller keeps only
    /// the translation (`translate(by:)`).
    public private(set) var maximumDistance: Double = 0

    /// A gesture that has not moved.
    public init() {}

    /// The gesture moved by `step`. `travelled` is what that adds to the path's length when the
    /// caller measures it on a smoothed track (Tactile's drags do), else the step's own length.
    @inline(__always)
    public mutating func move(by step: Point, travelled: Double? = nil) {
        pathLength += travelled ?? step.length
        shift(by: step)
    }

    /// The gesture moved by `step`, and its path's length is not kept (it stays 0: a `direction`
    /// judged from it means nothing): for gestures that only ask how far the fingers strayed.
    @inline(__always)
    mutating func shift(by step: Point) {
        translate(by: step)
        maximumDistance = max(maximumDistance, translation.length)
    }

    /// The gesture moved by `step`, and only its translation is kept: for gestures that never
    /// ask how far it strayed or how long its path was.
    @inline(__always)
    mutating func translate(by step: Point) {
        translation = translation + step
    }

    /// Where a straight path at least `minimumDistance` long went, else nil: the fingers ended
    /// near their farthest point from the start (net displacement at least `swipeStraightness` of
    /// the largest distance reached, so a back-and-forth has none) and did not wander (at least
    /// `swipeMinimumEfficiency` of the path travelled). The axis whose sector the displacement
    /// lies in, or the diagonal of the band between two sectors: a binding of four directions
    /// never meets a diagonal stroke, one of eight judges the stroke again (`BindingDirection`).
    public func direction(minimumDistance: Double) -> SwipeDirection? {
        let net = translation.length
        guard net >= minimumDistance, net >= GestureDefaults.swipeStraightness * maximumDistance,
            net >= GestureDefaults.swipeMinimumEfficiency * pathLength
        else {
            return nil
        }
        let (dx, dy) = (translation.x, translation.y)
        if abs(dy) <= abs(dx) * GestureDefaults.swipeAxisTolerance {
            return dx > 0 ? .right : .left
        }
        if abs(dx) <= abs(dy) * GestureDefaults.swipeAxisTolerance {
            return dy > 0 ? .down : .up
        }
        return dy > 0 ? (dx > 0 ? .downRight : .downLeft) : (dx > 0 ? .upRight : .upLeft)
    }
}
