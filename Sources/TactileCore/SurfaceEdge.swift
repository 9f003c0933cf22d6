/// A side of a device's surface, in device coordinates (y grows downward: `top` is y = 0).
public enum SurfaceEdge: String, CaseIterable, Sendable {
    /// y = 0.
    case top
    /// y = the surface's height.
    case bottom
    /// x = 0.
    case left
    /// x = the surface's width.
    case right

    /// The unit vector pointing from this edge into the surface.
    public var inward: Point {
        switch self {
        case .top: Point(x: 0, y: 1)
        case .bottom: Point(x: 0, y: -1)
        case .left: Point(x: 1, y: 0)
        case .right: Point(x: -1, y: 0)
        }
    }
}

/// A device's surface in millimetres, as measured or estimated: what edge swipes are judged on.
public struct SurfaceSize: Equatable, Sendable {
    /// Millimetres along x.
    public var width: Double
    /// Millimetres along y.
    public var height: Double

    /// A surface `width` by `height` millimetres.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The edge nearest `point`, if it is within `zone` of it (ties go to top, bottom, left,
    /// right in that order: a corner belongs to the horizontal edge).
    public func edge(near point: Point, within zone: Double) -> SurfaceEdge? {
        var nearest: SurfaceEdge?
        var distance = zone
        // In tie order; a later edge takes over only when strictly nearer.
        if point.y <= distance { (nearest, distance) = (.top, point.y) }
        if height - point.y <= distance, nearest == nil || height - point.y < distance { (nearest, distance) = (.bottom, height - point.y) }
        if point.x <= distance, nearest == nil || point.x < distance { (nearest, distance) = (.left, point.x) }
        if width - point.x <= distance, nearest == nil || width - point.x < distance { (nearest, distance) = (.right, width - point.x) }
        return nearest
    }
}
