/// Which edge an edge swipe's fingers came in from, as it is decided over one touch sequence:
/// first where they landed, then which way they moved.
///
/// A corner lies in two edges' zones, and the motion picks one: landing in the top-left corner
/// and moving right is a swipe in from the left, moving down one in from the top (lisgd lets a
/// corner match a binding of either edge in the same way). Nearness alone would give every
/// corner to one edge, and a drag along the top that starts in the corner would be taken for a
/// swipe in from the side.
public enum EdgeLanding: Equatable, Sendable {
    /// The fingers landed in no edge's zone: they did not come in from an edge.
    case nowhere
    /// The fingers landed within the zone of these edges (both in a corner) and have not yet
    /// moved far enough to say which, if either, they came in from.
    case near(topOrBottom: SurfaceEdge?, leftOrRight: SurfaceEdge?)
    /// The fingers moved inward from this edge: the swipe came in from it, for the rest of the
    /// sequence.
    case from(SurfaceEdge)

    /// The edge whose inward direction `translation` takes, within `tolerance` (the tangent of
    /// the largest angle from the edge's normal): motion along an edge, or out of it, is none.
    public func edge(movingBy translation: Point, tolerance: Double) -> SurfaceEdge? {
        guard case .near(let topOrBottom, let leftOrRight) = self else { return nil }
        if let edge = topOrBottom, Self.movesInward(from: edge, translation, tolerance) { return edge }
        if let edge = leftOrRight, Self.movesInward(from: edge, translation, tolerance) { return edge }
        return nil
    }

    /// The edge the swipe came in from, once it did.
    public var edge: SurfaceEdge? {
        if case .from(let edge) = self { return edge }
        return nil
    }

    private static func movesInward(from edge: SurfaceEdge, _ translation: Point, _ tolerance: Double) -> Bool {
        let inward = translation.x * edge.inward.x + translation.y * edge.inward.y
        let along = abs(translation.x * edge.inward.y - translation.y * edge.inward.x)
        return inward > 0 && along <= inward * tolerance
    }
}
