/// A side of a device's surface, in device coordinates (y grows downward: `top` is y = 0).
public enum SurfaceEdge: String, CaseIterable, Sendable {
    case top, bottom, left, right

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
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The edge nearest `point`, if it is within `zone` of it (ties go to top, bottom, left,
    /// right in that order: a corner belongs to the horizontal edge).
    public func edge(near point: Point, within zone: Double) -> SurfaceEdge? {
        var nearest: (edge: SurfaceEdge, distance: Double)?
        for edge in SurfaceEdge.allCases {
            let distance = switch edge {
            case .top: point.y
            case .bottom: height - point.y
            case .left: point.x
            case .right: width - point.x
            }
            if distance <= zone, distance < (nearest?.distance ?? .infinity) { nearest = (edge, distance) }
        }
        return nearest?.edge
    }
}
