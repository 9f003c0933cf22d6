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

    /// The edges whose zones hold `point`, where fingers landed: one near an edge, two in a corner.
    public func landing(at point: Point, within zone: Double) -> EdgeLanding {
        // On a surface narrower than two zones, the nearer of two opposite edges.
        let topOrBottom: SurfaceEdge? = min(point.y, height - point.y) > zone ? nil
            : point.y <= height - point.y ? .top : .bottom
        let leftOrRight: SurfaceEdge? = min(point.x, width - point.x) > zone ? nil
            : point.x <= width - point.x ? .left : .right
        guard topOrBottom != nil || leftOrRight != nil else { return .nowhere }
        return .near(topOrBottom: topOrBottom, leftOrRight: leftOrRight)
    }
}
